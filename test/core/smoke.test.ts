// A first end-to-end check of the default index: the data build ran and the core answers from it.

import assert from 'node:assert/strict'
import { PrefixIndex } from '@prefixd/core'

describe('PrefixIndex.loadDefault', () => {
  it('expands, shrinks and completes with the default data', async () => {
    const index = await PrefixIndex.loadDefault()
    assert.equal(index.expand('foaf:Person'), 'http://xmlns.com/foaf/0.1/Person')
    assert.equal(index.shrink('http://schema.org/Person'), 'schema:Person')
    assert.deepEqual(index.autocomplete('schema:Pers', { type: 'rdfs:Class' }), ['schema:Person'])
  })
})
