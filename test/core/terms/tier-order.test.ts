// Tests of tierPriorities, the tiers of a ranked term query as one ranking, against the order it stands for written plainly.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { prioritiesOf, RangeBest } from '../../../packages/core/src/structures/range-best.js'
import { tierPriorities } from '../../../packages/core/src/terms/tier-order.js'

/** The tiers' order written plainly: each item with the first tier whose bits it has (else after all), by tier, then priority. */
function expected(tiers: readonly number[], lo: number, hi: number, kinds: Uint8Array, priority: Int32Array, rankOf: (i: number) => number): number[] {
  const tierOf = (item: number) => {
    const t = tiers.findIndex((mask) => (kinds[rankOf(item)]! & mask) === mask)
    return t < 0 ? tiers.length : t
  }
  const items = Array.from({ length: hi - lo }, (_, k) => lo + k)
  return items.sort((a, b) => tierOf(a) - tierOf(b) || priority[a]! - priority[b]!)
}

describe('tierPriorities', () => {
  it('ranks every range by first tier, then priority, through RangeBest as a query reads it (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 300 }),
        fc.array(fc.integer({ min: 0, max: 31 }), { minLength: 1, maxLength: 120 }),
        fc.array(fc.integer({ min: 1, max: 31 }), { minLength: 1, maxLength: 3 }),
        fc.nat(),
        fc.nat(300),
        fc.boolean(),
        fc.integer({ min: 1, max: 40 }),
        (scores, bits, tiers, from, length, reversed, wanted) => {
          const priority = prioritiesOf(Float64Array.from(scores), (a, b) => a - b)
          const n = priority.length
          const kinds = Uint8Array.from({ length: n }, (_, i) => bits[i % bits.length]!)
          // In the case-sensitive order an item's rank is another position: any permutation stands for it.
          const ranks = reversed ? Int32Array.from({ length: n }, (_, i) => n - 1 - i) : undefined
          const rankOf = (i: number) => (ranks === undefined ? i : ranks[i]!)
          const lo = from % n
          const hi = Math.min(n, lo + length)
          const ranking = new RangeBest(tierPriorities(tiers, kinds, priority, ranks))
          const all = expected(tiers, lo, hi, kinds, priority, rankOf)
          const got: number[] = []
          ranking.visitFor(wanted, lo, hi, (item) => (got.push(item), true))
          assert.deepEqual(got, all)
          const head: number[] = []
          ranking.visitFor(wanted, lo, hi, (item) => (head.push(item), head.length < wanted))
          assert.deepEqual(head, all.slice(0, wanted))
        },
      ),
    )
  })
})
