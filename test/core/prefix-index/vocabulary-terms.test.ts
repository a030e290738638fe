// Tests of PrefixIndex.termsOf and PrefixIndex.hasType: the terms of one prefix and their kinds, behind the vocabulary page.

import assert from 'node:assert/strict'
import { PrefixIndex, PrefixIndexBuilder } from '@prefixd/core'

const RDF_PROPERTY = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property'
const RDFS = 'http://www.w3.org/2000/01/rdf-schema#'
const RDFS_CLASS = RDFS + 'Class'
const OWL = 'http://www.w3.org/2002/07/owl#'
const EX = 'http://example.org/'
const EXNS = 'http://example.org/ns#'
const FOAF = 'http://xmlns.com/foaf/0.1/'

const TABLE = {
  ex: EX,
  exns: EXNS, // nested in ex's namespace
  alias: EXNS, // a second prefix for exns's namespace: names are written with the first
  up: EX + 'Up/',
  low: EX + 'up/', // equal to up's namespace but for case
  other: 'http://other.org/',
  empty: 'http://empty.org/',
}

const TERMS = [
  { iri: EX + 'b', types: [OWL + 'ObjectProperty'] },
  { iri: EX + 'a', types: [OWL + 'Class'], labels: { en: 'A thing' } },
  { iri: EX + 'a[b]' }, // a valid IRI that no local name can write
  { iri: EXNS + 'Thing', types: [RDFS_CLASS] },
  { iri: EX + 'Up/X', types: [OWL + 'TransitiveProperty'] },
  { iri: EX + 'up/x' },
  { iri: 'http://other.org/o', types: [OWL + 'DatatypeProperty'] },
]

/** The IRIs a list of terms holds, in its order. */
const irisOf = (terms: ReadonlyArray<{ readonly iri: string }> | undefined): string[] | undefined => terms?.map((t) => t.iri)

describe('PrefixIndex.termsOf', () => {
  const index = PrefixIndex.fromPrefixes(TABLE, { terms: TERMS })

  it('gives undefined for an unknown prefix, and for a known one written in another case', () => {
    assert.equal(index.termsOf('nosuch'), undefined)
    assert.equal(index.termsOf('EX'), undefined)
    assert.equal(index.termsOf('nosuch', { limit: 5 }), undefined)
  })

  it('gives [] for a known prefix whose namespace holds no term', () => {
    assert.deepEqual(index.termsOf('empty'), [])
  })

  it('lists the terms inside the namespace, nested namespaces included, sorted case-folded by IRI', () => {
    assert.deepEqual(irisOf(index.termsOf('ex')), [EX + 'a', EX + 'a[b]', EX + 'b', EXNS + 'Thing', EX + 'Up/X', EX + 'up/x'])
    assert.deepEqual(irisOf(index.termsOf('exns')), [EXNS + 'Thing'])
    assert.deepEqual(irisOf(index.termsOf('other')), ['http://other.org/o'])
  })

  it('is case-sensitive: a term equal to the namespace but for case is not listed', () => {
    assert.deepEqual(irisOf(index.termsOf('up')), [EX + 'Up/X'])
    assert.deepEqual(irisOf(index.termsOf('low')), [EX + 'up/x'])
  })

  it('lists the same terms for two prefixes of one namespace', () => {
    assert.deepEqual(irisOf(index.termsOf('alias')), irisOf(index.termsOf('exns')))
  })

  it('gives each term as index.term does: prefixed name (when one can write it), types and label', () => {
    const listed = index.termsOf('ex')!
    for (const term of listed) {
      if (term.prefixed?.startsWith('alias:')) continue // the shrink's name, rewritten: see the alias test below
      assert.deepEqual(term, index.term(term.iri), term.iri)
    }
    const byIri = new Map(listed.map((t) => [t.iri, t]))
    assert.deepEqual(byIri.get(EX + 'a'), { iri: EX + 'a', prefixed: 'ex:a', types: [OWL + 'Class'], label: 'A thing' })
    assert.equal(byIri.get(EXNS + 'Thing')?.prefixed, 'exns:Thing') // the name of the deepest namespace
    assert.equal(byIri.get(EX + 'Up/X')?.prefixed, 'up:X')
    assert.ok(!('prefixed' in byIri.get(EX + 'a[b]')!))
    // A second prefix of a namespace writes its terms with itself, not with the preferred prefix.
    assert.equal(index.termsOf('alias')![0]!.prefixed, 'alias:Thing')
    assert.equal(index.term(EXNS + 'Thing')?.prefixed, 'exns:Thing')
  })

  it('refuses a limit that is not a whole number ≥ 0, as autocomplete does', () => {
    for (const limit of [-1, 1.5, Number.NaN]) assert.throws(() => index.termsOf('ex', { limit }), TypeError, String(limit))
    assert.deepEqual(index.termsOf('ex', { limit: 0 }), [])
  })

  it('returns at most limit terms, the first ones in order', () => {
    const all = irisOf(index.termsOf('ex'))!
    assert.deepEqual(irisOf(index.termsOf('ex', { limit: 2 })), all.slice(0, 2))
    assert.deepEqual(irisOf(index.termsOf('ex', { limit: 1 })), all.slice(0, 1))
    assert.deepEqual(irisOf(index.termsOf('ex', { limit: all.length + 10 })), all)
    assert.deepEqual(index.termsOf('ex', { limit: 0 }), [])
  })

  it('counts towards the limit only the terms it lists, not those equal to the namespace but for case', () => {
    // In index order http://example.org/Up/X comes before http://example.org/up/x: it must not use up the limit.
    assert.deepEqual(irisOf(index.termsOf('low', { limit: 1 })), [EX + 'up/x'])
  })

  describe('on the default index', () => {
    let defaults: PrefixIndex
    before(async () => {
      defaults = await PrefixIndex.loadDefault()
    })

    it('lists foaf terms with their prefixed names, and nothing outside foaf', () => {
      const terms = defaults.termsOf('foaf')!
      assert.ok(terms.length > 50, `${terms.length} terms`)
      for (const term of terms) assert.ok(term.iri.startsWith(FOAF), term.iri)
      const person = terms.find((t) => t.iri === FOAF + 'Person')
      assert.equal(person?.prefixed, 'foaf:Person')
      assert.equal(person?.label, 'Person')
      assert.equal(terms.find((t) => t.iri === FOAF + 'knows')?.prefixed, 'foaf:knows')
      assert.equal(new Set(terms.map((t) => t.iri)).size, terms.length)
    })

    it('respects the limit and gives undefined for unknown prefixes', () => {
      const all = defaults.termsOf('schema')!
      assert.deepEqual(defaults.termsOf('schema', { limit: 5 }), all.slice(0, 5))
      assert.equal(defaults.termsOf('nosuchprefix'), undefined)
      assert.equal(defaults.termsOf('FOAF'), undefined)
    })
  })
})

