// The checks of a whole text read afresh (the CLI, a browser page): its tokens, declarations and names
// read once, then the same checker the language server feeds from the names it keeps across edits.

import type { PrefixIndex } from '../prefix-index/prefix-index.js'
import { declarationsIn } from '../syntax/declarations.js'
import { directiveEnd, namesInToken } from '../syntax/names.js'
import { isDirective, tokens, type Language, type Token } from '../syntax/tokens.js'
import { DocumentChecker } from './document-checks.js'
import type { Finding } from './findings.js'
import type { Rules } from './rules.js'
import { TermChecks } from './term-checks.js'

/** What {@link checkDocument} found, and the prefixes the text uses without declaring them (a parser must be told of them). */
export interface DocumentFindings {
  readonly findings: Finding[]
  readonly undeclared: string[]
}

/** How {@link checkDocument} checks. */
export interface CheckOptions {
  /** Remembers each name's check: share one across documents checked with the same index. */
  readonly checks?: TermChecks
  /** Severities by rule (a project's `.prefixd.json`); a rule `off` is not checked. */
  readonly rules?: Rules
}

/**
 * The findings of the prefix, term and namespace checks in `text`, in the order of the names and IRIs, then the
 * declarations'.
 *
 * @example
 * const { findings } = checkDocument('@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n<a> foaf:nmae "A" .', 'turtle', index)
 * findings[0].message // → "'foaf:nmae' is not a term of <http://xmlns.com/foaf/0.1/>; did you mean 'foaf:name'?"
 */
export function checkDocument(text: string, language: Language, index: PrefixIndex, options: CheckOptions = {}): DocumentFindings {
  const all = [...tokens(text)]
  const checker = new DocumentChecker(index, declarationsIn(all), options.checks ?? new TermChecks(index), undefined, options.rules)
  for (let i = 0; i < all.length; i++) {
    const token = all[i]!
    if (isDirective(token)) {
      i = directiveEnd(all, i) - 1
      continue
    }
    if (token.kind === 'iri') {
      if (token.closed && checker.checksIris) checker.iri(token.text.slice(1, -1), token.start, token.end)
      continue
    }
    if (token.kind !== 'term' && token.kind !== 'literal') continue
    const before = all[i - 1]
    if (token.kind === 'term' && before !== undefined && inUnclosedIri(before, token, language)) continue
    for (const name of namesInToken(token)) checker.name({ prefix: name.prefix, local: name.local, written: `${name.prefix}:${name.local}` }, name.start)
  }
  return { findings: checker.finish(), undeclared: [...checker.undeclared] }
}

/** An IRI's scheme and `//` (`http://`): a term starting so right after a `<` is the inside of an IRI. */
const IRI_START = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//u

/**
 * Whether `term` is the inside of an IRI being typed (`<http://ex` followed by a space or a line's end):
 * right after a `<` that did not open an IRI. In Turtle and TriG that `<` opens nothing else; in SPARQL it
 * may be less-than (`?a<ex:b`), so only a term starting like an IRI counts there. Its `http:` is no prefix.
 */
export function inUnclosedIri(before: Token, term: Token, language: Language): boolean {
  return before.kind === 'punct' && before.text === '<' && before.end === term.start && (language !== 'sparql' || IRI_START.test(term.text))
}
