// The prefixes a Turtle or SPARQL document declares, and the edit that declares one more.

import { declaration } from './declarations.js'
import { directiveAt, tokens, type Language } from './turtle-tokens.js'

/** The prefixes a document declares (`@prefix` or SPARQL-style `PREFIX`), the last declaration of each winning. */
export function declaredPrefixes(doc: string): Map<string, string> {
  const declared = new Map<string, string>()
  const list = [...tokens(doc)].filter((t) => t.kind !== 'comment')
  for (let i = 0; i < list.length; i++) {
    const directive = directiveAt(list, i)
    if (directive?.prefix !== undefined) declared.set(directive.prefix, directive.namespace!)
  }
  return declared
}

/**
 * Offset at which a new declaration goes: after the header (the directives, comments and blank space
 * at the top) — at the end of its last line, or right after its last directive when a statement
 * follows on that same line — else at the very start.
 */
export function declarationInsertPoint(doc: string): number {
  const list = [...tokens(doc)].filter((t) => t.kind !== 'comment')
  let i = 0
  let end = -1
  for (let directive = directiveAt(list, i); directive !== undefined; directive = directiveAt(list, i)) {
    end = list[directive.next - 1]!.end
    i = directive.next
  }
  if (end < 0) return 0
  const lineEnd = doc.indexOf('\n', end)
  const rest = doc.slice(end, lineEnd < 0 ? doc.length : lineEnd)
  if (!/^\s*(?:#.*)?$/u.test(rest)) return end // `@prefix ex: <…> . ex:a a foaf:Person` on one line
  return lineEnd < 0 ? doc.length : lineEnd + 1
}

/** The edit that declares `prefix`, in the document's language, where {@link declarationInsertPoint} says. */
export function declarationEdit(doc: string, prefix: string, namespace: string, language: Language): { readonly from: number; readonly insert: string } {
  const line = declaration(prefix, namespace, language)
  const from = declarationInsertPoint(doc)
  const needsBreak = from > 0 && doc[from - 1] !== '\n'
  // A document that had no header gets a blank line between the new one and its first statement.
  const spacer = from === 0 && doc.length > 0 && !/^\s*\n/u.test(doc) ? '\n' : ''
  return { from, insert: (needsBreak ? '\n' : '') + line + '\n' + spacer }
}
