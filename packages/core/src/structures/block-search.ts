// Prefix search in sorted keys that share long heads: the block of one head found once, then searched by tails.

import { lowerBoundNumber, prefixRange } from './sorted-range.js'

/**
 * Sorted keys searched for the ones starting with `head + tail`, where many queries share a head (a namespace:
 * every term query of `schema:` starts `http://schema.org/`). A binary search over whole keys compares the
 * shared head again at each of its ~15 steps, and each step follows a pointer to a string elsewhere in memory;
 * here the head's block is found once and kept with its tails' first units packed into numbers, three units to
 * a number, in typed arrays (see {@link Block}), so a query narrows the block three units at a time by binary
 * searches over contiguous numbers, and compares a single key left directly (see {@link search}). The blocks kept
 * hold at most twice as many tails as there are keys (then they are forgotten at once and made again as asked),
 * so memory stays bounded whatever is asked.
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
    if (head === '') return prefixRange(this.#keys, tail)
    let block = this.#blocks.get(head)
    if (block === undefined) {
      const [start, end] = prefixRange(this.#keys, head)
      block = blockOf(this.#keys, start, end, head.length)
      if (this.#held + (end - start) + 1 > 2 * this.#keys.length + MIN_HELD) {
        this.#blocks.clear()
        this.#held = 0
      }
      this.#blocks.set(head, block)
      this.#held += end - start + 1 // an empty block counts too
    }
    return search(this.#keys, block, head, tail)
  }
}

/** Room for the blocks of a small index (a user's own table of a few terms) to be kept all the same. */
const MIN_HELD = 256
/** Units packed per number, and numbers per tail: tails are told apart by codes up to their 12th unit. */
const PER_CODE = 3
const CODES = 4
/** A unit packs as itself + 1 (0: past the tail's end) in 17 bits: three fit a double exactly. */
const UNIT = 0x20000

/** A head's block `[start, end)` of the keys, and `codes[g][i]`: units `3g … 3g+2` of key `start + i`'s tail, packed. */
interface Block {
  readonly start: number
  readonly end: number
  readonly codes: readonly Float64Array[]
}

function blockOf(keys: readonly string[], start: number, end: number, skip: number): Block {
  const codes: Float64Array[] = []
  for (let g = 0; g < CODES; g++) codes.push(Float64Array.from({ length: end - start }, (_, i) => codeOf(keys[start + i]!, skip + g * PER_CODE)))
  return { start, end, codes }
}

/** Units `at … at+2` of `s` packed (each + 1, 0 past its end): numbers in the order of the strings they start. */
function codeOf(s: string, at: number): number {
  let code = 0
  for (let i = at; i < at + PER_CODE; i++) code = code * UNIT + (i < s.length ? s.charCodeAt(i) + 1 : 0)
  return code
}

/**
 * The range of the keys of `block` whose tail (past `head`) starts with `tail`: three units at a time, two binary
 * searches over the codes of those units in the range left (`tail` ending inside them asks for every code that
 * starts with its units); a single key left is compared directly, and past the codes' units the range left is
 * searched whole. An empty answer sits where `tail` would be inserted, as {@link prefixRange} puts it.
 */
function search(keys: readonly string[], block: Block, head: string, tail: string): [number, number] {
  let lo = 0
  let hi = block.end - block.start
  let depth = 0
  for (; depth < CODES * PER_CODE && depth < tail.length && hi - lo > 1; depth += PER_CODE) {
    const low = codeOf(tail, depth)
    const codes = block.codes[depth / PER_CODE]!
    lo = lowerBoundNumber(codes, low, lo, hi)
    // `tail` ending inside these units asks for every code that starts with its units.
    hi = lowerBoundNumber(codes, low + UNIT ** Math.max(0, depth + PER_CODE - tail.length), lo, hi)
  }
  const start = block.start
  // Past the codes (keys sharing their first 12 units, a family such as schema.org's BodyMeasurement…), or one key left.
  return depth >= tail.length || lo === hi ? [start + lo, start + hi] : prefixRange(keys, head + tail, start + lo, start + hi)
}
