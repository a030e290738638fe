// Tests of PrefixIndexBuilder: validation and precedence of prefix tables, and terms read from RDF.

import assert from 'node:assert/strict'
import { DataFactory } from 'n3'
import { PrefixIndexBuilder } from '@prefixd/core'

const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#'
const RDFS = 'http://www.w3.org/2000/01/rdf-schema#'
const OWL = 'http://www.w3.org/2002/07/owl#'
const SKOS = 'http://www.w3.org/2004/02/skos/core#'
const EX = 'http://example.org/ns#'

describe('PrefixIndexBuilder.addPrefixes', () => {
  it('loads a table in order and builds an index from it', () => {
    const index = new PrefixIndexBuilder().addPrefixes({ b: 'http://b/', a: 'http://a/' }).build()
    assert.deepEqual(Object.entries(index.prefixes()), [
      ['b', 'http://b/'],
      ['a', 'http://a/'],
    ])
  })

  it('takes [prefix, namespace] pairs as well as an object', () => {
    const builder = new PrefixIndexBuilder().addPrefixes([['a', 'http://a/']]).addPrefixes(new Map([['b', 'http://b/']]))
    assert.deepEqual(builder.build().prefixes(), { a: 'http://a/', b: 'http://b/' })
  })

  it('accepts the empty prefix', () => {
    assert.equal(new PrefixIndexBuilder().addPrefixes({ '': 'http://e/' }).build().expand(':x'), 'http://e/x')
  })

  it('skips an invalid PN_PREFIX and reports it with the entry and source; the rest loads', () => {
    const builder = new PrefixIndexBuilder().addPrefixes({ good: 'http://g/', '1bad': 'http://b/', 'a b': 'http://c/' }, { source: 'mine.json' })
    assert.deepEqual(builder.build().prefixes(), { good: 'http://g/' })
    assert.equal(builder.problems.length, 2)
    const [first, second] = builder.problems
    assert.equal(first?.source, 'mine.json')
    assert.equal(first?.entry, '1bad: http://b/')
    assert.match(first!.message, /not a valid prefix/)
    assert.equal(second?.entry, 'a b: http://c/')
  })

  it('skips a namespace that is not an absolute IRI and reports it', () => {
    const builder = new PrefixIndexBuilder().addPrefixes({ rel: 'relative/path#', sp: 'http://a b/', ok: 'urn:x:' })
    assert.deepEqual(builder.build().prefixes(), { ok: 'urn:x:' })
    assert.deepEqual(
      builder.problems.map((p) => [p.source, p.entry]),
      [
        ['prefixes', 'rel: relative/path#'],
        ['prefixes', 'sp: http://a b/'],
      ],
    )
    assert.match(builder.problems[0]!.message, /^namespace: .*scheme/)
  })

  it('reports non-string entries instead of throwing', () => {
    const builder = new PrefixIndexBuilder().addPrefixes({ a: 42 as unknown as string, b: 'http://b/' })
    assert.deepEqual(builder.build().prefixes(), { b: 'http://b/' })
    assert.match(builder.problems[0]!.message, /must be a string/)
  })

  it('makes control characters in reported entries visible', () => {
    const builder = new PrefixIndexBuilder().addPrefixes({ 'a\nb': 'http://x/' })
    assert.equal(builder.problems[0]?.entry, 'a\\u000ab: http://x/')
  })

  it('keeps the first namespace of a prefix and reports a later, different one', () => {
    const builder = new PrefixIndexBuilder()
      .addPrefixes({ ex: 'http://first/' }, { source: 'one' })
      .addPrefixes({ ex: 'http://second/' }, { source: 'two' })
      .addPrefixes({ ex: 'http://first/' }, { source: 'three' }) // the same binding again: no conflict
    assert.equal(builder.build().namespace('ex'), 'http://first/')
    assert.equal(builder.problems.length, 1)
    assert.equal(builder.problems[0]?.source, 'two')
    assert.match(builder.problems[0]!.message, /already bound to <http:\/\/first\/>/)
  })

  it('lets override: true replace earlier bindings and put them first in preference order', () => {
    const builder = new PrefixIndexBuilder()
      .addPrefixes({ a: 'http://a/', ex: 'http://first/', other: 'http://shared/' })
      .addPrefixes({ ex: 'http://mine/', mine: 'http://shared/' }, { override: true })
    assert.deepEqual(builder.problems, [])
    const index = builder.build()
    assert.deepEqual(Object.keys(index.prefixes()), ['ex', 'mine', 'a', 'other'])
    assert.equal(index.namespace('ex'), 'http://mine/')
    assert.equal(index.shrink('http://shared/x'), 'mine:x')
    assert.equal(index.shrink('http://first/x'), undefined)
  })

  it('keeps overriding entries over base entries added later', () => {
    const index = new PrefixIndexBuilder().addPrefixes({ ex: 'http://mine/' }, { override: true }).addPrefixes({ ex: 'http://default/' }).build()
    assert.equal(index.namespace('ex'), 'http://mine/')
  })

  it('gives an index that later additions to the builder do not change', () => {
    const builder = new PrefixIndexBuilder().addPrefixes({ ex: EX }).addTerm({ iri: EX + 'Dog', types: [EX + 'Animal'] })
    const index = builder.build()
    const before = [...index.subClassStatements()].length
    builder.addSubClassOf(EX + 'Animal', 'http://www.w3.org/2000/01/rdf-schema#Class').addTerm({ iri: EX + 'Dog', types: [EX + 'Pet'] })
    assert.equal([...index.subClassStatements()].length, before)
    assert.deepEqual(index.term(EX + 'Dog')!.types, [EX + 'Animal'])
    assert.deepEqual(index.autocomplete('ex:', { type: 'rdfs:Class' }), [])
  })

  it("forgets what described a prefix once a user's own table binds it to another namespace, and only then", () => {
    const builder = new PrefixIndexBuilder()
      .addPrefixes({ foaf: 'http://xmlns.com/foaf/0.1/', dc: 'http://purl.org/dc/elements/1.1/' }, { curated: true })
      .describeVocabulary('foaf', { title: 'Friend of a Friend', popularity: 3 })
      .describeVocabulary('dc', { title: 'Dublin Core', popularity: 5 })
      .addPrefixes({ foaf: 'http://example.org/my-foaf/', dc: 'http://purl.org/dc/elements/1.1/' }, { override: true })
    const index = builder.build()
    // Another namespace is another vocabulary: no borrowed title, prefix.cc rank or curation for it.
    assert.equal(index.vocabulary('foaf'), undefined)
    assert.deepEqual(index.vocabulary('dc'), { curated: true, title: 'Dublin Core', popularity: 5 })
    // A description of the new binding given after it counts as given.
    builder.describeVocabulary('foaf', { title: 'Mine' })
    assert.deepEqual(builder.build().vocabulary('foaf'), { title: 'Mine' })
  })

  it('lets a later override replace an earlier override', () => {
    const index = new PrefixIndexBuilder().addPrefixes({ ex: 'http://one/' }, { override: true }).addPrefixes({ ex: 'http://two/' }, { override: true }).build()
    assert.equal(index.namespace('ex'), 'http://two/')
  })

  it('puts a later overriding table first in preference order, so its prefix wins a shared namespace', () => {
    const index = new PrefixIndexBuilder()
      .addPrefixes({ one: 'http://shared/', ex: 'http://one/' }, { override: true })
      .addPrefixes({ two: 'http://shared/', ex: 'http://two/' }, { override: true })
      .build()
    assert.deepEqual(Object.keys(index.prefixes()), ['two', 'ex', 'one'])
    assert.equal(index.shrink('http://shared/x'), 'two:x')
  })

  it('marks curated prefixes and keeps vocabulary descriptions of prefixes in the table only', () => {
    const index = new PrefixIndexBuilder()
      .addPrefixes({ ex: EX }, { curated: true })
      .describeVocabulary('ex', { title: 'Example' })
      .describeVocabulary('gone', { title: 'Not in the table' })
      .build()
    assert.deepEqual(index.vocabulary('ex'), { curated: true, title: 'Example' })
    assert.equal(index.vocabulary('gone'), undefined)
  })
})

