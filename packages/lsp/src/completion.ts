// Completion: prefixes on a bare word, terms after `prefix:` (classes after `a`, properties where a
// predicate goes), in the core's order, each with the declaration the document lacks as an extra edit.

import { writeLocalName, type PrefixIndex, type TermKind } from '@prefixd/core'
import { declarationEdits, partialNameAt, positionAfter, type Position } from '@prefixd/core/syntax'
import {
  CompletionItemKind,
  InsertTextFormat,
  MarkupKind,
  type CompletionItem,
  type CompletionList,
  type Range,
  type TextEdit,
} from 'vscode-languageserver'
import { unescapeLocal, type DocumentView } from './document.js'
import { describeTerm, RDF_PROPERTY, RDFS_CLASS, termKind } from './terms.js'

/** Items asked of the core at a time; a longer list is marked incomplete, so the editor asks again as typing goes on. */
export const COMPLETION_LIMIT = 50
/** Bare words that are Turtle keywords, not prefixes being typed. */
const KEYWORDS = new Set(['a', 'true', 'false'])
const TYPE_AT: Partial<Record<Position, string>> = { class: RDFS_CLASS, predicate: RDF_PROPERTY }

export interface CompletionOptions {
  /** Whether the client takes `InsertReplaceEdit` (the typed part, or the whole token). */
  readonly insertReplace: boolean
}

/** The completions at `offset`, or `null` where nothing completes (a string, a comment, an IRI, a variable). */
export function complete(view: DocumentView, index: PrefixIndex, offset: number, options: CompletionOptions): CompletionList | null {
  let at = view.tokenIndexAt(offset)
  // Right after `;`, `[` and the like the cursor starts a new token.
  if (view.tokens[at]?.kind === 'punct' && view.tokens[at]!.end === offset) at++
  const token = view.tokens[at]
  const inToken = token !== undefined && token.start < offset && offset <= token.end
  if (inToken && token.kind !== 'term' && token.kind !== 'literal') return null
  const start = inToken ? token.start : offset
  const typed = partialNameAt(view.slice(start, offset))
  if (inToken && typed === undefined) return null
  const from = typed === undefined ? offset : start + typed.from
  // The name's whole token is replaced (the typed part only, where the client lets the user choose).
  const end = inToken && token.kind === 'term' ? token.end : offset
  const range = { start: view.document.positionAt(from), end: view.document.positionAt(end) }
  const insertRange = { start: range.start, end: view.document.positionAt(offset) }
  const position = token?.kind === 'literal' ? 'object' : positionAfter(view.tokens.slice(statementStart(view, at), at), view.language)
  const type = TYPE_AT[position]
  const items = new Items(view, index, { range, insertRange, insertReplace: options.insertReplace })

  const text = typed?.text ?? ''
  if (typed === undefined || !typed.hasColon) {
    if (KEYWORDS.has(text)) return { isIncomplete: true, items: [] }
    completePrefixes(items, text)
    if (text.length >= 2) completeWords(items, text, type)
    return items.list()
  }
  completeTerms(items, typed.prefix, text.slice(typed.prefix.length + 1), type)
  return items.list()
}

/**
 * Index of the first token of the statement (or group) holding token `at`: after the last `.`, `{`
 * or `}` before it. Reading from there gives the same position as reading the whole document — a new
 * statement starts there — at the cost of one statement, whatever the document's size.
 */
function statementStart(view: DocumentView, at: number): number {
  for (let i = at - 1; i >= 0; i--) {
    const token = view.tokens[i]!
    if (token.kind === 'punct' && (token.text === '.' || token.text === '{' || token.text === '}')) return i + 1
  }
  return 0
}

/** The document's prefixes starting with `text`, then the table's (in the core's order). */
function completePrefixes(items: Items, text: string): void {
  const lower = text.toLowerCase()
  for (const [prefix, namespace] of items.view.declared) {
    if (prefix.toLowerCase().startsWith(lower)) items.addPrefix(prefix, namespace)
  }
  const answer = items.index.complete(text, { limit: COMPLETION_LIMIT })
  for (const name of answer?.suggestions ?? []) {
    const prefix = name.slice(0, -1)
    if (!items.view.declared.has(prefix)) items.addPrefix(prefix, items.index.namespace(prefix)!)
  }
  items.incomplete ||= answer?.truncated ?? false
}

/** Terms people call `text` (`person` → foaf:Person), through the core's search. */
function completeWords(items: Items, text: string, type: string | undefined): void {
  for (const term of items.index.search(text, { limit: 20 })) {
    if (term.prefixed === undefined || (type !== undefined && !items.index.hasType(term.iri, type))) continue
    items.addTerm(term.iri, term.prefixed)
  }
}

/**
 * Terms of `prefix` starting with `local`. A prefix the document declares keeps the document's
 * namespace: where the table has that namespace under another prefix its completions are renamed,
 * else the namespace is completed as an IRI and the names written with the document's prefix.
 */
