// The order of a ranked term query's tiers as one ranking: made once per tier list, so a query picks its best directly.

/**
 * Priorities (a permutation, 0 first) of the positions of an order — the terms' own, or code-point order, where
 * `ranks[i]` is position i's rank — by the first of `tiers` whose bits the term has (`kinds`, by rank; after every
 * tier when it has none), then by `priority`: the first tier's terms, then the second's not in the first, …, then the
 * rest. A range's best in this ranking are the query's answers in order, found as any range's best are (RangeBest),
 * instead of a walk of each tier's own ranking that passes over the terms of earlier tiers.
 */
export function tierPriorities(tiers: readonly number[], kinds: Uint8Array, priority: Int32Array, ranks?: ArrayLike<number>): Int32Array {
  const n = priority.length
  const tierOf = new Uint8Array(n)
  // Where each tier starts in the ranking: a counting sort, no comparisons (priority is a permutation already).
  const next = new Int32Array(tiers.length + 2)
  for (let i = 0; i < n; i++) {
    const kind = kinds[ranks === undefined ? i : ranks[i]!]!
    let tier = 0
    while (tier < tiers.length && (kind & tiers[tier]!) !== tiers[tier]) tier++
    tierOf[i] = tier
    next[tier + 1]!++
  }
  for (let t = 1; t < next.length; t++) next[t]! += next[t - 1]!
  const itemOf = new Int32Array(n)
  priority.forEach((p, i) => (itemOf[p] = i))
  const ranked = new Int32Array(n)
  for (let p = 0; p < n; p++) ranked[itemOf[p]!] = next[tierOf[itemOf[p]!]!]!++
  return ranked
}
