// What a term is by itself: the case bit of a letter and the weight that orders terms before any query.

import assert from 'node:assert/strict'
import { caseBit, defaultWeight, IS_LOWER, IS_UPPER, localNameLength, REFERENCES_CAP } from '../../../packages/core/src/terms/term-record.js'

describe('caseBit', () => {
  it('tells an upper-case letter from a lower-case one, beyond ASCII too', () => {
    assert.equal(caseBit('P'), IS_UPPER)
    assert.equal(caseBit('p'), IS_LOWER)
    assert.equal(caseBit('É'), IS_UPPER)
    assert.equal(caseBit('é'), IS_LOWER)
  })

  it('gives 0 for what has no case', () => {
    for (const letter of ['', '1', '_', '-']) assert.equal(caseBit(letter), 0, letter)
  })
})

describe('localNameLength', () => {
  it('counts what follows the last #, / or :', () => {
    assert.equal(localNameLength('http://xmlns.com/foaf/0.1/Person'), 6)
    assert.equal(localNameLength('http://www.w3.org/2000/01/rdf-schema#label'), 5)
    assert.equal(localNameLength('urn:isbn:123'), 3)
    assert.equal(localNameLength('nothing'), 7)
  })
})

describe('defaultWeight', () => {
  const term = (iri: string, references?: number, deprecated?: boolean) => ({
    iri,
    types: [],
    ...(references !== undefined && { references }),
    ...(deprecated && { deprecated }),
  })

  it('ranks a term the vocabularies build on above one they do not', () => {
    assert.ok(defaultWeight(term('http://ex.org/a', 10)) > defaultWeight(term('http://ex.org/a')))
  })

  it('ranks a shorter name above a longer one with the same references', () => {
    assert.ok(defaultWeight(term('http://ex.org/name', 3)) > defaultWeight(term('http://ex.org/longerName', 3)))
  })

  it('puts a deprecated term below the same term live', () => {
    assert.ok(defaultWeight(term('http://ex.org/a', 3, true)) < defaultWeight(term('http://ex.org/a', 3)))
  })

  it('counts no references past the cap it is given', () => {
    const capped = (references: number) => defaultWeight(term('http://ex.org/a', references), REFERENCES_CAP)
    assert.equal(capped(REFERENCES_CAP * 10), capped(REFERENCES_CAP))
    assert.ok(defaultWeight(term('http://ex.org/a', REFERENCES_CAP * 10)) > capped(REFERENCES_CAP * 10))
  })
})
