// Completion: prefixes on a bare word, terms after `prefix:` (classes after `a`, properties where a
// predicate goes, and in SPARQL property paths), in the core's order, each with the declaration the
// document lacks as an extra edit and as a command, for clients that do not apply extra edits.

import { usageBindings, writeLocalName, type PrefixIndex, type TermKind } from '@prefixd/core'
import { declarationEdits, partialNameAt, positionAfter, type Position, type Token } from '@prefixd/core/syntax'
import type { CompletionItem, CompletionList, Range, TextEdit } from 'vscode-languageserver'
import { unescapeLocal, vocabularyNamespace } from '@prefixd/core/checks'
import { Command, CompletionItemKind, CompletionItemTag, InsertTextFormat, MarkupKind } from '../protocol/protocol.js'
import type { DocumentView } from '../documents/document.js'
import { describeTerm, RDF_PROPERTY, RDFS_CLASS, termKind } from '../terms/terms.js'
import { undeclaredNamespace, workspaceItems, type WorkspaceItem } from '../workspace/workspace-completion.js'
import type { WorkspaceUsage } from '../workspace/workspace-usage.js'

/**
 * Items asked of the core at a time; a longer list is marked incomplete, so the editor asks again as typing goes on.
 * Not the core's 20 made ahead (READY_LIMIT): Vim's and Neovim's built-in completion ask once and narrow that list as
 * the person types (`foaf:` then `kn` finds foaf:knows, 21st), and the 50 searched cost ~2 µs of a ~0.8 ms request.
 */
export const COMPLETION_LIMIT = 50
/** Bare words that are Turtle keywords, not prefixes being typed. */
const KEYWORDS = new Set(['a', 'true', 'false'])
const TYPE_AT: Partial<Record<Position, string>> = { class: RDFS_CLASS, predicate: RDF_PROPERTY }
/** The command an item runs to declare its prefix (arguments: document URI, prefix, namespace); the server applies it by `workspace/applyEdit`. */
export const DECLARE_PREFIX_COMMAND = 'prefixd.declarePrefix'
/** Documentation at most this long comes in the list itself; longer, with completionItem/resolve. */
const INLINE_DOCUMENTATION = 1000
/** SPARQL property path operators a name may follow (`foaf:knows/foaf:name`, `^foaf:knows`, `a|b`, `!a`). */
const PATH_OPERATOR = /[/|^!]/u

export interface CompletionOptions {
  /** Whether the client takes `InsertReplaceEdit` (the typed part, or the whole token). */
  readonly insertReplace: boolean
  /** The workspace's terms and usage, read so far: its terms first, ranked in context. */
  readonly workspace?: WorkspaceUsage
  /** Default true: a bare word completes terms people call so (the index's word search); false: prefixes only, incomplete. */
  readonly words?: boolean
}

/** What is being completed at a position: the name typed so far, the range it replaces, what the position asks for. */
export interface CompletionSpot {
  /** The name typed so far (`undefined`: nothing yet, at a new token). */
  readonly typed: ReturnType<typeof partialNameAt>
  /** Whether the name follows an operator of a SPARQL property path. */
  readonly inPath: boolean
  readonly range: Range
  readonly insertRange: Range
  /** The type of term the position asks for (a class after `a`, a property where a predicate goes). */
  readonly type: string | undefined
  /** The statement's tokens before the cursor: what the workspace ranking reads the subject's context from. */
  readonly before: readonly Token[]
}

/** The completions at `offset`, or `null` where nothing completes (a string, a comment, an IRI, a variable). */
export function complete(view: DocumentView, index: PrefixIndex, offset: number, options: CompletionOptions): CompletionList | null {
  const spot = completionSpot(view, offset)
  return spot === undefined ? null : completeAt(view, index, spot, options)
}

