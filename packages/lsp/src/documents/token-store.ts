// A document's tokens kept up to date edit by edit: an edit is tokenized again from the token before it
// until the new tokens meet the old ones again, and the tokens after are shifted. Typing into a 1 MB
// document then costs a few tokens, not a million characters. The tokens are kept as columns of numbers
// (their offsets and kinds), their text read from the document when a token is asked for.

import {
  declarationsIn,
  directiveAt,
  irisIn,
  isDirective,
  namesInToken,
  tokens,
  type Declaration,
  type IriUse,
  type NameUse,
  type Token,
} from '@prefixd/core/syntax'
import type { TextWindows } from '../text/line-document.js'
import { TokenName } from './token-name.js'

/**
 * A token as kept in {@link TokenStore}'s kinds column, a byte: its kind (the low 3 bits), {@link UNCLOSED}, and
 * what an edit must know of the old tokens whose text is gone: a punctuation's character (the high 4 bits, its
 * index in {@link PUNCT} plus one), whether a term is a directive's keyword ({@link DIRECTIVE}).
 */
const KINDS: readonly Token['kind'][] = ['punct', 'term', 'literal', 'iri', 'comment']
const KIND_CODE: Readonly<Record<Token['kind'], number>> = { punct: 0, term: 1, literal: 2, iri: 3, comment: 4 }
const UNCLOSED = 8
/** A term's flag (a punctuation's character takes these bits). */
const DIRECTIVE = 16
/** The characters a punctuation token may be (the tokenizer's, and `<` as less-than). */
const PUNCT = '.;,[](){}<'

/** A token's byte in the kinds column. */
function codeOf(token: Token): number {
  const code = KIND_CODE[token.kind] | (token.closed ? 0 : UNCLOSED)
  if (token.kind === 'punct') return code | ((PUNCT.indexOf(token.text) + 1) << 4)
  return token.kind === 'term' && isDirective(token) ? code | DIRECTIVE : code
}

/** What {@link TokenStore} keeps for a token without names. */
const NONE: readonly TokenName[] = []

/** Prefixes shared at most (then the sharing starts afresh): a document has tens, an edited one a few more. */
const MAX_PREFIXES = 10_000

/** Characters after an edit read with it: tokens meet the old ones again well within this. */
const WINDOW_AHEAD = 4096

/** Tokens replaced at once with `splice(…spread)`; beyond this the arrays are concatenated (spread arguments overflow the stack). */
const SPLICE_LIMIT = 10_000

/**
 * The tokens of a document, kept as columns: each token's start, end and kind (9 bytes), its text read from the
 * document when the token is asked for. bench/lsp.ts's 1 MB document has 98,000 tokens: as objects, each with
 * its text cut from the document's, they took 9.2 MB of the heap, and as many objects made on opening it that
 * the collector had to copy and promote.
 */
export class TokenStore {
  #starts: Int32Array
  #ends: Int32Array
  #kinds: Uint8Array
  #count: number
  /** The text the tokens are read from, as the last edit left it. */
  #source: TextWindows
  /**
   * The names of each token, read on first use and kept while the token is (spliced as the tokens are): the name
   * itself when the token holds one (most do), an array when it holds several or none.
   */
  #names: Array<TokenName | readonly TokenName[] | undefined>
  /** Each prefix the names were read with, once: the names of a prefix share its string. */
  readonly #prefixes = new Map<string, string>()
  #declarations: Declaration[] | undefined
  #headerEnd: number | undefined

  readonly #windowAhead: number

