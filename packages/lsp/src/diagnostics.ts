// Diagnostics: undeclared prefixes (error), unused ones (hint), a namespace other than the table's
// (information), an unknown term of a known vocabulary with a did-you-mean (warning); syntax errors
// come from the syntax checker's thread.

import { writeLocalName, type PrefixIndex } from '@prefixd/core'
import { type Language, type Token } from '@prefixd/core/syntax'
import type { Diagnostic, DiagnosticSeverity as Severity, DiagnosticTag as Tag } from 'vscode-languageserver'
import { DiagnosticSeverity, DiagnosticTag } from './protocol.js'
import { unescapeLocal, type DocumentView } from './document.js'
import type { TokenName } from './token-store.js'
import type { SyntaxProblem } from './syntax-errors.js'
import { traceNow, traceSlice } from './trace.js'
import { isTrustedNamespace, isTrustedPrefix, vocabularyNamespace } from './vocabulary-namespace.js'

export const SOURCE = 'prefixd'

/** What a code action needs to fix a diagnostic, carried in its `data`. */
export type DiagnosticData =
  | { readonly kind: 'undeclared-prefix'; readonly prefix: string }
  | { readonly kind: 'unused-prefix'; readonly prefix: string }
  | { readonly kind: 'other-namespace'; readonly prefix: string; readonly namespace: string }
  | { readonly kind: 'unknown-term'; readonly replacement?: string }

/** Diagnostics published for a document at most: a document without its declarations would otherwise send one per name. */
export const MAX_DIAGNOSTICS = 1000
/**
 * Milliseconds of the pass between two turns of the event loop, read every 256 tokens: a large document's pass
 * must not hold up completions. A turn of 4,000 tokens took up to 10 ms and more on a loaded machine, and the
 * completion that came during it waited for all of it.
 */
const TURN_MS = 2

/**
 * The document's prefix diagnostics, and the prefixes it uses undeclared (which the syntax check must
 * be told of). Works in turns, letting other requests in between; `undefined` when `stale()` says
 * the document changed meanwhile (its tokens are then no longer this version's). With `onUndeclared`, a
 * first walk over the names tells the prefixes used undeclared before the names are checked: the syntax
 * check of a newly opened document can then run on its thread while the names are checked on this one.
 */
export async function diagnose(
  view: DocumentView,
  index: PrefixIndex,
  stale: () => boolean = () => false,
  checks: TermChecks = new TermChecks(index),
  onUndeclared?: (undeclared: string[]) => void,
): Promise<{ diagnostics: Diagnostic[]; undeclared: string[] } | undefined> {
  const diagnostics: Diagnostic[] = []
  const range = (start: number, end: number) => ({ start: view.document.positionAt(start), end: view.document.positionAt(end) })
  const add: Add = (start, end, severity, message, data, tags) => {
    if (diagnostics.length < MAX_DIAGNOSTICS)
      diagnostics.push({ range: range(start, end), severity, source: SOURCE, code: data.kind, message, data, ...(tags && { tags }) })
  }

  const used = new Set<string>()
  const undeclared = new Set<string>()
  const declared = view.declared
  /** The prefix last added to `used`: names in a row mostly share theirs. */
  let lastUsed: string | undefined
  if (onUndeclared !== undefined) {
    const walked = await visitNames(view, stale, (name) => {
      if (!declared.has(name.prefix)) undeclared.add(name.prefix)
    })
    if (!walked) return undefined
    onUndeclared([...undeclared])
  }
  if (!(await visitNames(view, stale, checkName))) return undefined
  /** Checks a name written at `offset` + its `from`; its offsets are worked out only for a diagnostic. */
  function checkName(name: TokenName, offset: number): void {
    if (name.prefix !== lastUsed) used.add((lastUsed = name.prefix))
    const namespace = declared.get(name.prefix)
    if (namespace === undefined) {
      undeclared.add(name.prefix)
      const known = isTrustedPrefix(index, name.prefix) ? index.namespace(name.prefix) : undefined
      add(
        offset + name.from,
        offset + name.from + name.prefix.length + 1,
        DiagnosticSeverity.Error,
        `prefix '${name.prefix}:' is not declared` + (known === undefined ? '' : ` (the table has <${known}>)`),
        {
          kind: 'undeclared-prefix',
          prefix: name.prefix,
        },
      )
      return
    }
    let suggestion: string | null | undefined
    if (name.checkedBy === checks && name.checkedIn === namespace) suggestion = name.checkResult
    else {
      name.checkResult = suggestion = checks.check(namespace, name)
      name.checkedBy = checks
      name.checkedIn = namespace
    }
    if (suggestion !== undefined) {
      add(
        offset + name.from,
        offset + name.to,
        DiagnosticSeverity.Warning,
        `'${name.written}' is not a term of <${namespace}>` + (suggestion === null ? '' : `; did you mean '${suggestion}'?`),
        {
          kind: 'unknown-term',
          ...(suggestion !== null && { replacement: suggestion }),
        },
      )
    }
  }

  declarationDiagnostics(view, index, used, add)
  return { diagnostics, undeclared: [...undeclared] }
}

