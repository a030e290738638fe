// Tests of the subclass closure behind the subclass-aware type filter.

import assert from 'node:assert/strict'
import { TypeHierarchy } from '../../../packages/core/src/terms/type-hierarchy.js'
import { OWL, RDF_PROPERTY, RDFS, RDFS_CLASS } from '../../../packages/core/src/terms/vocab.js'

describe('TypeHierarchy', () => {
  it('knows the RDFS and OWL built-ins', () => {
    const hierarchy = new TypeHierarchy()
    assert.ok(hierarchy.closure(OWL + 'Class').includes(RDFS_CLASS))
    assert.ok(hierarchy.closure(OWL + 'ObjectProperty').includes(RDF_PROPERTY))
    assert.ok(hierarchy.closure(OWL + 'DatatypeProperty').includes(RDF_PROPERTY))
    assert.ok(hierarchy.closure(RDFS + 'Datatype').includes(RDFS_CLASS))
  })

  it('closes transitively: owl:TransitiveProperty ⊑ owl:ObjectProperty ⊑ rdf:Property', () => {
    const closure = new TypeHierarchy().closure(OWL + 'TransitiveProperty')
    assert.deepEqual(new Set(closure), new Set([OWL + 'TransitiveProperty', OWL + 'ObjectProperty', RDF_PROPERTY]))
  })

  it('includes the type itself, and only it for an unknown type', () => {
    assert.deepEqual(new TypeHierarchy().closure('http://x/T'), ['http://x/T'])
  })

  it('adds loaded statements and forgets memoised closures when one is added', () => {
    const hierarchy = new TypeHierarchy()
    assert.deepEqual(hierarchy.closure('http://x/Dog'), ['http://x/Dog'])
    hierarchy.add('http://x/Dog', 'http://x/Animal')
    hierarchy.add('http://x/Animal', OWL + 'Class')
    assert.deepEqual(new Set(hierarchy.closure('http://x/Dog')), new Set(['http://x/Dog', 'http://x/Animal', OWL + 'Class', RDFS_CLASS]))
  })

  it('survives cycles and ignores a class declared its own subclass', () => {
    const hierarchy = new TypeHierarchy()
    hierarchy.add('http://x/A', 'http://x/B')
    hierarchy.add('http://x/B', 'http://x/A')
    hierarchy.add('http://x/C', 'http://x/C')
    assert.deepEqual(new Set(hierarchy.closure('http://x/A')), new Set(['http://x/A', 'http://x/B']))
    assert.equal(
      [...hierarchy.statements()].some(([sub, sup]) => sub === 'http://x/C' && sup === 'http://x/C'),
      false,
    )
  })

  it('lists every statement, built-ins and added ones, once', () => {
    const hierarchy = new TypeHierarchy()
    const before = [...hierarchy.statements()].length
    hierarchy.add('http://x/A', 'http://x/B')
    hierarchy.add('http://x/A', 'http://x/B')
    const statements = [...hierarchy.statements()]
    assert.equal(statements.length, before + 1)
    assert.deepEqual(statements.at(-1), ['http://x/A', 'http://x/B'])
  })
})
