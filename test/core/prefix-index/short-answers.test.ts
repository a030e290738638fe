// Answers for an empty or one-letter local part (the widest blocks; made ahead once asked often): the same as made
// afresh, and never shared.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { PrefixIndex } from '@prefixd/core'

describe('completion of an empty or one-letter local part', function () {
  this.timeout(30_000)
  let index: PrefixIndex
  before(async () => (index = await PrefixIndex.loadDefault()))

  it('answers a second time as the first, and as a fresh index does, whatever the options (fast-check)', async () => {
    const fresh = await PrefixIndex.loadDefault()
    const query = fc.tuple(fc.constantFrom('schema:', 'foaf:', 'dbo:', 'sdo:', 'shema:', 'unit:', 'rdf:'), fc.constantFrom('', 'P', 'p', 'n', 'A', 'z', '_'))
    const options = fc.record({
      limit: fc.constantFrom(1, 5, 20, 200),
      prefer: fc.constantFrom(undefined, 'class' as const, 'property' as const),
      sort: fc.constantFrom('relevance' as const, 'alpha' as const),
      caseSensitive: fc.boolean(),
      expand: fc.boolean(),
      type: fc.constantFrom(undefined, 'rdfs:Class', 'rdf:Property'),
    })
    fc.assert(
      fc.property(query, options, ([prefix, partial], o) => {
        const first = index.complete(prefix + partial, o)
        first?.suggestions.push('mutated') // the caller's array is its own
        const second = index.complete(prefix + partial, o)
        const made = fresh.complete(prefix + partial, o)
        assert.deepEqual(second, { ...made!, suggestions: made!.suggestions.slice() })
        assert.deepEqual(first?.suggestions.slice(0, -1), second?.suggestions)
      }),
      { numRuns: 400 },
    )
  })
})
