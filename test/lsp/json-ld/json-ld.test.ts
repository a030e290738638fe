// JSON-LD for the usage reader through jsonld.js: the counts of the same data in Turtle, the prefixes its @context declares
// (JSON-LD 1.1's rule, as jsonld.js expands compact IRIs by it), and no remote context fetched.

import assert from 'node:assert/strict'
import { isPnPrefix, readUsage, UsageReadError } from '@prefixd/core'
import { jsonLdQuads } from '../../../packages/lsp/src/json-ld/json-ld.js'

const read = (document: unknown) => readUsage([JSON.stringify(document)], { format: 'json-ld', name: 'd.jsonld', jsonLd: jsonLdQuads })
const declared = (usage: Awaited<ReturnType<typeof read>>) => new Map(usage.prefixes().map((row) => [row.prefix, row.namespace]))

const EX = 'http://example.org/'
const TURTLE = `@prefix ex: <${EX}> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:Tool a rdfs:Class ; rdfs:label "Tool"@en .
ex:a a ex:Tool ; ex:name "a" ; ex:maker ex:b .
ex:b a ex:Tool ; ex:name "b" .
`
const JSON_LD = {
  '@context': { ex: EX, rdfs: 'http://www.w3.org/2000/01/rdf-schema#', name: 'ex:name', maker: { '@id': 'ex:maker', '@type': '@id' } },
  '@graph': [
    { '@id': 'ex:Tool', '@type': 'rdfs:Class', 'rdfs:label': { '@value': 'Tool', '@language': 'en' } },
    { '@id': 'ex:a', '@type': 'ex:Tool', name: 'a', maker: 'ex:b' },
    { '@id': 'ex:b', '@type': 'ex:Tool', name: 'b' },
  ],
}

describe('jsonLdQuads', () => {
  it('gives the quads of the document: the same instances, uses, class properties and definitions as its Turtle', async () => {
    const fromJsonLd = await readUsage([JSON.stringify(JSON_LD)], { format: 'json-ld', name: 'd.jsonld', jsonLd: jsonLdQuads })
    const fromTurtle = await readUsage([TURTLE], { format: 'turtle', name: 'd.ttl' })
    for (const usage of [fromJsonLd, fromTurtle]) {
      assert.equal(usage.triples, 7)
      assert.equal(usage.instances(EX + 'Tool'), 2)
      assert.equal(usage.uses(EX + 'name'), 2)
      assert.deepEqual(
        usage.propertiesOf(EX + 'Tool'),
        new Map([
          [EX + 'name', 2],
          [EX + 'maker', 1],
        ]),
      )
      assert.equal(usage.definition(EX + 'Tool')?.label, 'Tool')
    }
  })

  it('declares the prefixes of its @context as Turtle’s @prefix does: lv2: the same from either', async () => {
    const lv2 = 'http://lv2plug.in/ns/lv2core#'
    const fromJsonLd = await read({ '@context': { lv2 }, '@id': 'http://example.org/p', '@type': 'lv2:Plugin' })
    const fromTurtle = await readUsage([`@prefix lv2: <${lv2}> . <http://example.org/p> a lv2:Plugin .`], { format: 'turtle', name: 'd.ttl' })
    assert.deepEqual(fromJsonLd.prefixes(), fromTurtle.prefixes())
    assert.deepEqual(fromJsonLd.prefixes(), [{ prefix: 'lv2', namespace: lv2, files: 1 }])
  })

  it('declares exactly the terms a compact IRI expands through (JSON-LD 1.1’s prefix flag), where a table could take them', async () => {
    const context = {
      lv2: 'http://lv2plug.in/ns/lv2core#',
      schema: 'http://schema.org/',
      search: 'http://example.org/search?',
      urnx: 'urn:example:',
      at: 'http://example.org/at@',
      plain: 'http://example.org/ns',
      name: 'schema:name',
      viaCompact: 'schema:',
      doap: { '@id': 'http://usefulinc.com/ns/doap#' },
      foaf: { '@id': 'http://xmlns.com/foaf/0.1/', '@prefix': true },
      notFoaf: { '@id': 'http://xmlns.com/foaf/0.1/', '@prefix': false },
      'sp ace': 'http://example.org/space#',
      blank: '_:b/',
    }
    // Each term as a compact IRI's prefix, with a local name of its own: jsonld.js expands `term:probeN` through the
    // term only where the rule lets it (else it reads as an IRI of scheme `term`).
    const terms = Object.keys(context) as Array<keyof typeof context>
    const probes = Object.fromEntries(terms.map((term, i) => [`${term}:probe${i}`, 'v']))
    const document = { '@context': context, '@id': 'http://example.org/s', ...probes }
    const expanded = new Set([...(await jsonLdQuads(document, { name: 'p.jsonld' }))].map((quad) => quad.predicate.value))
    const iriOf = (value: string | { '@id': string }): string => (typeof value === 'string' ? value : value['@id']).replace(/^schema:/u, 'http://schema.org/')
    const through = terms.flatMap((term, i) => (expanded.has(iriOf(context[term]) + `probe${i}`) ? [term] : []))
    assert.deepEqual(through, ['lv2', 'schema', 'search', 'urnx', 'at', 'viaCompact', 'foaf', 'sp ace'])
    const usage = await read(document)
    // All of them but the name that is not a Turtle prefix; not `blank` (a blank node: a property through it makes no triple).
    assert.deepEqual(declared(usage), new Map(through.filter((term) => isPnPrefix(term)).map((term) => [term, iriOf(context[term])])))
  })

  it('declares the prefixes of each top-level object’s @context in an array, once per document', async () => {
    const usage = await read([
      { '@context': { ex: 'http://example.org/' }, '@id': 'ex:a', 'ex:p': 1 },
      { '@context': { ex: 'http://example.org/', vs: 'http://www.w3.org/2003/06/sw-vocab-status/ns#' }, '@id': 'ex:b', 'vs:term_status': 'x' },
      { '@id': 'http://example.org/c', 'http://example.org/p': 2 },
    ])
    assert.deepEqual(usage.prefixes(), [
      { prefix: 'ex', namespace: 'http://example.org/', files: 1 },
      { prefix: 'vs', namespace: 'http://www.w3.org/2003/06/sw-vocab-status/ns#', files: 1 },
    ])
  })

  it('fetches no remote context: the reading fails naming it, and nothing is counted as read', async () => {
    const document = JSON.stringify({ '@context': 'https://schema.org/', '@type': 'Person', name: 'x' })
    const error = await readUsage([document], { format: 'json-ld', name: 'p.jsonld', jsonLd: jsonLdQuads }).then(
      () => assert.fail('read'),
      (e: unknown) => e,
    )
    assert.ok(error instanceof UsageReadError)
    assert.equal(
      error.message,
      'p.jsonld: not JSON-LD that reads: the remote context <https://schema.org/> is not loaded: prefixd reads no network: put the context in the document, or read it as Turtle',
    )
  })
})