/**
 * Calls `visit` with each prefixed name the diagnostics read (not a directive's, nor the inside of an IRI
 * being typed) and the offset of its token, in turns; false when `stale()` says the document changed meanwhile.
 */
async function visitNames(view: DocumentView, stale: () => boolean, visit: (name: TokenName, offset: number) => void): Promise<boolean> {
  const count = view.tokenCount
  let turn = performance.now()
  let traceTurn = traceNow()
  for (let i = 0; i < count; i++) {
    if ((i & 255) === 255 && performance.now() - turn > TURN_MS) {
      traceSlice('diagnose', traceTurn)
      await new Promise(setImmediate)
      traceTurn = traceNow()
      if (stale()) return false
      turn = performance.now()
    }
    if (view.isDirective(i)) {
      i = view.directiveEnd(i) - 1
      continue
    }
    const kind = view.kindOf(i)
    if (kind !== 'term' && kind !== 'literal') continue
    // Tokens are made only for a term right after punctuation: the `<` of an IRI being typed.
    if (kind === 'term' && i > 0 && view.kindOf(i - 1) === 'punct' && view.endOf(i - 1) === view.startOf(i)) {
      if (inUnclosedIri(view.token(i - 1)!, view.token(i)!, view.language)) continue
    }
    view.eachName(i, visit)
  }
  traceSlice('diagnose', traceTurn)
  return true
}

/** Adds a diagnostic over `start`–`end` (bounded by `MAX_DIAGNOSTICS`). */
type Add = (start: number, end: number, severity: Severity, message: string, data: DiagnosticData, tags?: Tag[]) => void

/** The declarations' diagnostics: a prefix never `used`, a namespace other than the table's. */
function declarationDiagnostics(view: DocumentView, index: PrefixIndex, used: ReadonlySet<string>, add: Add): void {
  for (const declaration of view.declarations) {
    if (!used.has(declaration.prefix)) {
      add(
        declaration.start,
        declaration.end,
        DiagnosticSeverity.Hint,
        `prefix '${declaration.prefix}:' is declared but never used`,
        { kind: 'unused-prefix', prefix: declaration.prefix },
        [DiagnosticTag.Unnecessary],
      )
    }
    const table = index.namespace(declaration.prefix)
    if (table !== undefined && otherNamespaceHelps(index, declaration.prefix, declaration.namespace, table)) {
      add(declaration.iri.start, declaration.iri.end, DiagnosticSeverity.Information, `the prefix table has '${declaration.prefix}:' as <${table}>`, {
        kind: 'other-namespace',
        prefix: declaration.prefix,
        namespace: table,
      })
    }
  }
}

/** An IRI's scheme and `//` (`http://`): a term starting so right after a `<` is the inside of an IRI. */
const IRI_START = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//u

/**
 * Whether `term` is the inside of an IRI being typed (`<http://ex` followed by a space or a line's end):
 * right after a `<` that did not open an IRI. In Turtle and TriG that `<` opens nothing else; in SPARQL it
 * may be less-than (`?a<ex:b`), so only a term starting like an IRI counts there. Its `http:` is no prefix.
 */
function inUnclosedIri(before: Token, term: Token, language: Language): boolean {
  return before.kind === 'punct' && before.text === '<' && before.end === term.start && (language !== 'sparql' || IRI_START.test(term.text))
}

/**
 * Whether to note that the table has `prefix` as `table`, not the `declared` namespace: only for a
 * curated or popular prefix, and only where the declared namespace looks like a slip — another trusted
 * namespace (`dc:` bound to DCMI terms), or the usual one but for case, scheme, `www.` or its last
 * character. A project's own namespace under a common prefix (`ex:`, `core:`, `data:`) is its business,
 * and a namespace known as a synonym of the table's (`https://schema.org/`) means the same vocabulary.
 */
