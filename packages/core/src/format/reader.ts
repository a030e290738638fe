// A cursor over a document's pieces, shared by the Turtle and SPARQL layouts: what comes next, and each piece
// as printed (its comments kept, a keyword in the case asked for).

import { formatError } from './format-error.js'
import type { Layout } from './layout.js'
import { keywordCase, type ResolvedOptions } from './options.js'
import type { Piece } from './pieces.js'

export class PieceReader {
  at = 0
  constructor(
    readonly text: string,
    readonly pieces: readonly Piece[],
    readonly options: ResolvedOptions,
    /** Lower-case words printed in the keyword case asked for. */
    readonly keywords: ReadonlySet<string>,
  ) {}

  peek(ahead = 0): Piece | undefined {
    return this.pieces[this.at + ahead]
  }

  /** Whether the next piece is the punctuation `text`. */
  is(text: string): boolean {
    const next = this.pieces[this.at]?.token
    return next !== undefined && next.kind === 'punct' && next.text === text
  }

  /** Whether the next piece is the word `lower` in any case. */
  isWord(lower: string, ahead = 0): boolean {
    const next = this.pieces[this.at + ahead]?.token
    return next !== undefined && next.kind === 'term' && next.text.length === lower.length && next.text.toLowerCase() === lower
  }

  /** The next piece as printed, with its comments; the cursor moves past it. */
  take(): Layout {
    const piece = this.pieces[this.at]
    if (piece === undefined) this.fail('the document ends too early')
    this.at++
    // Most tokens have no comment around them: their text alone, no array.
    if (piece.leading.length === 0 && piece.trailing === undefined) return this.word(piece)
    return [...piece.leading, this.word(piece), piece.trailing ?? '']
  }

  /** A closing piece (`]`, `)`, `}`): the comments on lines of their own before it, and the piece itself. */
  takeCloser(text: string): { inner: readonly Layout[]; outer: Layout } {
    const piece = this.pieces[this.at]
    if (piece === undefined || piece.token.text !== text) this.fail(`expected '${text}'`)
    this.at++
    return { inner: piece.leading, outer: [piece.token.text, piece.trailing ?? ''] }
  }

  /** The next piece's text, a keyword in the case asked for. */
  word(piece: Piece): string {
    const { kind, text } = piece.token
    return kind === 'term' && text.length <= 12 && this.keywords.has(text.toLowerCase()) ? keywordCase(text, this.options) : text
  }

  /** A break before `piece` that keeps the blank line the author left before it. */
  blank(piece: Piece | undefined): boolean {
    return piece !== undefined && piece.blank && this.options.blankLines > 0
  }

  fail(message: string): never {
    const piece = this.pieces[this.at]
    const found = piece === undefined ? 'the end of the document' : `'${piece.token.text.slice(0, 40)}'`
    throw formatError(this.text, piece?.token.start ?? this.text.length, `${message}; found ${found}`)
  }
}
