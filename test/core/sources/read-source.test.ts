// readPrefixSource, validateRecords and the EPM/SHACL writers through the public API: every syntax as records,
// conflicts named, syntax errors with line and column, and round trips (fast-check) through EPM and SHACL.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { Parser } from 'n3'
import {
  formatPrefixes,
  fromRecords,
  PREFIX_SOURCE_FORMATS,
  PrefixError,
  readPrefixSource,
  recordsFromEpm,
  validateRecords,
  type PrefixRecord,
} from '@prefixd/core'

const FOAF = 'http://xmlns.com/foaf/0.1/'
const DC11 = 'http://purl.org/dc/elements/1.1/'

const SHACL_DOC = `@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix sh: <http://www.w3.org/ns/shacl#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .

<http://example.org/shapes> a owl:Ontology ;
  sh:declare [ sh:prefix "foaf" ; sh:namespace "${FOAF}"^^xsd:anyURI ] ;
  sh:declare [ sh:prefix "dc11" ; sh:namespace "${DC11}"^^xsd:anyURI ] , [ sh:prefix "dc" ; sh:namespace "${DC11}"^^xsd:anyURI ] .
`

describe('readPrefixSource', () => {
  it('reads Turtle, TriG, N3 and SPARQL declarations, prefixes of one namespace as one record', () => {
    const turtle = `@prefix foaf: <${FOAF}> .\nPREFIX dc11: <${DC11}>\n@prefix dc: <${DC11}> .\n<a> <b> <c> .\n`
    const expected = [
      { prefix: 'foaf', namespace: FOAF },
      { prefix: 'dc11', namespace: DC11, prefixSynonyms: ['dc'] },
    ]
    for (const format of ['turtle', 'trig', 'n3'] as const) assert.deepEqual(readPrefixSource(turtle, format), { records: expected, problems: [] }, format)
    const sparql = `PREFIX foaf: <${FOAF}>\nPREFIX dc11: <${DC11}>\nPREFIX dc: <${DC11}>\nSELECT * { ?s ?p ?o }`
    assert.deepEqual(readPrefixSource(sparql, 'sparql').records, expected)
  })

  it('reads sh:declare from a SHACL document instead of its own @prefix lines, and with format shacl', () => {
    const expected = [
      { prefix: 'foaf', namespace: FOAF },
      { prefix: 'dc11', namespace: DC11, prefixSynonyms: ['dc'] },
    ]
    assert.deepEqual(readPrefixSource(SHACL_DOC, 'turtle'), { records: expected, problems: [] })
    assert.deepEqual(readPrefixSource(SHACL_DOC, 'shacl'), { records: expected, problems: [] })
  })

  it('names SHACL declarations that lack a prefix or a namespace, and a SHACL text with none', () => {
    const text = `@prefix sh: <http://www.w3.org/ns/shacl#> .
<x> sh:declare [ sh:prefix "a" ] , [ sh:prefix "b" ; sh:namespace "http://b.example/" ; sh:namespace "http://c.example/" ] , [ sh:prefix "ok" ; sh:namespace <http://ok.example/> ] .`
    const read = readPrefixSource(text, 'shacl')
    assert.deepEqual(read.records, [{ prefix: 'ok', namespace: 'http://ok.example/' }])
    assert.deepEqual(
      read.problems.map((p) => p.message),
      [
        'a declaration needs exactly one sh:prefix and one sh:namespace; this one has one sh:prefix and no sh:namespace',
        'a declaration needs exactly one sh:prefix and one sh:namespace; this one has one sh:prefix and 2 sh:namespace values',
      ],
    )
    assert.match(readPrefixSource(`@prefix foaf: <${FOAF}> .`, 'shacl').problems[0]!.message, /no SHACL prefix declarations/)
  })

  it('reads JSON maps, JSON-LD contexts and extended prefix maps', () => {
    assert.deepEqual(readPrefixSource(JSON.stringify({ foaf: FOAF }), 'json').records, [{ prefix: 'foaf', namespace: FOAF }])
    assert.deepEqual(readPrefixSource(JSON.stringify({ '@context': { foaf: FOAF, name: FOAF + 'name' } }), 'jsonld').records, [
      { prefix: 'foaf', namespace: FOAF },
    ])
    const epm = JSON.stringify([{ prefix: 'dc11', uri_prefix: DC11, prefix_synonyms: ['dc'], uri_prefix_synonyms: ['https://purl.org/dc/elements/1.1/'] }])
    const expected = [{ prefix: 'dc11', namespace: DC11, prefixSynonyms: ['dc'], namespaceSynonyms: ['https://purl.org/dc/elements/1.1/'] }]
    assert.deepEqual(readPrefixSource(epm, 'epm'), { records: expected, problems: [] })
    assert.deepEqual(readPrefixSource(epm, 'json'), { records: expected, problems: [] }) // detected by its shape
  })

  it('gives a syntax error with its line and column, and no records from text that does not parse', () => {
    const json = readPrefixSource('[{"prefix": "a",\n  "uri_prefix" "http://a/"}]', 'epm')
    assert.deepEqual(json.records, [])
    assert.deepEqual([json.syntaxError?.line, json.syntaxError?.column], [2, 16])
    assert.match(json.syntaxError!.message, /^not valid JSON: .*unexpected '"'/)
    const cut = readPrefixSource('{"a": "http://a/",', 'json')
    assert.deepEqual([cut.syntaxError?.line, cut.syntaxError?.column], [1, 19])
    const turtle = readPrefixSource(`@prefix foaf: <${FOAF}> .\n\nfoaf:a foaf:b foaf:c ; ; , .`, 'turtle')
    assert.deepEqual([turtle.syntaxError?.line, turtle.syntaxError?.column], [3, 26])
    assert.match(turtle.syntaxError!.message, /^syntax error: Expected entity but got , on line 3/)
    // The declarations before the error are still there for a lenient loader; the syntax error says the text is broken.
    assert.deepEqual(turtle.records, [{ prefix: 'foaf', namespace: FOAF }])
    const shacl = readPrefixSource('@prefix sh: <http://www.w3.org/ns/shacl#> .\n<x> sh:declare [ sh:prefix "a" ', 'shacl')
    assert.equal(shacl.syntaxError?.line, 2)
    assert.deepEqual(shacl.records, [])
  })

  it('lists conflicts in plain tables (one prefix for two namespaces) and keeps the first binding', () => {
    const read = readPrefixSource(`@prefix a: <http://a.example/> .\n@prefix a: <http://b.example/> .\n`, 'turtle')
    assert.deepEqual(read.records, [{ prefix: 'a', namespace: 'http://a.example/' }])
    assert.deepEqual(
      read.problems.map((p) => p.message),
      ["prefix 'a' is bound twice: to <http://a.example/> and to <http://b.example/>"],
    )
    assert.equal(read.syntaxError, undefined)
  })

  it('calls no conflict with a binding that is no namespace: that one is refused for itself, the valid one kept', () => {
    const read = readPrefixSource('@prefix a: <rel/> . @prefix a: <http://b/> .', 'turtle')
    assert.deepEqual(read.records, [{ prefix: 'a', namespace: 'http://b/' }])
    assert.deepEqual(
      read.problems.map((p) => p.message),
      ['namespace: not an absolute IRI (it needs a scheme such as http:)'],
    )
  })

  it('refuses what is not text or not a format with a TypeError, and lists its formats', () => {
    assert.throws(() => readPrefixSource(undefined as never, 'turtle'), TypeError)
    assert.throws(() => readPrefixSource('', 'rdfxml' as never), /format must be one of turtle, trig, n3, sparql, jsonld, json, epm, shacl/)
    assert.deepEqual([...PREFIX_SOURCE_FORMATS].sort(), ['epm', 'json', 'jsonld', 'n3', 'shacl', 'sparql', 'trig', 'turtle'])
  })
})

