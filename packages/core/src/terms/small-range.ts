// Short ranges of a term query listed best first by sorting them, without the tiers' rankings.

/** Ranges this short are sorted whole: most keystrokes past the first letters match a handful of terms. */
const SMALL_RANGE = 32
const KEYS = new Int32Array(SMALL_RANGE)

/** Whether `[lo, hi)` of an order of `n` items is for {@link smallOrder} (whose sort keys stay small whole numbers below 2^24 items). */
export function isSmall(lo: number, hi: number, n: number): boolean {
  return hi - lo <= SMALL_RANGE && n < 2 ** 24
}

/**
 * Items `[lo, hi)` in the order of `TermIndex`'s tiers (the first tier's, then the second's not in the first,
 * …, then the rest; each by priority), for a short range: each item's first tier read from its bits (`kinds`, by
 * rank: `ranks[item]`, or the item itself without `ranks`), then all sorted by tier and priority at once — cheaper
 * than two binary searches and a ranked walk per tier, which cost the same however few items the range holds.
 */
export function smallOrder(tiers: readonly number[], lo: number, hi: number, kinds: Uint8Array, priority: Int32Array, ranks?: ArrayLike<number>): number[] {
  const n = priority.length
  // tier · n + priority: distinct whole numbers (priorities are) below 2^26, sorted as small integers.
  // At most SMALL_RANGE keys: an insertion sort beats allocating and sorting a typed array.
  const keys = KEYS // only read here, so one for all calls: no allocation
  const items: number[] = new Array(hi - lo)
  let count = 0
  for (let item = lo; item < hi; item++) {
    const kind = kinds[ranks === undefined ? item : ranks[item]!]!
    let tier = 0
    while (tier < tiers.length && (kind & tiers[tier]!) !== tiers[tier]) tier++
    const key = tier * n + priority[item]!
    let at = count++
    for (; at > 0 && keys[at - 1]! > key; at--) {
      keys[at] = keys[at - 1]!
      items[at] = items[at - 1]!
    }
    keys[at] = key
    items[at] = item
  }
  return items
}
