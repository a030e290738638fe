// A document's tokens as the formatters take them: comments attached to the token they lead or follow, and
// the blank space the author left between tokens (none, a space, a line break, a blank line).

import { tokens, type Token } from '../syntax/tokens.js'
import { formatError } from './format-error.js'
import { comment, hardLine, type Layout } from './layout.js'

/** A token that is not a comment, with the comments around it. */
export interface Piece {
  readonly token: Token
  /** Comments on lines of their own before it (the Turtle layout takes the first piece's as the file's header). */
  leading: Layout[]
  /** The comment after it on its line. */
  trailing: Layout | undefined
  /** Blank space before it in the input (or before its first leading comment): a space, a line break, a blank line. */
  readonly spaced: boolean
  readonly newline: boolean
  readonly blank: boolean
}

/** The pieces of `text` and the comments after the last one; an unclosed string or IRI is a `FormatError`. */
/** The leading comments of the many pieces that have none: one array, never written to. */
const NONE: Layout[] = []

export function piecesOf(text: string): { pieces: Piece[]; tail: Layout[]; crlf: boolean } {
  const pieces: Piece[] = []
  let leading: Layout[] = NONE
  let previousEnd = 0
  let first: { spaced: boolean; newline: boolean; blank: boolean } | undefined
  /** The first line break between tokens is CRLF (one inside a long string is the string's own). */
  let crlf: boolean | undefined
  for (const token of tokens(text)) {
    const gap = text.slice(previousEnd, token.start)
    const newlines = countNewlines(gap)
    // (A comment holds the CR of its line's CRLF: so the character before the `\n` is read from the text.)
    if (crlf === undefined && newlines > 0) crlf = text.charCodeAt(previousEnd + gap.indexOf('\n') - 1) === 0x0d
    previousEnd = token.end
    if (token.kind === 'comment') {
      // A comment runs to the line's end, so on a CRLF line it holds the CR: the printer writes the line ending.
      const text = token.text.endsWith('\r') ? token.text.slice(0, -1) : token.text
      const last = pieces[pieces.length - 1]
      if (newlines === 0 && leading.length === 0 && last !== undefined && last.trailing === undefined) last.trailing = comment(text, false, false)
      else {
        if (leading === NONE) leading = []
        leading.push(comment(text, true, newlines > 1))
        first ??= { spaced: gap !== '', newline: newlines > 0, blank: newlines > 1 }
      }
      continue
    }
    if (!token.closed) throw formatError(text, token.start, `${token.kind === 'iri' ? 'an IRI' : 'a string'} that is not closed`)
    // A blank line between the comments and their token stays.
    if (leading.length > 0 && newlines > 1) leading.push(hardLine(true))
    const around = first ?? { spaced: gap !== '', newline: newlines > 0, blank: newlines > 1 }
    pieces.push({ token, leading, trailing: undefined, ...around })
    leading = NONE
    first = undefined
  }
  if (crlf === undefined) {
    const last = text.indexOf('\n', previousEnd)
    crlf = last > 0 && text.charCodeAt(last - 1) === 0x0d
  }
  return { pieces, tail: leading, crlf }
}

function countNewlines(gap: string): number {
  let count = 0
  for (let i = gap.indexOf('\n'); i >= 0; i = gap.indexOf('\n', i + 1)) count++
  return count
}
