// Tests of the sorted term index: prefix queries by IRI, case folding and the subclass-aware type filter.

import assert from 'node:assert/strict'
import { TermIndex, type TermQuery } from '../../../packages/core/src/terms/term-index.js'
import type { TermRecord } from '../../../packages/core/src/terms/term-record.js'
import { TypeHierarchy } from '../../../packages/core/src/terms/type-hierarchy.js'
import { OWL, RDF_PROPERTY, RDFS_CLASS } from '../../../packages/core/src/terms/vocab.js'

const EX = 'http://example.org/'
const RECORDS: TermRecord[] = [
  { iri: EX + 'name', types: [OWL + 'DatatypeProperty'], label: 'name' },
  { iri: EX + 'Person', types: [OWL + 'Class'] },
  { iri: EX + 'person', types: [RDF_PROPERTY] },
  { iri: EX + 'knows', types: [OWL + 'ObjectProperty'] },
  { iri: EX + 'Dog', types: [EX + 'Breed'] },
  { iri: EX + 'Note', types: [] },
  { iri: EX + 'Organization', types: [RDFS_CLASS, OWL + 'Class'] },
]

function collect(index: TermIndex, prefix: string, query: TermQuery, max = Infinity): string[] {
  const out: string[] = []
  index.forEachStartingWith('', prefix, query, (record) => {
    out.push(record.iri.slice(EX.length))
    return out.length < max
  })
  return out
}

describe('TermIndex', () => {
  const hierarchy = new TypeHierarchy()
  hierarchy.add(EX + 'Breed', RDFS_CLASS)
  const index = new TermIndex(RECORDS, hierarchy)

  it('counts and finds its terms by exact IRI', () => {
    assert.equal(index.size, RECORDS.length)
    assert.deepEqual(index.get(EX + 'knows'), RECORDS[3])
    assert.equal(index.get(EX + 'KNOWS'), undefined)
  })

  it('keeps every term sorted by case-folded IRI, ties by the IRI itself', () => {
    assert.deepEqual(
      index.all().map((r) => r.iri.slice(EX.length)),
      ['Dog', 'knows', 'name', 'Note', 'Organization', 'Person', 'person'],
    )
  })

  it('visits the terms starting with a prefix, case-insensitively by default', () => {
    assert.deepEqual(collect(index, EX + 'n', { caseSensitive: false }), ['name', 'Note'])
    assert.deepEqual(collect(index, EX + 'PER', { caseSensitive: false }), ['Person', 'person'])
  })

  it('visits only exact-case matches when case-sensitive', () => {
    assert.deepEqual(collect(index, EX + 'n', { caseSensitive: true }), ['name'])
    assert.deepEqual(collect(index, EX + 'P', { caseSensitive: true }), ['Person'])
    assert.deepEqual(collect(index, EX + 'PER', { caseSensitive: true }), [])
  })

  it('stops as soon as the visitor returns false', () => {
    assert.deepEqual(collect(index, EX, { caseSensitive: false }, 2), ['Dog', 'knows'])
  })

  it('visits nothing when no IRI starts with the prefix', () => {
    assert.deepEqual(collect(index, 'http://other/', { caseSensitive: false }), [])
  })

  it('filters by type, counting superclasses: owl:Class is an rdfs:Class, owl:ObjectProperty an rdf:Property', () => {
    assert.deepEqual(collect(index, EX, { caseSensitive: false, types: [RDFS_CLASS] }), ['Dog', 'Organization', 'Person'])
    assert.deepEqual(collect(index, EX, { caseSensitive: false, types: [RDF_PROPERTY] }), ['knows', 'name', 'person'])
    assert.deepEqual(collect(index, EX, { caseSensitive: false, types: [OWL + 'ObjectProperty'] }), ['knows'])
  })

  it('filters by type within the prefix block only', () => {
    assert.deepEqual(collect(index, EX + 'p', { caseSensitive: false, types: [RDF_PROPERTY] }), ['person'])
    assert.deepEqual(collect(index, EX + 'P', { caseSensitive: true, types: [RDF_PROPERTY] }), [])
  })

  it('matches nothing for an empty type list', () => {
    assert.deepEqual(collect(index, EX, { caseSensitive: false, types: [] }), [])
  })

  it('merges several types in index order without duplicates', () => {
    assert.deepEqual(collect(index, EX, { caseSensitive: false, types: [OWL + 'Class', OWL + 'DatatypeProperty'] }), ['name', 'Organization', 'Person'])
  })

  it('resolves type IRIs that terms carry, case-folded unless asked', () => {
    assert.deepEqual(index.knownTypes(RDFS_CLASS.toUpperCase(), false), [RDFS_CLASS])
    assert.deepEqual(index.knownTypes(RDFS_CLASS.toUpperCase(), true), [])
    assert.deepEqual(index.knownTypes(RDFS_CLASS, true), [RDFS_CLASS])
    assert.deepEqual(index.knownTypes(EX + 'Unknown', false), [])
  })

  it('knows a type that no term carries directly but one reaches through a subclass', () => {
    const only = new TermIndex([{ iri: EX + 'p', types: [OWL + 'TransitiveProperty'] }], new TypeHierarchy())
    assert.deepEqual(only.knownTypes(RDF_PROPERTY, true), [RDF_PROPERTY])
  })
})

describe('TermIndex with a ranking made before', () => {
  // Records already in index order (case-folded IRI), as a data file keeps them.
  const sorted = [...RECORDS].sort((a, b) =>
    a.iri.toLowerCase() < b.iri.toLowerCase() ? -1 : a.iri.toLowerCase() > b.iri.toLowerCase() ? 1 : a.iri < b.iri ? -1 : 1,
  )
  const ranked = new TermIndex(sorted, new TypeHierarchy())
  const computed = Array.from(ranked.priorities())
  const reversed = computed.map((p) => computed.length - 1 - p)

  it('takes the given ranking when every record is kept in index order', () => {
    const index = new TermIndex(sorted, new TypeHierarchy(), undefined, undefined, reversed)
    assert.deepEqual(Array.from(index.priorities()), reversed)
  })

  it('ranks again when the records were not in index order, some are not kept, or the ranking is no permutation', () => {
    const shuffled = new TermIndex([...sorted].reverse(), new TypeHierarchy(), undefined, undefined, reversed)
    assert.deepEqual(Array.from(shuffled.priorities()), computed)
    const kept = new TermIndex(sorted, new TypeHierarchy(), (r) => r.iri !== sorted[0]!.iri, undefined, reversed)
    assert.equal(kept.size, sorted.length - 1)
    assert.notDeepEqual(Array.from(kept.priorities()), reversed.slice(1))
    for (const bad of [reversed.slice(1), reversed.map(() => 0), reversed.map((p) => p + 0.5), [...reversed.slice(0, -1), -1]]) {
      assert.deepEqual(Array.from(new TermIndex(sorted, new TypeHierarchy(), undefined, undefined, bad).priorities()), computed, JSON.stringify(bad))
    }
  })
})