function otherNamespaceHelps(index: PrefixIndex, prefix: string, declared: string, table: string): boolean {
  const quality = index.quality(prefix)
  if (declared === table || (quality !== 'curated' && quality !== 'popular')) return false
  if (vocabularyNamespace(index, declared) === table) return false
  return isTrustedNamespace(index, declared) || looseNamespace(declared) === looseNamespace(table)
}

/** A namespace with what people get wrong in one taken out: case, scheme, `www.`, a trailing `/` or `#`. */
function looseNamespace(namespace: string): string {
  return namespace
    .toLowerCase()
    .replace(/^https?:\/\/(?:www\.)?/u, '')
    .replace(/[/#]+$/u, '')
}

/** A syntax error as a diagnostic. */
export function syntaxDiagnostic(problem: SyntaxProblem): Diagnostic {
  return {
    range: { start: { line: problem.line, character: problem.startColumn }, end: { line: problem.line, character: problem.endColumn } },
    severity: DiagnosticSeverity.Error,
    source: SOURCE,
    code: 'syntax',
    message: problem.message,
  }
}

/** Names whose check is remembered at most (then the memory starts afresh). */
const MAX_CHECKED_NAMES = 100_000

/**
 * Whether names are terms of their vocabularies, remembered across passes and documents: a document
 * repeats its names, and an edit leaves most of them be.
 */
export class TermChecks {
  /** Namespace → name as written → the check's result. */
  readonly #names = new Map<string, Map<string, string | null | undefined>>()
  #size = 0
  /**
   * Namespace → the namespace whose terms the index holds for it and the table's prefix for that, else `null`
   * (no terms to check against): worked out once a namespace, not once a name (a first pass checks thousands).
   */
  readonly #vocabularies = new Map<string, { readonly namespace: string; readonly tablePrefix: string } | null>()

  constructor(readonly index: PrefixIndex) {}

  /**
   * For a name whose namespace holds vocabulary terms but not this one: the term meant (`null` when
   * there is no guess); `undefined` when the name is fine or its namespace has no terms to check against.
   */
  check(namespace: string, name: TokenName): string | null | undefined {
    let vocabulary = this.#vocabularies.get(namespace)
    if (vocabulary === undefined) this.#vocabularies.set(namespace, (vocabulary = this.#vocabularyOf(namespace)))
    if (vocabulary === null) return undefined
    let names = this.#names.get(namespace)
    if (names === undefined) this.#names.set(namespace, (names = new Map()))
    if (names.has(name.written)) return names.get(name.written)
    if (++this.#size > MAX_CHECKED_NAMES) {
      this.#names.clear()
      this.#size = 1
      this.#names.set(namespace, (names = new Map()))
    }
    const result = this.#check(vocabulary.namespace, vocabulary.tablePrefix, name)
    names.set(name.written, result)
    return result
  }

  /** The namespace whose terms the index holds for `namespace` (itself or the one it is a synonym of) and the table's prefix for exactly that, if it holds terms in it. */
  #vocabularyOf(declared: string): { readonly namespace: string; readonly tablePrefix: string } | null {
    const namespace = vocabularyNamespace(this.index, declared)
    const name = this.index.shrink(namespace, { synonyms: false })
    if (name === undefined || !name.endsWith(':')) return null
    return (this.index.autocomplete(name, { limit: 2 }) ?? []).length < 2 ? null : { namespace, tablePrefix: name }
  }

  #check(namespace: string, tablePrefix: string, name: TokenName): string | null | undefined {
    const local = unescapeLocal(name.local)
    if (local === '' || this.index.term(namespace + local) !== undefined) return undefined
    // The same name but for case (foaf:person → foaf:Person), else one a letter or two off among those sharing its start.
    const lower = local.toLowerCase()
    const sameStart = this.index.autocomplete(tablePrefix + local.slice(0, 1), { expand: true, limit: 2000 }) ?? []
    let best: string | undefined
    let bestDistance = Math.max(2, Math.floor(local.length / 4)) + 1
    for (const iri of sameStart) {
      if (!iri.startsWith(namespace)) continue
      const candidate = iri.slice(namespace.length)
      const distance = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase(), bestDistance)
      if (distance < bestDistance) {
        best = candidate
        bestDistance = distance
      }
    }
    const written = best === undefined ? undefined : writeLocalName(best)
    return written === undefined ? null : `${name.prefix}:${written}`
  }
}

/** Levenshtein distance, or `limit` once it is sure to reach it. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      current.push(value)
      rowMin = Math.min(rowMin, value)
    }
    if (rowMin >= limit) return limit
    previous = current
  }
  return Math.min(previous[b.length]!, limit)
}
