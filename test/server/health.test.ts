// Liveness, readiness and the drain a SIGTERM starts: the resolver's health answers over real HTTP (the readiness rule
// itself is @prefixd/health's: test/health), the stop's order and bound on a clock the test moves, and
// `prefixd serve --drain-ms` as a process finishing a request in flight.

import assert from 'node:assert/strict'
import { once } from 'node:events'
import { createServer, request, type Server } from 'node:http'
import { connect } from 'node:net'
import { Health, withHealth } from '../../packages/server/src/health.js'
import { shutDownOnce, type ShutdownSteps } from '../../packages/server/src/shutdown.js'
import { start, until } from './serve-process.js'

async function listening(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`
}

describe('health', () => {
  let server: Server | undefined
  afterEach(() => server?.close())

  it('answers live and ready before the app, and 503 draining with Retry-After once drained', async () => {
    const health = new Health()
    let reached = 0
    server = createServer(withHealth((_req, res) => void (reached++, res.end('app')), health))
    const url = await listening(server)
    const live = await fetch(`${url}/health/live`)
    assert.deepEqual([live.status, await live.json()], [200, { status: 'live' }])
    const ready = await fetch(`${url}/health/ready?x=1`)
    assert.deepEqual([ready.status, ready.headers.get('cache-control'), await ready.json()], [200, 'no-store', { status: 'ready' }])
    assert.equal(reached, 0)
    assert.equal((await fetch(`${url}/api`)).headers.get('connection'), 'keep-alive')
    health.drain()
    const drained = await fetch(`${url}/health/ready`)
    assert.equal(drained.status, 503)
    assert.equal(drained.headers.get('retry-after'), '1')
    assert.deepEqual(await drained.json(), { success: false, status: 'draining', error: { code: 'UNAVAILABLE', message: 'not ready: draining' } })
    // Still answering, each answer closing its connection, so a balancer's kept connection ends cleanly.
    const during = await fetch(`${url}/api`)
    assert.deepEqual([during.status, during.headers.get('connection'), await during.text()], [200, 'close', 'app'])
    assert.equal(reached, 2)
  })
})

/** A clock the test moves: timers run when their time comes. */
function manualTimers() {
  let now = 0
  const timers: Array<{ at: number; run: () => void }> = []
  return {
    setTimer: (run: () => void, ms: number) => void timers.push({ at: now + ms, run }),
    async advanceTo(to: number) {
      now = to
      for (const timer of timers.filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(timer), 1)
        timer.run()
      }
      await new Promise((resolve) => setImmediate(resolve))
    },
  }
}

describe('shutDownOnce', () => {
  function recorder(stopAccepting: () => Promise<void>) {
    const steps: string[] = []
    const exits: number[] = []
    const actions: ShutdownSteps = {
      drain: () => void steps.push('drain'),
      stopAccepting: () => (steps.push('stop accepting'), stopAccepting()),
      closeStores: async () => void steps.push('close stores'),
      exit: (code) => void exits.push(code),
    }
    return { steps, exits, actions }
  }

  it('drains at once, stops accepting after the drain, closes the stores and exits 0', async () => {
    const timers = manualTimers()
    let finish!: () => void
    const { steps, exits, actions } = recorder(() => new Promise((resolve) => (finish = resolve)))
    const stop = shutDownOnce(actions, { drainMs: 3000, graceMs: 10_000, setTimer: timers.setTimer })
    stop()
    stop() // a second signal changes nothing
    assert.deepEqual(steps, ['drain'])
    await timers.advanceTo(2999)
    assert.deepEqual(steps, ['drain'])
    await timers.advanceTo(3000)
    assert.deepEqual(steps, ['drain', 'stop accepting'])
    finish() // the last request in flight is answered
    await new Promise((resolve) => setImmediate(resolve))
    assert.deepEqual([steps, exits], [['drain', 'stop accepting', 'close stores'], [0]])
    await timers.advanceTo(13_000)
    assert.deepEqual(exits, [0])
  })

  it('exits 1 at drain + grace when a request in flight never ends', async () => {
    const timers = manualTimers()
    const { steps, exits, actions } = recorder(() => new Promise(() => {}))
    shutDownOnce(actions, { drainMs: 1000, graceMs: 10_000, setTimer: timers.setTimer })()
    await timers.advanceTo(10_999)
    assert.deepEqual([steps, exits], [['drain', 'stop accepting'], []])
    await timers.advanceTo(11_000)
    assert.deepEqual(exits, [1])
  })
})

describe('prefixd serve --drain-ms', function () {
  this.timeout(60_000) // a child process starts slowly on a loaded machine

  it('on SIGTERM fails readiness, keeps answering, then refuses connections, finishes the request in flight and exits 0', async () => {
    const { child, url } = await start(['--quiet', '--store', ':memory:', '--drain-ms', '1500'])
    const { port } = new URL(url)
    // A POST whose body is still on its way when the signal comes.
    const body = JSON.stringify(['foaf:Person'])
    const slow = request(`${url}api/v1/expand`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length } })
    const answered = once(slow, 'response')
    slow.write(body.slice(0, 5))
    slow.flushHeaders()
    assert.equal((await fetch(`${url}health/ready`)).status, 200)
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    const ready = await until(
      () => fetch(`${url}health/ready`).then((r) => r.status),
      (status) => status === 503,
    )
    assert.equal(ready, 503)
    const during = await fetch(`${url}api/v1/expand?q=foaf:Person`)
    assert.deepEqual([during.status, during.headers.get('connection')], [200, 'close'])
    // Once the drain is over no connection is accepted …
    const refused = await until(
      () =>
        new Promise<boolean>((resolve) => {
          const socket = connect(Number(port), '127.0.0.1')
          socket.once('connect', () => (socket.destroy(), resolve(false)))
          socket.once('error', () => resolve(true))
        }),
      (yes) => yes,
    )
    assert.ok(refused, 'connections still accepted after the drain')
    // … but the request in flight is answered in full.
    slow.end(body.slice(5))
    const [response] = (await answered) as [import('node:http').IncomingMessage]
    let text = ''
    for await (const chunk of response) text += chunk
    assert.deepEqual([response.statusCode, JSON.parse(text)], [200, ['http://xmlns.com/foaf/0.1/Person']])
    const [code] = await exited
    assert.equal(code, 0)
  })
})
