// @prefixd/health: readiness on a clock the test moves (the dependency asked at most once a second, one check at a
// time, named in the reason), and the health paths over real HTTP in front of a listener, with the drain.

import assert from 'node:assert/strict'
import { once } from 'node:events'
import { createServer, type Server, type ServerResponse } from 'node:http'
import { closeInFlight, Health, withHealth, type HealthAnswers } from '../../packages/health/src/index.js'

/** Answers that say what they were asked, for the tests to read. */
const ANSWERS: HealthAnswers = {
  live: (res) => res.end('live'),
  ready: (res, why) => ((res.statusCode = why === undefined ? 200 : 503), res.end(why ?? 'ready')),
}

describe('Health', () => {
  it('fails readiness while the check fails, asking at most once a second and once for callers at the same time', async () => {
    let now = 0
    let checks = 0
    let up = true
    const health = new Health({ now: () => now, check: async () => void (checks++, assert.ok(up, 'down')) })
    assert.equal(await health.notReady(), undefined)
    up = false
    now = 999
    assert.equal(await health.notReady(), undefined) // the verdict of a moment ago
    assert.equal(checks, 1)
    now = 1000
    const [a, b] = await Promise.all([health.notReady(), health.notReady()]) // two balancers at once: one query
    assert.deepEqual([a, b, checks], ['store unreachable', 'store unreachable', 2])
    up = true
    now = 2000
    assert.equal(await health.notReady(), undefined)
    health.drain()
    assert.equal(await health.notReady(), 'draining')
    assert.equal(health.draining, true)
  })

  it('names the dependency in the reason, and is ready without a check', async () => {
    const health = new Health({ dependency: 'database', check: () => Promise.reject(new Error('ECONNREFUSED')) })
    assert.equal(await health.notReady(), 'database unreachable')
    assert.equal(await new Health().notReady(), undefined)
  })
})

describe('withHealth', () => {
  let server: Server | undefined
  afterEach(() => server?.close())

  it('answers the health paths before the listener, and once draining closes each answer’s connection', async () => {
    const health = new Health()
    const open = new Set<ServerResponse>()
    let reached = 0
    server = createServer(withHealth((_req, res) => void (reached++, assert.ok(open.has(res)), res.end('app')), health, ANSWERS, open))
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
    assert.equal(await (await fetch(`${url}/health/live`)).text(), 'live')
    assert.equal(await (await fetch(`${url}/health/ready?full=1`)).text(), 'ready')
    assert.equal(reached, 0)
    const before = await fetch(`${url}/x`)
    assert.deepEqual([await before.text(), before.headers.get('connection')], ['app', 'keep-alive'])
    health.drain()
    const ready = await fetch(`${url}/health/ready`)
    assert.deepEqual([ready.status, await ready.text()], [503, 'draining'])
    const during = await fetch(`${url}/x`)
    assert.deepEqual([await during.text(), during.headers.get('connection')], ['app', 'close'])
    assert.equal(reached, 2)
    // Each answer leaves `open` once its response closes (a moment after the client has read it).
    for (let i = 0; i < 100 && open.size > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10))
    assert.equal(open.size, 0)
  })

  it('closeInFlight makes the answers not sent yet close their connection', async () => {
    const open = new Set<ServerResponse>()
    let held: ServerResponse | undefined
    server = createServer(withHealth((_req, res) => void (held = res), new Health(), ANSWERS, open))
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const answer = fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/slow`)
    while (held === undefined) await new Promise((resolve) => setImmediate(resolve))
    closeInFlight(open)
    held.end('late')
    const response = await answer
    assert.deepEqual([await response.text(), response.headers.get('connection')], ['late', 'close'])
  })
})
