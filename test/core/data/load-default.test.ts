// Tests of the default index built into data/: it loads, it is well formed, and it answers from real vocabularies.

import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { isAbsoluteIri, isPnPrefix, PrefixError, PrefixIndex, PrefixIndexBuilder, readDefault, toCompact, type TermInfo } from '@prefixd/core'

const RDF_PROPERTY = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property'
const RDFS_CLASS = 'http://www.w3.org/2000/01/rdf-schema#Class'
const OWL = 'http://www.w3.org/2002/07/owl#'

describe('PrefixIndex.loadDefault', () => {
  let index: PrefixIndex
  before(async () => {
    index = await PrefixIndex.loadDefault()
  })

  it('holds thousands of prefixes and the terms of the curated vocabularies', () => {
    assert.ok(index.size.prefixes > 3000, `${index.size.prefixes} prefixes`)
    assert.ok(index.size.terms > 20000, `${index.size.terms} terms`)
    for (const prefix of ['rdf', 'rdfs', 'owl', 'xsd', 'skos', 'schema', 'foaf', 'dcterms', 'prov', 'dcat', 'sh']) {
      assert.ok(index.namespace(prefix) !== undefined, prefix)
      assert.equal(index.vocabulary(prefix)?.curated, true, prefix)
    }
  })

  it('expands, shrinks and completes with the default data', () => {
    assert.equal(index.expand('foaf:Person'), 'http://xmlns.com/foaf/0.1/Person')
    assert.equal(index.shrink('http://schema.org/Person'), 'schema:Person')
    assert.deepEqual(index.autocomplete('schema:Pers', { type: 'rdfs:Class' }), ['schema:Person'])
    assert.deepEqual(index.autocomplete('schema:Per', { type: 'rdfs:Class', limit: 3, sort: 'alpha' }), [
      'schema:PerformAction',
      'schema:PerformanceRole',
      'schema:PerformingArtsEvent',
    ])
    assert.deepEqual(index.autocomplete('schema:pers', { caseSensitive: true }), [])
    assert.equal(index.autocomplete('nosuch:x'), undefined)
  })

  it('has only valid prefixes and absolute namespaces, curated ones first', () => {
    const entries = index.entries()
    for (const { prefix, namespace } of entries) {
      assert.ok(prefix === '' || isPnPrefix(prefix), prefix)
      assert.ok(isAbsoluteIri(namespace), namespace)
    }
    assert.equal(new Set(entries.map((e) => e.prefix)).size, entries.length)
    const firstUncurated = entries.findIndex((e) => index.vocabulary(e.prefix)?.curated !== true)
    assert.ok(firstUncurated > 100)
    assert.ok(entries.slice(firstUncurated).every((e) => index.vocabulary(e.prefix)?.curated !== true))
  })

  it('keeps only terms inside a namespace of the table, and never a namespace itself', () => {
    const namespaces = new Set(index.entries().map((e) => e.namespace))
    for (const term of index.terms()) {
      assert.ok(!namespaces.has(term.iri), term.iri)
      assert.ok(index.shrink(term.iri, { syntax: 'curie' }) !== undefined, term.iri)
    }
  })

  it('prefers curated prefixes over prefix.cc ones for a shared namespace', () => {
    assert.equal(index.shrink('http://purl.org/dc/terms/title'), 'dcterms:title') // prefix.cc also has dct:
    assert.equal(index.shrink('http://purl.org/dc/elements/1.1/title'), 'dc11:title') // prefix.cc's dc: still expands
    assert.equal(index.expand('dc:title'), 'http://purl.org/dc/elements/1.1/title')
  })

  it('includes prefix.cc namespaces that end in _ (OBO)', () => {
    assert.equal(index.expand('go:0008150'), 'http://purl.obolibrary.org/obo/GO_0008150')
    assert.equal(index.shrink('http://purl.obolibrary.org/obo/GO_0008150'), 'go:0008150')
  })

  it('carries types and English labels', () => {
    const knows = index.term('http://xmlns.com/foaf/0.1/knows')
    assert.equal(knows?.prefixed, 'foaf:knows')
    assert.ok(knows?.types.includes(OWL + 'ObjectProperty'))
    assert.equal(knows?.label, 'knows')
  })

  it('finds a term typed only owl:ObjectProperty with type rdf:Property', () => {
    const broader = index.term('http://lexvo.org/ontology#broader')
    assert.ok(broader !== undefined && !broader.types.includes(RDF_PROPERTY) && broader.types.includes(OWL + 'ObjectProperty'))
    assert.deepEqual(index.autocomplete('lvont:broader', { type: 'rdf:Property' }), ['lvont:broader'])
  })

  it('finds a term typed only owl:Class with type rdfs:Class', () => {
    const abbey = index.term('http://dbpedia.org/ontology/Abbey')
    assert.ok(abbey !== undefined && !abbey.types.includes(RDFS_CLASS) && abbey.types.includes(OWL + 'Class'))
    assert.deepEqual(index.autocomplete('dbo:Abbey', { type: 'rdfs:Class' }), ['dbo:Abbey'])
    assert.ok(!index.autocomplete('dbo:Abbey', { type: 'rdf:Property' })!.includes('dbo:Abbey'))
  })

  it("uses the vocabularies' own rdfs:subClassOf statements: schema:Monday is a schema:Enumeration", () => {
    assert.deepEqual(index.term('http://schema.org/Monday')?.types, ['http://schema.org/DayOfWeek'])
    assert.deepEqual(index.autocomplete('schema:Mon', { type: 'schema:Enumeration' }), ['schema:Monday'])
  })

  it('completes prefixes and namespaces', () => {
    assert.deepEqual(index.autocomplete('http://xmlns.com/fo'), ['foaf:'])
    assert.ok(index.autocomplete('fo')!.includes('foaf:'))
    assert.deepEqual(index.autocomplete('schema:', { limit: 2, sort: 'alpha' }), ['schema:', 'schema:3DModel'])
  })
})

