// The prefixes a Turtle, TriG or SPARQL document declares, and the edit that declares one more.

import { formatPrefixes } from '../sources/prefix-formats.js'
import { directiveAt, isDirective, tokens, type Language, type Token } from './tokens.js'

/** One `@prefix p: <ns> .` or `PREFIX p: <ns>` of a document, with the offsets of its parts. */
export interface Declaration {
  readonly prefix: string
  readonly namespace: string
  /** `turtle` for `@prefix … .`, `sparql` for `PREFIX …` (Turtle 1.1 and TriG accept both). */
  readonly style: 'turtle' | 'sparql'
  /** The whole directive, from its keyword to its IRI (or the `.` after it). */
  readonly start: number
  readonly end: number
  /** The `p:` token, and the `<ns>` token. */
  readonly name: Token
  readonly iri: Token
}

/** The prefix declarations of a tokenized document (comments included or not), in order. */
export function declarationsIn(all: readonly Token[]): Declaration[] {
  const found: Declaration[] = []
  for (let i = 0; i < all.length; i++) {
    const token = all[i]!
    if (!isDirective(token)) continue
    const { list, indices } = window(all, i)
    const directive = directiveAt(list, 0)
    if (directive === undefined) continue
    if (directive.prefix !== undefined) {
      found.push({
        prefix: directive.prefix,
        namespace: directive.namespace!,
        style: token.text.startsWith('@') ? 'turtle' : 'sparql',
        start: token.start,
        end: list[directive.next - 1]!.end,
        name: list[1]!,
        iri: list[2]!,
      })
    }
    i = indices[directive.next - 1]!
  }
  return found
}

/** The (at most) four tokens from `all[at]` on that are not comments, enough for a directive, and their indices in `all`. */
function window(all: readonly Token[], at: number): { list: Token[]; indices: number[] } {
  const list: Token[] = []
  const indices: number[] = []
  for (let i = at; i < all.length && list.length < 4; i++) {
    if (all[i]!.kind === 'comment') continue
    list.push(all[i]!)
    indices.push(i)
  }
  return { list, indices }
}

/** The prefixes a document declares (`@prefix` or SPARQL-style `PREFIX`), the last declaration of each winning. */
export function declaredPrefixes(doc: string): Map<string, string> {
  return new Map(declarationsIn([...tokens(doc)]).map((d) => [d.prefix, d.namespace]))
}

/**
 * Offset at which a new declaration goes: after the header (the directives, `@base` included,
 * comments and blank space at the top) — at the end of its last line, or right after its last
 * directive when a statement follows on that same line — else at the very start.
 */
export function declarationInsertPoint(doc: string, all: readonly Token[] = [...tokens(doc)], end = headerEnd(all)): number {
  if (end < 0) return 0
  const lineEnd = doc.indexOf('\n', end)
  const rest = doc.slice(end, lineEnd < 0 ? doc.length : lineEnd)
  if (!/^\s*(?:#.*)?$/u.test(rest)) return end // `@prefix ex: <…> . ex:a a foaf:Person` on one line
  return lineEnd < 0 ? doc.length : lineEnd + 1
}

/** Where the document's header (its leading directives, with comments among them) ends; -1 without one. */
export function headerEnd(all: readonly Token[]): number {
  let i = 0
  let end = -1
  for (;;) {
    const { list, indices } = window(all, i)
    const directive = directiveAt(list, 0)
    if (directive === undefined) return end
    end = list[directive.next - 1]!.end
    i = indices[directive.next - 1]! + 1
  }
}

/**
 * The edit that declares `prefix`, where {@link declarationInsertPoint} says, in the document's own
 * style: that of its last declaration, else `PREFIX` in SPARQL and `@prefix` in Turtle and TriG.
 * `all` and `declarations` (and, for {@link declarationEdits}, {@link headerEnd}) spare a caller that has them a reading of the whole document.
 */
export function declarationEdit(
  doc: string,
  prefix: string,
  namespace: string,
  language: Language,
  all?: readonly Token[],
  declarations?: readonly Declaration[],
): { readonly from: number; readonly insert: string } {
  return declarationEdits(doc, language, all, declarations)(prefix, namespace)
}

/** {@link declarationEdit} for any number of prefixes: the document is read once, for all of them. */
export function declarationEdits(
  doc: string,
  language: Language,
  all: readonly Token[] = [...tokens(doc)],
  declarations: readonly Declaration[] = declarationsIn(all),
  header: number = headerEnd(all),
): (prefix: string, namespace: string) => { readonly from: number; readonly insert: string } {
  const style = declarations.at(-1)?.style ?? (language === 'sparql' ? 'sparql' : 'turtle')
  const from = declarationInsertPoint(doc, all, header)
  const needsBreak = from > 0 && doc[from - 1] !== '\n'
  // A document that had no header gets a blank line between the new one and its first statement.
  const spacer = from === 0 && doc.length > 0 && !/^\s*\n/u.test(doc) ? '\n' : ''
  return (prefix, namespace) => {
    const line = formatPrefixes({ [prefix]: namespace }, style).trimEnd()
    return { from, insert: (needsBreak ? '\n' : '') + line + '\n' + spacer }
  }
}