describe('PrefixIndex.hasType', () => {
  const index = PrefixIndex.fromPrefixes(TABLE, { terms: TERMS })

  it('is true for a type the term has directly', () => {
    assert.equal(index.hasType(EX + 'a', OWL + 'Class'), true)
    assert.equal(index.hasType(EXNS + 'Thing', RDFS_CLASS), true)
  })

  it('follows rdfs:subClassOf upwards: owl:Class ⊑ rdfs:Class, owl:ObjectProperty ⊑ rdf:Property', () => {
    assert.equal(index.hasType(EX + 'a', RDFS_CLASS), true)
    assert.equal(index.hasType(EX + 'b', RDF_PROPERTY), true)
    assert.equal(index.hasType('http://other.org/o', RDF_PROPERTY), true)
    // Two steps: owl:TransitiveProperty ⊑ owl:ObjectProperty ⊑ rdf:Property.
    assert.equal(index.hasType(EX + 'Up/X', OWL + 'ObjectProperty'), true)
    assert.equal(index.hasType(EX + 'Up/X', RDF_PROPERTY), true)
  })

  it('does not follow it downwards, nor across', () => {
    assert.equal(index.hasType(EXNS + 'Thing', OWL + 'Class'), false)
    assert.equal(index.hasType(EX + 'a', RDF_PROPERTY), false)
    assert.equal(index.hasType(EX + 'b', RDFS_CLASS), false)
  })

  it('is false for an unknown IRI, a term without types, and a type written in another case', () => {
    assert.equal(index.hasType(EX + 'nosuch', RDFS_CLASS), false)
    assert.equal(index.hasType('urn:x:y', RDFS_CLASS), false)
    assert.equal(index.hasType(EX + 'up/x', RDFS_CLASS), false)
    assert.equal(index.hasType(EX + 'a', RDFS + 'class'), false)
  })

  it('follows subclass statements loaded with the data', () => {
    const loaded = new PrefixIndexBuilder()
      .addPrefixes({ ex: EXNS })
      .addRdf(
        `@prefix rdfs: <${RDFS}> . @prefix ex: <${EXNS}> .
         ex:Rex a ex:Dog . ex:Dog rdfs:subClassOf ex:Animal . ex:Animal rdfs:subClassOf ex:Being .`,
        { source: 'dogs.ttl' },
      )
      .build()
    assert.equal(loaded.hasType(EXNS + 'Rex', EXNS + 'Being'), true)
    assert.equal(loaded.hasType(EXNS + 'Rex', EXNS + 'Cat'), false)
  })

  describe('on the default index', () => {
    let defaults: PrefixIndex
    before(async () => {
      defaults = await PrefixIndex.loadDefault()
    })

    it('knows foaf:Person is a class and foaf:knows a property', () => {
      assert.equal(defaults.hasType(FOAF + 'Person', RDFS_CLASS), true)
      assert.equal(defaults.hasType(FOAF + 'Person', RDF_PROPERTY), false)
      assert.equal(defaults.hasType(FOAF + 'knows', RDF_PROPERTY), true)
      assert.equal(defaults.hasType(FOAF + 'knows', RDFS_CLASS), false)
      assert.equal(defaults.hasType(FOAF + 'NoSuchTerm', RDFS_CLASS), false)
    })
  })
})
