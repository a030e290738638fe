// GET /api/v1/search/results over real HTTP: counts, pages, filters and facets agree with one another, bad
// parameters are 400s, and the OpenAPI document groups every operation.

import assert from 'node:assert/strict'
import { PrefixIndex } from '@prefixd/core'
import { createApp } from '@prefixd/server'
import { listen, type Running } from '../http-helpers.js'

interface Results {
  q: string
  total: number
  truncated: boolean
  offset: number
  limit: number
  hits: Array<{
    kind: string
    prefixed: string | null
    iri: string
    label: string | null
    definition: string | null
    deprecated: boolean
    vocabulary: string | null
  }>
  facets: { vocabularies: Array<{ prefix: string; count: number }>; kinds: Record<string, number>; deprecated: number }
}

describe('GET /api/v1/search/results', () => {
  let service: Running
  const get = async (query: string) => {
    const response = await fetch(`${service.url}/api/v1/search/results?${query}`)
    return { status: response.status, body: (await response.json()) as Results & { error?: { code: string; message: string } } }
  }

  before(async () => {
    service = await listen(createApp({ index: await PrefixIndex.loadDefault() }))
  })
  after(() => service.close())

  it('counts every hit, and the pages put together are the whole list, in order, without repeats', async () => {
    const { status, body } = await get('q=person&limit=100')
    assert.equal(status, 200)
    assert.ok(body.total > 40 && body.total === body.hits.length, `${body.total}`)
    const pages: string[] = []
    for (let offset = 0; offset < body.total; offset += 20) pages.push(...(await get(`q=person&offset=${offset}`)).body.hits.map((h) => h.iri))
    assert.deepEqual(
      pages,
      body.hits.map((h) => h.iri),
    )
    // Facets count the same hits: kinds and vocabularies each add up.
    assert.equal(
      Object.values(body.facets.kinds).reduce((a, b) => a + b, 0),
      body.total,
    )
    const inVocabulary = body.hits.filter((h) => h.vocabulary !== null).length
    assert.equal(
      body.facets.vocabularies.reduce((sum, v) => sum + v.count, 0),
      inVocabulary,
    )
    const person = body.hits.find((h) => h.prefixed === 'foaf:Person')!
    assert.deepEqual(person, {
      kind: 'class',
      prefixed: 'foaf:Person',
      iri: 'http://xmlns.com/foaf/0.1/Person',
      label: 'Person',
      definition: 'A person.',
      deprecated: false,
      vocabulary: 'foaf',
    })
  })

  it('filters by vocabulary, kind and deprecation, each leaving what its facet counted', async () => {
    const all = (await get('q=name&limit=100')).body
    for (const { prefix, count } of all.facets.vocabularies.slice(0, 3)) {
      const only = (await get(`q=name&vocabulary=${prefix}&limit=100`)).body
      assert.equal(only.total, count)
      assert.ok(only.hits.every((h) => h.vocabulary === prefix))
    }
    for (const kind of ['prefix', 'class', 'property', 'individual']) {
      assert.equal((await get(`q=name&kind=${kind}`)).body.total, all.facets.kinds[kind], kind)
    }
    const deprecated = (await get('q=name&deprecated=only&limit=100')).body
    assert.ok(deprecated.total > 0 && deprecated.total === all.facets.deprecated)
    assert.ok(deprecated.hits.every((h) => h.deprecated))
    assert.equal((await get('q=name&deprecated=exclude')).body.total, all.total - all.facets.deprecated)
  })

  it('lists the prefixes a word starts first (fo → foaf:), with the vocabulary title and description', async () => {
    const { body } = await get('q=fo&limit=3')
    assert.equal(body.hits[0]!.prefixed, 'foaf:')
    assert.equal(body.hits[0]!.kind, 'prefix')
    assert.match(body.hits[0]!.label!, /Friend of a Friend/)
    assert.equal((await get('q=xmlns.com/foaf&kind=prefix')).body.hits[0]!.prefixed, 'foaf:')
  })

  it('finds what a prefixed name or an IRI being written names (foaf:Per, the IRI, sdo:Pers), as completion would', async () => {
    for (const [q, first, written] of [
      ['foaf:Per', 'http://xmlns.com/foaf/0.1/Person', 'foaf:Person'],
      ['http://xmlns.com/foaf/0.1/Per', 'http://xmlns.com/foaf/0.1/Person', 'foaf:Person'],
      ['sdo:Pers', 'https://schema.org/Person', 'sdo:Person'],
    ] as const) {
      const { status, body } = await get(`q=${encodeURIComponent(q)}`)
      assert.equal(status, 200)
      assert.ok(body.total >= 1, `${q}: ${body.total} hits`)
      assert.deepEqual([body.hits[0]!.iri, body.hits[0]!.prefixed, body.hits[0]!.kind], [first, written, 'class'], q)
      assert.equal(new Set(body.hits.map((hit) => hit.iri)).size, body.hits.length, `${q}: no hit twice`)
    }
    // A namespace typed in full lists its vocabulary first, then its terms; an unknown prefix finds nothing.
    const foaf = await get('q=foaf%3A&limit=5')
    assert.deepEqual([foaf.body.hits[0]!.kind, foaf.body.hits[0]!.prefixed], ['prefix', 'foaf:'])
    assert.ok(foaf.body.hits.slice(1).every((hit) => hit.prefixed?.startsWith('foaf:')))
    assert.equal((await get('q=nosuchprefix%3Ax')).body.total, 0)
  })

  it('describes a term under a namespace synonym as the term it stands for: sdo:Person’s definition, sdo:episodes deprecated', async () => {
    const hit = async (q: string) => (await get(`q=${encodeURIComponent(q)}&limit=1`)).body.hits[0]!
    const [http, https] = [await hit('schema:Person'), await hit('sdo:Person')]
    assert.equal(https.iri, 'https://schema.org/Person')
    assert.ok(http.definition !== null)
    assert.equal(https.definition, http.definition)
    assert.deepEqual([(await hit('schema:episodes')).deprecated, (await hit('sdo:episodes')).deprecated], [true, true])
    // The deprecation filter and its count go by the same: no deprecated sdo: term among the live ones.
    const live = await get(`q=${encodeURIComponent('sdo:episode')}&deprecated=exclude&limit=100`)
    assert.ok(!live.body.hits.some((h) => h.prefixed === 'sdo:episodes'), JSON.stringify(live.body.hits.map((h) => h.prefixed)))
  })

  it('keeps definitions to one line: the first sentence, at most 161 characters', async () => {
    const { body } = await get('q=date&limit=100')
    for (const hit of body.hits) if (hit.definition !== null) assert.ok(!hit.definition.includes('\n') && hit.definition.length <= 161, hit.definition)
  })

  it('answers an empty q with no hits, and bad parameters with 400s that say what is wrong', async () => {
    assert.deepEqual((await get('q=')).body.hits, [])
    assert.equal((await get('q=')).body.total, 0)
    const usage = await get('')
    assert.equal(usage.status, 400)
    assert.match((usage.body as unknown as { help: string }).help, /search\/results\?q=/)
    for (const [query, code] of [
      ['q=a&kind=thing', 'BAD_PARAMETER'],
      ['q=a&deprecated=maybe', 'BAD_PARAMETER'],
      ['q=a&offset=-1', 'BAD_PARAMETER'],
      ['q=a&limit=101', 'BAD_PARAMETER'],
    ] as const) {
      const { status, body } = await get(query)
      assert.equal(status, 400, query)
      assert.equal(body.error?.code, code, query)
    }
  })

  it('is described in the OpenAPI document, where every operation has a group', async () => {
    const doc = (await (await fetch(`${service.url}/api/v1/openapi.json`)).json()) as {
      tags: Array<{ name: string }>
      paths: Record<string, Record<string, { tags?: string[] }>>
    }
    assert.ok(doc.paths['/api/v1/search/results']?.get)
    const names = doc.tags.map((t) => t.name)
    assert.ok(names.length >= 5)
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) assert.ok(operation.tags?.length === 1 && names.includes(operation.tags[0]!), `${method} ${path}`)
    }
    // No group holds everything: the largest has under half of the operations.
    const sizes = names.map(
      (name) =>
        Object.values(doc.paths)
          .flatMap((item) => Object.values(item))
          .filter((op) => op.tags?.[0] === name).length,
    )
    assert.ok(Math.max(...sizes) < sizes.reduce((a, b) => a + b, 0) / 2, sizes.join(' '))
  })
})
