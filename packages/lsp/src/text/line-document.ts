// An open document kept as its lines, so that typing into a large one copies a line, not the document.

import type { Position, Range, TextDocument, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument'

/** Text read in windows of whole lines: what an edit needs to be tokenized again without the whole document. */
export interface TextWindows {
  readonly length: number
  /** At least `[from, to)`, widened to whole lines (so the character before it is a line break, or there is none). */
  window(from: number, to: number): { readonly text: string; readonly start: number }
  getText(): string
  /** The text in `[start, end)`. */
  slice(start: number, end: number): string
}

const LINE_BREAK = /\r\n|\r|\n/g

/**
 * A TextDocument (positions and offsets exactly as vscode-languageserver-textdocument gives them) that
 * keeps its lines, each with its line break, instead of one string. That library rebuilds the whole
 * text on each edit; V8 then copies it into a new flat string at the next character read — 1 MB per
 * keystroke in a 1 MB document, and the old-generation collections that garbage brings were the slowest
 * completions. Here an edit inside one line replaces that line; the whole text is joined only when
 * asked for, once per version.
 */
export class LineDocument implements Omit<TextDocument, 'getLineRange' | 'getEOLCharacters'>, TextWindows {
  /** Lines with their breaks; the last has none (it is '' when the text ends with a break). */
  #lines: string[]
  /** The offset where each line starts. */
  #starts: number[]
  #length: number
  #text: string | undefined
  #version: number

  constructor(
    readonly uri: string,
    readonly languageId: string,
    version: number,
    content: string,
  ) {
    this.#version = version
    this.#lines = splitLines(content)
    this.#starts = []
    this.#length = content.length
    this.#text = content
    this.#restart(0)
  }

  get version(): number {
    return this.#version
  }

  get lineCount(): number {
    return this.#lines.length
  }

  get length(): number {
    return this.#length
  }

  getText(range?: Range): string {
    if (range !== undefined) return this.slice(this.offsetAt(range.start), this.offsetAt(range.end))
    return (this.#text ??= this.#lines.join(''))
  }

  /** The text in `[start, end)`, reading only the lines it spans. */
  slice(start: number, end: number): string {
    if (this.#text !== undefined) return this.#text.slice(start, end)
    start = clamp(start, 0, this.#length)
    end = clamp(end, start, this.#length)
    let line = this.#lineOf(start)
    let from = start - this.#starts[line]!
    let out = ''
    for (let offset = start; offset < end; line++) {
      const text = this.#lines[line]!
      const to = Math.min(text.length, from + end - offset)
      out += text.slice(from, to)
      offset += to - from
      from = 0
    }
    return out
  }

  window(from: number, to: number): { readonly text: string; readonly start: number } {
    const first = this.#lineOf(clamp(from, 0, this.#length))
    const last = this.#lineOf(clamp(to, 0, this.#length))
    const start = this.#starts[first]!
    if (first === 0 && last === this.#lines.length - 1) return { text: this.getText(), start }
    return { text: this.#lines.slice(first, last + 1).join(''), start }
  }

  positionAt(offset: number): Position {
    offset = clamp(offset, 0, this.#length)
    const line = this.#lineOf(offset)
    return { line, character: Math.min(offset - this.#starts[line]!, this.#contentLength(line)) }
  }

  offsetAt(position: Position): number {
    if (position.line >= this.#lines.length) return this.#length
    if (position.line < 0) return 0
    const start = this.#starts[position.line]!
    if (position.character <= 0) return start
    return start + Math.min(position.character, this.#contentLength(position.line))
  }

  /** Applies changes as TextDocument.update does: ranges in the text as each change before it left it. */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    for (const change of changes) {
      if ('range' in change) {
        const a = this.offsetAt(change.range.start)
        const b = this.offsetAt(change.range.end)
        this.replace(Math.min(a, b), Math.max(a, b), change.text)
      } else {
        this.#lines = splitLines(change.text)
        this.#length = change.text.length
        this.#text = change.text
        this.#restart(0)
      }
    }
    this.#version = version
  }

  /** Replaces the offsets `[start, end)` with `text`. */
  replace(start: number, end: number, text: string): void {
    const first = this.#lineOf(start)
    const line = this.#lines[first]!
    const lineStart = this.#starts[first]!
    const delta = text.length - (end - start)
    this.#text = undefined
    this.#length += delta
    // Typing: an edit inside one line's content that brings no line break changes that line alone.
    // (Not at the start of a line after a lone `\r`: emptying the line could bring that `\r` and a `\n` together.)
    const afterLoneCr = start === lineStart && first > 0 && this.#lines[first - 1]!.endsWith('\r')
    if (end - lineStart <= this.#contentLength(first) && !hasBreak(text) && !afterLoneCr) {
      this.#lines[first] = line.slice(0, start - lineStart) + text + line.slice(end - lineStart)
      const starts = this.#starts
      if (delta !== 0) for (let i = first + 1; i < starts.length; i++) starts[i]! += delta
      return
    }
    // Otherwise the lines from the one before to the one after are joined, edited and split again: a
    // `\r` and a `\n` that the edit brings together become one break.
    const from = Math.max(0, first - 1)
    const to = Math.min(this.#lines.length - 1, this.#lineOf(end) + 1)
    const joined = this.#lines.slice(from, to + 1).join('')
    const base = this.#starts[from]!
    const edited = joined.slice(0, start - base) + text + joined.slice(end - base)
    const lines = splitLines(edited)
    // Unless they reach the end, the joined lines end with a break: the empty piece after it is not a line.
    if (to < this.#lines.length - 1) lines.pop()
    this.#lines.splice(from, to - from + 1, ...lines)
    this.#restart(from)
  }

  /** Recomputes the starts of the lines from `line` on. */
  #restart(line: number): void {
    const starts = this.#starts
    starts.length = this.#lines.length
    let offset = line === 0 ? 0 : starts[line - 1]! + this.#lines[line - 1]!.length
    for (let i = line; i < this.#lines.length; i++) {
      starts[i] = offset
      offset += this.#lines[i]!.length
    }
  }

  /** The line holding `offset` (the last line whose start is at or before it). */
  #lineOf(offset: number): number {
    const starts = this.#starts
    let low = 0
    let high = starts.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if (starts[mid]! > offset) high = mid
      else low = mid + 1
    }
    return Math.max(0, low - 1)
  }

  /** A line's length without its break. */
  #contentLength(line: number): number {
    const text = this.#lines[line]!
    let length = text.length
    while (length > 0 && isBreak(text.charCodeAt(length - 1))) length--
    return length
  }
}

/** The lines of `text`, each with its break (`\r\n`, `\r` or `\n`); the last has none. */
function splitLines(text: string): string[] {
  const lines: string[] = []
  let start = 0
  LINE_BREAK.lastIndex = 0
  for (let match = LINE_BREAK.exec(text); match !== null; match = LINE_BREAK.exec(text)) {
    lines.push(text.slice(start, LINE_BREAK.lastIndex))
    start = LINE_BREAK.lastIndex
  }
  lines.push(text.slice(start))
  return lines
}

function hasBreak(text: string): boolean {
  return text.includes('\n') || text.includes('\r')
}

function isBreak(c: number): boolean {
  return c === 10 || c === 13
}

function clamp(n: number, low: number, high: number): number {
  return n < low ? low : n > high ? high : n
}
