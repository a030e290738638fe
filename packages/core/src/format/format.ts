// Formatting a Turtle, TriG or SPARQL document from its tokens: the entry point the language server, the CLI
// and the web editor share.

import type { Language } from '../syntax/tokens.js'
import { print } from './layout.js'
import { indentUnit, lineEnding, resolveOptions, type FormatOptions } from './options.js'
import { piecesOf } from './pieces.js'
import { sparqlLayout } from './sparql-layout.js'
import { turtleLayout } from './turtle-layout.js'

/**
 * `text` formatted: every token and comment of the input kept in its order (unless `sort` is asked for), blank
 * space and line breaks laid out anew, SPARQL keywords in the case asked for. Formatting the result again
 * gives it unchanged. A document that does not read is a `FormatError` (with its line and column), and nothing
 * is formatted.
 *
 * @example
 * formatText('@prefix ex: <http://example.org/> .\nex:a ex:p ex:b;ex:q 1 .', 'turtle')
 * // '@prefix ex: <http://example.org/> .\nex:a ex:p ex:b ;\n    ex:q 1 .\n'
 */
export function formatText(text: string, language: Language, options?: FormatOptions): string {
  if (typeof text !== 'string') throw new TypeError('the text to format must be a string')
  if (language !== 'turtle' && language !== 'trig' && language !== 'sparql') throw new TypeError(`cannot format '${String(language)}'`)
  const resolved = resolveOptions(options)
  const { pieces, tail, crlf } = piecesOf(text)
  const layout = language === 'sparql' ? sparqlLayout(text, pieces, tail, resolved) : turtleLayout(text, pieces, tail, resolved, language === 'trig')
  return print(layout, { unit: indentUnit(resolved), width: resolved.width, newline: lineEnding(crlf, resolved) })
}
