// Formatting as one types: a new line indented for where it stands, a statement formatted once its `.` is
// typed, a space before a `;` typed against the term before it.

import { tokens, type Language, type Token } from '../syntax/tokens.js'
import { formatText } from './format.js'
import { indentUnit, resolveOptions, type FormatOptions, type ResolvedOptions } from './options.js'
import { editBetween, formatRangeEdits, statementsAround, type TextEdit } from './range.js'

/** The characters typing which asks for {@link formatOnType}. */
export const ON_TYPE_CHARACTERS = ['\n', '.', ';'] as const

/**
 * The edits after `typed` was typed, the cursor now at `offset` (just after it): for a newline, the new line's
 * indentation; for a `.` that ends a Turtle or TriG statement or a SPARQL triple pattern, what it ends formatted; for a `;`, a space
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
  if (typed !== '.' || text[offset - 1] !== '.') return []
  try {
    if (language !== 'turtle') return endedStatementEdit(text, language, offset - 1, resolved)
    if (!/[\s\])>"']/.test(text[offset - 2] ?? '')) return []
    return formatRangeEdits(text, 'turtle', offset - 1, offset, resolved)
  } catch {
    return []
  }
}

/**
 * The edit that lays out what the `.` at `dot` ends — a TriG statement, or a SPARQL group's patterns since the
 * `.`, `{` or `}` before it at its level — as formatting the whole document lays it out. The formatter keeps
 * every token in its order, so the two ends are found in the formatted text by counting tokens. None if that `.`
 * is not a token of its own (`ex:a.b`, `1.5`) or the document does not read.
 */
function endedStatementEdit(text: string, language: 'trig' | 'sparql', dot: number, options: ResolvedOptions): TextEdit[] {
  // At each depth of braces, the last token (index and end) after which a statement or pattern starts.
  const boundaries: [number, number][] = [[-1, 0]]
  let brackets = 0
  let index = 0
  let found = false
  let previous: Token | undefined
  for (const token of tokens(text)) {
    if (token.start >= dot) {
      found = token.start === dot && token.kind === 'punct' && token.text === '.' && brackets === 0 && !mayGoOn(previous, dot)
      break
    }
    previous = token
    const t = token.kind === 'punct' ? token.text : ''
    if (t === '[' || t === '(') brackets++
    else if (t === ']' || t === ')') brackets = Math.max(0, brackets - 1)
    else if (t === '{') boundaries.push([index, token.end])
    else if (t === '}' && boundaries.length > 1) boundaries.pop()
    if (brackets === 0 && (t === '.' || t === '}')) boundaries[boundaries.length - 1] = [index, token.end]
    index++
  }
  if (!found) return []
  const [first, from] = boundaries[boundaries.length - 1]!
  const formatted = formatText(text, language, { ...options, sort: false })
  let [start, end] = [first < 0 ? 0 : -1, -1]
  let at = 0
  for (const token of tokens(formatted)) {
    if (at === first) start = token.end
    if (at++ === index) {
      if (token.text === '.') end = token.end
      break
    }
  }
  return start < 0 || end < 0 ? [] : editBetween(text.slice(from, dot + 1), formatted.slice(start, end), from)
}

/** Whether the `.` at `dot` may be the start of more of the word before it (`1.5`, `ex:a.b` being typed). */
function mayGoOn(previous: Token | undefined, dot: number): boolean {
  return previous !== undefined && previous.end === dot && previous.kind === 'term' && !/^[?$]/.test(previous.text)
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
