// Prefix search in sorted keys that share long heads: the block of one head found once, then searched by tails.

import { lowerBound, prefixRange } from './sorted-range.js'

/**
 * Sorted keys searched for the ones starting with `head + tail`, where many queries share a head (a namespace:
 * every term query of `schema:` starts `http://schema.org/`). A binary search over whole keys compares the
 * shared head again at each of its ~15 steps; here the head's block is found once and kept with its keys'
 * tails, in runs by their first two characters, so a query compares short tails within one run. The blocks
 * kept hold at most twice as many tails as there are keys (then they are forgotten at once and made again as
 * asked), so memory stays bounded whatever is asked.
 */
export class BlockSearch {
  readonly #keys: readonly string[]
  readonly #blocks = new Map<string, Block>()
  /** Tails held by the blocks kept, plus one per block. */
  #held = 0

  constructor(keys: readonly string[]) {
    this.#keys = keys
  }

  /** The half-open range `[start, end)` of the keys that start with `head + tail`. */
  range(head: string, tail: string): [number, number] {
    let block = this.#blocks.get(head)
    if (block === undefined) {
      const [start, end] = prefixRange(this.#keys, head)
      const tails = this.#keys.slice(start, end).map((key) => key.slice(head.length))
      block = blockOf(start, tails)
      if (this.#held + block.tails.length + 1 > 2 * this.#keys.length + MIN_HELD) {
        this.#blocks.clear()
        this.#held = 0
      }
      this.#blocks.set(head, block)
      this.#held += block.tails.length + 1 // an empty block counts too
    }
    // A tail of two characters or more is searched among the tails that start with the same two only.
    const bucket = tail.length >= 2 ? block.buckets.get(tail.slice(0, 2)) : undefined
    if (tail.length >= 2 && bucket === undefined) {
      const at = block.start + lowerBound(block.tails, tail) // no match: where it would be, as prefixRange says
      return [at, at]
    }
    if (bucket !== undefined && tail.length === 2) return [block.start + bucket[0], block.start + bucket[1]]
    const [lo, hi] = prefixRange(block.tails, tail, ...(bucket ?? [0, block.tails.length]))
    return [block.start + lo, block.start + hi]
  }
}

/** Room for the blocks of a small index (a user's own table of a few terms) to be kept all the same. */
const MIN_HELD = 256

/** A head's block: where it starts in the keys, its keys' tails, and per first two characters of a tail their run. */
interface Block {
  readonly start: number
  readonly tails: readonly string[]
  readonly buckets: ReadonlyMap<string, readonly [number, number]>
}

function blockOf(start: number, tails: readonly string[]): Block {
  const buckets = new Map<string, [number, number]>()
  tails.forEach((tail, i) => {
    if (tail.length < 2) return
    const run = buckets.get(tail.slice(0, 2))
    if (run === undefined) buckets.set(tail.slice(0, 2), [i, i + 1])
    else run[1] = i + 1
  })
  return { start, tails, buckets }
}
