// A document's tokens as the formatters take them: comments attached to the token they lead or follow, and
// the blank space the author left between tokens (none, a space, a line break, a blank line).

import { tokens, type Token } from '../syntax/tokens.js'
import { formatError } from './format-error.js'
import { comment, hardLine, type Layout } from './layout.js'

/** A token that is not a comment, with the comments around it. */
export interface Piece {
  readonly token: Token
  /** Comments on lines of their own before it. */
  readonly leading: Layout[]
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

export function piecesOf(text: string): { pieces: Piece[]; tail: Layout[] } {
  const pieces: Piece[] = []
  let leading: Layout[] = NONE
  let previousEnd = 0
  let first: { spaced: boolean; newline: boolean; blank: boolean } | undefined
  for (const token of tokens(text)) {
    const gap = text.slice(previousEnd, token.start)
    const newlines = countNewlines(gap)
    previousEnd = token.end
    if (token.kind === 'comment') {
      const last = pieces[pieces.length - 1]
      if (newlines === 0 && leading.length === 0 && last !== undefined && last.trailing === undefined) last.trailing = comment(token.text, false, false)
      else {
        if (leading === NONE) leading = []
        leading.push(comment(token.text, true, newlines > 1))
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
  return { pieces, tail: leading }
}

function countNewlines(gap: string): number {
  let count = 0
  for (let i = gap.indexOf('\n'); i >= 0; i = gap.indexOf('\n', i + 1)) count++
  return count
}
