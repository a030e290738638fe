// Replayed answers over real HTTP: a repeated GET is answered before Koa with what Koa sent, and nothing else is.

import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import type Koa from 'koa'
import { PrefixIndex } from '@prefixd/core'
import { createApp, createLogger, IndexHolder, openSetStore, ServerMetrics, type AppOptions } from '@prefixd/server'
import { listen, type Running } from './http-helpers.js'
import { metricValue } from './metric-value.js'

/** Counts the requests that reach Koa's middleware (its `middleware` array is composed at `listen`). */
function countKoa(app: Koa): { readonly count: number } {
  const seen = { count: 0 }
  app.middleware.unshift((_ctx, next) => {
    seen.count++
    return next()
  })
  return seen
}

interface Got {
  readonly status: number
  readonly headers: Record<string, string>
  readonly body: Buffer
}

async function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Got> {
  const response = await fetch(url, { method, headers })
  const all: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'date' && name !== 'x-request-id' && name !== 'keep-alive' && name !== 'connection') all[name] = value
  })
  return { status: response.status, headers: all, body: Buffer.from(await response.arrayBuffer()) }
}

describe('replayed answers', () => {
  let index: PrefixIndex
  const running: Running[] = []
  before(async () => {
    index = await PrefixIndex.loadDefault()
  })
  afterEach(async () => {
    await Promise.all(running.splice(0).map((service) => service.close()))
  })

  async function start(options: Partial<AppOptions> = {}): Promise<{ url: string; koa: { readonly count: number } }> {
    const app = createApp({ index, ...options })
    const koa = countKoa(app)
    const service = await listen(app)
    running.push(service)
    return { url: service.url, koa }
  }

  it('answers a repeated GET without Koa, with the same status, headers and body', async () => {
    const { url, koa } = await start()
    const first = await get(`${url}/api/v1/expand?q=foaf:Person`)
    assert.equal(koa.count, 1)
    const again = await get(`${url}/api/v1/expand?q=foaf:Person`)
    const third = await get(`${url}/api/v1/expand?q=foaf:Person`)
    assert.equal(koa.count, 1)
    assert.equal(first.status, 200)
    assert.deepEqual(JSON.parse(first.body.toString()), { success: true, value: 'http://xmlns.com/foaf/0.1/Person' })
    assert.deepEqual(again, first)
    assert.deepEqual(third, first)
  })

  it('replays byte for byte what an app without replays (a rate-limited one) sends, for every kind of cached answer', async () => {
    const replaying = await start()
    // A rate limit turns replays off: every request of this one goes through Koa.
    const direct = await start({ rateLimit: { rate: 1e6 } })
    const cases: [string, Record<string, string>][] = [
      ['/api/v1/expand?q=foaf:Person', {}],
      ['/api/v1/expand?q=nosuchprefix:Person', {}],
      ['/api/v1/shrink?q=http%3A%2F%2Fschema.org%2FPerson', {}],
      ['/api/v1/autocomplete?q=schema:a', {}],
      ['/api/v1/autocomplete?q=schema:a', { 'accept-encoding': 'gzip, deflate, br' }],
      ['/api/v1/autocomplete?q=schema:a', { 'accept-encoding': 'gzip' }],
      ['/api/v1/prefixes', { accept: 'text/turtle' }],
      ['/api/v1/prefixes/foaf', {}],
      ['/api/v1/candidates?q=http%3A%2F%2Fxmlns.com%2Ffoaf%2F0.1%2FPerson', {}],
      ['/api/v1/search?q=person', {}],
    ]
    for (const [path, headers] of cases) {
      const expected = await get(direct.url + path, headers)
      await get(replaying.url + path, headers)
      const before = replaying.koa.count
      const replayed = await get(replaying.url + path, headers)
      assert.equal(replaying.koa.count, before, `${path} ${JSON.stringify(headers)} was not replayed`)
      assert.deepEqual(replayed, expected, `${path} ${JSON.stringify(headers)}`)
    }
    assert.equal(direct.koa.count, cases.length)
  })

  it('keeps one answer per Accept-Encoding: brotli replayed as brotli, plain as plain', async () => {
    const { url, koa } = await start()
    const path = `${url}/api/v1/autocomplete?q=schema:a`
    const identity = { 'accept-encoding': 'identity' } // fetch asks for gzip unless told otherwise
    const plain = await get(path, identity)
    const br = await get(path, { 'accept-encoding': 'br' })
    assert.equal(koa.count, 2)
    const [plainAgain, brAgain] = [await get(path, identity), await get(path, { 'accept-encoding': 'br' })]
    assert.equal(koa.count, 2)
    // fetch decodes brotli itself, so both bodies are the JSON; the header says how it travelled.
    assert.equal(brAgain.headers['content-encoding'], 'br')
    assert.equal(plainAgain.headers['content-encoding'], undefined)
    assert.deepEqual(brAgain.body, plain.body)
    assert.deepEqual(plainAgain, plain)
    assert.deepEqual(brAgain, br)
  })

  it('leaves conditional requests, HEAD, POST and set= without sets to Koa', async () => {
    const { url, koa } = await start()
    const first = await get(`${url}/api/v1/expand?q=foaf:Person`)
    const notModified = await get(`${url}/api/v1/expand?q=foaf:Person`, { 'if-none-match': first.headers.etag! })
    assert.equal(notModified.status, 304)
    assert.equal(koa.count, 2)
    const head = await get(`${url}/api/v1/expand?q=foaf:Person`, {}, 'HEAD')
    assert.equal(head.status, 200)
    assert.equal(head.body.length, 0)
    assert.equal(koa.count, 3)
    // No sets configured: set= is a 404 through Koa every time.
    for (let i = 0; i < 2; i++) assert.equal((await get(`${url}/api/v1/expand?q=foaf:Person&set=team`)).status, 404)
    assert.equal(koa.count, 5)
  })

  describe("a set's answers", () => {
    const TOKEN = 'replay-token-0123456789'
    const auth = { authorization: `Bearer ${TOKEN}` }
    const putSet = (url: string, namespace: string) =>
      fetch(`${url}/api/v1/sets/team`, { method: 'PUT', body: `@prefix ex: <${namespace}> .`, headers: { 'content-type': 'text/turtle', ...auth } })
    const expand = async (url: string, headers: Record<string, string> = {}) => {
      const got = await get(`${url}/api/v1/expand?q=ex:Widget&set=team`, headers)
      return { status: got.status, value: got.status === 200 ? (JSON.parse(got.body.toString()) as { value: string }).value : undefined, got }
    }

    it('are replayed while the set stands, and answered from the set as written once it changes', async () => {
      const { url, koa } = await start({ sets: { store: await openSetStore(':memory:'), tokens: [TOKEN] } })
      assert.equal((await putSet(url, 'http://example.org/one#')).status, 201)
      const before = koa.count
      const first = await expand(url)
      const again = await expand(url)
      assert.equal(first.value, 'http://example.org/one#Widget')
      assert.equal(koa.count, before + 1, 'the second GET is replayed')
      assert.deepEqual(again.got, first.got)
      assert.equal(first.got.headers['cache-control'], 'no-cache')
      // Rewritten: the next GET goes through Koa and answers the new namespace, and is replayed from then on.
      assert.equal((await putSet(url, 'http://example.org/two#')).status, 200)
      const changed = koa.count
      assert.equal((await expand(url)).value, 'http://example.org/two#Widget')
      assert.equal((await expand(url)).value, 'http://example.org/two#Widget')
      assert.equal(koa.count, changed + 1)
      assert.equal((await fetch(`${url}/api/v1/sets/team`, { method: 'DELETE', headers: auth })).status, 204)
      for (let i = 0; i < 2; i++) assert.equal((await expand(url)).status, 404)
    })

    it('are never replayed when reading sets needs a token: each GET is checked', async () => {
      const { url, koa } = await start({ sets: { store: await openSetStore(':memory:'), tokens: [TOKEN], privateReads: true } })
      assert.equal((await putSet(url, 'http://example.org/one#')).status, 201)
      const before = koa.count
      for (let i = 0; i < 2; i++) assert.equal((await expand(url, auth)).value, 'http://example.org/one#Widget')
      assert.equal(koa.count, before + 2)
      assert.equal((await expand(url)).status, 401)
    })
  })

  it('answers from the new data after a reload, never a replay of the old', async () => {
    const holder = new IndexHolder(PrefixIndex.fromPrefixes({ ex: 'http://example.org/old#' }))
    const { url, koa } = await start({ index: holder })
    for (let i = 0; i < 2; i++) {
      assert.deepEqual(JSON.parse((await get(`${url}/api/v1/expand?q=ex:a`)).body.toString()).value, 'http://example.org/old#a')
    }
    assert.equal(koa.count, 1)
    holder.replace(PrefixIndex.fromPrefixes({ ex: 'http://example.org/new#' }))
    for (let i = 0; i < 2; i++) {
      assert.deepEqual(JSON.parse((await get(`${url}/api/v1/expand?q=ex:a`)).body.toString()).value, 'http://example.org/new#a')
    }
    assert.equal(koa.count, 2)
  })

  it('logs a replayed request like any other, under its own request id (or the one the client gave)', async () => {
    let text = ''
    const stream = new Writable({
      write(chunk, _encoding, done) {
        text += chunk
        done()
      },
    })
    const { url, koa } = await start({ logger: await createLogger({ destination: stream }) })
    const ids: (string | null)[] = []
    for (const given of [undefined, undefined, 'client-chosen-id']) {
      const response = await fetch(`${url}/api/v1/shrink?q=http%3A%2F%2Fschema.org%2FPerson`, { headers: given ? { 'x-request-id': given } : {} })
      assert.equal(response.status, 200)
      ids.push(response.headers.get('x-request-id'))
    }
    assert.equal(koa.count, 1)
    assert.equal(ids[2], 'client-chosen-id')
    assert.equal(new Set(ids).size, 3)
    const entries = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    assert.deepEqual(
      entries.map((e) => [e.reqId, e.method, e.url, e.status, e.level, typeof e.ms]),
      ids.map((id) => [id, 'GET', '/api/v1/shrink?q=http%3A%2F%2Fschema.org%2FPerson', 200, 30, 'number']),
    )
  })

  it('counts replayed requests in the metrics, under their route, and as answer-cache hits', async () => {
    const { url, koa } = await start({ metrics: new ServerMetrics({ processMetrics: false }), serveMetrics: true })
    for (let i = 0; i < 3; i++) await get(`${url}/api/v1/expand?q=foaf:Person`)
    assert.equal(koa.count, 1)
    const text = (await get(`${url}/metrics`)).body.toString()
    assert.equal(metricValue(text, 'prefixd_http_request_duration_seconds_count', 'method="GET",route="/api/v1/expand",status="200"'), 3)
    assert.equal(metricValue(text, 'prefixd_answer_cache_hits_total'), 2)
    assert.equal(metricValue(text, 'prefixd_answer_cache_misses_total'), 1)
  })

  it('keeps nothing when the answer cache keeps nothing', async () => {
    const { url, koa } = await start({ cacheBytes: 1 })
    for (let i = 0; i < 3; i++) assert.equal((await get(`${url}/api/v1/expand?q=foaf:Person`)).status, 200)
    assert.equal(koa.count, 3)
  })
})