describe('validateRecords and recordsFromEpm', () => {
  it('keeps the first record of a contested prefix or namespace, and names every conflict', () => {
    const { records, problems } = validateRecords([
      { prefix: 'dc11', namespace: DC11, prefixSynonyms: ['dc', 'dc', 'dc11'] },
      { prefix: 'dc', namespace: 'http://purl.org/dc/terms/' },
      { prefix: 'dce', namespace: DC11 },
      { prefix: 'x', namespace: 'http://x.example/', prefixSynonyms: ['dc'], namespaceSynonyms: [DC11, 'http://y.example/'] },
      { prefix: 'bad prefix', namespace: 'http://z.example/' },
      { prefix: 'z', namespace: 'no-scheme' },
      'not a record',
    ])
    assert.deepEqual(records, [
      { prefix: 'dc11', namespace: DC11, prefixSynonyms: ['dc'] },
      { prefix: 'x', namespace: 'http://x.example/', namespaceSynonyms: ['http://y.example/'] },
    ])
    assert.deepEqual(
      problems.map((p) => `${p.entry} | ${p.message}`),
      [
        "dc11: http://purl.org/dc/elements/1.1/ | prefix synonym 'dc' is listed twice in the record",
        "dc11: http://purl.org/dc/elements/1.1/ | prefix synonym 'dc11' is listed twice in the record",
        "dc: http://purl.org/dc/terms/ | prefix 'dc' is already in record 'dc11' (<http://purl.org/dc/elements/1.1/>): one prefix cannot stand for two namespaces; this record is left out",
        "dce: http://purl.org/dc/elements/1.1/ | namespace <http://purl.org/dc/elements/1.1/> is already under record 'dc11' (<http://purl.org/dc/elements/1.1/>); this record is left out",
        "x: http://x.example/ | prefix synonym 'dc' is already in record 'dc11' (<http://purl.org/dc/elements/1.1/>); left out of this one",
        "x: http://x.example/ | namespace synonym 'http://purl.org/dc/elements/1.1/' is already in record 'dc11' (<http://purl.org/dc/elements/1.1/>); left out of this one",
        "bad prefix: http://z.example/ | 'bad prefix' is not a valid prefix (Turtle PN_PREFIX)",
        'z: no-scheme | namespace: not an absolute IRI (it needs a scheme such as http:)',
        'record 7 | a record must be an object with a prefix and a namespace',
      ],
    )
  })

  it('throws every problem at once when strict', () => {
    assert.throws(
      () =>
        validateRecords(
          [
            { prefix: 'a', namespace: 'http://a/' },
            { prefix: 'a', namespace: 'http://b/' },
          ],
          { strict: true, source: 'mine.json' },
        ),
      (error: unknown) =>
        error instanceof PrefixError &&
        error.code === 'INVALID_SOURCE' &&
        /^mine\.json: 1 problem: a: http:\/\/b\/: prefix 'a' is already in record/.test(error.message),
    )
    assert.deepEqual(validateRecords([{ prefix: 'a', namespace: 'http://a/' }], { strict: true }).problems, [])
  })

  it('reads EPM JSON, naming keys it does not know and shapes it cannot read', () => {
    const read = recordsFromEpm([{ prefix: 'a', uri_prefix: 'http://a/', prefix_synonyms: 'b', extra: 1 }])
    assert.deepEqual(read.records, [{ prefix: 'a', namespace: 'http://a/' }])
    assert.deepEqual(
      read.problems.map((p) => p.message),
      ['prefix synonyms must be a list', "unknown key 'extra' ignored (expected prefix, uri_prefix, prefix_synonyms, uri_prefix_synonyms, pattern)"],
    )
    assert.match(recordsFromEpm({ a: 1 }).problems[0]!.message, /an extended prefix map is a JSON array of records/)
    assert.throws(() => recordsFromEpm({}, { strict: true }), PrefixError)
  })
})