/** What `offset` completes, or `undefined` where nothing does (a string, a comment, an IRI, a variable). */
export function completionSpot(view: DocumentView, offset: number): CompletionSpot | undefined {
  let at = view.tokenIndexAt(offset)
  // Right after `;`, `[` and the like the cursor starts a new token.
  if (at < view.tokenCount && view.kindOf(at) === 'punct' && view.endOf(at) === offset) at++
  const token = view.token(at)
  const inToken = token !== undefined && token.start < offset && offset <= token.end
  if (inToken && token.kind !== 'term' && token.kind !== 'literal') return undefined
  const start = inToken ? token.start : offset
  const before = view.slice(start, offset)
  let typed = partialNameAt(before)
  // In a SPARQL property path the name being typed follows the last operator of the token.
  let inPath = false
  if (inToken && typed === undefined && view.language === 'sparql') {
    const cut = lastPathOperator(before)
    if (cut >= 0) {
      const tail = partialNameAt(before.slice(cut + 1))
      if (tail !== undefined) typed = { ...tail, from: tail.from + cut + 1 }
      inPath = true
    }
  }
  if (inToken && typed === undefined) return undefined
  const from = typed === undefined ? offset : start + typed.from
  // The name's whole token is replaced (the typed part only, where the client lets the user choose).
  const end = inToken && token.kind === 'term' ? token.end : offset
  const range = { start: view.document.positionAt(from), end: view.document.positionAt(end) }
  const insertRange = { start: range.start, end: view.document.positionAt(offset) }
  const statement = view.tokens(statementStart(view, at), at)
  const position = inPath ? 'predicate' : token?.kind === 'literal' ? 'object' : positionAfter(statement, view.language)
  return { typed, inPath, range, insertRange, type: TYPE_AT[position], before: statement }
}

/**
 * The namespaces whose terms completing `spot` reads: none for a prefix, the namespace of the prefix typed
 * for its terms (the core adds the one it is a synonym of); `undefined` when it searches every term (a bare word).
 */
export function namespacesRead(view: DocumentView, table: Pick<PrefixIndex, 'namespace'>, { typed, inPath }: CompletionSpot): readonly string[] | undefined {
  const text = typed?.text ?? ''
  if (typed === undefined || !typed.hasColon) return text.length >= 2 && !inPath && !KEYWORDS.has(text) ? undefined : []
  const namespace = view.declared.get(typed.prefix) ?? table.namespace(typed.prefix)
  return namespace === undefined ? [] : [namespace]
}

/** The completions of `spot`. */
export function completeAt(view: DocumentView, index: PrefixIndex, spot: CompletionSpot, options: CompletionOptions): CompletionList {
  const { typed, inPath, range, insertRange, type } = spot
  const items = new Items(view, index, { range, insertRange, insertReplace: options.insertReplace })
  const text = typed?.text ?? ''
  if (typed === undefined || !typed.hasColon) {
    if (KEYWORDS.has(text)) return { isIncomplete: true, items: [] }
    completePrefixes(items, text, options.workspace)
    // Without the index's words the list is incomplete: the client asks again as the word goes on.
    if (text.length >= 2 && !inPath) {
      if (options.words === false) items.incomplete = true
      else completeWords(items, text, type)
    }
    return items.list()
  }
  const local = text.slice(typed.prefix.length + 1)
  const namespace = view.declared.get(typed.prefix) ?? undeclaredNamespace(options.workspace, index, typed.prefix)
  if (options.workspace !== undefined && namespace !== undefined) {
    const position = type === RDFS_CLASS ? 'class' : type === RDF_PROPERTY ? 'property' : undefined
    const request = { prefix: typed.prefix, namespace, local, position, before: spot.before, limit: COMPLETION_LIMIT } as const
    for (const item of workspaceItems(options.workspace, index, view, request)) {
      if (item.bundled === true) items.addTerm(item.iri, item.name)
      else items.addWorkspaceTerm(item, namespace)
    }
  }
  completeTerms(items, typed.prefix, local, type)
  return items.list()
}

/** Where the last property path operator of `text` is, or -1 (an escaped `\/` in a local name is not one). */
function lastPathOperator(text: string): number {
  for (let i = text.length - 1; i >= 0; i--) {
    if (PATH_OPERATOR.test(text[i]!) && text[i - 1] !== '\\') return i
  }
  return -1
}

/**
 * Index of the first token of the statement (or group) holding token `at`: after the last `.`, `{`
 * or `}` before it. Reading from there gives the same position as reading the whole document — a new
 * statement starts there — at the cost of one statement, whatever the document's size.
 */
