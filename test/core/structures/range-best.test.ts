// Tests of RangeBest: the best item of any range, and ranges listed best first, against brute force.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { prioritiesOf, RangeBest, rankedAmong } from '../../../packages/core/src/structures/range-best.js'

/** Distinct priorities in a shuffled order, from fast-check's scores (ties broken by position). */
const priorities = fc
  .array(fc.integer({ min: 0, max: 50 }), { minLength: 0, maxLength: 400 })
  .map((scores) => prioritiesOf(Float64Array.from(scores), (a, b) => a - b))

describe('RangeBest', () => {
  it('finds the best item of every range, short or spanning many blocks', () => {
    fc.assert(
      fc.property(priorities, fc.nat(), fc.nat(), (priority, a, b) => {
        const best = new RangeBest(priority)
        const lo = priority.length === 0 ? 0 : a % (priority.length + 1)
        const hi = priority.length === 0 ? 0 : lo + (b % (priority.length - lo + 1))
        let expected = -1
        for (let i = lo; i < hi; i++) if (expected < 0 || priority[i]! < priority[expected]!) expected = i
        assert.equal(best.best(lo, hi), expected)
      }),
      { numRuns: 500 },
    )
  })

  it('visits a range best first, each item once, and stops when told', () => {
    fc.assert(
      fc.property(priorities, fc.nat(), fc.nat(), fc.nat(60), (priority, a, b, stopAfter) => {
        const best = new RangeBest(priority)
        const lo = priority.length === 0 ? 0 : a % (priority.length + 1)
        const hi = priority.length === 0 ? 0 : lo + (b % (priority.length - lo + 1))
        const expected = Array.from({ length: hi - lo }, (_, k) => lo + k).sort((x, y) => priority[x]! - priority[y]!)
        const seen: number[] = []
        best.visit(lo, hi, (item) => (seen.push(item), true))
        assert.deepEqual(seen, expected)
        const head: number[] = []
        best.visit(lo, hi, (item) => (head.push(item), head.length < stopAfter + 1))
        assert.deepEqual(head, expected.slice(0, stopAfter + 1))
        // The same through visitFor, which picks the best `wanted` of a range not much larger, and sorts the whole
        // range for a caller that takes more than it said (fewer wanted than taken, 0, or past its buffer of 64).
        for (const wanted of [0, 1, stopAfter >> 1, stopAfter + 1, 63, 64, Infinity]) {
          const got: number[] = []
          best.visitFor(wanted, lo, hi, (item) => (got.push(item), got.length < stopAfter + 1))
          assert.deepEqual(got, expected.slice(0, stopAfter + 1))
          // A visitFor of another range inside a visitFor of the same ranking (whose buffer is in use) answers right, and
          // leaves the outer one's order intact.
          const outer: number[] = []
          best.visitFor(wanted, lo, hi, (item) => {
            const inner: number[] = []
            best.visitFor(wanted, lo + 1, hi, (x) => (inner.push(x), true))
            assert.deepEqual(inner, lo + 1 < hi ? expected.filter((x) => x !== lo) : [])
            outer.push(item)
            return true
          })
          assert.deepEqual(outer, expected)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('orders by score, higher first, ties by the given order; ranks a subset again from 0', () => {
    assert.deepEqual([...prioritiesOf(Float64Array.from([1, 3, 3, 2]), (a, b) => a - b)], [3, 0, 1, 2])
    assert.deepEqual([...rankedAmong(Int32Array.from([40, 7, 19]))], [2, 0, 1])
  })
})
