// Tests of the prefix-table readers: JSON maps, prefix.cc dumps, JSON-LD contexts, RDF and SPARQL declarations.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { formatOfFile, PrefixIndexBuilder, prefixesFromJson, prefixesFromRdf } from '@prefixd/core'

describe('prefixesFromJson', () => {
  it('reads a plain { prefix: namespace } map in order', () => {
    const { entries, problems } = prefixesFromJson({ foaf: 'http://xmlns.com/foaf/0.1/', ex: 'http://example.org/' })
    assert.deepEqual(entries, [
      ['foaf', 'http://xmlns.com/foaf/0.1/'],
      ['ex', 'http://example.org/'],
    ])
    assert.deepEqual(problems, [])
  })

  it('reports entries of a plain map whose namespace is not a string, and keeps the rest', () => {
    const { entries, problems } = prefixesFromJson({ a: 'http://a/', b: 42, c: null }, 'mine.json')
    assert.deepEqual(entries, [['a', 'http://a/']])
    assert.deepEqual(
      problems.map((p) => [p.source, p.entry]),
      [
        ['mine.json', 'b'],
        ['mine.json', 'c'],
      ],
    )
  })

  it('passes plain-map entries on unvalidated: the builder checks PN_PREFIX and the namespace', () => {
    const { entries } = prefixesFromJson({ '1bad': 'http://a/', rel: 'relative#' })
    const builder = new PrefixIndexBuilder().addPrefixes(entries, { source: 'mine.json' })
    assert.deepEqual(
      builder.problems.map((p) => p.entry),
      ['1bad: http://a/', 'rel: relative#'],
    )
  })

  it('reports a value that is neither an object nor a context', () => {
    for (const value of [null, 42, 'x', ['a']]) {
      const { entries, problems } = prefixesFromJson(value, 'f.json')
      assert.deepEqual(entries, [])
      assert.equal(problems.length, 1)
      assert.equal(problems[0]?.source, 'f.json')
    }
  })

  it('reads prefix.cc\'s JSON-LD dump { "@context": { … } }', () => {
    const { entries, problems } = prefixesFromJson({ '@context': { foaf: 'http://xmlns.com/foaf/0.1/', dc: 'http://purl.org/dc/elements/1.1/' } })
    assert.deepEqual(entries, [
      ['foaf', 'http://xmlns.com/foaf/0.1/'],
      ['dc', 'http://purl.org/dc/elements/1.1/'],
    ])
    assert.deepEqual(problems, [])
  })

  it('reads every namespace of the prefix.cc dump in prefix-ns, also those ending in _ or = (OBO)', () => {
    const require = createRequire(import.meta.url)
    const dump = JSON.parse(readFileSync(require.resolve('prefix-ns/data.json'), 'utf8')) as { '@context': Record<string, string> }
    const table = dump['@context']
    const { entries } = prefixesFromJson(dump, 'prefix-ns')
    const read = new Map(entries)
    assert.equal(read.get('go'), 'http://purl.obolibrary.org/obo/GO_')
    assert.equal(read.get('chebi'), 'http://purl.obolibrary.org/obo/CHEBI_')
    // Every namespace that ends in a separator is read (one truncated entry ends in a digit and cannot be told from a term).
    const separated = Object.entries(table).filter(([, ns]) => !/[A-Za-z0-9]$/.test(ns))
    assert.ok(separated.length > 3000)
    for (const [prefix, ns] of separated) assert.equal(read.get(prefix), ns, prefix)
  })

  it('reads simple JSON-LD definitions ending in a separator as prefixes, @vocab as the empty prefix, and skips term definitions', () => {
    const { entries } = prefixesFromJson({
      '@context': {
        '@vocab': 'http://schema.org/',
        '@base': 'http://example.org/',
        schema: 'http://schema.org/',
        name: 'http://schema.org/name',
        Person: 'schema:Person',
        isbn: 'urn:isbn:',
        go: 'http://purl.obolibrary.org/obo/GO_',
        q: 'http://example.org/item?id=',
        nothing: null,
        'schema:knows': 'http://schema.org/knows',
      },
    })
    assert.deepEqual(entries, [
      ['', 'http://schema.org/'],
      ['schema', 'http://schema.org/'],
      ['isbn', 'urn:isbn:'],
      ['go', 'http://purl.obolibrary.org/obo/GO_'],
      ['q', 'http://example.org/item?id='],
    ])
  })

  it('reads expanded definitions only with "@prefix": true, whatever the IRI ends in', () => {
    const { entries } = prefixesFromJson({
      '@context': {
        ex: { '@id': 'http://example.org/thing', '@prefix': true },
        term: { '@id': 'http://example.org/ns#' },
        off: { '@id': 'http://example.org/off#', '@prefix': false },
        typed: { '@id': 'http://schema.org/birthDate', '@type': 'http://www.w3.org/2001/XMLSchema#date' },
      },
    })
    assert.deepEqual(entries, [['ex', 'http://example.org/thing']])
  })

  it('expands compact IRIs against the same context', () => {
    const { entries } = prefixesFromJson({
      '@context': {
        schema: 'http://schema.org/',
        sx: 'schema:extensions/',
        sy: { '@id': 'schema:y', '@prefix': true },
        full: 'http://x.org/a/',
        unknown: 'nope:x/',
      },
    })
    assert.deepEqual(entries, [
      ['schema', 'http://schema.org/'],
      ['sx', 'http://schema.org/extensions/'],
      ['sy', 'http://schema.org/y'],
      ['full', 'http://x.org/a/'],
      ['unknown', 'nope:x/'],
    ])
  })

  it('reads an array of contexts and reports remote ones, which are not fetched', () => {
    const { entries, problems } = prefixesFromJson({ '@context': ['https://schema.org/', { ex: 'http://example.org/' }] }, 'ctx.jsonld')
    assert.deepEqual(entries, [['ex', 'http://example.org/']])
    assert.equal(problems.length, 1)
    assert.equal(problems[0]?.entry, 'https://schema.org/')
    assert.match(problems[0]!.message, /not fetched/)
  })

  it('reads the @context of a whole JSON-LD document', () => {
    const { entries } = prefixesFromJson({ '@context': { ex: 'http://example.org/' }, '@id': 'ex:a', 'ex:p': 1 })
    assert.deepEqual(entries, [['ex', 'http://example.org/']])
  })

  it('reads a context with an empty prefix', () => {
    const { entries } = prefixesFromJson({ '@context': { '': 'http://example.org/' } })
    assert.deepEqual(entries, [['', 'http://example.org/']])
  })
})

