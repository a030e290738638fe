// Project prefix sets over real HTTP: PUT/GET/DELETE/list, bodies by Content-Type and Accept, tokens,
// ETag/If-Match, bad bodies, and `set=` on every read endpoint, on the embedded SQLite store.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { PrefixIndex, PrefixIndexBuilder } from '@prefixd/core'
import { createApp, openSetStore, type SetStore } from '@prefixd/server'
import { listen } from '../http-helpers.js'
import { startSetsResolver, type SetsResolver } from '../../support/sets-resolver.js'

const TOKEN = 'test-token-0123456789'
const OTHER = 'other-token-abcdefghij'
const TEAM_TTL = '@prefix ex: <http://example.org/ns#> .\n@prefix foaf: <http://example.com/myfoaf/> .\n'

describe('prefix sets over HTTP', function () {
  this.timeout(30_000)
  let index: PrefixIndex
  let service: SetsResolver
  const url = (path: string) => service.url + path
  const put = (name: string, body: string, type: string, headers: Record<string, string> = {}, query = '') =>
    fetch(url(`/api/v1/sets/${name}${query}`), { method: 'PUT', body, headers: { 'content-type': type, authorization: `Bearer ${TOKEN}`, ...headers } })
  const json = async (path: string, init?: RequestInit) => {
    const response = await fetch(url(path), init)
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> }
  }

  before(async () => {
    index = await PrefixIndex.loadDefault()
    service = await startSetsResolver({ index, tokens: [TOKEN, OTHER] })
  })
  after(async () => {
    await service.close()
  })

  describe('PUT /api/v1/sets/{name}', () => {
    it('stores a Turtle set (201, then 200), layered over the default table: its prefixes win', async () => {
      const created = await put('team', TEAM_TTL, 'text/turtle')
      assert.equal(created.status, 201)
      assert.equal(created.headers.get('location'), '/api/v1/sets/team')
      const body = (await created.json()) as { prefixes: number; etag: string; standalone: boolean }
      assert.deepEqual([body.prefixes, body.standalone], [2, false])
      assert.equal(created.headers.get('etag'), body.etag)
      assert.equal((await put('team', TEAM_TTL, 'text/turtle')).status, 200)

      assert.deepEqual((await json('/api/v1/expand?q=ex:Thing&set=team')).body, { success: true, value: 'http://example.org/ns#Thing' })
      assert.deepEqual((await json('/api/v1/expand?q=foaf:Person&set=team')).body, { success: true, value: 'http://example.com/myfoaf/Person' })
      assert.deepEqual((await json('/api/v1/expand?q=schema:Person&set=team')).body, { success: true, value: 'http://schema.org/Person' })
      assert.deepEqual((await json('/api/v1/shrink?q=' + encodeURIComponent('http://example.com/myfoaf/x') + '&set=team')).body, {
        success: true,
        value: 'foaf:x',
      })
      // Without set= the default table is served as before.
      assert.deepEqual((await json('/api/v1/expand?q=foaf:Person')).body, { success: true, value: 'http://xmlns.com/foaf/0.1/Person' })
      assert.notEqual((await json('/api/v1/expand?q=ex:Thing')).body.value, 'http://example.org/ns#Thing')
    })

    it('reads JSON maps, JSON-LD contexts and SPARQL prologues by Content-Type', async () => {
      const bodies: Array<[string, string]> = [
        ['application/json', JSON.stringify({ j: 'http://example.org/json#' })],
        ['application/ld+json', JSON.stringify({ '@context': { j: 'http://example.org/json#', name: 'http://schema.org/name' } })],
        ['application/sparql-query', 'PREFIX j: <http://example.org/json#>\nSELECT * WHERE { ?s ?p ?o }'],
        ['application/json; charset=utf-8', JSON.stringify({ j: 'http://example.org/json#' })],
      ]
      for (const [type, body] of bodies) {
        const response = await put('formats', body, type)
        assert.ok(response.status === 200 || response.status === 201, `${type}: ${response.status} ${await response.text()}`)
        const got = await json('/api/v1/sets/formats', { headers: { accept: 'application/json' } })
        assert.deepEqual(got.body, { j: 'http://example.org/json#' }, type)
      }
    })

    it('reads an extended prefix map with synonyms and SHACL sh:declare, and writes them back', async () => {
      const epm = [
        { prefix: 'proj', uri_prefix: 'http://example.org/project/', prefix_synonyms: ['project'], uri_prefix_synonyms: ['https://example.org/project/'] },
      ]
      const created = await put('epm', JSON.stringify(epm), 'application/json')
      assert.equal(created.status, 201, await created.clone().text())
      assert.equal(((await created.json()) as { prefixes: number }).prefixes, 1)
      assert.deepEqual((await json('/api/v1/expand?q=project:x&set=epm')).body, { success: true, value: 'http://example.org/project/x' })
      // No prefix is bound to the synonym: shrink finds no name that reads back as the IRI, unless asked to standardize.
      assert.deepEqual((await json('/api/v1/shrink?q=' + encodeURIComponent('https://example.org/project/x') + '&set=epm')).body, { success: false })
      assert.deepEqual((await json('/api/v1/shrink?q=' + encodeURIComponent('https://example.org/project/x') + '&set=epm&standardize=true')).body, {
        success: true,
        value: 'proj:x',
        standardized: 'http://example.org/project/x',
      })
      assert.deepEqual((await json('/api/v1/sets/epm?format=epm')).body, epm)
      const shacl = [
        '@prefix sh: <http://www.w3.org/ns/shacl#> .',
        '@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .',
        '<http://example.org/shapes> sh:declare [ sh:prefix "shp" ; sh:namespace "http://example.org/shp#"^^xsd:anyURI ] .',
      ].join('\n')
      const declared = await put('shacl', shacl, 'text/turtle')
      assert.equal(declared.status, 201, await declared.clone().text())
      // The document's own @prefix lines are its syntax, not the set: only sh:declare counts.
      assert.equal(((await declared.json()) as { prefixes: number }).prefixes, 1)
      assert.deepEqual((await json('/api/v1/expand?q=shp:Shape&set=shacl')).body, { success: true, value: 'http://example.org/shp#Shape' })
      const written = await (await fetch(url('/api/v1/sets/shacl?format=shacl'))).text()
      assert.match(written, /sh:declare/)
      assert.match(written, /sh:prefix "shp"/)
    })

    it('refuses a body that does not parse with 400, the line and column, and stores nothing', async () => {
      const before = await json('/api/v1/sets/team')
      const turtle = await put('team', '@prefix a: <http://a.example/> .\n@prefix b <http://b.example/> .\n', 'text/turtle')
      assert.equal(turtle.status, 400)
      const error = ((await turtle.json()) as { error: { code: string; line: number; column: number; message: string } }).error
      assert.deepEqual([error.code, error.line, error.column], ['BAD_BODY', 2, 9])
      assert.match(error.message, /line 2, column 9/)
      const broken = await put('team', '{"a": "http://a.example/",\n  "b" }', 'application/json')
      assert.equal(broken.status, 400)
      const jsonError = ((await broken.json()) as { error: { line: number; column: number } }).error
      assert.deepEqual([jsonError.line, jsonError.column], [2, 7])
      // Entries that parse but are invalid refuse the whole body too.
      const invalid = await put(
        'team',
        JSON.stringify({ ok: 'http://ok.example/', 'bad prefix': 'http://x.example/', rel: 'not/absolute' }),
        'application/json',
      )
      assert.equal(invalid.status, 400)
      const problems = ((await invalid.json()) as { error: { problems: unknown[] } }).error.problems
      assert.equal(problems.length, 2)
      assert.deepEqual(await json('/api/v1/sets/team'), { ...before, headers: (await json('/api/v1/sets/team')).headers })
      assert.equal((await json('/api/v1/sets/never')).status, 404)
      assert.equal((await put('never', '{"a": ', 'application/json')).status, 400)
      assert.equal((await json('/api/v1/sets/never')).status, 404)
    })

    it('answers 415 for other media types, 400 for a bad name, 413 for a huge body', async () => {
      assert.equal((await put('team', 'x', 'text/plain')).status, 415)
      assert.equal((await put('team', TEAM_TTL, 'text/turtle; charset=latin1')).status, 415)
      assert.equal((await put('.hidden', TEAM_TTL, 'text/turtle')).status, 400)
      assert.equal((await put('a'.repeat(65), TEAM_TTL, 'text/turtle')).status, 400)
      const huge = JSON.stringify({ a: 'http://example.org/' + 'x'.repeat(5 * 2 ** 20) })
      assert.equal((await put('team', huge, 'application/json')).status, 413)
    })

    it('needs a bearer token: 401 JSON without one or with a wrong one; any configured token works', async () => {
      for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
        const response = await fetch(url('/api/v1/sets/team'), {
          method: 'PUT',
          body: TEAM_TTL,
          headers: { 'content-type': 'text/turtle', ...(authorization && { authorization }) },
        })
        assert.equal(response.status, 401, String(authorization))
        assert.equal(response.headers.get('www-authenticate'), 'Bearer realm="prefixd"')
        assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'UNAUTHORIZED')
      }
      assert.equal((await fetch(url('/api/v1/sets/team'), { method: 'DELETE' })).status, 401)
      assert.equal((await put('team', TEAM_TTL, 'text/turtle', { authorization: `Bearer ${OTHER}` })).status, 200)
      // Reads are public.
      assert.equal((await fetch(url('/api/v1/sets/team'))).status, 200)
    })
  })

  describe('GET /api/v1/sets/{name}', () => {
    it('writes the set by Accept or format=, with an ETag and a 304 for If-None-Match', async () => {
      await put('team', TEAM_TTL, 'text/turtle')
      const turtle = await fetch(url('/api/v1/sets/team'), { headers: { accept: 'text/turtle' } })
      assert.equal(turtle.headers.get('content-type'), 'text/turtle; charset=utf-8')
      assert.equal(await turtle.text(), TEAM_TTL)
      const sparql = await fetch(url('/api/v1/sets/team?format=sparql'))
      assert.equal(await sparql.text(), 'PREFIX ex: <http://example.org/ns#>\nPREFIX foaf: <http://example.com/myfoaf/>\n')
      const context = await json('/api/v1/sets/team', { headers: { accept: 'application/ld+json' } })
      assert.deepEqual(context.body, { '@context': { ex: 'http://example.org/ns#', foaf: 'http://example.com/myfoaf/' } })
      const etag = turtle.headers.get('etag')!
      assert.match(etag, /^"[\w-]{22}\.turtle"$/)
      assert.equal((await fetch(url('/api/v1/sets/team'), { headers: { accept: 'text/turtle', 'if-none-match': etag } })).status, 304)
      assert.equal((await fetch(url('/api/v1/sets/team'), { headers: { accept: 'application/xml' } })).status, 406)
    })

    it('lists the sets with their sizes and tags', async () => {
      await put('team', TEAM_TTL, 'text/turtle')
      const list = (await json('/api/v1/sets')).body as unknown as Array<{ name: string; prefixes: number; etag: string; standalone: boolean; updated: string }>
      const team = list.find((s) => s.name === 'team')!
      assert.equal(team.prefixes, 2)
      assert.equal(team.standalone, false)
      assert.ok(!Number.isNaN(Date.parse(team.updated)))
      assert.deepEqual(
        list.map((s) => s.name),
        [...list.map((s) => s.name)].sort(),
      )
    })
  })

  describe('If-Match and DELETE', () => {
    it('replaces and deletes only the version the client saw (412 otherwise)', async () => {
      const first = (await (await put('locked', TEAM_TTL, 'text/turtle')).json()) as { etag: string }
      const seen = (await fetch(url('/api/v1/sets/locked'), { headers: { accept: 'text/turtle' } })).headers.get('etag')!
      // Someone else changes it meanwhile.
      const second = (await (await put('locked', '@prefix ex: <http://example.org/other#> .', 'text/turtle')).json()) as { etag: string }
      assert.notEqual(first.etag, second.etag)
      const stale = await put('locked', TEAM_TTL, 'text/turtle', { 'if-match': seen })
      assert.equal(stale.status, 412)
      assert.equal(((await stale.json()) as { error: { code: string } }).error.code, 'PRECONDITION_FAILED')
      assert.deepEqual((await json('/api/v1/expand?q=ex:a&set=locked')).body, { success: true, value: 'http://example.org/other#a' })
      assert.equal((await put('locked', TEAM_TTL, 'text/turtle', { 'if-match': second.etag })).status, 200)
      // If-None-Match: * creates only.
      assert.equal((await put('locked', TEAM_TTL, 'text/turtle', { 'if-none-match': '*' })).status, 412)
      assert.equal((await put('fresh', TEAM_TTL, 'text/turtle', { 'if-none-match': '*' })).status, 201)
      const del = (headers: Record<string, string>) =>
        fetch(url('/api/v1/sets/locked'), { method: 'DELETE', headers: { authorization: `Bearer ${TOKEN}`, ...headers } })
      // Equal contents make equal tags: the set now holds what `first` held again, not what `second` did.
      assert.equal((await del({ 'if-match': second.etag })).status, 412)
      const current = (await fetch(url('/api/v1/sets/locked?format=json'))).headers.get('etag')!
      assert.equal((await del({ 'if-match': current })).status, 204)
      assert.equal((await del({})).status, 404)
      assert.equal((await json('/api/v1/expand?q=ex:a&set=locked')).status, 404)
    })
  })

  describe('set= on every read endpoint', () => {
    before(async () => {
      await put('team', TEAM_TTL + '@prefix widget: <http://example.org/widgets/> .\n', 'text/turtle')
      await put('alone', '@prefix only: <http://example.org/only#> .\n', 'text/turtle', {}, '?standalone=true')
    })

    it('answers expand, shrink, autocomplete, prefixes, search, suggest, candidates, the vocabulary and the redirect from the set', async () => {
      assert.deepEqual((await json('/api/v1/autocomplete?q=widg&set=team')).body, ['widget:'])
      assert.deepEqual((await json('/api/v1/autocomplete?q=schema:Perso&limit=1&set=team')).body, ['schema:Person'])
      const table = (await json('/api/v1/prefixes?set=team')).body
      assert.equal(table.widget, 'http://example.org/widgets/')
      assert.equal(table.foaf, 'http://example.com/myfoaf/')
      assert.equal(table.schema, 'http://schema.org/')
      assert.equal(Object.keys(table)[0], 'ex') // the set's prefixes come first
      const search = (await json('/api/v1/search?q=person&limit=3&set=team')).body as unknown as Array<{ prefixed: string }>
      assert.ok(search.length > 0)
      // foaf: is the team's own namespace here, so foaf:Person of the default data is no longer foaf:Person.
      assert.ok(!search.some((t) => t.prefixed === 'foaf:Person'))
      assert.ok(((await json('/api/v1/suggest?q=person&set=team')).body as unknown as string[]).includes('schema:Person'))
      assert.equal((await json('/api/v1/prefixes/widget?set=team')).body.namespace, 'http://example.org/widgets/')
      const redirect = await fetch(url('/widget:Gear?set=team'), { redirect: 'manual' })
      assert.equal(redirect.status, 302)
      assert.equal(redirect.headers.get('location'), 'http://example.org/widgets/Gear')
      assert.equal(redirect.headers.get('cache-control'), 'no-cache')
      const candidates = (await json('/api/v1/candidates?q=' + encodeURIComponent('http://example.org/widgets/Gear') + '&set=team')).body as {
        chosen: string | null
      }
      assert.equal(candidates.chosen, 'widget:Gear')
      assert.notEqual(
        ((await json('/api/v1/candidates?q=' + encodeURIComponent('http://example.org/widgets/Gear'))).body as { chosen: string | null }).chosen,
        'widget:Gear',
      )
      const bulk = await fetch(url('/api/v1/expand?set=team'), {
        method: 'POST',
        body: JSON.stringify(['widget:a', 'schema:b', 'nosuch:c']),
        headers: { 'content-type': 'application/json' },
      })
      assert.deepEqual(await bulk.json(), ['http://example.org/widgets/a', 'http://schema.org/b', null])
    })

    it('serves a standalone set without the default table', async () => {
      assert.deepEqual((await json('/api/v1/expand?q=only:x&set=alone')).body, { success: true, value: 'http://example.org/only#x' })
      assert.equal((await json('/api/v1/expand?q=schema:Person&set=alone')).status, 404)
      assert.deepEqual((await json('/api/v1/prefixes?set=alone')).body, { only: 'http://example.org/only#' })
      assert.equal((await fetch(url('/api/v1/sets/alone'))).headers.get('prefixd-standalone'), 'true')
    })

    it('answers a JSON 404 for an unknown set on every read endpoint', async () => {
      for (const path of [
        '/api/v1/expand?q=a:b',
        '/api/v1/shrink?q=http://x/',
        '/api/v1/autocomplete?q=a',
        '/api/v1/prefixes',
        '/api/v1/search?q=a',
        '/api/v1/suggest?q=a',
        '/api/v1/prefixes/foaf',
        '/api/v1/candidates?q=http://x/',
        '/foaf:Person',
      ]) {
        const response = await fetch(url(`${path}${path.includes('?') ? '&' : '?'}set=nosuch`), { redirect: 'manual' })
        assert.equal(response.status, 404, path)
        assert.deepEqual(await response.json(), { success: false, error: { code: 'NOT_FOUND', message: "unknown set 'nosuch'" } }, path)
      }
    })

    it('serves a new version at once after a PUT, and keeps the old answers apart', async () => {
      await put('moving', '@prefix m: <http://example.org/one#> .', 'text/turtle')
      assert.deepEqual((await json('/api/v1/expand?q=m:a&set=moving')).body, { success: true, value: 'http://example.org/one#a' })
      await put('moving', '@prefix m: <http://example.org/two#> .', 'text/turtle')
      assert.deepEqual((await json('/api/v1/expand?q=m:a&set=moving')).body, { success: true, value: 'http://example.org/two#a' })
    })

    it('answers expand and shrink as the core does with the set layered over the defaults (property)', async () => {
      const builder = await PrefixIndexBuilder.loadDefault()
      const defaults = builder.build()
      const known = defaults.entries().slice(0, 400)
      const prefixArb = fc.oneof(fc.constantFrom(...known.map((e) => e.prefix)), fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/))
      const namespaceArb = fc.oneof(
        fc.constantFrom(...known.map((e) => e.namespace)),
        fc.stringMatching(/^[a-z]{1,5}$/).map((s) => `http://example.org/${s}/`),
      )
      let run = 0
      await fc.assert(
        fc.asyncProperty(fc.uniqueArray(fc.tuple(prefixArb, namespaceArb), { minLength: 1, maxLength: 6, selector: ([p]) => p }), async (pairs) => {
          const name = `prop${run++}`
          const response = await put(name, JSON.stringify(Object.fromEntries(pairs)), 'application/json')
          assert.equal(response.status, 201, await response.text())
          const merged = (await PrefixIndexBuilder.loadDefault({ tier: 'prefixes' })).addPrefixes(pairs, { override: true }).build()
          for (const [prefix, namespace] of pairs.slice(0, 3)) {
            for (const iri of [namespace + 'Thing', known[pairs.length]!.namespace + 'x']) {
              const got = (await json(`/api/v1/shrink?q=${encodeURIComponent(iri)}&set=${name}`)).body
              assert.deepEqual(got, merged.shrink(iri) === undefined ? { success: false } : { success: true, value: merged.shrink(iri) }, iri)
            }
            const got = (await json(`/api/v1/expand?q=${encodeURIComponent(prefix + ':x')}&set=${name}`)).body
            assert.equal(got.value, merged.expand(prefix + ':x'))
          }
        }),
        { numRuns: 8 },
      )
    })
  })

  describe('CORS', () => {
    it('lets a page on another origin PUT with a token and read the ETag', async () => {
      const preflight = await fetch(url('/api/v1/sets/team'), {
        method: 'OPTIONS',
        headers: {
          origin: 'https://app.example',
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'authorization, content-type, if-match',
        },
      })
      assert.equal(preflight.status, 204)
      assert.match(preflight.headers.get('access-control-allow-methods')!, /PUT/)
      assert.match(preflight.headers.get('access-control-allow-methods')!, /DELETE/)
      assert.match(preflight.headers.get('access-control-allow-headers')!, /authorization/)
      const got = await fetch(url('/api/v1/sets/team'), { headers: { origin: 'https://app.example' } })
      assert.match(got.headers.get('access-control-expose-headers')!, /ETag/)
    })
  })
})