describe('PrefixIndexBuilder.addTerm', () => {
  it('merges the types and labels of the same IRI, the first label per language winning', () => {
    const index = new PrefixIndexBuilder()
      .addPrefixes({ ex: EX })
      .addTerm({ iri: EX + 'T', types: [OWL + 'Class'], labels: { de: 'Ding' } })
      .addTerm({ iri: EX + 'T', types: [OWL + 'Class', RDFS + 'Class'], labels: { de: 'Sache', en: 'Thing' } })
      .build()
    // The label in a second language counts as a use of the term (a translated term is a central one).
    assert.deepEqual(index.term(EX + 'T'), { iri: EX + 'T', prefixed: 'ex:T', types: [OWL + 'Class', RDFS + 'Class'], label: 'Thing', references: 1 })
  })

  it('reports a term without a valid IRI', () => {
    const builder = new PrefixIndexBuilder().addTerm({ iri: 'no scheme' }, 'vocab').addTerm({} as unknown as { iri: string })
    assert.equal(builder.problems.length, 2)
    assert.equal(builder.problems[0]?.source, 'vocab')
    assert.equal(builder.problems[0]?.entry, 'no scheme')
    assert.match(builder.problems[1]!.message, /needs an iri/)
  })
})

describe('PrefixIndexBuilder.addRdf', () => {
  const TURTLE = `
    @prefix rdf: <${RDF}> . @prefix rdfs: <${RDFS}> . @prefix owl: <${OWL}> . @prefix skos: <${SKOS}> .
    @prefix ex: <${EX}> .
    ex:Person a owl:Class ; rdfs:label "Persona"@es, "Person"@en, "person" ; rdfs:subClassOf ex:Agent .
    ex:Agent a rdfs:Class ; skos:prefLabel "Agent" .
    ex:knows a owl:ObjectProperty, owl:SymmetricProperty ; rdfs:label "kennt"@de .
    ex:name rdfs:label "name"@en-GB, "nom"@fr .
    ex:Agent rdfs:label "Agent (untagged, second)" .
    _:b ex:p ex:o .
    <http://elsewhere.example/x> a owl:Class .
    ex: a owl:Ontology .
    ex:knows rdfs:label ex:notALiteral .
  `

  function load(text = TURTLE, format?: 'turtle' | 'n-triples' | 'n-quads' | 'trig' | 'n3') {
    const builder = new PrefixIndexBuilder().addPrefixes({ ex: EX, rdfs: RDFS }).addRdf(text, { source: 'v.ttl', ...(format && { format }) })
    return { builder, index: builder.build() }
  }

  it('reads subject IRIs inside the table with their rdf:types', () => {
    const { builder, index } = load()
    assert.deepEqual(builder.problems, [])
    assert.deepEqual(index.term(EX + 'knows')?.types, [OWL + 'ObjectProperty', OWL + 'SymmetricProperty'])
    assert.deepEqual(index.term(EX + 'Agent')?.types, [RDFS + 'Class'])
  })

  it('leaves out subjects outside every namespace, the namespace itself, and blank nodes', () => {
    const { index } = load()
    assert.equal(index.term('http://elsewhere.example/x'), undefined)
    assert.equal(index.term(EX), undefined)
    assert.deepEqual(
      index.terms().map((t) => t.iri),
      [EX + 'Agent', EX + 'knows', EX + 'name', EX + 'Person'],
    )
  })

  it('prefers an English label, then en-*, then an untagged one, then any', () => {
    const { index } = load()
    assert.equal(index.term(EX + 'Person')?.label, 'Person')
    assert.equal(index.term(EX + 'name')?.label, 'name') // en-GB
    assert.equal(index.term(EX + 'Agent')?.label, 'Agent') // skos:prefLabel, untagged, first
    assert.equal(index.term(EX + 'knows')?.label, 'kennt') // only German
  })

  it('records rdfs:subClassOf for the type filter', () => {
    const { index } = load(TURTLE + `ex:Alice a ex:Person .`)
    assert.deepEqual(index.autocomplete('ex:', { type: 'ex:Agent' }), ['ex:Alice'])
    assert.deepEqual(index.autocomplete('ex:', { type: 'ex:Person' }), ['ex:Alice'])
  })

  it('reads N-Triples', () => {
    const { builder, index } = load(`<${EX}T> <${RDF}type> <${OWL}Class> .\n<${EX}T> <${RDFS}label> "Tee"@en .\n`, 'n-triples')
    assert.deepEqual(builder.problems, [])
    assert.deepEqual(index.term(EX + 'T'), { iri: EX + 'T', prefixed: 'ex:T', types: [OWL + 'Class'], label: 'Tee' })
  })

  it('reads N-Quads, whatever the graph', () => {
    const { index } = load(`<${EX}Q> <${RDF}type> <${RDFS}Class> <http://graph/> .\n<${EX}R> <${RDF}type> <${RDFS}Class> .\n`, 'n-quads')
    assert.deepEqual(
      index.terms().map((t) => t.iri),
      [EX + 'Q', EX + 'R'],
    )
  })

  it('reads TriG', () => {
    const { index } = load(`@prefix ex: <${EX}> . <http://g/> { ex:G a ex:Thing . }`, 'trig')
    assert.deepEqual(index.term(EX + 'G')?.types, [EX + 'Thing'])
  })

  it('resolves relative IRIs against baseIRI', () => {
    const builder = new PrefixIndexBuilder().addPrefixes({ ex: EX }).addRdf(`<#B> a <#C> .`, { baseIRI: EX })
    assert.deepEqual(builder.build().term(EX + 'B')?.types, [EX + 'C'])
  })

  it('reports a syntax error and adds nothing from that text', () => {
    const builder = new PrefixIndexBuilder().addPrefixes({ ex: EX }).addRdf(`<${EX}A> a <${EX}C> .\n<${EX}B> a`, { source: 'broken.ttl' })
    assert.equal(builder.problems.length, 1)
    assert.equal(builder.problems[0]?.source, 'broken.ttl')
    assert.match(builder.problems[0]!.message, /^RDF syntax error/)
    assert.equal(builder.build().size.terms, 0)
  })

  it('adds quads given directly', () => {
    const { namedNode, quad, literal } = DataFactory
    const index = new PrefixIndexBuilder()
      .addPrefixes({ ex: EX })
      .addQuads([
        quad(namedNode(EX + 'A'), namedNode(RDF + 'type'), namedNode(OWL + 'Class')),
        quad(namedNode(EX + 'A'), namedNode(RDFS + 'label'), literal('A', 'en')),
      ])
      .build()
    assert.deepEqual(index.term(EX + 'A'), { iri: EX + 'A', prefixed: 'ex:A', types: [OWL + 'Class'], label: 'A' })
  })
})