function statementStart(view: DocumentView, at: number): number {
  for (let i = at - 1; i >= 0; i--) {
    if (view.kindOf(i) !== 'punct') continue
    const text = view.token(i)!.text
    if (text === '.' || text === '{' || text === '}') return i + 1
  }
  return 0
}

/** The document's prefixes starting with `text`, then the workspace's own (those the table does not offer), then the table's (in the core's order). */
function completePrefixes(items: Items, text: string, workspace: WorkspaceUsage | undefined): void {
  const lower = text.toLowerCase()
  for (const [prefix, namespace] of items.view.declared) {
    if (prefix.toLowerCase().startsWith(lower)) items.addPrefix(prefix, namespace)
  }
  for (const { prefix, namespace } of workspace === undefined ? [] : usageBindings(items.index, workspace.usage)) {
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
    // The core found it by what people call it, not by its name: the client must not filter it out by its name.
    items.addTerm(term.iri, term.prefixed, term.iri, text)
    items.incomplete = true
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
  // A namespace known under a synonym (https://schema.org/) completes the terms of the one it stands for, written in the document's.
  const vocabulary = vocabularyNamespace(index, namespace)
  const tablePrefix = index.namespace(prefix) === vocabulary ? prefix : shrinkNamespace(index, vocabulary)
  const prefer: TermKind | undefined = type === RDFS_CLASS ? 'class' : type === RDF_PROPERTY ? 'property' : undefined
  const ask = (typeFilter: string | undefined): { suggestions: string[]; truncated: boolean } => {
    const options = { limit: COMPLETION_LIMIT, ...(typeFilter !== undefined && { type: typeFilter }), ...(prefer !== undefined && { prefer }) } as const
    if (tablePrefix !== undefined) return index.complete(`${tablePrefix}:${local}`, options) ?? { suggestions: [], truncated: false }
    const answer = index.complete(vocabulary + unescapeLocal(local), { ...options, expand: true }) ?? { suggestions: [], truncated: false }
    return { suggestions: answer.suggestions.filter((iri) => iri.startsWith(vocabulary) && iri !== vocabulary), truncated: answer.truncated }
  }
  // A vocabulary without types, or a position read wrongly, must not leave the list empty.
  let { suggestions: found, truncated } = ask(type)
  if (found.length === 0 && type !== undefined) ({ suggestions: found, truncated } = ask(undefined))
  for (const result of found) {
    if (tablePrefix === undefined) {
      const written = writeLocalName(result.slice(vocabulary.length))
      if (written !== undefined) items.addTerm(namespace + result.slice(vocabulary.length), `${prefix}:${written}`, result)
      continue
    }
    const colon = result.indexOf(':')
    if (result.length === colon + 1) continue // `foaf:` itself
    // A prefix the document declares keeps its name; one asked of the core as typed takes the core's,
    // which writes a typo alias's terms with the prefix usually meant (`shema:Pers` → `schema:Person`).
    const written = declared === undefined && tablePrefix === prefix ? result.slice(0, colon) : prefix
    const name = written + result.slice(colon)
    const iri = index.expand(result)!
    // Renamed from what was typed: the typed prefix as filterText, so that clients filtering by it keep the item.
    items.addTerm(namespace + iri.slice(vocabulary.length), name, iri, written === prefix ? undefined : prefix + result.slice(colon))
  }
  items.incomplete ||= truncated
}

/** What an item carries for completionItem/resolve: the IRI the name stands for, the one whose term the index holds, the name. */
interface ResolveData {
  readonly iri: string
  readonly term: string
  readonly name: string
}

/** The item with its documentation: the term's IRI, label, types and vocabulary. */
export function resolveCompletion(index: PrefixIndex, item: CompletionItem): CompletionItem {
  if (item.documentation !== undefined) return item
  const data = item.data as Partial<ResolveData> | undefined
  if (typeof data?.iri !== 'string' || typeof data.name !== 'string') return item
  const term = index.term(typeof data.term === 'string' ? data.term : data.iri)
  return { ...item, documentation: { kind: MarkupKind.Markdown, value: describeTerm(index, data.iri, term, data.name) } }
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

  /**
   * A term: `name` stands for `iri` in this document, the index holds it as `known` (the same IRI but
   * under a namespace synonym); `filterText` for an item found by something else than its name.
   */
  addTerm(iri: string, name: string, known = iri, filterText?: string): void {
    if (this.#seen.has(name)) return
    const term = this.index.term(known)
    const kind = termKind(this.index, known)
    const prefix = name.slice(0, name.indexOf(':'))
    const namespace = this.view.declared.get(prefix) ?? this.index.namespace(prefix)!
    // Small cards come in the list itself: Neovim's built-in completion (0.7–0.10) never resolves an item.
    const card = describeTerm(this.index, iri, term, name)
    this.#add({
      label: name,
      kind: kind === 'class' ? CompletionItemKind.Class : kind === 'property' ? CompletionItemKind.Property : CompletionItemKind.Value,
      labelDetails: {
        ...(term?.label !== undefined && { detail: ' ' + term.label }),
        description: term?.types.map((t) => this.index.shrink(t, { synonyms: false }) ?? t).join(', ') ?? '',
      },
      detail: iri,
      // A term its vocabulary deprecates: editors strike it through (it is ranked after the live ones).
      ...(term?.deprecated === true && { tags: [CompletionItemTag.Deprecated] }),
      ...(card.length <= INLINE_DOCUMENTATION
        ? { documentation: { kind: MarkupKind.Markdown, value: card } }
        : { data: { iri, term: known, name } satisfies ResolveData }),
      ...(filterText !== undefined && { filterText }),
      ...this.#edits(name, prefix, namespace),
    })
  }

  /** A term of the workspace: its card says what the workspace defines of it and how it uses it. */
  addWorkspaceTerm(item: WorkspaceItem, namespace: string): void {
    const prefix = item.name.slice(0, item.name.indexOf(':'))
    this.#add({
      label: item.name,
      kind: item.kind === 'class' ? CompletionItemKind.Class : item.kind === 'property' ? CompletionItemKind.Property : CompletionItemKind.Value,
      labelDetails: { ...(item.label !== undefined && { detail: ' ' + item.label }), description: 'workspace' },
      detail: item.iri,
      documentation: { kind: MarkupKind.Markdown, value: item.documentation },
      ...this.#edits(item.name, prefix, namespace),
    })
  }

  list(): CompletionList {
    return { isIncomplete: this.incomplete || this.#items.length >= COMPLETION_LIMIT, items: this.#items }
  }

  #add(item: CompletionItem): void {
    if (this.#seen.has(item.label)) return
    this.#seen.add(item.label)
    // The core's order is the order shown: editors sort by sortText. No filterText (but for items found
    // otherwise than by their name): clients filter the label against the text from the edit's start
    // (`schema:Per`), and Neovim's omnifunc (0.7–0.10) takes that start only from items without one.
    this.#items.push({ ...item, sortText: String(this.#items.length).padStart(5, '0') })
  }

  /** The edit writing `text` over the name being typed, and the declaration of `prefix` if the document lacks it. */
  #edits(text: string, prefix: string, namespace: string): Pick<CompletionItem, 'textEdit' | 'additionalTextEdits' | 'insertTextFormat' | 'command'> {
    const { range, insertRange, insertReplace } = this.edit
    return {
      insertTextFormat: InsertTextFormat.PlainText,
      textEdit: insertReplace ? { newText: text, insert: insertRange, replace: range } : { newText: text, range },
      // The command declares the prefix where the client ran no extra edit; where it did, the prefix is declared and the command does nothing.
      ...(!this.view.declared.has(prefix) && {
        additionalTextEdits: this.#declaration(prefix, namespace),
        command: Command.create(`Declare ${prefix}:`, DECLARE_PREFIX_COMMAND, this.view.document.uri, prefix, namespace),
      }),
    }
  }

  #declaration(prefix: string, namespace: string): TextEdit[] {
    let edits = this.#declarations.get(prefix)
    if (edits === undefined) {
      // Where and how declarations go is worked out once per request, for every item that needs one.
      this.#declare ??= declarationEdits(this.view.head(), this.view.language, undefined, this.view.declarations, this.view.headerEnd)
      const { from, insert } = this.#declare(prefix, namespace)
      const at = this.view.document.positionAt(from)
      this.#declarations.set(prefix, (edits = [{ range: { start: at, end: at }, newText: insert }]))
    }
    return edits
  }
}
