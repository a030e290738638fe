// Tests of smallOrder, the short-range path of a ranked term query, against the order it stands for written plainly.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { prioritiesOf } from '../../../packages/core/src/structures/range-best.js'
import { isSmall, smallOrder } from '../../../packages/core/src/terms/small-range.js'

/** The tiers' order written plainly: each item with the first tier whose bits it has (else after all), by tier, then priority. */
function expected(tiers: readonly number[], lo: number, hi: number, kinds: Uint8Array, priority: Int32Array, rankOf: (i: number) => number): number[] {
  const tierOf = (item: number) => {
    const t = tiers.findIndex((mask) => (kinds[rankOf(item)]! & mask) === mask)
    return t < 0 ? tiers.length : t
  }
  const items = Array.from({ length: hi - lo }, (_, k) => lo + k)
  return items.sort((a, b) => tierOf(a) - tierOf(b) || priority[a]! - priority[b]!)
}

describe('smallOrder', () => {
  it('lists a short range by first tier, then priority (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 120 }),
        fc.array(fc.integer({ min: 0, max: 31 }), { minLength: 1, maxLength: 120 }),
        fc.array(fc.integer({ min: 1, max: 31 }), { minLength: 1, maxLength: 3 }),
        fc.nat(),
        fc.nat(40),
        fc.boolean(),
        (scores, bits, tiers, from, length, reversed) => {
          const priority = prioritiesOf(Float64Array.from(scores), (a, b) => a - b)
          const n = priority.length
          const kinds = Uint8Array.from({ length: n }, (_, i) => bits[i % bits.length]!)
          // In the case-sensitive order an item's rank is another position: any permutation stands for it.
          const ranks = reversed ? Int32Array.from({ length: n }, (_, i) => n - 1 - i) : undefined
          const rankOf = (i: number) => (ranks === undefined ? i : ranks[i]!)
          const lo = from % n
          const hi = Math.min(n, lo + length)
          fc.pre(isSmall(lo, hi, n))
          assert.deepEqual(smallOrder(tiers, lo, hi, kinds, priority, ranks), expected(tiers, lo, hi, kinds, priority, rankOf))
        },
      ),
    )
  })

  it('leaves long ranges, and orders too large for exact sort keys, to the tiers’ rankings', () => {
    assert.equal(isSmall(0, 32, 100), true)
    assert.equal(isSmall(0, 33, 100), false)
    assert.equal(isSmall(0, 2, 2 ** 24), false)
  })
})
