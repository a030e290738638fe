// Why a document was not formatted: it does not read as Turtle, TriG or SPARQL where the formatter needs it to.

/** A formatter's refusal: the text has a syntax error at `offset` (line and column from 1), and nothing was changed. */
export class FormatError extends Error {
  override readonly name = 'FormatError'
  readonly code = 'SYNTAX'
  constructor(
    message: string,
    readonly offset: number,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${line}:${column}: ${message}`)
  }
}

/** The error for `text` at `offset`, its line and column counted. */
export function formatError(text: string, offset: number, message: string): FormatError {
  let line = 1
  let lineStart = 0
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++
    lineStart = i + 1
  }
  return new FormatError(message, offset, line, offset - lineStart + 1)
}
