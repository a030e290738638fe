// Tests of term search by local name or label, and its ranking, alone and through PrefixIndex.search.

import assert from 'node:assert/strict'
import { PrefixIndex, PrefixIndexBuilder } from '@prefixd/core'
import { localName, TermSearch, type SearchableTerm } from '../../../packages/core/src/terms/term-search.js'

const A = 'http://a.example/'
const B = 'http://b.example/ns#'

const TERMS: SearchableTerm[] = [
  { iri: A + 'Person', label: 'Person' },
  { iri: B + 'Person', label: 'A person' },
  { iri: A + 'personalName', label: 'personal name' },
  { iri: B + 'human', label: 'Person' },
  { iri: A + 'birthDate', label: 'date of birth' },
  { iri: A + 'Persona' },
  { iri: B + 'p', label: 'Person-like thing' },
]

const iris = (terms: readonly SearchableTerm[]): string[] => terms.map((t) => t.iri)
const noBias = (): number => 0

describe('localName', () => {
  it('takes what follows the last #, / or :', () => {
    assert.equal(localName('http://a.example/x/Person'), 'Person')
    assert.equal(localName('http://a.example/ns#Person'), 'Person')
    assert.equal(localName('urn:isbn:123'), '123')
    assert.equal(localName('http://a.example/'), '')
    assert.equal(localName('plain'), 'plain')
  })
})

describe('TermSearch', () => {
  const search = new TermSearch(TERMS)

  it('ranks exact local names, then exact labels, then names, labels and label words starting with the query', () => {
    assert.deepEqual(iris(search.search('person', 10, noBias)), [
      A + 'Person', // exact name
      B + 'Person', // exact name, longer IRI
      B + 'human', // exact label
      A + 'Persona', // name prefix, shorter name first
      A + 'personalName', // name prefix
      B + 'p', // label prefix
    ])
  })

  it('finds a term by a later word of its label', () => {
    assert.deepEqual(iris(search.search('birth', 10, noBias)), [A + 'birthDate'])
    assert.deepEqual(iris(search.search('of b', 10, noBias)), [A + 'birthDate'])
  })

  it('ignores case and surrounding spaces', () => {
    assert.deepEqual(iris(search.search('  PERSONA ', 10, noBias)), [A + 'Persona', A + 'personalName'])
  })

  it('breaks ties between equal matches with the bias, lower first', () => {
    const preferB = (term: SearchableTerm): number => (term.iri.startsWith(B) ? 0 : 1)
    assert.deepEqual(iris(search.search('person', 2, preferB)), [B + 'Person', A + 'Person'])
  })

  it('keeps at most limit results, and none for an empty query or limit', () => {
    assert.equal(search.search('person', 2, noBias).length, 2)
    assert.deepEqual(search.search('person', 0, noBias), [])
    assert.deepEqual(search.search('   ', 5, noBias), [])
    assert.deepEqual(search.search('zzz', 5, noBias), [])
  })

  it('lists a term once even when several of its keys match', () => {
    const found = iris(search.search('p', 20, noBias))
    assert.equal(new Set(found).size, found.length)
  })
})

describe('PrefixIndex.search', () => {
  const index: PrefixIndex = new PrefixIndexBuilder()
    .addPrefixes({ a: A }, { curated: true })
    .addPrefixes({ b: B })
    .describeVocabulary('b', { popularity: 1 })
    .addTerm({ iri: A + 'Person', labels: { en: 'Person' } })
    .addTerm({ iri: B + 'Person', labels: { en: 'Person' } })
    .addTerm({ iri: B + 'People' })
    .build()

  it('gives term descriptions, curated vocabularies first among equal matches', () => {
    const found = index.search('person')
    assert.deepEqual(
      found.map((t) => t.prefixed),
      ['a:Person', 'b:Person'],
    )
    assert.equal(found[0]?.label, 'Person')
  })

  it('caps results at limit (default 20)', () => {
    assert.equal(index.search('pe', { limit: 1 }).length, 1)
    assert.equal(index.search('pe').length, 3)
  })

  it('throws a TypeError for a non-string query', () => {
    assert.throws(() => index.search(1 as unknown as string), TypeError)
  })
})
