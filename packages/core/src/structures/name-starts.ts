// Every start of a set of names, numbered in code-point order and found by a hash of a few of its units and its length.

/**
 * A start's hash reads its first HEAD and last TAIL units: few, so that a long one costs no more, and where starts of
 * one length differ — a family of names shares its head (schema.org's BodyMeasurement…) and ends apart.
 */
const HEAD = 4
const TAIL = 8

/**
 * The starts (prefixes, '' and the names themselves included) of a set of names, each once, numbered in code-point
 * order, so that a start's longer starts follow it. A start is found through an open-addressing table over a hash of
 * its length and at most {@link HEAD} + {@link TAIL} of its units, then compared whole (`===`, native) where the
 * hashes agree: a `Map` keyed by the starts would hash every unit of a query, and most starts are long (schema.org:
 * 26,000 starts of 2,970 names; at most 8 starts of the default data share a hash).
 */
export class NameStarts {
  /** Each start, slices of the names (a long one shares the name's characters). */
  readonly #starts: string[] = ['']
  /** Start + 1 by hash, linear probing; 0 is free. At least twice as many places as starts. */
  readonly #table: Int32Array
  /** The hash of the start in each place of #table, compared before the start itself. */
  readonly #hashes: Int32Array
  /** Per start: the number after its last longer start. */
  readonly #ends: Int32Array

  constructor(names: readonly string[]) {
    const sorted = [...new Set(names)].sort()
    const ends: number[] = []
    // The starts of the name before, by length ('' first): those longer than what the next name shares with it end there.
    const open = [0]
    // In code-point order the starts a name shares with the one before are numbered already.
    sorted.forEach((name, i) => {
      const before = sorted[i - 1] ?? ''
      let shared = 0
      while (shared < name.length && name.charCodeAt(shared) === before.charCodeAt(shared)) shared++
      while (open.length > shared + 1) ends[open.pop()!] = this.#starts.length
      for (let n = shared + 1; n <= name.length; n++) open.push(this.#starts.push(name.slice(0, n)) - 1)
    })
    for (const i of open) ends[i] = this.#starts.length
    this.#ends = Int32Array.from(ends)
    this.#table = new Int32Array(2 ** Math.ceil(Math.log2(2 * this.#starts.length + 1)))
    this.#hashes = new Int32Array(this.#table.length)
    const mask = this.#table.length - 1
    this.#starts.forEach((start, i) => {
      const h = hash(start)
      let at = h & mask
      while (this.#table[at] !== 0) at = (at + 1) & mask
      this.#table[at] = i + 1
      this.#hashes[at] = h
    })
  }

  /** How many starts there are. */
  get size(): number {
    return this.#starts.length
  }

  /** Start number `i` (0 is ''). */
  at(i: number): string {
    return this.#starts[i]!
  }

  /** The number after the last start that starts with start `i`: its longer starts are `i + 1 … end(i) - 1`. */
  end(i: number): number {
    return this.#ends[i]!
  }

  /** The number of `s` as a start, or -1 when no name starts with it. */
  find(s: string): number {
    const mask = this.#table.length - 1
    const h = hash(s)
    for (let at = h & mask; ; at = (at + 1) & mask) {
      const i = this.#table[at]! - 1
      if (i < 0 || (this.#hashes[at] === h && this.#starts[i] === s)) return i
    }
  }
}

/** FNV-1a over the length of `s` and its first {@link HEAD} and last {@link TAIL} units. */
function hash(s: string): number {
  let h = 0x811c9dc5 ^ s.length
  const head = Math.min(HEAD, s.length)
  for (let i = 0; i < head; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  for (let i = Math.max(head, s.length - TAIL); i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  return h ^ (h >>> 15)
}
