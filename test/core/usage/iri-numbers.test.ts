// IRIs numbered in the order first met, each once.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { iriNumbers } from '../../../packages/core/src/usage/iri-numbers.js'

describe('iriNumbers', () => {
  it('gives each IRI its place in the list, added when first met', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: 30 }), (met) => {
        const { iris, id } = iriNumbers()
        for (const iri of met) assert.equal(iris[id(iri)], iri)
        assert.deepEqual(iris, [...new Set(met)])
      }),
    )
  })
})
