// Tests of formatPrefixes: each output parses back, with n3 or the library's own readers, to the same table.

import assert from 'node:assert/strict'
import { Parser } from 'n3'
import { formatPrefixes, PREFIX_TABLE_FORMATS, PrefixIndex, prefixesFromJson, prefixesFromRdf, readPrefixSource } from '@prefixd/core'

const TABLE = {
  foaf: 'http://xmlns.com/foaf/0.1/',
  ex: 'http://example.org/ns#',
  '': 'http://default.example/',
  'dash-sparql': 'http://datashapes.org/sparql#',
  'a.b': 'urn:x:',
  go: 'http://purl.obolibrary.org/obo/GO_',
  q: 'http://example.org/item?id=',
  é: 'http://example.org/é/',
}

/** Parses `text` as Turtle with n3 and gives the prefixes it declares. */
function n3Prefixes(text: string): Record<string, string> {
  const prefixes: Record<string, string> = {}
  new Parser().parse(text, {
    onPrefix: (prefix: string, namespace: { value: string }) => {
      prefixes[prefix] = namespace.value
    },
  } as never)
  return prefixes
}

describe('formatPrefixes', () => {
  it('lists its six formats', () => {
    assert.deepEqual([...PREFIX_TABLE_FORMATS].sort(), ['epm', 'json', 'jsonld', 'shacl', 'sparql', 'turtle'])
  })

  it('writes Turtle @prefix lines in table order', () => {
    assert.equal(
      formatPrefixes({ foaf: TABLE.foaf, '': TABLE[''] }, 'turtle'),
      '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n@prefix : <http://default.example/> .\n',
    )
  })

  it('writes Turtle that n3 parses back to the same table', () => {
    const text = formatPrefixes(TABLE, 'turtle')
    assert.deepEqual(n3Prefixes(text), TABLE)
    // … and the declared prefixes work in a statement.
    const [quad] = new Parser().parse(text + '<http://s> foaf:knows go:0008150 .\n')
    assert.equal(quad?.object.value, 'http://purl.obolibrary.org/obo/GO_0008150')
  })

  it('writes SPARQL PREFIX lines', () => {
    assert.equal(formatPrefixes({ foaf: TABLE.foaf }, 'sparql'), 'PREFIX foaf: <http://xmlns.com/foaf/0.1/>\n')
  })

  it('writes SPARQL that parses back as a query prologue', () => {
    const text = formatPrefixes(TABLE, 'sparql') + 'SELECT * WHERE { ?s ?p ?o }\n'
    const { entries, problems } = prefixesFromRdf(text, 'sparql')
    assert.deepEqual(problems, [])
    assert.deepEqual(Object.fromEntries(entries), TABLE)
  })

  it('writes the table as JSON', () => {
    const text = formatPrefixes(TABLE, 'json')
    assert.ok(text.endsWith('}\n'))
    assert.deepEqual(JSON.parse(text), TABLE)
    assert.deepEqual(Object.keys(JSON.parse(text) as object), Object.keys(TABLE))
  })

  it('writes a JSON-LD @context, with "@prefix": true where the namespace does not end in a gen-delim', () => {
    const context = (JSON.parse(formatPrefixes(TABLE, 'jsonld')) as { '@context': Record<string, unknown> })['@context']
    assert.equal(context.foaf, TABLE.foaf)
    assert.equal(context['a.b'], 'urn:x:')
    assert.deepEqual(context.go, { '@id': TABLE.go, '@prefix': true })
    assert.deepEqual(context.q, { '@id': TABLE.q, '@prefix': true })
  })

  it('writes the empty prefix as @vocab, since JSON-LD has no empty term', () => {
    const context = (JSON.parse(formatPrefixes({ '': 'http://default.example/' }, 'jsonld')) as { '@context': Record<string, unknown> })['@context']
    assert.deepEqual(context, { '@vocab': 'http://default.example/' })
  })

  it('writes JSON-LD that prefixesFromJson reads back to the same table', () => {
    const odd = { ...TABLE, digit: 'http://example.org/v2' }
    const { entries, problems } = prefixesFromJson(JSON.parse(formatPrefixes(odd, 'jsonld')))
    assert.deepEqual(problems, [])
    assert.deepEqual(Object.fromEntries(entries), odd)
  })

  it('writes an empty table as nothing, or as an empty object', () => {
    assert.equal(formatPrefixes({}, 'turtle'), '')
    assert.equal(formatPrefixes({}, 'sparql'), '')
    assert.deepEqual(JSON.parse(formatPrefixes({}, 'json')), {})
    assert.deepEqual(JSON.parse(formatPrefixes({}, 'jsonld')), { '@context': {} })
  })

  it('round-trips the table of an index built from it, in every format, through readPrefixSource', () => {
    const index = PrefixIndex.fromPrefixes(TABLE)
    for (const format of PREFIX_TABLE_FORMATS) {
      const text = formatPrefixes(index.prefixes(), format)
      const read = readPrefixSource(text, format)
      assert.deepEqual(read.problems, [], format)
      const table = Object.fromEntries(read.records.flatMap((r) => [[r.prefix, r.namespace], ...(r.prefixSynonyms ?? []).map((p) => [p, r.namespace])]))
      assert.deepEqual(table, TABLE, format)
    }
  })
})