describe('PrefixIndexBuilder.loadDefault', () => {
  it("lets a user's table override a default prefix and take over its namespace", async () => {
    const builder = await PrefixIndexBuilder.loadDefault()
    builder.addPrefixes({ schema: 'https://schema.org/', s: 'http://schema.org/' }, { override: true, source: 'mine.json' })
    const index = builder.build()
    assert.equal(index.expand('schema:Person'), 'https://schema.org/Person')
    assert.equal(index.shrink('http://schema.org/Person'), 's:Person')
    assert.equal(index.shrink('https://schema.org/Person'), 'schema:Person')
    assert.deepEqual(Object.keys(index.prefixes()).slice(0, 2), ['schema', 's'])
  })
})

describe('the data tiers and their provenance', () => {
  let full: PrefixIndex
  let prefixes: PrefixIndex
  before(async () => {
    ;[full, prefixes] = await Promise.all([PrefixIndex.loadDefault(), PrefixIndex.loadDefault({ tier: 'prefixes' })])
  })

  it('gives the prefixes tier the same table and vocabulary descriptions, without terms', () => {
    assert.deepEqual(prefixes.entries(), full.entries())
    assert.equal(prefixes.size.terms, 0)
    for (const { prefix } of full.entries()) assert.deepEqual(prefixes.vocabulary(prefix), full.vocabulary(prefix), prefix)
    assert.equal(prefixes.expand('foaf:Person'), 'http://xmlns.com/foaf/0.1/Person')
    assert.equal(prefixes.shrink('http://schema.org/Person'), 'schema:Person')
    assert.deepEqual(prefixes.autocomplete('foa', { limit: 2 }), full.autocomplete('foa', { limit: 2 }))
  })

  it('records the data package, the versions of its sources and a checksum of each tier', async () => {
    const { FULL_INDEX_FILE, PREFIXES_INDEX_FILE, tierJson } = await import('@prefixd/data')
    const manifest = JSON.parse(readFileSync(new URL('package.json', FULL_INDEX_FILE), 'utf8')) as { version: string }
    for (const [index, tier, file] of [
      [full, 'full', FULL_INDEX_FILE],
      [prefixes, 'prefixes', PREFIXES_INDEX_FILE],
    ] as const) {
      assert.equal(index.provenance.length, 1)
      const p = index.provenance[0]!
      assert.equal(p.name, '@prefixd/data')
      assert.equal(p.version, manifest.version)
      assert.equal(p.tier, tier)
      const { provenance: _, ...content } = JSON.parse(tierJson(readFileSync(file, 'utf8'))) as Record<string, unknown>
      assert.equal(p.checksum, `sha256-${createHash('sha256').update(JSON.stringify(content)).digest('hex')}`)
      const names = p.sources.map((s) => s.name)
      for (const name of ['prefix-ns', '@zazuko/vocabularies', '@zazuko/prefixes', '@vocabulary/foaf', '@vocabulary/schema']) {
        assert.ok(names.includes(name), name)
      }
      assert.ok(
        p.sources.every((s) => /^\d+\.\d+\.\d+/.test(s.version)),
        'versions',
      )
    }
    assert.notEqual(full.provenance[0]!.checksum, prefixes.provenance[0]!.checksum)
  })

  it('rejects an unknown tier with a PrefixError', async () => {
    await assert.rejects(
      PrefixIndex.loadDefault({ tier: 'terms' as 'full' }),
      (error: unknown) => error instanceof PrefixError && error.code === 'INVALID_SOURCE' && error.message.includes("'terms'"),
    )
  })

  it('keeps the provenance of the defaults when a user adds data, and has none without them', async () => {
    const builder = await PrefixIndexBuilder.loadDefault({ tier: 'prefixes' })
    builder.addPrefixes({ ex: 'http://example.org/' }, { override: true })
    assert.deepEqual(builder.build().provenance, prefixes.provenance)
    assert.deepEqual(PrefixIndex.fromPrefixes({ ex: 'http://example.org/' }).provenance, [])
  })
})