describe('writing records: EPM and SHACL', () => {
  const records: PrefixRecord[] = [
    { prefix: 'schema', namespace: 'http://schema.org/', prefixSynonyms: ['sdo'], namespaceSynonyms: ['https://schema.org/'] },
    { prefix: '', namespace: 'http://default.example/' },
    { prefix: 'go', namespace: 'http://purl.obolibrary.org/obo/GO_', pattern: '^\\d{7}$' },
  ]

  it("writes curies' EPM: snake_case keys, empty synonym lists left out", () => {
    assert.deepEqual(JSON.parse(formatPrefixes(records, 'epm')), [
      { prefix: 'schema', uri_prefix: 'http://schema.org/', prefix_synonyms: ['sdo'], uri_prefix_synonyms: ['https://schema.org/'] },
      { prefix: '', uri_prefix: 'http://default.example/' },
      { prefix: 'go', uri_prefix: 'http://purl.obolibrary.org/obo/GO_', pattern: '^\\d{7}$' },
    ])
  })

  it('writes SHACL that n3 parses: one sh:declare per prefix and prefix synonym, namespaces typed xsd:anyURI', () => {
    const quads = new Parser({ baseIRI: 'http://example.org/prefixes' }).parse(formatPrefixes(records, 'shacl'))
    const declared = quads.filter((q) => q.predicate.value === 'http://www.w3.org/ns/shacl#declare')
    assert.equal(declared.length, 4)
    assert.ok(declared.every((q) => q.subject.value === 'http://example.org/prefixes'))
    const namespaces = quads.filter((q) => q.predicate.value === 'http://www.w3.org/ns/shacl#namespace')
    assert.ok(namespaces.every((q) => q.object.termType === 'Literal' && q.object.datatype.value === 'http://www.w3.org/2001/XMLSchema#anyURI'))
    assert.deepEqual(readPrefixSource(formatPrefixes(records, 'shacl'), 'shacl').records, [
      { prefix: 'schema', namespace: 'http://schema.org/', prefixSynonyms: ['sdo'] },
      { prefix: '', namespace: 'http://default.example/' },
      { prefix: 'go', namespace: 'http://purl.obolibrary.org/obo/GO_' },
    ])
    const empty = readPrefixSource(formatPrefixes([], 'shacl'), 'shacl')
    assert.deepEqual(empty.records, [])
    assert.match(empty.problems[0]!.message, /no SHACL prefix declarations/)
  })

  // Records as an extended prefix map holds them: prefixes and namespaces each in one record.
  const prefixArb = fc.oneof(fc.constant(''), fc.stringMatching(/^[A-Za-z][A-Za-z0-9_.-]{0,5}[A-Za-z0-9]$/), fc.constantFrom('é', 'a·b', 'Ω1'))
  const namespaceArb = fc
    .tuple(fc.constantFrom('http://', 'https://', 'urn:'), fc.stringMatching(/^[a-z0-9]{1,6}$/), fc.constantFrom('/', '#', '_', ':', '/v1/', '?id='))
    .map((p) => p.join(''))
  const recordsArb = fc
    .tuple(
      fc.uniqueArray(prefixArb, { minLength: 1, maxLength: 12 }),
      fc.uniqueArray(namespaceArb, { minLength: 12, maxLength: 24 }),
      fc.array(fc.nat({ max: 3 }), { minLength: 12, maxLength: 12 }),
    )
    .map(([prefixes, namespaces, sizes]) => {
      const records: PrefixRecord[] = []
      let p = 0
      let n = 0
      for (const size of sizes) {
        if (p >= prefixes.length || n >= namespaces.length) break
        const prefix = prefixes[p++]!
        const prefixSynonyms = prefixes.slice(p, p + (size & 1 ? 1 : 0))
        p += prefixSynonyms.length
        const namespace = namespaces[n++]!
        const namespaceSynonyms = namespaces.slice(n, n + (size >> 1))
        n += namespaceSynonyms.length
        records.push({ prefix, namespace, ...(prefixSynonyms.length > 0 && { prefixSynonyms }), ...(namespaceSynonyms.length > 0 && { namespaceSynonyms }) })
      }
      return records
    })

  it('round-trips records through EPM export and import (property)', () => {
    fc.assert(
      fc.property(recordsArb, (records) => {
        assert.deepEqual(readPrefixSource(formatPrefixes(records, 'epm'), 'epm'), { records, problems: [] })
        assert.deepEqual(readPrefixSource(formatPrefixes(fromRecords(records).records(), 'epm'), 'json').records, records)
      }),
    )
  })

  it('round-trips records without namespace synonyms through SHACL (property)', () => {
    fc.assert(
      fc.property(recordsArb, (records) => {
        const plain = records.map(({ namespaceSynonyms: _, ...r }) => r)
        assert.deepEqual(readPrefixSource(formatPrefixes(records, 'shacl'), 'shacl'), { records: plain, problems: [] })
      }),
    )
  })
})
