// JSON text read with the position of its first error: JSON.parse does the parsing, and when it fails a
// scan of the grammar (RFC 8259) finds where, because V8's messages give a position only sometimes.

/** Parsed JSON, or where and why it is not JSON (line and column 1-based, columns in UTF-16 units). */
export type JsonText =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string; readonly line: number; readonly column: number }

export function parseJsonText(text: string): JsonText {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (error) {
    const offset = firstJsonError(text)
    const { line, column } = lineAndColumn(text, offset)
    const found = offset >= text.length ? 'the end of the text' : `'${text[offset]}'`
    return { ok: false, message: `not valid JSON: ${(error as Error).message.replace(/\s+/g, ' ').slice(0, 160)} (unexpected ${found})`, line, column }
  }
}

/** Line and column (1-based) of `offset` in `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let start = 0
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++
    start = i + 1
  }
  return { line, column: offset - start + 1 }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y

/** The offset of the first character where `text` stops being JSON (its length when it ends too early). */
function firstJsonError(text: string): number {
  let i = 0
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++
  }
  const step = (n: number): true => {
    i += n
    return true
  }
  const match = (pattern: RegExp): boolean => {
    pattern.lastIndex = i
    if (!pattern.test(text)) return false
    i = pattern.lastIndex
    return true
  }
  // Each reader returns false at the first error, with i on it.
  const value = (depth: number): boolean => {
    space()
    if (depth > 10_000) return false
    const c = text[i]
    if (c === '{') {
      i++
      space()
      if (text[i] === '}') return step(1)
      for (;;) {
        space()
        if (!match(STRING)) return false
        space()
        if (text[i] !== ':') return false
        i++
        if (!value(depth + 1)) return false
        space()
        if (text[i] === '}') return step(1)
        if (text[i] !== ',') return false
        i++
      }
    }
    if (c === '[') {
      i++
      space()
      if (text[i] === ']') return step(1)
      for (;;) {
        if (!value(depth + 1)) return false
        space()
        if (text[i] === ']') return step(1)
        if (text[i] !== ',') return false
        i++
      }
    }
    if (c === '"') return match(STRING) || stringError()
    for (const word of ['true', 'false', 'null']) if (text.startsWith(word, i)) return step(word.length)
    return match(NUMBER)
  }
  // Inside a string that does not match, the error is at its first bad character or its missing end.
  const stringError = (): false => {
    for (i++; i < text.length; i++) {
      const c = text.charCodeAt(i)
      if (c === 0x22) break
      if (c < 0x20) return false
      if (c === 0x5c) {
        const next = text[i + 1]
        if (next === 'u' ? !/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)) : !'"\\/bfnrt'.includes(next ?? 'x')) return false
        i += next === 'u' ? 5 : 1
      }
    }
    return false
  }
  if (value(0)) {
    space()
    if (i >= text.length) return text.length // JSON.parse failed on something else (not expected)
  }
  return i
}