describe('prefixesFromRdf', () => {
  it('reads Turtle @prefix and PREFIX declarations, the empty prefix included', () => {
    const text = `@prefix foaf: <http://xmlns.com/foaf/0.1/> .\nPREFIX ex: <http://example.org/>\n@prefix : <http://default/> .\n<http://s> foaf:knows ex:o .\n`
    const { entries, problems } = prefixesFromRdf(text, 'turtle')
    assert.deepEqual(entries, [
      ['foaf', 'http://xmlns.com/foaf/0.1/'],
      ['ex', 'http://example.org/'],
      ['', 'http://default/'],
    ])
    assert.deepEqual(problems, [])
  })

  it('resolves relative namespaces against @base', () => {
    const { entries } = prefixesFromRdf(`@base <http://example.org/a/> .\n@prefix x: <b#> .`, 'turtle')
    assert.deepEqual(entries, [['x', 'http://example.org/a/b#']])
  })

  it('keeps a namespace left relative, for the builder to report', () => {
    const { entries } = prefixesFromRdf(`@prefix x: <b#> .`, 'turtle')
    const builder = new PrefixIndexBuilder().addPrefixes(entries)
    assert.equal(builder.problems.length, 1)
  })

  it('reads TriG and N3', () => {
    assert.deepEqual(prefixesFromRdf(`@prefix g: <http://g/> .\ng:x { g:a g:b g:c . }`, 'trig').entries, [['g', 'http://g/']])
    assert.deepEqual(prefixesFromRdf(`@prefix n: <http://n/> .\n{ n:a n:b n:c } => { n:a n:d n:e } .`, 'n3').entries, [['n', 'http://n/']])
  })

  it('reads the prologue of a SPARQL query: PREFIX, BASE and comments, any case', () => {
    const query = `# a query\nBASE <http://example.org/>\nPREFIX foaf: <http://xmlns.com/foaf/0.1/>\nprefix rel: <rel#>\nPrefix e:<http://e/>\nSELECT * WHERE { ?s foaf:name ?o . FILTER(?o != "PREFIX no: <http://no/>") }\n`
    const { entries, problems } = prefixesFromRdf(query, 'sparql')
    assert.deepEqual(entries, [
      ['foaf', 'http://xmlns.com/foaf/0.1/'],
      ['rel', 'http://example.org/rel#'],
      ['e', 'http://e/'],
    ])
    assert.deepEqual(problems, [])
  })

  it('reports a grammar error and keeps the declarations before it', () => {
    const { entries, problems } = prefixesFromRdf(
      `@prefix a: <http://a/> .\n@prefix b: <http://b/> .\na:x a:y a:z a:w .\n@prefix c: <http://c/> .\n`,
      'turtle',
      'bad.ttl',
    )
    assert.deepEqual(entries, [
      ['a', 'http://a/'],
      ['b', 'http://b/'],
    ])
    assert.equal(problems.length, 1)
    assert.equal(problems[0]?.source, 'bad.ttl')
    assert.match(problems[0]!.message, /^syntax error: .*line 3/)
  })

  it('reports a lexical error and still keeps the declarations before it', () => {
    const { entries, problems } = prefixesFromRdf(`@prefix a: <http://a/> .\n@prefix b: <http://b/> .\na:x a:y ^^^ .\n@prefix c: <http://c/> .\n`, 'turtle')
    assert.deepEqual(entries, [
      ['a', 'http://a/'],
      ['b', 'http://b/'],
    ])
    assert.equal(problems.length, 1)
    assert.match(problems[0]!.message, /line 3/)
  })

  it('keeps the declarations before a long string that never ends', () => {
    const { entries, problems } = prefixesFromRdf(`@prefix a: <http://a/> .\na:x a:y """never\nends\n^\n`, 'turtle')
    assert.deepEqual(entries, [['a', 'http://a/']])
    assert.equal(problems.length, 1)
  })

  it('reads nothing when the error is on the first line', () => {
    const { entries, problems } = prefixesFromRdf(`^ @prefix a: <http://a/> .`, 'turtle')
    assert.deepEqual(entries, [])
    assert.equal(problems.length, 1)
  })

  it('names the format as the default source', () => {
    assert.equal(prefixesFromRdf('@prefix', 'trig').problems[0]?.source, 'trig')
  })
})

describe('formatOfFile', () => {
  it('tells the syntax from the extension, case-insensitively', () => {
    const cases: Array<[string, string | undefined]> = [
      ['a.json', 'json'],
      ['a.jsonld', 'json'],
      ['dir.d/a.TTL', 'turtle'],
      ['a.trig', 'trig'],
      ['a.n3', 'n3'],
      ['q.rq', 'sparql'],
      ['q.sparql', 'sparql'],
      ['a.nt', 'n-triples'],
      ['a.nq', 'n-quads'],
      ['a.xml', undefined],
      ['ttl', undefined],
      ['a.ttl.bak', undefined],
    ]
    for (const [file, format] of cases) assert.equal(formatOfFile(file), format, file)
  })
})