describe('prefix sets: operator settings', function () {
  this.timeout(30_000)
  it('keeps reads private when told: set= and GET need a token too', async () => {
    const index = PrefixIndex.fromPrefixes({ base: 'http://example.org/base#' })
    const service = await startSetsResolver({ index, tokens: [TOKEN], sets: { privateReads: true } })
    try {
      const auth = { authorization: `Bearer ${TOKEN}` }
      assert.equal(
        (
          await fetch(`${service.url}/api/v1/sets/p`, {
            method: 'PUT',
            body: '{"p":"http://example.org/p#"}',
            headers: { ...auth, 'content-type': 'application/json' },
          })
        ).status,
        201,
      )
      const refused = await fetch(`${service.url}/api/v1/expand?q=p:a&set=p`)
      assert.equal(refused.status, 401)
      assert.match(
        ((await refused.json()) as { error: { message: string } }).error.message,
        /^reading sets needs Authorization: Bearer TOKEN \(this server keeps them private\)$/,
      )
      assert.equal((await fetch(`${service.url}/api/v1/sets`)).status, 401)
      assert.equal((await fetch(`${service.url}/api/v1/sets/p`)).status, 401)
      assert.equal((await fetch(`${service.url}/api/v1/expand?q=p:a&set=p`, { headers: auth })).status, 200)
      // The served table itself stays public.
      assert.equal((await fetch(`${service.url}/api/v1/expand?q=base:a`)).status, 200)
    } finally {
      await service.close()
    }
  })

  it('answers 503 when the store fails, and 404 for a set= no set can be named, without asking the store', async () => {
    const index = PrefixIndex.fromPrefixes({ base: 'http://example.org/base#' })
    const store = await openSetStore(':memory:')
    const asked: string[] = []
    const counting: SetStore = {
      kind: store.kind,
      list: () => store.list(),
      get: (name) => (asked.push(name), store.get(name)),
      put: (record, condition) => store.put(record, condition),
      delete: (name, condition) => store.delete(name, condition),
      vocabularies: (name, withUsage) => store.vocabularies(name, withUsage),
      vocabulary: (name, file) => store.vocabulary(name, file),
      putVocabulary: (record, condition, bounds) => store.putVocabulary(record, condition, bounds),
      deleteVocabulary: (name, file, condition) => store.deleteVocabulary(name, file, condition),
      onChange: (listener) => store.onChange(listener),
      close: () => store.close(),
    }
    const app = createApp({ index, sets: { store: counting, tokens: [TOKEN] } })
    app.silent = true // the store's failures are logged as errors: here they are meant
    const service = await listen(app)
    try {
      assert.equal((await fetch(`${service.url}/api/v1/expand?q=base:a&set=${'x'.repeat(65)}`)).status, 404)
      assert.equal((await fetch(`${service.url}/api/v1/expand?q=base:a&set=.hidden`)).status, 404)
      assert.deepEqual(asked, [])
      assert.equal((await fetch(`${service.url}/api/v1/expand?q=base:a&set=nosuch`)).status, 404)
      assert.equal((await fetch(`${service.url}/api/v1/expand?q=base:a&set=nosuch`)).status, 404)
      assert.deepEqual(asked, ['nosuch']) // remembered
      await store.close()
      const failed = await fetch(`${service.url}/api/v1/sets`)
      assert.equal(failed.status, 503)
      assert.equal(((await failed.json()) as { error: { code: string } }).error.code, 'UNAVAILABLE')
      assert.equal((await fetch(`${service.url}/api/v1/expand?q=base:a&set=other`)).status, 503)
    } finally {
      await service.close()
    }
  })

  it('takes no writes without tokens, and says why; without a store, the list is empty and set= a 404', async () => {
    const index = PrefixIndex.fromPrefixes({ base: 'http://example.org/base#' })
    const store = await openSetStore(':memory:')
    const readOnly = await listen(createApp({ index, sets: { store } }))
    const none = await listen(createApp({ index }))
    try {
      const response = await fetch(`${readOnly.url}/api/v1/sets/p`, {
        method: 'PUT',
        body: '{"p":"http://example.org/p#"}',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      })
      assert.equal(response.status, 401)
      assert.match(((await response.json()) as { error: { message: string } }).error.message, /PREFIXD_TOKENS/)
      const list = await fetch(`${none.url}/api/v1/sets`)
      assert.equal(list.status, 200)
      assert.deepEqual(await list.json(), [])
      assert.equal((await fetch(`${none.url}/api/v1/sets/x`)).status, 404)
      assert.equal((await fetch(`${none.url}/api/v1/expand?q=base:a&set=x`)).status, 404)
    } finally {
      await readOnly.close()
      await none.close()
      await store.close()
    }
  })
})
