// Prefix search in sorted keys that share long heads: the block of one head found once, then searched by tails.

import { lowerBoundNumber, prefixRange } from './sorted-range.js'

/**
 * Sorted keys searched for the ones starting with `head + tail`, where many queries share a head (a namespace:
 * every term query of `schema:` starts `http://schema.org/`). A binary search over whole keys compares the
 * shared head again at each of its ~15 steps, and each step follows a pointer to a string elsewhere in memory;
 * here the head's block is found once and kept with its tails' units packed into numbers, three units to a number,
 * in typed arrays (see {@link Block}), so a query narrows the block three units at a time by binary searches over
 * contiguous numbers, and compares a single key left directly (see {@link search}). The blocks kept hold at most
 * twice as many tails as there are keys, each with a number per three units reached (then they are forgotten at
 * once and made again as asked), so memory stays bounded whatever is asked.
 */
export class BlockSearch {
  readonly #keys: readonly string[]
  readonly #blocks = new Map<string, Block>()
  /** Tails held by the blocks kept, plus one per block. */
  #held = 0

  constructor(keys: readonly string[]) {
    this.#keys = keys
  }

  /** The half-open range `[start, end)` of the keys that start with `head + tail` (a search of them all for `head` `''`). */
  range(head: string, tail: string): [number, number] {
    // Every key as a block would code whole IRIs (an IRI completion): a plain search instead.
    return head === '' ? prefixRange(this.#keys, tail) : search(this.#keys, this.block(head), head, tail)
  }

  /** The block of the keys that start with `head` (not ''), made on first use: its range and its runs. */
  block(head: string): Block {
    let block = this.#blocks.get(head)
    if (block === undefined) {
      const [start, end] = prefixRange(this.#keys, head)
      // The runs of tails by their first two units, looked up by number: the widest step of a search.
      const runs = new Map<number, [number, number]>()
      for (let i = start; i < end; i++) {
        const key = this.#keys[i]!
        const code = pairAt(key, head.length) // NaN for a shorter tail
        const run = runs.get(code)
        if (run !== undefined) run[1]++
        else if (code === code) runs.set(code, [i - start, i - start + 1])
      }
      block = { start, end, codes: [], runs }
      if (this.#held + (end - start) + 1 > 2 * this.#keys.length + MIN_HELD) {
        this.#blocks.clear()
        this.#held = 0
      }
      this.#blocks.set(head, block)
      this.#held += end - start + 1 // an empty block counts too
    }
    return block
  }
}

/** Room for the blocks of a small index (a user's own table of a few terms) to be kept all the same. */
const MIN_HELD = 256
/** Units packed per number: three, 17 bits a unit (itself + 1; 0 past the tail's end), fit a double exactly. */
const PER_CODE = 3
const UNIT = 0x20000

/** Units `at` and `at + 1` of `s` as one number, what a run is found by: NaN when `s` ends before. */
export function pairAt(s: string, at: number): number {
  return s.charCodeAt(at) * 0x10000 + s.charCodeAt(at + 1)
}

/** A head's block `[start, end)` of the keys; `codes[g][i]`: units `3g … 3g+2` of key `start + i`'s tail, packed. */
export interface Block {
  readonly start: number
  readonly end: number
  /** Made when a query first reaches a group's units. */
  readonly codes: Float64Array[]
  /** By `first unit · 0x10000 + second unit` of a tail, the run `[lo, hi)` of the tails starting with them. */
  readonly runs: ReadonlyMap<number, readonly [number, number]>
}

/** Units `at … at+2` of `s` packed: numbers in the order of the strings they start. */
function codeOf(s: string, at: number): number {
  let code = 0
  for (let i = at; i < at + PER_CODE; i++) code = code * UNIT + (i < s.length ? s.charCodeAt(i) + 1 : 0)
  return code
}

/**
 * The range of the keys of `block` whose tail (past `head`) starts with `tail`: three units at a time, two binary
 * searches over the codes of those units in the range left, until one key is left, whose tail is compared
 * directly. An empty answer sits where `tail` would be inserted, as {@link prefixRange} puts it.
 */
function search(keys: readonly string[], block: Block, head: string, tail: string): [number, number] {
  const start = block.start
  const run = block.runs.get(pairAt(tail, 0)) // none for a tail of 0 or 1 unit (NaN)
  let lo = run?.[0] ?? 0
  let hi = run?.[1] ?? block.end - start
  let depth = 0
  for (let g = 0; depth < tail.length && hi - lo > 1; g++, depth += PER_CODE) {
    const low = codeOf(tail, depth)
    const codes = (block.codes[g] ??= Float64Array.from({ length: block.end - start }, (_, i) => codeOf(keys[start + i]!, head.length + depth)))
    lo = lowerBoundNumber(codes, low, lo, hi)
    // `tail` ending inside these units asks for every code that starts with them.
    const open = depth + PER_CODE - tail.length
    hi = lowerBoundNumber(codes, low + (open > 0 ? UNIT ** open : 1), lo, hi)
  }
  // One key left (most keystrokes past the first letters): it matches if the rest of its tail does, else `tail` goes
  // before or after it (after when the key ends first: charCodeAt is NaN there).
  for (const key = keys[start + lo] ?? ''; depth < tail.length && hi - lo === 1; depth++) {
    const k = key.charCodeAt(head.length + depth)
    if (k !== tail.charCodeAt(depth)) hi = lo += k < tail.charCodeAt(depth) || k !== k ? 1 : 0
  }
  return [start + lo, start + hi]
}
