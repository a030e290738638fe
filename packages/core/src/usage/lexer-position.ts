// Where n3's lexer stopped, for its own errors: they carry a line and no token (an unterminated string, a character
// no token starts with), so a reading said `file:3` where the issue asks for the line and the column.

type ErrorWithContext = Error & { context?: Record<string, unknown> }

interface LexerInternals {
  _line: number
  _input: string | null | undefined
  /** The column (0-based) at which `_input` starts: n3 keeps the rest of a line between chunks. */
  _linePosition: number
  previousToken?: { readonly line: number; readonly end?: number; readonly endLine?: number }
  _tryTokenizeToEnd(callback: unknown, inputFinished: boolean): void
  _syntaxError(issue: string | null, message?: string): ErrorWithContext
}

/**
 * Makes the errors of `lexer` (n3 2.x's, through its internals; any other is left as it is) carry `context.column`,
 * 1-based, where n3 gives the line alone. It costs a call per chunk read; the place is found only on an error: the
 * lexer's error names the text that starts there (`"unterminated`), on the line it has reached, after the token before.
 */
export function placeLexerErrors(lexer: unknown): void {
  const internals = lexer as Partial<LexerInternals>
  const tokenize = internals._tryTokenizeToEnd
  const syntaxError = internals._syntaxError
  if (typeof tokenize !== 'function' || typeof syntaxError !== 'function') return
  // The line the buffered input starts on: n3 counts lines as it consumes them, from there.
  let firstLine = 1
  internals._tryTokenizeToEnd = function (this: LexerInternals, callback: unknown, inputFinished: boolean) {
    firstLine = this._line
    return tokenize.call(this, callback, inputFinished)
  }
  internals._syntaxError = function (this: LexerInternals, issue: string | null, message?: string) {
    const { _input: input, _line: line, _linePosition: start, previousToken: previous } = this
    const error = message === undefined ? syntaxError.call(this, issue) : syntaxError.call(this, issue, message)
    if (typeof issue !== 'string' || issue === '' || typeof input !== 'string' || error.context === undefined) return error
    const after = previous !== undefined && (previous.endLine ?? previous.line) === line ? previous.end : undefined
    const column = columnOf(input, issue, line - firstLine, start, after)
    if (column !== undefined) error.context.column = column
    return error
  }
}

/**
 * The 1-based column of `issue` in `input` on the line `breaks` line breaks in (`\r\n`, `\r`, `\n`, as n3 counts
 * them), not before column `after` (where the token before ended); `start` is the column `input` starts at.
 */
function columnOf(input: string, issue: string, breaks: number, start: number, after: number | undefined): number | undefined {
  let lineStart = 0
  for (let seen = 0; seen < breaks; lineStart++) {
    if (lineStart >= input.length) return undefined
    const code = input.charCodeAt(lineStart)
    if (code === 0x0a || (code === 0x0d && input.charCodeAt(lineStart + 1) !== 0x0a)) seen++
  }
  const base = breaks === 0 ? start : 0
  const from = lineStart + Math.max(0, (after ?? 0) - base)
  const found = input.indexOf(issue, from)
  if (found < 0 || /[\r\n]/.test(input.slice(lineStart, found))) return undefined
  return base + (found - lineStart) + 1
}
