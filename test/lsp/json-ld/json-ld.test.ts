// JSON-LD for the usage reader through jsonld.js: the counts of the same data in Turtle, and no remote context fetched.

import assert from 'node:assert/strict'
import { readUsage, UsageReadError } from '@prefixd/core'
import { jsonLdQuads } from '../../../packages/lsp/src/json-ld/json-ld.js'

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
