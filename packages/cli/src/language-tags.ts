// Language tags as the input wrote them. n3 gives them in lower case (RDF 1.1 lets a reader normalize them), and
// the N-Quads reader does as n3 does; rdflib keeps `en-US` and `en-us` apart, so a writer that lowercased them would
// change the data for its readers. The tags are read from the input's bytes as they go by.

const AT = 0x40
const DOUBLE_QUOTE = 0x22
const SINGLE_QUOTE = 0x27

/** Whether byte `c` may be in a language tag (BCP 47's letters, digits and hyphens), and whether it is upper case. */
const isTagByte = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x2d
const isUpper = (c: number): boolean => c >= 0x41 && c <= 0x5a
/** What may follow a tag (blank space, punctuation, a direction's `--`): `"@Not"` inside a string is no tag. */
const ENDS_TAG = new Set([...' \t\r\n.;,)]}>|-'].map((c) => c.charCodeAt(0)))

/**
 * The spelling of each language tag of the input that has an upper-case letter, by its lower-case form (the first
 * spelling seen of each); tags in lower case need nothing. Reads bytes, not text: a scan for `@` after a quote,
 * with no string made but for the few tags kept.
 */
export class LanguageTags {
  readonly #written = new Map<string, string>()
  /** A tag cut at the end of the last piece read: its bytes so far. */
  #carry: number[] | undefined
  /** The last byte of the last piece (a quote there and an `@` first in this one make a tag). */
  #last = 0

  /** Reads the tags of the next piece of the input. */
  read(bytes: Uint8Array): void {
    let i = 0
    if (this.#carry !== undefined) {
      const carry = this.#carry
      this.#carry = undefined
      while (i < bytes.length && isTagByte(bytes[i]!) && !(bytes[i] === 0x2d && (bytes[i + 1] === 0x2d || carry.at(-1) === 0x2d))) carry.push(bytes[i++]!)
      if (i === bytes.length) this.#carry = carry
      else if (ENDS_TAG.has(bytes[i]!)) this.#keep(carry)
    }
    for (let at = bytes.indexOf(AT, i); at >= 0; at = bytes.indexOf(AT, at + 1)) {
      const before = at > 0 ? bytes[at - 1] : this.#last
      if (before !== DOUBLE_QUOTE && before !== SINGLE_QUOTE) continue
      let end = at + 1
      let upper = false
      // RDF 1.2's base direction (`@en--ltr`) is not part of the tag.
      for (; end < bytes.length && isTagByte(bytes[end]!) && !(bytes[end] === 0x2d && bytes[end + 1] === 0x2d); end++) if (isUpper(bytes[end]!)) upper = true
      // A tag that reaches the end may go on in the next piece (a reader cannot finish it before seeing that either).
      if (end === bytes.length) this.#carry = [...bytes.subarray(at + 1, end)]
      else if (upper && ENDS_TAG.has(bytes[end]!)) this.#keep([...bytes.subarray(at + 1, end)])
    }
    if (bytes.length > 0) this.#last = bytes[bytes.length - 1]!
  }

  /** The input is complete: a tag held at its very end is read. */
  end(): void {
    if (this.#carry !== undefined) this.#keep(this.#carry)
    this.#carry = undefined
  }

  #keep(tag: number[]): void {
    if (!tag.some(isUpper)) return
    const text = String.fromCharCode(...tag)
    const lower = text.toLowerCase()
    if (!this.#written.has(lower)) this.#written.set(lower, text)
  }

  /** `tag` (as a reader gives it) as the input wrote it. */
  readonly written = (tag: string): string => this.#written.get(tag) ?? tag
}