  /**
   * `text`: the document, whole or in windows of lines (read again for a token's text until the next edit).
   * `windowAhead`: characters after an edit read with it (tests make it small, so that windows end mid-text).
   */
  constructor(text: string | TextWindows, options: { readonly windowAhead?: number } = {}) {
    this.#windowAhead = options.windowAhead ?? WINDOW_AHEAD
    this.#source = typeof text === 'string' ? wholeText(text) : text
    const capacity = Math.max(16, this.#source.length >>> 3)
    this.#starts = new Int32Array(capacity)
    this.#ends = new Int32Array(capacity)
    this.#kinds = new Uint8Array(capacity)
    this.#count = 0
    for (const token of tokens(this.#source.getText())) this.#push(token)
    this.#names = new Array<TokenName | readonly TokenName[] | undefined>(this.#count)
  }

  /** How many tokens there are. */
  get length(): number {
    return this.#count
  }

  /** Token `i`, its text read from the document (`undefined` past the last). */
  token(i: number): Token | undefined {
    if (i < 0 || i >= this.#count) return undefined
    const start = this.#starts[i]!
    const end = this.#ends[i]!
    const code = this.#kinds[i]!
    const text = (code & 7) === KIND_CODE.punct && code >> 4 !== 0 ? PUNCT[(code >> 4) - 1]! : this.#source.slice(start, end)
    return { kind: KINDS[code & 7]!, text, start, end, closed: (code & UNCLOSED) === 0 }
  }

  /** Tokens `[from, to)`. */
  tokens(from = 0, to = this.#count): Token[] {
    const list: Token[] = []
    for (let i = Math.max(0, from); i < Math.min(to, this.#count); i++) list.push(this.token(i)!)
    return list
  }

  kindOf(i: number): Token['kind'] {
    return KINDS[this.#kinds[i]! & 7]!
  }

  startOf(i: number): number {
    return this.#starts[i]!
  }

  endOf(i: number): number {
    return this.#ends[i]!
  }

  /** Index of the token holding `offset` (its end included), else of the first token after it (see {@link firstEndingAtOrAfter}). */
  indexAt(offset: number): number {
    const ends = this.#ends
    let low = 0
    let high = this.#count
    while (low < high) {
      const mid = (low + high) >>> 1
      if (ends[mid]! < offset) low = mid + 1
      else high = mid
    }
    return low
  }

  /** Whether token `i` is a directive's keyword (core's isDirective). */
  isDirective(i: number): boolean {
    return (this.#kinds[i]! & (DIRECTIVE | 7)) === (DIRECTIVE | KIND_CODE.term)
  }

  /** The index after the directive at token `i` (`i + 1` when it is not a whole one), as core's directiveEnd. */
  directiveEnd(i: number): number {
    return i + (directiveAt(this.tokens(i, i + 4), 0)?.next ?? 1)
  }

  /**
   * Calls `visit` with each prefixed name written in token `i` and the token's start (none for a directive's own
   * tokens: callers skip directives).
   */
  eachName(i: number, visit: (name: TokenName, tokenStart: number) => void): void {
    const start = this.#starts[i]!
    const names = this.#names[i] ?? this.#readNames(i)
    if (names instanceof TokenName) visit(names, start)
    else for (let n = 0; n < names.length; n++) visit(names[n]!, start)
  }

  /** The prefixed names written in token `i`, read and kept. */
  #readNames(i: number): TokenName | readonly TokenName[] {
    const code = this.#kinds[i]! & 7
    // Only terms and closed literals (their datatype) hold names.
    if (code !== KIND_CODE.term && code !== KIND_CODE.literal) return (this.#names[i] = NONE)
    const token = this.token(i)!
    let names: TokenName | readonly TokenName[] = NONE
    for (const name of namesInToken(token)) {
      const from = name.start - token.start
      // Copies, not slices of the token's text: V8 keeps a slice of 13 characters or more as a view of the string it
      // was cut from — the document's text joined for that version, or a line of it (a 5 MB line per keystroke) — and
      // a name outlives the version it was read in (20 edits of a 1 MB document, each text joined: 19 MB kept).
      const written = copyOf(from === 0 && name.end === token.end ? token.text : `${name.prefix}:${name.local}`)
      let prefix = this.#prefixes.get(name.prefix)
      if (prefix === undefined) {
        if (this.#prefixes.size >= MAX_PREFIXES) this.#prefixes.clear()
        this.#prefixes.set(name.prefix, (prefix = copyOf(name.prefix)))
      }
      const read = new TokenName(prefix, written, from, name.end - token.start)
      names = names === NONE ? read : [...(names instanceof TokenName ? [names] : names), read]
    }
    return (this.#names[i] = names)
  }

  /** The prefixed names used outside the directives, in order (core's namesIn), from the names kept: no token is made. */
  *namesUsed(): Generator<NameUse> {
    for (let i = 0; i < this.#count; i++) {
      if (this.isDirective(i)) {
        i = this.directiveEnd(i) - 1
        continue
      }
      const start = this.#starts[i]!
      const names = this.#names[i] ?? this.#readNames(i)
      for (const name of names instanceof TokenName ? [names] : names) {
        yield { prefix: name.prefix, local: name.local, start: start + name.from, end: start + name.to }
      }
    }
  }

  /** The `<…>` IRIs used outside the directives, in order (core's irisIn): only IRIs and literals (a datatype's IRI) are made. */
  *irisUsed(): Generator<IriUse> {
    for (let i = 0; i < this.#count; i++) {
      if (this.isDirective(i)) {
        i = this.directiveEnd(i) - 1
        continue
      }
      const code = this.#kinds[i]!
      if (code === KIND_CODE.iri || code === KIND_CODE.literal) yield* irisIn([this.token(i)!]) // closed ones (no UNCLOSED bit)
    }
  }

  /** Where the document's header ends (see core's headerEnd), kept across edits after it that touch no directive. */
  get headerEnd(): number {
    return (this.#headerEnd ??= this.#readHeaderEnd())
  }

  /** The document's declarations, kept across edits that do not touch a directive. */
  get declarations(): readonly Declaration[] {
    return (this.#declarations ??= this.#readDeclarations())
  }

  /** Core's headerEnd, reading the tokens of the header only. */
  #readHeaderEnd(): number {
    let end = -1
    for (let i = 0; ;) {
      const { list, indices } = this.#window(i)
      const directive = directiveAt(list, 0)
      if (directive === undefined) return end
      end = list[directive.next - 1]!.end
      i = indices[directive.next - 1]! + 1
    }
  }

  /** Core's declarationsIn, reading the tokens of the directives only (each with the tokens it may take). */
  #readDeclarations(): Declaration[] {
    const found: Declaration[] = []
    for (let i = 0; i < this.#count; i++) {
      if (!this.isDirective(i)) continue
      const { list, indices } = this.#window(i)
      const directive = directiveAt(list, 0)
      if (directive === undefined) continue
      // Core reads the declaration alike from these tokens (its own window of them).
      const [declaration] = declarationsIn(list.slice(0, directive.next))
      if (declaration !== undefined) found.push(declaration)
      i = indices[directive.next - 1]!
    }
    return found
  }

  /** The (at most) four tokens from `at` on that are not comments, and their indices: what a directive may take (as core reads it). */
  #window(at: number): { list: Token[]; indices: number[] } {
    const list: Token[] = []
    const indices: number[] = []
    for (let i = at; i < this.#count && list.length < 4; i++) {
      if ((this.#kinds[i]! & 7) === KIND_CODE.comment) continue
      list.push(this.token(i)!)
      indices.push(i)
    }
    return { list, indices }
  }

  /** Appends a token to the columns, growing them when full. */
  #push(token: Token): void {
    if (this.#count === this.#starts.length) this.#grow(this.#count + 1)
    this.#starts[this.#count] = token.start
    this.#ends[this.#count] = token.end
    this.#kinds[this.#count] = codeOf(token)
    this.#count++
  }

  /** Makes room for at least `needed` tokens. */
  #grow(needed: number): void {
    const capacity = Math.max(needed, Math.ceil(this.#starts.length * 1.5) + 16)
    const starts = new Int32Array(capacity)
    const ends = new Int32Array(capacity)
    const kinds = new Uint8Array(capacity)
    starts.set(this.#starts.subarray(0, this.#count))
    ends.set(this.#ends.subarray(0, this.#count))
    kinds.set(this.#kinds.subarray(0, this.#count))
    this.#starts = starts
    this.#ends = ends
    this.#kinds = kinds
  }

  /**
   * Takes the edit that replaced `[start, end)` of the old text with `inserted`. `text` is the new text,
   * whole or read in windows of lines: the tokens are read from a window around the edit, and from the
   * whole text only when they do not meet the old ones again inside it. The tokens' text is read from it
   * from now on.
   */
  edit(start: number, end: number, inserted: string, text: string | TextWindows): void {
    const source = typeof text === 'string' ? wholeText(text) : text
    const count = this.#count
    const starts = this.#starts
    const ends = this.#ends
    const kinds = this.#kinds
    // The old tokens' text is gone (the document is edited already): what an edit reads of them is in their kinds.
    const isChar = (k: number, c: string): boolean => kinds[k]! >> 4 === PUNCT.indexOf(c) + 1 && (kinds[k]! & 7) === KIND_CODE.punct
    const delta = inserted.length - (end - start)
    // A token depends on the text up to one character past its end (past the dots after a name); but a `<` read as less-than was
    // decided by the text up to the next blank, so an edit before that blank may make it an IRI. (Read in the old text: before the edit.)
    let first = this.indexAt(start - 1)
    // A name followed by dots was decided by the character after the dots (`ex:a..b` is one name): from the name.
    while (first > 0 && first < count && isChar(first, '.') && ends[first - 1] === starts[first]) first--
    const from = Math.max(0, Math.min(first < count ? starts[first]! : start, start - 1))
    let window = source.window(from, Math.min(source.length, start + inserted.length + this.#windowAhead))
    // The window starts at a line's start: the scan for a blank stops there at the latest.
    let blank = start - 1
    while (blank >= window.start && !isBlank(window.text.charCodeAt(blank - window.start))) blank--
    for (let k = this.indexAt(blank + 1); k < first; k++) {
      if (isChar(k, '<')) {
        first = k
        break
      }
    }
    const restart = first < count ? Math.min(starts[first]!, start) : start
    let fresh: Token[] = []
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
          while (next < count && starts[next]! + delta < tokenStart) next++
          if (
            next < count &&
            starts[next]! >= end &&
            starts[next]! + delta === tokenStart &&
            ends[next]! + delta === tokenEnd &&
            (kinds[next]! & 15) === (KIND_CODE[token.kind] | (token.closed ? 0 : UNCLOSED))
          ) {
            resynced = true
            break retokenize
          }
        }
        fresh.push({ ...token, start: tokenStart, end: tokenEnd })
      }
      if (!partial) break
      // The window ended before the new tokens met the old ones: read the whole text instead.
      window = { text: source.getText(), start: 0 }
      fresh = []
      next = first
    }
    if (!resynced) next = count
    this.#invalidate(first, next, fresh, start, end, delta)
    this.#source = source
    this.#splice(first, next, fresh, delta)
  }

  /** Replaces tokens `[first, next)` with `fresh`, shifting those after by `delta`. */
  #splice(first: number, next: number, fresh: readonly Token[], delta: number): void {
    const tail = this.#count - next
    const count = first + fresh.length + tail
    if (count > this.#starts.length) this.#grow(count)
    const starts = this.#starts
    const ends = this.#ends
    const kinds = this.#kinds
    const to = first + fresh.length
    starts.copyWithin(to, next, next + tail)
    ends.copyWithin(to, next, next + tail)
    kinds.copyWithin(to, next, next + tail)
    for (let k = 0; k < fresh.length; k++) {
      const token = fresh[k]!
      starts[first + k] = token.start
      ends[first + k] = token.end
      kinds[first + k] = codeOf(token)
    }
    if (delta !== 0) {
      for (let k = to; k < count; k++) {
        starts[k]! += delta
        ends[k]! += delta
      }
    }
    this.#count = count
    const unread = new Array<TokenName | readonly TokenName[] | undefined>(fresh.length)
    if (fresh.length + (next - first) < SPLICE_LIMIT) this.#names.splice(first, next - first, ...unread)
    else this.#names = this.#names.slice(0, first).concat(unread, this.#names.slice(next))
  }

  /** Drops the declarations if the edit may change one; else shifts those after it. (Before the edit: the tokens are the old text's.) */
  #invalidate(first: number, next: number, fresh: readonly Token[], start: number, end: number, delta: number): void {
    const declarations = this.#declarations
    if (declarations === undefined && this.#headerEnd === undefined) return
    // The three tokens before the edit: a directive being completed (`PREFIX ex:` and now its IRI); and the one after
    // it: a directive that the edit's removal of what stood before it moves into the header (` a @prefix` → ` @prefix`).
    let directive = fresh.some(isDirective)
    for (let k = Math.max(0, first - 3); k <= next && k < this.#count && !directive; k++) directive = this.isDirective(k)
    const spanStart = Math.min(first < this.#count ? this.#starts[first]! : start, start)
    const spanEnd = Math.max(next > 0 && next - 1 < this.#count ? this.#ends[next - 1]! : end, end)
    if (this.#headerEnd !== undefined && (directive || spanStart <= this.#headerEnd + 1)) this.#headerEnd = undefined
    if (declarations === undefined) return
    if (directive || declarations.some((d) => d.start <= spanEnd && spanStart <= d.end + 1)) {
      this.#declarations = undefined
      return
    }
    // The declarations' offsets, and their tokens', are copies: shifted with those after the edit.
    const moved = (t: Token): Token => ({ ...t, start: t.start + delta, end: t.end + delta })
    if (delta !== 0) {
      this.#declarations = declarations.map((d) =>
        d.start >= end ? { ...d, start: d.start + delta, end: d.end + delta, name: moved(d.name), iri: moved(d.iri) } : d,
      )
    }
  }
}

/** `text` copied when V8 would keep it as a view of the string it was cut from (a slice of 13 characters or more). */
function copyOf(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1)
}

/** A whole string as text windows. */
function wholeText(text: string): TextWindows {
  return { length: text.length, window: () => ({ text, start: 0 }), getText: () => text, slice: (start, end) => text.slice(start, end) }
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
