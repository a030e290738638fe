// The resolver over real HTTP: every endpoint, its errors, CORS, caching headers and the redirect.

import assert from 'node:assert/strict'
import { Parser } from 'n3'
import { PrefixIndex } from '@prefixd/core'
import { createApp, IndexHolder, MAX_BULK_ITEMS, MAX_PARAMETER_LENGTH, OPENAPI_DOCUMENT } from '@prefixd/server'
import { listen, type Running } from './http-helpers.js'

const FOAF_PERSON = 'http://xmlns.com/foaf/0.1/Person'

describe('createApp', () => {
  let index: PrefixIndex
  let service: Running
  const get = (path: string, init?: RequestInit) => fetch(service.url + path, init)
  const getJson = async (path: string, init?: RequestInit) => {
    const response = await get(path, init)
    return { status: response.status, headers: response.headers, body: (await response.json()) as unknown }
  }
  const post = (path: string, body: string, type = 'application/json') => fetch(service.url + path, { method: 'POST', body, headers: { 'content-type': type } })

  before(async () => {
    index = await PrefixIndex.loadDefault()
    service = await listen(createApp({ index }))
  })
  after(() => service.close())

  describe('GET /api/v1/expand', () => {
    it('answers 200 with the IRI of a known name', async () => {
      assert.deepEqual(await getJson('/api/v1/expand?q=foaf:Person').then((r) => [r.status, r.body]), [200, { success: true, value: FOAF_PERSON }])
    })
    it('answers 404 {success:false} for an unknown prefix or a malformed name', async () => {
      for (const q of ['nosuch:x', 'foaf:a b', 'foaf:a/b', 'foaf:a%zz', 'noColon']) {
        const { status, body } = await getJson(`/api/v1/expand?q=${encodeURIComponent(q)}`)
        assert.deepEqual([status, body], [404, { success: false }], q)
      }
    })
    it('answers 400 with a usage body when q is missing or empty', async () => {
      for (const path of ['/api/v1/expand', '/api/v1/expand?q=', '/api/v1/expand?other=1']) {
        const { status, body } = await getJson(path)
        assert.deepEqual([status, body], [400, { help: '/api/v1/expand?q=…' }], path)
      }
    })
    it('decodes escapes in the local name', async () => {
      const { body } = await getJson(`/api/v1/expand?q=${encodeURIComponent('schema:a\\/b')}`)
      assert.deepEqual(body, { success: true, value: 'http://schema.org/a/b' })
    })
  })

  describe('GET /api/v1/shrink', () => {
    it('shrinks an IRI, a fragment IRI sent percent-encoded', async () => {
      const { body } = await getJson(`/api/v1/shrink?q=${encodeURIComponent('http://www.w3.org/2000/01/rdf-schema#label')}`)
      assert.deepEqual(body, { success: true, value: 'rdfs:label' })
    })
    it('answers 404 for an IRI with no fitting namespace', async () => {
      const { status, body } = await getJson(`/api/v1/shrink?q=${encodeURIComponent('urn:nowhere:at-all')}`)
      assert.deepEqual([status, body], [404, { success: false }])
    })
    it('escapes what Turtle needs, and gives CURIEs with syntax=curie', async () => {
      const iri = encodeURIComponent('http://schema.org/a/b')
      assert.deepEqual((await getJson(`/api/v1/shrink?q=${iri}`)).body, { success: true, value: 'schema:a\\/b' })
      assert.deepEqual((await getJson(`/api/v1/shrink?q=${iri}&syntax=curie`)).body, { success: true, value: 'schema:a/b' })
    })
    it('writes a name that expands back to the very IRI: https://schema.org/ gets sdo:, not http schema:', async () => {
      const https = encodeURIComponent('https://schema.org/Person')
      assert.deepEqual((await getJson(`/api/v1/shrink?q=${https}`)).body, { success: true, value: 'sdo:Person' })
      assert.deepEqual((await getJson('/api/v1/expand?q=sdo:Person')).body, { success: true, value: 'https://schema.org/Person' })
      const vcard = encodeURIComponent('https://www.w3.org/2006/vcard/ns#hasEmail')
      // No registry names vcard over https: no name rather than a made-up one.
      assert.deepEqual((await getJson(`/api/v1/shrink?q=${vcard}`)).body, { success: false })
    })
    it('standardizes only when asked, and then says the IRI changed and to what', async () => {
      const https = encodeURIComponent('https://schema.org/Person')
      assert.deepEqual((await getJson(`/api/v1/shrink?q=${https}&standardize=true`)).body, {
        success: true,
        value: 'schema:Person',
        standardized: 'http://schema.org/Person',
      })
      // An IRI already standard comes back without the field; false is the default.
      assert.deepEqual((await getJson(`/api/v1/shrink?q=${encodeURIComponent(FOAF_PERSON)}&standardize=true`)).body, { success: true, value: 'foaf:Person' })
      assert.deepEqual((await getJson(`/api/v1/shrink?q=${https}&standardize=false`)).body, { success: true, value: 'sdo:Person' })
      const bad = await getJson(`/api/v1/shrink?q=${https}&standardize=yes`)
      assert.equal(bad.status, 400)
      assert.equal((bad.body as { error: { code: string } }).error.code, 'BAD_PARAMETER')
      const bulk = await post('/api/v1/shrink?standardize=true', JSON.stringify(['https://schema.org/Person', FOAF_PERSON, 'urn:x:y']))
      assert.deepEqual(await bulk.json(), [{ value: 'schema:Person', standardized: 'http://schema.org/Person' }, { value: 'foaf:Person' }, null])
    })
    it('answers 400 with a usage body when q is missing, and for an unknown syntax', async () => {
      assert.deepEqual((await getJson('/api/v1/shrink')).body, { help: '/api/v1/shrink?q=…' })
      const { status, body } = await getJson('/api/v1/shrink?q=x&syntax=n3')
      assert.equal(status, 400)
      assert.equal((body as { error: { code: string } }).error.code, 'BAD_PARAMETER')
    })
  })

  describe('GET /api/v1/autocomplete', () => {
    it('lists every prefix completion offers for q= (not the long-tail and suspect ones), most popular first', async () => {
      const { status, body } = await getJson('/api/v1/autocomplete?q=')
      assert.equal(status, 200)
      const offered = index.entries().filter((e) => !['long-tail', 'suspect'].includes(index.quality(e.prefix) ?? ''))
      assert.equal((body as string[]).length, offered.length)
      assert.ok((body as string[]).indexOf('foaf:') < 5)
    })
    it('ranks by relevance, says in Prefixd-Truncated whether the limit cut the list, and keeps sort=alpha', async () => {
      const response = await get('/api/v1/autocomplete?q=schema:Per&limit=20')
      const ranked = (await response.json()) as string[]
      assert.equal(ranked.length, 20)
      assert.ok(ranked.slice(0, 3).includes('schema:Person'), ranked.join(' '))
      assert.equal(response.headers.get('prefixd-truncated'), 'true')
      assert.match(response.headers.get('access-control-expose-headers') ?? '', /Prefixd-Truncated/)
      const whole = await get('/api/v1/autocomplete?q=schema:Pers')
      assert.equal(whole.headers.get('prefixd-truncated'), 'false')
      // From the answer cache, the header again.
      assert.equal((await get('/api/v1/autocomplete?q=schema:Per&limit=20')).headers.get('prefixd-truncated'), 'true')
      const alpha = (await getJson('/api/v1/autocomplete?q=schema:Per&limit=20&sort=alpha')).body as string[]
      assert.equal(alpha[0], 'schema:percentile10')
      assert.deepEqual(
        new Set((await getJson('/api/v1/autocomplete?q=schema:Per&sort=alpha')).body as string[]),
        new Set((await getJson('/api/v1/autocomplete?q=schema:Per')).body as string[]),
      )
    })
    it('puts the kind prefer= names first, and refuses unknown sort and prefer values', async () => {
      assert.equal(((await getJson('/api/v1/autocomplete?q=schema:na&prefer=property&limit=5')).body as string[])[0], 'schema:name')
      assert.equal(((await getJson('/api/v1/autocomplete?q=schema:Pers&prefer=class&limit=5')).body as string[])[0], 'schema:Person')
      for (const bad of ['sort=random', 'prefer=noun']) {
        const { status, body } = await getJson(`/api/v1/autocomplete?q=schema:&${bad}`)
        assert.equal(status, 400)
        assert.equal((body as { error: { code: string } }).error.code, 'BAD_PARAMETER')
      }
    })
    it('keeps one answer cache entry for a query whatever subject context it carries, when no usage ranks by it', async () => {
      const holder = new IndexHolder(index)
      const own = await listen(createApp({ index: holder }))
      try {
        const ask = (context: string) => fetch(`${own.url}/api/v1/autocomplete?q=schema:na&prefer=property${context}`).then((r) => r.json())
        // As /editor asks for every property it completes: the property before, the subject's types and properties.
        const answers = [await ask(''), await ask('&previous=schema:email&types=schema:Person'), await ask('&written=schema:email%20schema:url')]
        assert.deepEqual(answers[1], answers[0])
        assert.deepEqual(answers[2], answers[0])
        assert.equal(holder.current.answers.size, 1)
      } finally {
        await own.close()
      }
    })
    it('offers foaf: for fo but not the junk foaa: and foaffff:, and the usual prefix for a typo alias', async () => {
      const fo = (await getJson('/api/v1/autocomplete?q=fo&limit=50')).body as string[]
      assert.ok(fo.includes('foaf:') && !fo.includes('foaa:') && !fo.includes('foaffff:'))
      assert.deepEqual((await getJson('/api/v1/autocomplete?q=shema')).body, ['schema:'])
      assert.deepEqual((await getJson('/api/v1/expand?q=shema:Person')).body, {
        success: true,
        value: 'http://schema.org/Person',
        quality: 'suspect',
        reason: 'typo-alias',
        usually: 'schema',
        warning: 'shema: is a typo alias of schema: (same namespace); write schema: instead',
      })
      assert.deepEqual((await getJson('/api/v1/expand?q=schema:Person')).body, { success: true, value: 'http://schema.org/Person' })
      assert.deepEqual((await getJson(`/api/v1/shrink?q=${encodeURIComponent('http://example.com/unknown/thing')}`)).body, { success: false })
    })
    it('completes prefixes, the namespace content and partial terms', async () => {
      assert.ok(((await getJson('/api/v1/autocomplete?q=foa')).body as string[]).includes('foaf:'))
      const content = (await getJson('/api/v1/autocomplete?q=foaf:')).body as string[]
      assert.equal(content[0], 'foaf:')
      assert.ok(content.includes('foaf:Person') && content.includes('foaf:knows'))
      assert.deepEqual((await getJson('/api/v1/autocomplete?q=schema:Pers&type=rdfs:Class')).body, ['schema:Person'])
    })
    it('honours case, expand, type and limit', async () => {
      assert.deepEqual((await getJson('/api/v1/autocomplete?q=foaf:pers&case=true')).body, [])
      assert.deepEqual((await getJson('/api/v1/autocomplete?q=FOAF:Person&expand=true&limit=1')).body, [FOAF_PERSON])
      const props = (await getJson(`/api/v1/autocomplete?q=foaf:&type=${encodeURIComponent('rdf:Property')}`)).body as string[]
      assert.ok(props.includes('foaf:knows') && !props.includes('foaf:Person'))
      assert.equal(((await getJson('/api/v1/autocomplete?q=schema:&limit=5')).body as string[]).length, 5)
    })
    it('answers 404 for an unknown prefix, distinct from no matches', async () => {
      assert.deepEqual(await getJson('/api/v1/autocomplete?q=nosuch:x').then((r) => [r.status, r.body]), [404, { success: false }])
      assert.deepEqual(await getJson('/api/v1/autocomplete?q=foaf:zzzz').then((r) => [r.status, r.body]), [200, []])
    })
    it('answers 400 with usage for a missing q, and for bad parameters', async () => {
      assert.deepEqual((await getJson('/api/v1/autocomplete')).body, {
        help: '/api/v1/autocomplete?q=…[&type=…][&case=true][&expand=true][&detail=true][&sort=alpha][&prefer=class|property]',
      })
      for (const bad of ['case=yes', 'expand=1', 'limit=0', 'limit=-1', 'limit=abc', 'limit=99999999', 'type=']) {
        const { status, body } = await getJson(`/api/v1/autocomplete?q=foaf:&${bad}`)
        assert.equal(status, 400, bad)
        assert.equal((body as { error: { code: string } }).error.code, 'BAD_PARAMETER', bad)
      }
    })
  })

  describe('GET /api/v1/prefixes', () => {
    it('returns the table as JSON in preference order', async () => {
      const { status, body, headers } = await getJson('/api/v1/prefixes')
      assert.equal(status, 200)
      assert.match(headers.get('content-type')!, /^application\/json/)
      assert.deepEqual(Object.keys(body as object), Object.keys(index.prefixes()))
    })
    it('speaks Turtle, SPARQL and JSON-LD by Accept header or ?format=', async () => {
      const turtle = await get('/api/v1/prefixes', { headers: { accept: 'text/turtle' } })
      assert.match(turtle.headers.get('content-type')!, /^text\/turtle/)
      const declared: string[] = []
      new Parser().parse(await turtle.text(), { onPrefix: (p: string) => declared.push(p) } as never)
      assert.equal(declared.length, index.size.prefixes)

      const sparql = await (await get('/api/v1/prefixes?format=sparql')).text()
      assert.match(sparql, /^PREFIX acl: <http:\/\/www\.w3\.org\/ns\/auth\/acl#>$/m)
      const jsonld = await getJson('/api/v1/prefixes', { headers: { accept: 'application/ld+json' } })
      assert.equal((jsonld.body as { '@context': Record<string, string> })['@context'].foaf, 'http://xmlns.com/foaf/0.1/')
    })
    it('answers 400 for an unknown format and 406 for an unacceptable Accept', async () => {
      assert.equal((await get('/api/v1/prefixes?format=xml')).status, 400)
      const response = await getJson('/api/v1/prefixes', { headers: { accept: 'image/png' } })
      assert.equal(response.status, 406)
      assert.equal((response.body as { error: { code: string } }).error.code, 'NOT_ACCEPTABLE')
    })
    it('compresses the large table for clients that accept gzip or br, and not for others', async () => {
      const identity = await get('/api/v1/prefixes', { headers: { 'accept-encoding': 'identity' } })
      assert.equal(identity.headers.get('content-encoding'), null)
      const table = await identity.json()
      for (const encoding of ['gzip', 'br']) {
        const response = await get('/api/v1/prefixes', { headers: { 'accept-encoding': encoding } })
        assert.equal(response.headers.get('content-encoding'), encoding)
        assert.match(response.headers.get('vary')!, /Accept-Encoding/)
        assert.deepEqual(await response.json(), table) // fetch decodes it: the same table
      }
      const preferred = await get('/api/v1/prefixes', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
      assert.equal(preferred.headers.get('content-encoding'), 'br')
    })

    it('tags each encoding with its own ETag, and keeps Vary on the 304', async () => {
      const plain = await get('/api/v1/autocomplete?q=schema:', { headers: { 'accept-encoding': 'identity' } })
      const br = await get('/api/v1/autocomplete?q=schema:', { headers: { 'accept-encoding': 'br' } })
      assert.equal(br.headers.get('content-encoding'), 'br')
      assert.notEqual(br.headers.get('etag'), plain.headers.get('etag'))
      const again = await get('/api/v1/autocomplete?q=schema:', { headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.get('etag')! } })
      assert.equal(again.status, 304)
      assert.match(again.headers.get('vary')!, /Accept-Encoding/)
      const otherEncoding = await get('/api/v1/autocomplete?q=schema:', {
        headers: { 'accept-encoding': 'identity', 'if-none-match': br.headers.get('etag')! },
      })
      assert.equal(otherEncoding.status, 200)
    })

    it('sends small answers uncompressed whatever the client accepts', async () => {
      const response = await get('/api/v1/expand?q=foaf:Person', { headers: { 'accept-encoding': 'gzip, br' } })
      assert.equal(response.headers.get('content-encoding'), null)
    })
  })

  describe('GET /api/v1/health, /suggest and /search', () => {
    it('health answers "ok"', async () => {
      assert.deepEqual(await getJson('/api/v1/health').then((r) => [r.status, r.body]), [200, 'ok'])
    })
    it('health with detail=true gives the index size and the provenance of the default data', async () => {
      const { status, body } = await getJson('/api/v1/health?detail=true')
      assert.equal(status, 200)
      const detail = body as {
        status: string
        prefixes: number
        terms: number
        data: Array<{ name: string; tier: string; checksum: string; sources: unknown[] }>
      }
      assert.deepEqual([detail.status, detail.prefixes, detail.terms], ['ok', index.size.prefixes, index.size.terms])
      assert.deepEqual(detail.data, JSON.parse(JSON.stringify(index.provenance)))
      assert.equal(detail.data[0]?.name, '@prefixd/data')
      assert.match(detail.data[0]!.checksum, /^sha256-[0-9a-f]{64}$/)
      assert.equal((await getJson('/api/v1/health?detail=maybe')).status, 400)
    })
    it('suggest ranks names matching a word, popular vocabularies first', async () => {
      const names = (await getJson('/api/v1/suggest?q=person')).body as string[]
      assert.equal(names[0], 'foaf:Person')
      assert.ok(names.includes('schema:Person'))
      assert.deepEqual((await getJson('/api/v1/suggest?q=')).body, [])
      assert.deepEqual((await getJson('/api/v1/suggest?q=person&limit=2')).body, names.slice(0, 2))
    })
    it('search returns prefixed name, IRI, label and types', async () => {
      const [first] = (await getJson('/api/v1/search?q=person&limit=1')).body as Array<Record<string, unknown>>
      const { typeNames, ...rest } = first as { typeNames: string[] }
      assert.deepEqual(rest, {
        kind: 'term',
        prefixed: 'foaf:Person',
        iri: FOAF_PERSON,
        label: 'Person',
        types: index.term(FOAF_PERSON)!.types,
      })
      assert.deepEqual([...typeNames].sort(), ['owl:Class', 'rdfs:Class'])
      assert.equal((await get('/api/v1/search')).status, 400)
    })
  })

  describe('POST /api/v1/expand and /shrink', () => {
    it('answers an array of results with null where none', async () => {
      const expanded = await post('/api/v1/expand', JSON.stringify(['foaf:Person', 'nosuch:x', 'schema:']))
      assert.deepEqual(await expanded.json(), [FOAF_PERSON, null, 'http://schema.org/'])
      const shrunk = await post('/api/v1/shrink', JSON.stringify([FOAF_PERSON, 'urn:x:y']))
      assert.deepEqual(await shrunk.json(), ['foaf:Person', null])
    })
    it('answers 400 for a body that is not an array of strings', async () => {
      for (const body of ['{"q":"foaf:Person"}', '["foaf:Person", 3]', '["foaf:Person",', '"foaf:Person"', 'null']) {
        const response = await post('/api/v1/expand', body)
        assert.equal(response.status, 400, body)
        assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'BAD_BODY', body)
      }
      const text = await post('/api/v1/expand', '["foaf:Person"]', 'text/plain')
      assert.equal(text.status, 400)
    })
    it('bounds the number and length of items and the body size', async () => {
      const tooMany = await post('/api/v1/expand', JSON.stringify(Array(MAX_BULK_ITEMS + 1).fill('foaf:a')))
      assert.equal(tooMany.status, 413)
      const tooLong = await post('/api/v1/expand', JSON.stringify(['foaf:' + 'a'.repeat(MAX_PARAMETER_LENGTH)]))
      assert.equal(tooLong.status, 400)
      const huge = await post('/api/v1/expand', JSON.stringify(['x'.repeat(5 * 2 ** 20)]))
      assert.equal(huge.status, 413)
    })
  })

  describe('GET /{prefix}:{local}', () => {
    it('redirects a prefixed name to its IRI', async () => {
      const response = await get('/foaf:Person', { redirect: 'manual' })
      assert.equal(response.status, 302)
      assert.equal(response.headers.get('location'), FOAF_PERSON)
    })
    it('percent-encodes non-ASCII characters of the IRI in Location', async () => {
      const response = await get(`/${encodeURIComponent('schema:café')}`, { redirect: 'manual' })
      assert.equal(response.headers.get('location'), 'http://schema.org/caf%C3%A9')
    })
    it('answers 404 for a name that cannot be expanded, 400 for a broken encoding', async () => {
      assert.equal((await get('/nosuch:Person', { redirect: 'manual' })).status, 404)
      assert.equal((await get('/foaf:%E0%A4%A', { redirect: 'manual' })).status, 400)
    })
  })

  describe('errors', () => {
    it('answers JSON 404 for an unknown route and 405 with Allow for a wrong method', async () => {
      const missing = await getJson('/api/v1/nothing')
      assert.equal(missing.status, 404)
      assert.equal((missing.body as { error: { code: string } }).error.code, 'NOT_FOUND')
      const wrong = await getJson('/api/v1/expand', { method: 'DELETE' })
      assert.equal(wrong.status, 405)
      assert.match(wrong.headers.get('allow')!, /GET/)
      assert.equal((wrong.body as { error: { code: string } }).error.code, 'METHOD_NOT_ALLOWED')
    })
    it('answers 400 for malformed percent-encoding or UTF-8, and for a repeated parameter', async () => {
      for (const query of ['q=%ZZ', 'q=%C3%28', 'q=%', 'q=a&q=b']) {
        const response = await getJson(`/api/v1/expand?${query}`)
        assert.equal(response.status, 400, query)
        assert.match((response.body as { error: { code: string } }).error.code, /BAD_ENCODING|BAD_PARAMETER/, query)
      }
    })
    it('answers 414 for a q over the length limit', async () => {
      const response = await getJson(`/api/v1/shrink?q=${'a'.repeat(MAX_PARAMETER_LENGTH + 1)}`)
      assert.equal(response.status, 414)
      assert.equal((response.body as { error: { code: string } }).error.code, 'QUERY_TOO_LONG')
    })
  })

  describe('HTTP caching and CORS', () => {
    it('sends an ETag and answers 304 to a matching If-None-Match', async () => {
      const first = await get('/api/v1/expand?q=foaf:knows')
      const etag = first.headers.get('etag')
      assert.ok(etag)
      assert.match(first.headers.get('cache-control')!, /max-age=\d+/)
      const again = await get('/api/v1/expand?q=foaf:knows', { headers: { 'if-none-match': etag } })
      assert.equal(again.status, 304)
      assert.equal(await again.text(), '')
      const other = await get('/api/v1/expand?q=foaf:name', { headers: { 'if-none-match': etag } })
      assert.equal(other.status, 200)
    })
    it('allows cross-origin GET and POST, preflight included', async () => {
      const simple = await get('/api/v1/expand?q=foaf:Person', { headers: { origin: 'https://editor.example' } })
      assert.equal(simple.headers.get('access-control-allow-origin'), '*')
      const preflight = await get('/api/v1/expand', {
        method: 'OPTIONS',
        headers: { origin: 'https://editor.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      })
      assert.equal(preflight.status, 204)
      assert.match(preflight.headers.get('access-control-allow-methods')!, /POST/)
      assert.equal(preflight.headers.get('access-control-allow-headers'), 'content-type')
      assert.equal(preflight.headers.get('access-control-allow-origin'), '*')
      const error = await get('/api/v1/expand?q=%ZZ', { headers: { origin: 'https://editor.example' } })
      assert.equal(error.status, 400)
      assert.equal(error.headers.get('access-control-allow-origin'), '*') // errors are readable cross-origin too
    })
  })

  describe('GET /api/v1/openapi.json', () => {
    it('describes every route of the router, and no route it does not have', async () => {
      const doc = (await getJson('/api/v1/openapi.json')).body as typeof OPENAPI_DOCUMENT
      assert.equal(doc.openapi, '3.1.0')
      const app = createApp({ index })
      const router = app.middleware.map((m) => (m as { router?: { stack: Array<{ path: string; methods: string[] }> } }).router).find(Boolean)!
      const routed = new Set<string>()
      for (const layer of router.stack) {
        for (const method of layer.methods.filter((m) => m !== 'HEAD')) routed.add(`${method.toLowerCase()} ${layer.path}`)
      }
      const documented = new Set<string>()
      for (const [path, item] of Object.entries(doc.paths)) {
        if (path === '/{name}' || path === '/{prefixes}.file.{format}') continue // served by middleware after the router
        for (const method of Object.keys(item)) documented.add(`${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`)
      }
      assert.deepEqual([...documented].sort(), [...routed].sort())
    })
  })

  describe('answer cache', () => {
    it('stays within its byte bound under 5,000 distinct random shrink queries', async function () {
      this.timeout(120_000) // 5,000 requests: a few seconds on a quiet machine, over 20 s on a loaded one
      // 5,000 answers of about 80 bytes overfill 64 KiB six times over: enough to test eviction,
      // few enough requests that a loaded machine does not hit the test's timeout.
      const cacheBytes = 64 * 1024
      const holder = new IndexHolder(index, cacheBytes)
      const small = await listen(createApp({ index: holder }))
      try {
        const queries = Array.from({ length: 5_000 }, (_, i) => `http://schema.org/x${i}${Math.random().toString(36).slice(2)}`)
        for (let i = 0; i < queries.length; i += 100) {
          await Promise.all(
            queries.slice(i, i + 100).map(async (iri) => {
              const response = await fetch(`${small.url}/api/v1/shrink?q=${encodeURIComponent(iri)}`)
              assert.equal(response.status, 200)
              await response.arrayBuffer()
            }),
          )
        }
        const { answers } = holder.current
        // What the cache really holds (keys and body bytes), not only its own bookkeeping, stays in the bound.
        let held = 0
        for (const [key, answer] of answers.entries()) held += key.length + answer.body.length
        assert.ok(held <= cacheBytes, `cache holds ${held} bytes`)
        assert.ok(held > cacheBytes / 2, `cache holds only ${held} bytes: it should be nearly full`)
        assert.ok(answers.size < 5_000 && answers.size > 100)
        const check = await fetch(`${small.url}/api/v1/shrink?q=${encodeURIComponent(queries[0]!)}`)
        assert.deepEqual(await check.json(), { success: true, value: index.shrink(queries[0]!) })
      } finally {
        await small.close()
      }
    })
  })
})
