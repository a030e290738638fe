// Formatting as one types: a new line indented for where it stands, a statement formatted once its `.` is
// typed, a space before a `;` typed against the term before it.

import { tokens, type Language } from '../syntax/tokens.js'
import { indentUnit, resolveOptions, type FormatOptions } from './options.js'
import { formatRangeEdits, statementsAround, type TextEdit } from './range.js'

/** The characters typing which asks for {@link formatOnType}. */
export const ON_TYPE_CHARACTERS = ['\n', '.', ';'] as const

/**
 * The edits after `typed` was typed, the cursor now at `offset` (just after it): for a newline, the new line's
 * indentation; for a `.` that ends a Turtle or TriG statement, that statement formatted; for a `;`, a space
 * before it. None where the text around does not read (typing is under way): this never throws on text.
 */
export function formatOnType(text: string, language: Language, offset: number, typed: string, options?: FormatOptions): TextEdit[] {
  const resolved = resolveOptions(options)
  if (!Number.isInteger(offset) || offset < 1 || offset > text.length) return []
  if (typed === '\n') return newLineIndent(text, language, offset, indentUnit(resolved))
  if (typed === ';') {
    const before = text.charCodeAt(offset - 2)
    return offset >= 2 && text[offset - 1] === ';' && !isBlank(before) && !Number.isNaN(before) ? [{ start: offset - 1, end: offset - 1, newText: ' ' }] : []
  }
  if (typed === '.' && language !== 'sparql' && text[offset - 1] === '.' && /[\s\])>"']/.test(text[offset - 2] ?? '')) {
    try {
      const edits = formatRangeEdits(text, language === 'trig' ? 'trig' : 'turtle', offset - 1, offset, resolved)
      // Only an edit of the statement just ended: not a whole document formatted because the lines did not show it.
      return language === 'turtle' ? edits : []
    } catch {
      return []
    }
  }
  return []
}

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d
}

/**
 * The new line's indentation, as the formatter would give it: a level per bracket open before it, and one more
 * inside an unfinished Turtle statement (or after a `;` of a SPARQL triple); one less before a closing bracket.
 */
function newLineIndent(text: string, language: Language, offset: number, unit: string): TextEdit[] {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1
  if (lineStart === 0) return []
  const from = language === 'turtle' ? (statementsAround(text, lineStart - 1, lineStart - 1)?.start ?? 0) : 0
  let depth = 0
  let continued = false
  /** Tokens left of a `PREFIX p: <ns>`, `BASE <iri>` or `VERSION "1.2"`, which end without a `.`. */
  let directive = 0
  for (const token of tokens(text.slice(from, lineStart))) {
    if (token.kind === 'comment') continue
    const word = token.kind === 'term' ? token.text.toLowerCase() : ''
    if (word === 'prefix' || word === 'base' || word === 'version') {
      directive = word === 'prefix' ? 2 : 1
      continue
    }
    if (directive > 0) {
      directive--
      continue
    }
    const t = token.kind === 'punct' ? token.text : ''
    if (t === '[' || t === '(' || t === '{') depth++
    else if (t === ']' || t === ')' || t === '}') depth = Math.max(0, depth - 1)
    if (t === '.' || t === '{' || t === '}') continued = false
    else if (language === 'sparql' ? t === ';' : word !== '@prefix' && word !== '@base' && word !== 'graph') continued = true
  }
  let indentEnd = lineStart
  while (indentEnd < text.length && (text[indentEnd] === ' ' || text[indentEnd] === '\t')) indentEnd++
  const closes = indentEnd < text.length && '])}'.includes(text[indentEnd]!) ? 1 : 0
  const newText = unit.repeat(Math.max(0, depth + (continued ? 1 : 0) - closes))
  return text.slice(lineStart, indentEnd) === newText ? [] : [{ start: lineStart, end: indentEnd, newText }]
}
