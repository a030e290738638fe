// Bytes read as UTF-8 strictly: a byte that is not UTF-8 is an error that says where it is, never a U+FFFD in
// the text. One reader for every body and file (the resolver's, the CLI's, the usage reader's).

/** Bytes that are not UTF-8: where the first bad one is (line and column 1-based, column in characters; offset in bytes). */
export class Utf8Error extends Error {
  /** What is wrong, without the place: `not valid UTF-8 (byte 12); …`. */
  readonly reason: string

  constructor(
    readonly line: number,
    readonly column: number,
    readonly offset: number,
  ) {
    const reason = `not valid UTF-8 (byte ${offset}); save it as UTF-8`
    super(`line ${line}, column ${column}: ${reason}`)
    this.reason = reason
    this.name = 'Utf8Error'
  }
}

/** A whole body or file as text; a {@link Utf8Error} at its first byte that is not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string {
  const reader = new Utf8Reader()
  return reader.read(bytes) + reader.end()
}

/** Drops a byte order mark at the start (as JSON.parse and n3 want it): for a reading's first bytes. */
const FIRST = new TextDecoder('utf-8', { fatal: true })
/** Keeps U+FEFF as the character it is anywhere after the start. Both hold no state between calls (no `stream`). */
const REST = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/**
 * UTF-8 read chunk by chunk (a character may be split between two), with the line and column of what was read so
 * far kept, so that a bad byte can be placed without keeping the text before it. The platform's decoder does the
 * work; the bytes are looked at one by one only once it has refused them.
 *
 * Why whole characters, each chunk decoded on its own: a decoder asked to `stream` goes through ICU's converter in
 * Node.js (52 ms of CPU for bench/usage.ts's 50 MiB in 64 KiB chunks), one given whole characters through simdutf
 * (14 ms), and gives text that is all ASCII as a one-byte string. So the 0–3 bytes of a character the chunk ends
 * inside are held back and put before the next chunk.
 */
export class Utf8Reader {
  #started = false
  #offset = 0
  #line = 1
  /** Characters read since the last line break. */
  #column = 0
  /** The bytes of a character the last chunk ended inside, put before the next chunk. */
  #pending: Uint8Array = new Uint8Array(0)

  /** The text of `bytes` (and of a character the last chunk began); a {@link Utf8Error} at a bad byte. */
  read(bytes: Uint8Array): string {
    const whole = this.#pending.length === 0 ? bytes : joined(this.#pending, bytes)
    const cut = whole.length - incompleteTail(whole)
    let text = ''
    if (cut > 0) {
      try {
        text = (this.#started ? REST : FIRST).decode(whole.subarray(0, cut))
      } catch {
        throw this.#errorIn(bytes)
      }
      this.#started = true
    }
    this.#pending = whole.slice(cut) // a copy: the caller may reuse its buffer
    this.#count(text)
    this.#offset += bytes.length
    return text
  }

  /** The end of the input: a {@link Utf8Error} when it ends inside a character. */
  end(): string {
    if (this.#pending.length > 0) throw new Utf8Error(this.#line, this.#column + 1, this.#offset - this.#pending.length)
    return ''
  }

  #count(text: string): void {
    let last = -1
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
      this.#line++
      last = at
    }
    this.#column = last < 0 ? this.#column + text.length : text.length - last - 1
  }

  /** Where the first bad byte of `bytes` (after what the last chunk left pending) is. */
  #errorIn(bytes: Uint8Array): Utf8Error {
    const all = joined(this.#pending, bytes)
    const valid = validPrefix(all)
    const before = new TextDecoder().decode(all.subarray(0, valid))
    const start = this.#offset - this.#pending.length
    this.#count(before)
    return new Utf8Error(this.#line, this.#column + 1, start + valid)
  }
}

function joined(a: Uint8Array, b: Uint8Array): Uint8Array {
  const all = new Uint8Array(a.length + b.length)
  all.set(a)
  all.set(b, a.length)
  return all
}

/** How many bytes at the end of `bytes` begin a character that the next chunk must finish (0–3). */
function incompleteTail(bytes: Uint8Array): number {
  for (let back = 1; back <= 3 && back <= bytes.length; back++) {
    const byte = bytes[bytes.length - back]!
    if ((byte & 0xc0) === 0x80) continue // a continuation byte: its character starts further back
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1
    return length > back ? back : 0
  }
  return 0
}

/** The length of the longest start of `bytes` that is whole UTF-8 characters (RFC 3629: no overlong forms, no surrogates). */
function validPrefix(bytes: Uint8Array): number {
  let at = 0
  while (at < bytes.length) {
    const length = characterLength(bytes, at)
    if (length === 0) return at
    at += length
  }
  return at
}

/** The length of the UTF-8 character at `at`, or 0 when the bytes there are none. */
function characterLength(bytes: Uint8Array, at: number): number {
  const first = bytes[at]!
  if (first < 0x80) return 1
  const [length, low, high] =
    first >= 0xc2 && first <= 0xdf
      ? [2, 0x80, 0xbf]
      : first === 0xe0
        ? [3, 0xa0, 0xbf]
        : first === 0xed
          ? [3, 0x80, 0x9f]
          : first >= 0xe1 && first <= 0xef
            ? [3, 0x80, 0xbf]
            : first === 0xf0
              ? [4, 0x90, 0xbf]
              : first === 0xf4
                ? [4, 0x80, 0x8f]
                : first >= 0xf1 && first <= 0xf3
                  ? [4, 0x80, 0xbf]
                  : [0, 0, 0]
  if (length === 0 || at + length > bytes.length) return 0
  const second = bytes[at + 1]!
  if (second < low || second > high) return 0
  for (let i = 2; i < length; i++) if ((bytes[at + i]! & 0xc0) !== 0x80) return 0
  return length
}