describe('PrefixIndexBuilder.addQuads', () => {
  const EX = 'http://example.org/ex#'
  const OTHER = 'http://example.org/other#'

  it("counts a term used as a value by another vocabulary (or a blank node) towards its relevance, not its own vocabulary's values", () => {
    const { namedNode, blankNode, quad } = DataFactory
    const type = namedNode('http://www.w3.org/1999/02/22-rdf-syntax-ns#type')
    const kind = namedNode(`${EX}Kind`)
    const quads = [
      quad(namedNode(`${EX}Kind`), type, namedNode('http://www.w3.org/2000/01/rdf-schema#Class')),
      quad(namedNode(`${EX}Special`), type, kind), // the vocabulary's own value: not counted
      quad(namedNode(`${EX}Plain`), type, kind),
      quad(namedNode(`${OTHER}a`), type, kind), // another vocabulary's
      quad(blankNode(), namedNode(`${OTHER}uses`), kind), // a blank node's (a shape, a restriction)
    ]
    const builder = new PrefixIndexBuilder().addPrefixes({ ex: EX, other: OTHER })
    // A one-shot iterable: the quads are read once for the counts and once for the terms.
    const index = builder
      .addQuads(
        (function* () {
          yield* quads
        })(),
      )
      .build()
    assert.equal(index.term(`${EX}Kind`)?.references, 2)
    assert.equal(index.term(`${EX}Special`)?.references, undefined)
    assert.deepEqual(index.term(`${EX}Special`)?.types, [`${EX}Kind`])
  })
})

describe('PrefixIndexBuilder.entries', () => {
  it('lists overriding entries first, then the others', () => {
    const builder = new PrefixIndexBuilder().addPrefixes({ a: 'http://a/', b: 'http://b/' }).addPrefixes({ b: 'http://B/', c: 'http://c/' }, { override: true })
    assert.deepEqual(builder.entries(), [
      { prefix: 'b', namespace: 'http://B/' },
      { prefix: 'c', namespace: 'http://c/' },
      { prefix: 'a', namespace: 'http://a/' },
    ])
  })
})
