// The curation endpoints over real HTTP: /api/v1/candidates, reverse search in /api/v1/search, and the
// prefix table as an extended prefix map and as SHACL declarations.

import assert from 'node:assert/strict'
import { Parser } from 'n3'
import { PrefixIndex, readPrefixSource } from '@prefixd/core'
import { createApp, OPENAPI_DOCUMENT } from '@prefixd/server'
import { listen, type Running } from '../http-helpers.js'

describe('curation over HTTP', () => {
  let index: PrefixIndex
  let service: Running
  const get = (path: string, init?: RequestInit) => fetch(service.url + path, init)
  const getJson = async (path: string) => {
    const response = await get(path)
    return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as never }
  }

  before(async () => {
    index = await PrefixIndex.loadDefault()
    service = await listen(createApp({ index }))
  })
  after(() => service.close())

  describe('GET /api/v1/candidates', () => {
    it('lists every prefix that could shrink the IRI, best first, each with a score and reasons', async () => {
      const { status, type, body } = await getJson(`/api/v1/candidates?q=${encodeURIComponent('https://schema.org/Person')}`)
      assert.equal(status, 200)
      assert.equal(type, 'application/json; charset=utf-8')
      const answer = body as {
        iri: string
        standard: string
        chosen: string
        candidates: Array<{ name: string; score: number; reasons: string[]; chosen: boolean; synonym?: string }>
      }
      assert.equal(answer.iri, 'https://schema.org/Person')
      assert.equal(answer.standard, 'http://schema.org/Person')
      // What /shrink writes: sdo:, bound to https://schema.org/ itself; schema: (the synonym's standard) is listed, not chosen.
      assert.equal(answer.chosen, 'sdo:Person')
      const [first, ...rest] = answer.candidates
      assert.deepEqual([first!.name, first!.chosen, first!.synonym], ['sdo:Person', true, undefined])
      assert.ok(rest.some((c) => c.name === 'schema:Person' && c.synonym === 'namespace' && !c.chosen))
      assert.ok(rest.some((c) => c.name === 'sc:Person' && c.synonym === 'prefix'))
      for (const c of answer.candidates) {
        assert.equal(typeof c.score, 'number')
        assert.ok(c.score >= 0 && c.score <= first!.score, c.name)
        assert.ok(c.reasons.length > 0, c.name)
      }
    })

    it('answers an empty list for an IRI in no namespace', async () => {
      const { status, body } = await getJson(`/api/v1/candidates?q=${encodeURIComponent('http://nowhere.example/x')}`)
      assert.deepEqual([status, body], [200, { iri: 'http://nowhere.example/x', standard: null, chosen: null, candidates: [] }])
    })

    it('answers 400 with a clear message without q, with an empty q, or with what is not an absolute IRI', async () => {
      const missing = await getJson('/api/v1/candidates')
      assert.equal(missing.status, 400)
      assert.match(JSON.stringify(missing.body), /\/api\/v1\/candidates\?q=IRI/)
      assert.equal((await getJson('/api/v1/candidates?q=')).status, 400)
      for (const q of ['Person', 'not an iri', 'http://a b', '//xmlns.com/foaf/0.1/']) {
        const { status, body } = await getJson(`/api/v1/candidates?q=${encodeURIComponent(q)}`)
        assert.equal(status, 400, q)
        assert.deepEqual(body, {
          success: false,
          error: { code: 'BAD_PARAMETER', message: "parameter 'q' must be an absolute IRI such as http://xmlns.com/foaf/0.1/Person" },
        })
      }
      assert.equal((await getJson('/api/v1/candidates?q=%zz')).status, 400)
      assert.equal((await getJson(`/api/v1/candidates?q=http://x/${'a'.repeat(5000)}`)).status, 414)
    })

    it('is described in the OpenAPI document the server serves', async () => {
      const doc = (await getJson('/api/v1/openapi.json')).body as typeof OPENAPI_DOCUMENT
      assert.ok('/api/v1/candidates' in doc.paths)
      assert.deepEqual(doc.paths['/api/v1/prefixes'].get.parameters[0]!.schema.enum, ['json', 'jsonld', 'turtle', 'sparql', 'epm', 'shacl'])
    })
  })

  describe('reverse search in GET /api/v1/search', () => {
    it('finds foaf by xmlns.com/foaf and schema by schema.org, as prefixes before terms', async () => {
      const foaf = (await getJson('/api/v1/search?q=xmlns.com/foaf&limit=3')).body as Array<Record<string, unknown>>
      assert.deepEqual(foaf[0], {
        kind: 'prefix',
        prefixed: 'foaf:',
        iri: 'http://xmlns.com/foaf/0.1/',
        label: index.vocabulary('foaf')?.title ?? null,
        types: [],
        typeNames: [],
        prefix: 'foaf',
        namespace: 'http://xmlns.com/foaf/0.1/',
        score: foaf[0]!.score,
      })
      const schema = (await getJson('/api/v1/search?q=schema.org')).body as Array<Record<string, unknown>>
      assert.equal(schema[0]!.prefix, 'schema')
      assert.ok(schema.every((r, i) => i === 0 || r.kind === 'term' || (r.score as number) <= (schema[i - 1]!.score as number)))
    })

    it('keeps words for terms: person finds no prefix', async () => {
      const person = (await getJson('/api/v1/search?q=person&limit=5')).body as Array<Record<string, unknown>>
      assert.ok(person.length > 0 && person.every((r) => r.kind === 'term'))
    })
  })

  describe('GET /api/v1/prefixes?format=epm|shacl', () => {
    it("writes the table as curies' extended prefix map, synonyms included, each prefix bound as registered", async () => {
      const { status, type, body } = await getJson('/api/v1/prefixes?format=epm')
      assert.equal(status, 200)
      assert.equal(type, 'application/json; charset=utf-8')
      const records = body as Array<{ prefix: string; uri_prefix: string; prefix_synonyms?: string[]; uri_prefix_synonyms?: string[] }>
      const schema = records.find((r) => r.prefix === 'schema')!
      assert.equal(schema.uri_prefix, 'http://schema.org/')
      assert.ok(schema.prefix_synonyms?.includes('so'))
      // https://schema.org/ is a namespace of the table (sdo:), so it has a record of its own, not a place among
      // schema's synonyms: an extended prefix map holds a namespace once, and sdo: expands as prefix.cc registers it.
      const sdo = records.find((r) => r.prefix === 'sdo')!
      assert.equal(sdo.uri_prefix, 'https://schema.org/')
      assert.ok(sdo.prefix_synonyms?.includes('sc'))
      assert.equal(schema.uri_prefix_synonyms, undefined)
      assert.deepEqual(readPrefixSource(JSON.stringify(body), 'epm').problems, [])
    })

    it('writes SHACL declarations that n3 parses and readPrefixSource reads back to the table', async () => {
      const response = await get('/api/v1/prefixes?format=shacl')
      assert.equal(response.status, 200)
      assert.equal(response.headers.get('content-type'), 'text/turtle; charset=utf-8')
      const text = await response.text()
      assert.ok(new Parser().parse(text).length > index.size.prefixes)
      const read = readPrefixSource(text, 'shacl')
      assert.deepEqual(read.problems, [])
      const table = Object.fromEntries(read.records.flatMap((r) => [[r.prefix, r.namespace], ...(r.prefixSynonyms ?? []).map((p) => [p, r.namespace])]))
      assert.deepEqual(table, index.prefixes())
    })

    it('still negotiates JSON and Turtle by Accept, and refuses an unknown format', async () => {
      const turtle = await get('/api/v1/prefixes', { headers: { accept: 'text/turtle' } })
      assert.match(await turtle.text(), /^@prefix /)
      const json = await get('/api/v1/prefixes', { headers: { accept: 'application/json' } })
      assert.equal(Array.isArray(await json.json()), false)
      assert.equal((await getJson('/api/v1/prefixes?format=rdfxml')).status, 400)
    })
  })
})
