// SortedIris.with: IRIs merged into a sorted list answer every prefix search as the list sorted afresh does.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { SortedIris } from '../../../packages/core/dist/usage/sorted-iris.js'

/** IRIs of few letters in both cases, so that lists share IRIs, case-folded keys and prefixes. */
const iri = fc.stringMatching(/^[aAbB]{0,4}$/).map((local) => `http://example.org/${local}`)

function searches(sorted: SortedIris, starts: readonly string[]): string[][] {
  return starts.flatMap((start) =>
    [true, false].map((caseSensitive) => {
      const found: string[] = []
      sorted.forEachStartingWith(start, caseSensitive, (each) => void found.push(each))
      return found
    }),
  )
}

describe('SortedIris', () => {
  it('with(added) answers as the IRIs and the added ones sorted afresh, those already there once', () => {
    fc.assert(
      fc.property(fc.array(iri, { maxLength: 12 }), fc.array(iri, { maxLength: 12 }), fc.array(iri, { maxLength: 4 }), (before, added, starts) => {
        const merged = new SortedIris(new Set(before)).with(added)
        const afresh = new SortedIris(new Set([...before, ...added]))
        assert.deepEqual(merged.all, afresh.all)
        assert.deepEqual(searches(merged, ['', 'http://example.org/', ...starts]), searches(afresh, ['', 'http://example.org/', ...starts]))
      }),
      { numRuns: 300 },
    )
  })
})
