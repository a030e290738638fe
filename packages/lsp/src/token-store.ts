// A document's tokens kept up to date edit by edit: an edit is tokenized again from the token before it
// until the new tokens meet the old ones again, and the tokens after are shifted. Typing into a 1 MB
// document then costs a few tokens, not a million characters.

import { declarationsIn, headerEnd, isDirective, namesInToken, tokens, type Declaration, type Token } from '@prefixd/core/syntax'
import type { TextWindows } from './line-document.js'

type MutableToken = { -readonly [K in keyof Token]: Token[K] }

/**
 * A prefixed name written in a token, its offsets relative to the token's start (which edits move). A 1 MB
 * document has some 50,000: each is one small object, kept with its token — its prefix shared with the other
 * names of that prefix, `written` the token's own text when the name is the whole token, its local part cut
 * from it only when asked (the check asks once per distinct name), and a token of one name holds it without
 * an array. Names as plain objects in an array each, with strings of their own, took 15 MB for that document.
 */
export class TokenName {
  /**
   * The diagnostics' check of this name (`checkResult`), with the checker and the namespace it was made with: an edit
   * leaves most names be. Fields of the name itself, not an object of their own: the first pass over a 1 MB document
   * checks some 50,000 names, and an object each was as many more for the collector to copy, promote and mark.
   */
  checkedBy: object | undefined = undefined
  checkedIn: string | undefined = undefined
  checkResult: string | null | undefined = undefined

  constructor(
    readonly prefix: string,
    /** `prefix:local` as written. */
    readonly written: string,
    readonly from: number,
    readonly to: number,
  ) {}

  get local(): string {
    return this.written.slice(this.prefix.length + 1)
  }
}

/** What {@link TokenStore} keeps for a token without names. */
const NONE: readonly TokenName[] = []

/** Prefixes shared at most (then the sharing starts afresh): a document has tens, an edited one a few more. */
const MAX_PREFIXES = 10_000

/** Characters after an edit read with it: tokens meet the old ones again well within this. */
const WINDOW_AHEAD = 4096

/** Tokens replaced at once with `splice(…spread)`; beyond this the arrays are concatenated (spread arguments overflow the stack). */
const SPLICE_LIMIT = 10_000

export class TokenStore {
  #tokens: MutableToken[]
  /**
   * The names of each token, read on first use and kept while the token is (the tokens and this array are spliced
   * alike): the name itself when the token holds one (most do), an array when it holds several or none.
   */
  #names: Array<TokenName | readonly TokenName[] | undefined>
  /** Each prefix the names were read with, once: the names of a prefix share its string. */
  readonly #prefixes = new Map<string, string>()
  #declarations: Declaration[] | undefined
  #headerEnd: number | undefined

  readonly #windowAhead: number

  /** `windowAhead`: characters after an edit read with it (tests make it small, so that windows end mid-text). */
  constructor(text: string, options: { readonly windowAhead?: number } = {}) {
    this.#windowAhead = options.windowAhead ?? WINDOW_AHEAD
    this.#tokens = [...tokens(text)]
    this.#names = new Array<TokenName | readonly TokenName[] | undefined>(this.#tokens.length)
  }

  /**
   * Calls `visit` with each prefixed name written in token `i` and the token's start (none for a directive's own
   * tokens: callers skip directives).
   */
  eachName(i: number, visit: (name: TokenName, tokenStart: number) => void): void {
    const start = this.#tokens[i]!.start
    const names = this.#names[i] ?? this.#readNames(i)
    if (names instanceof TokenName) visit(names, start)
    else for (let n = 0; n < names.length; n++) visit(names[n]!, start)
  }

