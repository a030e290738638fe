// Tests of BlockSearch: a head's block searched by tails gives the range a search of the whole keys gives.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { BlockSearch } from '../../../packages/core/src/structures/block-search.js'
import { prefixRange } from '../../../packages/core/src/structures/sorted-range.js'

const word = fc.array(fc.constantFrom('a', 'b', 'c', 'Σ', '/'), { maxLength: 6 }).map((cs) => cs.join(''))

describe('BlockSearch', () => {
  it('finds the keys starting with head + tail as prefixRange does, whatever was asked before (fast-check)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(word, { maxLength: 80 }), fc.array(fc.tuple(word, word), { minLength: 1, maxLength: 30 }), (unsorted, queries) => {
        const keys = [...unsorted].sort()
        const search = new BlockSearch(keys)
        for (const [head, tail] of queries) assert.deepEqual(search.range(head, tail), prefixRange(keys, head + tail), `${head}|${tail}`)
      }),
    )
  })

  it('stays right after forgetting its blocks: more heads asked than it keeps', () => {
    const keys = Array.from({ length: 300 }, (_, i) => `http://example.org/${String(i).padStart(3, '0')}/x`).sort()
    const search = new BlockSearch(keys)
    for (let round = 0; round < 3; round++)
      for (let i = 0; i < 300; i += 7) {
        const head = `http://example.org/${String(i).padStart(3, '0')}`
        assert.deepEqual(search.range(head, '/'), prefixRange(keys, head + '/'))
        assert.deepEqual(search.range('http://example.org/', String(i).padStart(3, '0')), prefixRange(keys, head))
      }
  })
})
