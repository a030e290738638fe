// fold: lower-casing that keeps a prefix a prefix.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { fold } from '../../../packages/core/src/names/fold.js'

describe('fold', () => {
  it('lower-cases', () => {
    assert.equal(fold('FOAF:Person'), 'foaf:person')
  })

  it('folds a capital sigma the same at the end of a word and inside it', () => {
    assert.equal(fold('ΟΔΟΣ'), 'οδοσ')
    assert.ok(fold('ΟΔΟΣΑ').startsWith(fold('ΟΔΟΣ')))
  })

  it('folds a concatenation to the concatenation of the folds', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => fold(a + b) === fold(a) + fold(b)))
    assert.equal(fold('Σ' + 'Α'), fold('Σ') + fold('Α'))
  })
})