function completeTerms(items: Items, prefix: string, local: string, type: string | undefined): void {
  const { view, index } = items
  const declared = view.declared.get(prefix)
  const namespace = declared ?? index.namespace(prefix)
  if (namespace === undefined) return
  const tablePrefix = index.namespace(prefix) === namespace ? prefix : shrinkNamespace(index, namespace)
  const prefer: TermKind | undefined = type === RDFS_CLASS ? 'class' : type === RDF_PROPERTY ? 'property' : undefined
  const ask = (typeFilter: string | undefined): { suggestions: string[]; truncated: boolean } => {
    const options = { limit: COMPLETION_LIMIT, ...(typeFilter !== undefined && { type: typeFilter }), ...(prefer !== undefined && { prefer }) } as const
    if (tablePrefix !== undefined) return index.complete(`${tablePrefix}:${local}`, options) ?? { suggestions: [], truncated: false }
    const answer = index.complete(namespace + unescapeLocal(local), { ...options, expand: true }) ?? { suggestions: [], truncated: false }
    return { suggestions: answer.suggestions.filter((iri) => iri.startsWith(namespace) && iri !== namespace), truncated: answer.truncated }
  }
  // A vocabulary without types, or a position read wrongly, must not leave the list empty.
  let { suggestions: found, truncated } = ask(type)
  if (found.length === 0 && type !== undefined) ({ suggestions: found, truncated } = ask(undefined))
  for (const result of found) {
    if (tablePrefix === undefined) {
      const written = writeLocalName(result.slice(namespace.length))
      if (written !== undefined) items.addTerm(result, `${prefix}:${written}`)
      continue
    }
    const colon = result.indexOf(':')
    const name = prefix + result.slice(colon)
    if (result.length === colon + 1) continue // `foaf:` itself
    items.addTerm(index.expand(result)!, name)
  }
  items.incomplete ||= truncated
}

/** What an item carries for completionItem/resolve. */
interface ResolveData {
  readonly iri: string
  readonly name: string
}

/** The item with its documentation: the term's IRI, label, types and vocabulary. */
export function resolveCompletion(index: PrefixIndex, item: CompletionItem): CompletionItem {
  const data = item.data as Partial<ResolveData> | undefined
  if (typeof data?.iri !== 'string' || typeof data.name !== 'string') return item
  return { ...item, documentation: { kind: MarkupKind.Markdown, value: describeTerm(index, data.iri, undefined, data.name) } }
}

/** The table's prefix whose namespace is exactly `namespace`. */
function shrinkNamespace(index: PrefixIndex, namespace: string): string | undefined {
  const name = index.shrink(namespace, { synonyms: false })
  return name?.endsWith(':') ? name.slice(0, -1) : undefined
}

/** The list being built: items in the order added, each once, with the declaration its prefix needs. */
class Items {
  readonly #items: CompletionItem[] = []
  readonly #seen = new Set<string>()
  readonly #declarations = new Map<string, TextEdit[]>()
  #declare?: ReturnType<typeof declarationEdits>
  incomplete = false

  constructor(
    readonly view: DocumentView,
    readonly index: PrefixIndex,
    readonly edit: { readonly range: Range; readonly insertRange: Range; readonly insertReplace: boolean },
  ) {}

  addPrefix(prefix: string, namespace: string): void {
    const title = this.index.vocabulary(prefix)?.title
    this.#add({
      label: prefix + ':',
      kind: CompletionItemKind.Module,
      labelDetails: { description: namespace },
      detail: title ?? namespace,
      documentation: { kind: MarkupKind.Markdown, value: `<${namespace}>` + (title === undefined ? '' : `\n\n${title}`) },
      ...this.#edits(prefix + ':', prefix, namespace),
    })
  }

  addTerm(iri: string, name: string): void {
    const term = this.index.term(iri)
    const kind = termKind(this.index, iri)
    const prefix = name.slice(0, name.indexOf(':'))
    const namespace = this.view.declared.get(prefix) ?? this.index.namespace(prefix)!
    this.#add({
      label: name,
      kind: kind === 'class' ? CompletionItemKind.Class : kind === 'property' ? CompletionItemKind.Property : CompletionItemKind.Value,
      labelDetails: {
        ...(term?.label !== undefined && { detail: ' ' + term.label }),
        description: term?.types.map((t) => this.index.shrink(t) ?? t).join(', ') ?? '',
      },
      detail: iri,
      // The markdown card comes with completionItem/resolve: a list of 50 need not carry 50 of them.
      data: { iri, name } satisfies ResolveData,
      ...this.#edits(name, prefix, namespace),
    })
  }

  list(): CompletionList {
    return { isIncomplete: this.incomplete || this.#items.length >= COMPLETION_LIMIT, items: this.#items }
  }

  #add(item: CompletionItem): void {
    if (this.#seen.has(item.label)) return
    this.#seen.add(item.label)
    // The core's order is the order shown: editors sort by sortText, then filter by filterText.
    this.#items.push({ ...item, sortText: String(this.#items.length).padStart(5, '0'), filterText: item.label })
  }

  /** The edit writing `text` over the name being typed, and the declaration of `prefix` if the document lacks it. */
  #edits(text: string, prefix: string, namespace: string): Pick<CompletionItem, 'textEdit' | 'additionalTextEdits' | 'insertTextFormat'> {
    const { range, insertRange, insertReplace } = this.edit
    return {
      insertTextFormat: InsertTextFormat.PlainText,
      textEdit: insertReplace ? { newText: text, insert: insertRange, replace: range } : { newText: text, range },
      ...(!this.view.declared.has(prefix) && { additionalTextEdits: this.#declaration(prefix, namespace) }),
    }
  }

  #declaration(prefix: string, namespace: string): TextEdit[] {
    let edits = this.#declarations.get(prefix)
    if (edits === undefined) {
      // Where and how declarations go is worked out once per request, for every item that needs one.
      this.#declare ??= declarationEdits(this.view.head(), this.view.language, this.view.tokens, this.view.declarations, this.view.headerEnd)
      const { from, insert } = this.#declare(prefix, namespace)
      const at = this.view.document.positionAt(from)
      this.#declarations.set(prefix, (edits = [{ range: { start: at, end: at }, newText: insert }]))
    }
    return edits
  }
}