  /** The prefixed names written in token `i`, read and kept. */
  #readNames(i: number): TokenName | readonly TokenName[] {
    const token = this.#tokens[i]!
    let names: TokenName | readonly TokenName[] = NONE
    for (const name of namesInToken(token)) {
      const from = name.start - token.start
      const written = from === 0 && name.end === token.end ? token.text : `${name.prefix}:${name.local}`
      let prefix = this.#prefixes.get(name.prefix)
      if (prefix === undefined) {
        if (this.#prefixes.size >= MAX_PREFIXES) this.#prefixes.clear()
        this.#prefixes.set(name.prefix, (prefix = name.prefix))
      }
      const read = new TokenName(prefix, written, from, name.end - token.start)
      names = names === NONE ? read : [...(names instanceof TokenName ? [names] : names), read]
    }
    return (this.#names[i] = names)
  }

  get tokens(): readonly Token[] {
    return this.#tokens
  }

  /** Where the document's header ends (see core's headerEnd), kept across edits after it that touch no directive. */
  get headerEnd(): number {
    return (this.#headerEnd ??= headerEnd(this.#tokens))
  }

  /** The document's declarations, kept across edits that do not touch a directive. */
  get declarations(): readonly Declaration[] {
    return (this.#declarations ??= declarationsIn(this.#tokens))
  }

  /**
   * Takes the edit that replaced `[start, end)` of the old text with `inserted`. `text` is the new text,
   * whole or read in windows of lines: the tokens are read from a window around the edit, and from the
   * whole text only when they do not meet the old ones again inside it.
   */
  edit(start: number, end: number, inserted: string, text: string | TextWindows): void {
    const source = typeof text === 'string' ? wholeText(text) : text
    const old = this.#tokens
    const delta = inserted.length - (end - start)
    // A token depends on the text up to one character past its end (past the dots after a name); but a `<` read as less-than was
    // decided by the text up to the next blank, so an edit before that blank may make it an IRI.
    let first = firstEndingAtOrAfter(old, start - 1)
    // A name followed by dots was decided by the character after the dots (`ex:a..b` is one name): from the name.
    while (first > 0 && first < old.length && old[first]!.kind === 'punct' && old[first]!.text === '.' && old[first - 1]!.end === old[first]!.start) first--
    const from = Math.max(0, Math.min(old[first]?.start ?? start, start - 1))
    let window = source.window(from, Math.min(source.length, start + inserted.length + this.#windowAhead))
    // The window starts at a line's start: the scan for a blank stops there at the latest.
    let blank = start - 1
    while (blank >= window.start && !isBlank(window.text.charCodeAt(blank - window.start))) blank--
    for (let k = firstEndingAtOrAfter(old, blank + 1); k < first; k++) {
      if (old[k]!.kind === 'punct' && old[k]!.text === '<') {
        first = k
        break
      }
    }
    const restart = first < old.length ? Math.min(old[first]!.start, start) : start
    let fresh: MutableToken[] = []
    let next = first
    let resynced = false
    retokenize: for (;;) {
      const shift = window.start
      const partial = shift + window.text.length < source.length
      for (const token of tokens(window.text, restart - shift)) {
        // A token at the window's end may go on past it: read the whole text instead.
        if (partial && token.end >= window.text.length - 1) break

        const tokenStart = token.start + shift
        const tokenEnd = token.end + shift
        if (tokenStart >= start + inserted.length) {
          while (next < old.length && old[next]!.start + delta < tokenStart) next++
          const match = old[next]
          if (
            match !== undefined &&
            match.start >= end &&
            match.start + delta === tokenStart &&
            match.end + delta === tokenEnd &&
            match.kind === token.kind &&
            match.closed === token.closed
          ) {
            resynced = true
            break retokenize
          }
        }
        fresh.push({ ...token, start: tokenStart, end: tokenEnd, text: detach(token.text) })
      }
      if (!partial) break
      // The window ended before the new tokens met the old ones: read the whole text instead.
      window = { text: source.getText(), start: 0 }
      fresh = []
      next = first
    }
    if (!resynced) next = old.length
    this.#invalidate(old, first, next, fresh, start, end, delta)
    const unread = new Array<TokenName | readonly TokenName[] | undefined>(fresh.length)
    if (fresh.length + (next - first) < SPLICE_LIMIT) {
      old.splice(first, next - first, ...fresh)
      this.#names.splice(first, next - first, ...unread)
    } else {
      this.#tokens = old.slice(0, first).concat(fresh, old.slice(next))
      this.#names = this.#names.slice(0, first).concat(unread, this.#names.slice(next))
    }
    const list = this.#tokens
    if (delta !== 0) {
      for (let k = first + fresh.length; k < list.length; k++) {
        const token = list[k]!
        token.start += delta
        token.end += delta
      }
    }
  }

  /** Drops the declarations if the edit may change one; else shifts those after it. */
  #invalidate(old: readonly Token[], first: number, next: number, fresh: readonly Token[], start: number, end: number, delta: number): void {
    const declarations = this.#declarations
    if (declarations === undefined && this.#headerEnd === undefined) return
    // The three tokens before the edit: a directive being completed (`PREFIX ex:` and now its IRI).
    const touched = [...old.slice(Math.max(0, first - 3), next), ...fresh]
    const directive = touched.some(isDirective)
    const spanStart = Math.min(old[first]?.start ?? start, start)
    const spanEnd = Math.max(old[next - 1]?.end ?? end, end)
    if (this.#headerEnd !== undefined && (directive || spanStart <= this.#headerEnd + 1)) this.#headerEnd = undefined
    if (declarations === undefined) return
    if (directive || declarations.some((d) => d.start <= spanEnd && spanStart <= d.end + 1)) {
      this.#declarations = undefined
      return
    }
    // Tokens after the edit are shifted in place; the declarations' own offsets are copied numbers.
    if (delta !== 0) this.#declarations = declarations.map((d) => (d.start >= end ? { ...d, start: d.start + delta, end: d.end + delta } : d))
  }
}

/**
 * A copy of `text` that holds no reference to the string it was cut from. V8 keeps a long slice as a
 * view of its parent, and a token outlives its document version: without the copy, every edit that
 * makes a long token would keep that whole version of the document alive.
 */
function detach(text: string): string {
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string)
}

/** A whole string as text windows. */
function wholeText(text: string): TextWindows {
  return { length: text.length, window: () => ({ text, start: 0 }), getText: () => text }
}

/** Index of the first span whose end is at or after `offset` (spans sorted and not overlapping: tokens, names, IRIs). */
export function firstEndingAtOrAfter(list: readonly { readonly end: number }[], offset: number): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (list[mid]!.end < offset) low = mid + 1
    else high = mid
  }
  return low
}

const BLANK = /\s/u

function isBlank(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13 || (c > 127 && BLANK.test(String.fromCharCode(c))) || c === 11 || c === 12
}
