// Formatting part of a document: the top-level statements a range touches (Turtle), or the whole document
// where statements cannot be found without reading it all (TriG, SPARQL); and the edit that turns a text into
// its formatted form, as small as the two allow.

import type { Language } from '../syntax/tokens.js'
import { formatText } from './format.js'
import type { FormatOptions } from './options.js'

/** Replace `text.slice(start, end)` with `newText`. */
export interface TextEdit {
  readonly start: number
  readonly end: number
  readonly newText: string
}

/** The one edit that turns `text` into `formatted`: their common start and end are left out; none if equal. */
export function editBetween(text: string, formatted: string, offset = 0): TextEdit[] {
  if (text === formatted) return []
  let start = 0
  const shorter = Math.min(text.length, formatted.length)
  while (start < shorter && text.charCodeAt(start) === formatted.charCodeAt(start)) start++
  let end = 0
  while (end < shorter - start && text.charCodeAt(text.length - 1 - end) === formatted.charCodeAt(formatted.length - 1 - end)) end++
  return [{ start: offset + start, end: offset + text.length - end, newText: formatted.slice(start, formatted.length - end) }]
}

/** The edits that format the whole of `text` (a `FormatError` if it does not read). */
export function formatEdits(text: string, language: Language, options?: FormatOptions): TextEdit[] {
  return editBetween(text, formatText(text, language, options))
}

/**
 * The edits that format the statements from offset `start` to `end`. In Turtle only the top-level statements
 * the range touches are read and formatted — found by their lines (a statement starts at the start of a line
 * after one that ends with `.`), which a long string could fool: then, and in TriG and SPARQL, the whole
 * document is formatted and the edit kept as small as the difference.
 */
export function formatRangeEdits(text: string, language: Language, start: number, end: number, options?: FormatOptions): TextEdit[] {
  if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start <= end && end <= text.length)) {
    throw new TypeError(`a range to format must be offsets 0 ≤ start ≤ end ≤ ${text.length}`)
  }
  const span = language === 'turtle' ? statementsAround(text, start, end) : undefined
  if (span !== undefined) {
    const slice = text.slice(span.start, span.end)
    const code = slice.trimEnd()
    // The lines are formatted with the document's line ending, which they alone may not show.
    const asked = options?.endOfLine ?? 'auto'
    const endOfLine = asked !== 'auto' ? asked : text.charCodeAt(text.indexOf('\n') - 1) === 0x0d ? 'crlf' : 'lf'
    const newline = endOfLine === 'crlf' ? '\r\n' : '\n'
    try {
      const formatted = formatText(code, language, { ...options, endOfLine })
      return editBetween(code, formatted.endsWith(newline) ? formatted.slice(0, -newline.length) : formatted, span.start)
    } catch {
      // The lines did not hold whole statements: the whole document, which says where the error is.
    }
  }
  return formatEdits(text, language, options)
}

/** A code line that ends a statement: `.` last, or before a comment that holds no quote or IRI. */
const ENDS_STATEMENT = /\.\s*(?:#[^"'<>]*)?$/

/** The lines of the top-level statements around `start`…`end`, if the lines show them and no long string is open before. */
export function statementsAround(text: string, start: number, end: number): { start: number; end: number } | undefined {
  let from = text.lastIndexOf('\n', start - 1) + 1
  // Back to a line that starts a statement: code at its first column, after a line that ends one.
  for (let steps = 0; from > 0 && !startsStatement(text, from); steps++) {
    if (steps > 10_000) return undefined
    from = text.lastIndexOf('\n', from - 2) + 1
  }
  if (!evenLongQuotes(text, 0, from)) return undefined
  // On to a line that starts a statement, outside any long string the lines so far open.
  let to = text.indexOf('\n', end)
  for (let steps = 0; to >= 0 && to + 1 < text.length && !(startsStatement(text, to + 1) && evenLongQuotes(text, from, to)); steps++) {
    if (steps > 10_000) return undefined
    to = text.indexOf('\n', to + 1)
  }
  if (to < 0 || to + 1 >= text.length) to = text.length
  return { start: from, end: to }
}

/** Whether the line at `at` starts a statement: neither blank nor indented nor a comment, and the code line before it ends one. */
function startsStatement(text: string, at: number): boolean {
  const c = text.charCodeAt(at)
  if (Number.isNaN(c) || c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x23 /* # */) return false
  // The code line before: blank lines and comment lines passed over.
  for (let lineEnd = at - 1; lineEnd > 0;) {
    const lineStart = text.lastIndexOf('\n', lineEnd - 1) + 1
    const line = text.slice(lineStart, lineEnd).trim()
    if (line !== '' && !line.startsWith('#')) return ENDS_STATEMENT.test(line)
    lineEnd = lineStart - 1
  }
  return true
}

/** Whether `"""` and `'''` occur an even number of times from `from` to `to` (else a long string may be open at `to`). */
function evenLongQuotes(text: string, from: number, to: number): boolean {
  for (const quote of ['"""', "'''"]) {
    let count = 0
    for (let i = text.indexOf(quote, from); i >= 0 && i + 3 <= to; i = text.indexOf(quote, i + 3)) count++
    if (count % 2 !== 0) return false
  }
  return true
}