describe('PrefixIndex.loadDefault, straight from the data', () => {
  // loadDefault() skips the draft that PrefixIndexBuilder.loadDefault() fills: both must give one index.
  for (const [tier, wholeTable] of [
    ['full', false],
    ['prefixes', false],
    ['full', true],
  ] as const) {
    it(`gives the index the builder's path gives: the ${tier} tier${wholeTable ? ', whole table' : ''}`, async () => {
      const fast = await PrefixIndex.loadDefault({ tier, wholeTable })
      const drafted = (await PrefixIndexBuilder.loadDefault({ tier })).build({ wholeTable })
      assert.deepEqual(toCompact(fast), toCompact(drafted))
      assert.deepEqual(fast.records(), drafted.records())
      assert.deepEqual(fast.provenance, drafted.provenance)
      assert.deepEqual(fast.size, drafted.size)
      for (const query of ['fo', 'dc', 'schema:Per', 'foaf:', 'owl:C', 'https://schema.org/Pe', 'person']) {
        assert.deepEqual(fast.autocomplete(query, { limit: 30 }), drafted.autocomplete(query, { limit: 30 }), query)
        assert.deepEqual(fast.autocomplete(query, { limit: 30, prefer: 'class' }), drafted.autocomplete(query, { limit: 30, prefer: 'class' }), query)
      }
      for (const iri of [
        'https://schema.org/Person',
        'http://purl.org/dc/elements/1.1/title',
        'http://example.com/unknown/thing',
        'http://www.w3.org/2002/07/owl#DeprecatedClass',
      ]) {
        assert.equal(fast.shrink(iri), drafted.shrink(iri), iri)
        assert.equal(fast.standardize(iri), drafted.standardize(iri), iri)
        assert.deepEqual(fast.term(iri), drafted.term(iri), iri)
      }
    })
  }
})

