// Tests of the binary searches over sorted arrays that prefix completion relies on.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { lowerBound, lowerBoundNumber, prefixRange } from '../../../packages/core/src/structures/sorted-range.js'

describe('lowerBound', () => {
  const keys = ['a', 'ab', 'abc', 'b', 'bb', 'c']

  it('gives the first position whose key is not less than the query', () => {
    assert.equal(lowerBound(keys, ''), 0)
    assert.equal(lowerBound(keys, 'a'), 0)
    assert.equal(lowerBound(keys, 'aa'), 1)
    assert.equal(lowerBound(keys, 'b'), 3)
    assert.equal(lowerBound(keys, 'bc'), 5)
    assert.equal(lowerBound(keys, 'd'), 6)
  })

  it('searches only within [from, to)', () => {
    assert.equal(lowerBound(keys, 'a', 2, 5), 2)
    assert.equal(lowerBound(keys, 'z', 2, 5), 5)
  })

  it('gives 0 on an empty array', () => {
    assert.equal(lowerBound([], 'x'), 0)
  })
})

describe('prefixRange', () => {
  const keys = ['a', 'ab', 'abc', 'abd', 'b', 'ba', 'c']

  it('gives the block of keys that start with the prefix', () => {
    assert.deepEqual(prefixRange(keys, 'ab'), [1, 4])
    assert.deepEqual(prefixRange(keys, 'a'), [0, 4])
    assert.deepEqual(prefixRange(keys, 'b'), [4, 6])
    assert.deepEqual(prefixRange(keys, 'abc'), [2, 3])
  })

  it('gives an empty range where the prefix would be inserted when nothing starts with it', () => {
    assert.deepEqual(prefixRange(keys, 'aa'), [1, 1])
    assert.deepEqual(prefixRange(keys, 'z'), [7, 7])
  })

  it('gives everything for the empty prefix', () => {
    assert.deepEqual(prefixRange(keys, ''), [0, keys.length])
  })

  it('agrees with a filter over every prefix of every key', () => {
    const sorted = ['', 'x', 'xa', 'xab', 'xb', 'xba', 'xbb', 'y', 'yy', 'yyy']
    for (const key of sorted) {
      for (let n = 0; n <= key.length; n++) {
        const prefix = key.slice(0, n)
        const [start, end] = prefixRange(sorted, prefix)
        assert.deepEqual(
          sorted.slice(start, end),
          sorted.filter((k) => k.startsWith(prefix)),
          prefix,
        )
      }
    }
  })
})

describe('lowerBoundNumber', () => {
  it('gives the first position whose number is not less than x', () => {
    const values = Int32Array.from([1, 3, 3, 7])
    assert.equal(lowerBoundNumber(values, 0), 0)
    assert.equal(lowerBoundNumber(values, 3), 1)
    assert.equal(lowerBoundNumber(values, 4), 3)
    assert.equal(lowerBoundNumber(values, 8), 4)
    assert.equal(lowerBoundNumber([], 1), 0)
  })

  it('equals a linear search within any [from, to), however long (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 300 }),
        fc.integer({ min: -60, max: 60 }),
        fc.nat(),
        fc.nat(),
        (unsorted, x, a, b) => {
          const values = Float64Array.from(unsorted).sort()
          const from = a % (values.length + 1)
          const to = from + (b % (values.length - from + 1))
          let expected = from
          while (expected < to && values[expected]! < x) expected++
          assert.equal(lowerBoundNumber(values, x, from, to), expected)
        },
      ),
    )
  })
})