describe('readDefault', () => {
  const FOAF = 'http://xmlns.com/foaf/0.1/'
  let whole: PrefixIndex
  let data: Awaited<ReturnType<typeof readDefault>>
  before(async () => {
    data = await readDefault()
    whole = data.index()
  })

  it('makes the index loadDefault gives', async () => {
    const loaded = await PrefixIndex.loadDefault()
    assert.deepEqual(whole.size, loaded.size)
    assert.deepEqual(whole.autocomplete('schema:Pers', { type: 'rdfs:Class' }), loaded.autocomplete('schema:Pers', { type: 'rdfs:Class' }))
  })

  it('makes an index of some namespaces’ terms, the prefix table whole, that completes them as the whole index does', () => {
    const foaf = data.index({ namespaces: [FOAF] })
    assert.equal(foaf.size.prefixes, whole.size.prefixes)
    assert.ok(foaf.size.terms > 50 && foaf.size.terms < 200, `${foaf.size.terms} terms`)
    assert.ok(foaf.terms().every((t) => t.iri.startsWith(FOAF)))
    for (const [query, options] of [
      ['foaf:Pers', { type: RDFS_CLASS, prefer: 'class' }],
      ['foaf:', { type: RDF_PROPERTY, prefer: 'property', limit: 50 }],
      ['FOAF:na', {}],
      [FOAF + 'kn', { expand: true }],
    ] as const) {
      assert.deepEqual(foaf.complete(query, options), whole.complete(query, options), query)
    }
    assert.deepEqual(foaf.term(FOAF + 'Person'), whole.term(FOAF + 'Person'))
    assert.equal(foaf.hasType(FOAF + 'Person', RDFS_CLASS), true)
    assert.deepEqual(foaf.autocomplete('schema:Pers'), [])
    assert.equal(foaf.expand('schema:Person'), 'http://schema.org/Person')
  })

  it('reads only some namespaces’ terms yet knows each as the whole index does (its references and deprecation too)', () => {
    const byIri = (terms: readonly TermInfo[]) => [...terms].sort((a, b) => (a.iri < b.iri ? -1 : 1))
    for (const namespaces of [[FOAF], ['http://schema.org/', OWL], ['HTTP://PURL.ORG/dc/terms/'], ['http://www.w3.org/'], ['https://schema.org/']]) {
      const folded = namespaces.map((n) => n.toLowerCase())
      if (folded.includes('https://schema.org/')) folded.push('http://schema.org/')
      const expected = whole.terms().filter((t) => folded.some((n) => t.iri.toLowerCase().startsWith(n)))
      assert.ok(expected.length > 10, namespaces.join(' '))
      assert.ok(expected.some((t) => t.references !== undefined))
      assert.deepEqual(byIri(data.index({ namespaces }).terms()), byIri(expected), namespaces.join(' '))
    }
    assert.ok(whole.terms().some((t) => t.deprecated && t.iri.startsWith('http://schema.org/')))
  })

  it('shrinks as the whole index does, by lookups before its namespace trie is made and by the trie after (an index of some namespaces makes it only once many shrinks came)', () => {
    const foaf = data.index({ namespaces: [FOAF] })
    const iris = whole
      .entries()
      .slice(0, 1500)
      .flatMap(({ namespace }) => [namespace, namespace + 'Thing', namespace + 'a b', namespace.slice(0, -1)])
    assert.ok(iris.length > 4096) // past the lookups an index of some namespaces makes without the trie
    for (const iri of [...iris, FOAF + 'x'.repeat(1_000_000), 'http://schema.org/Person', 'https://schema.org/Person']) {
      assert.equal(foaf.shrink(iri), whole.shrink(iri), iri.slice(0, 80))
      assert.equal(foaf.shrinkError(iri)?.message, whole.shrinkError(iri)?.message, iri.slice(0, 80))
    }
    assert.deepEqual(foaf.namespacesOf('http://www.w3.org/ns/dcat#Dataset'), whole.namespacesOf('http://www.w3.org/ns/dcat#Dataset'))
  })

  it('makes indexes of other namespaces on one shared table (its orders made by the first’s completions), each completing as the whole index does', () => {
    const first = data.index({ namespaces: [FOAF] })
    assert.deepEqual(first.complete('fo', { limit: 50 }), whole.complete('fo', { limit: 50 }))
    assert.deepEqual(first.complete(FOAF + 'kn', { expand: true }), whole.complete(FOAF + 'kn', { expand: true }))
    for (const namespaces of [['http://schema.org/'], [FOAF, 'http://schema.org/'], ['http://www.w3.org/2000/01/rdf-schema#']]) {
      const other = data.index({ namespaces })
      for (const [query, options] of [
        ['sch', { limit: 50 }],
        ['schema:Pers', { type: RDFS_CLASS, prefer: 'class' }],
        ['schema:na', {}],
        ['rdfs:l', {}],
        ['foaf:kn', {}],
        ['http://schema.org/na', { expand: true }],
      ] as const) {
        const expected = whole.complete(query, options)
        const inNamespaces = namespaces.some((n) => query.startsWith(n) || query.startsWith(whole.shrink(n)?.slice(0, -1) ?? n))
        // A term query outside the index's namespaces finds no terms; a prefix query reads the table alone.
        if (inNamespaces || !query.includes(':')) assert.deepEqual(other.complete(query, options), expected, `${namespaces} ${query}`)
      }
      assert.equal(other.shrink('http://schema.org/Person'), 'schema:Person')
    }
  })

  it('takes the terms of the namespace a synonym stands for', () => {
    const https = data.index({ namespaces: ['https://schema.org/'] })
    assert.ok(https.term('http://schema.org/Person') !== undefined)
    assert.deepEqual(https.autocomplete('schema:Pers', { type: 'rdfs:Class' }), ['schema:Person'])
  })

  it('tells the namespace of a prefix of the table', () => {
    assert.equal(data.namespace('foaf'), FOAF)
    assert.equal(data.namespace('nosuch'), undefined)
    for (const { prefix } of whole.entries().slice(0, 500)) assert.equal(data.namespace(prefix), whole.namespace(prefix), prefix)
  })
})
