// The load side of bench/lov.ts, in a process of its own so that the parent can pin it to the other core than the
// server's, as the JSON file named by its argument orders; prints one JSON line with the latencies' percentiles and
// the totals. As fast as answered: autocannon's closed loop over a list of paths (each request takes the next one).
// At a fixed rate: an open loop of our own on the same number of keep-alive connections, each request sent at its
// own moment (autocannon's `overallRate` lets a second's requests out together) and timed from that moment, so a
// request that waits for a free connection counts its wait.

import { readFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import autocannon from 'autocannon'

interface Order {
  readonly url: string
  readonly connections: number
  readonly paths: readonly string[]
  /** Ask each path once (distinct answers) rather than for `seconds` seconds. */
  readonly once: boolean
  readonly seconds: number
  /** Requests per second over all connections; 0 for as fast as the server answers. */
  readonly rate: number
}

interface Done {
  readonly requests: number
  readonly seconds: number
  readonly errors: number
  readonly non2xx: number
  readonly latencies: readonly number[]
}

async function closedLoop(order: Order): Promise<Done> {
  let next = 0
  const latencies: number[] = []
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: order.url,
        connections: order.connections,
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: order.paths[next++ % order.paths.length]! }) }],
        ...(order.once ? { amount: order.paths.length } : { duration: order.seconds }),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    )
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms))
  })
  return { requests: result.requests.total, seconds: result.duration, errors: result.errors, non2xx: result.non2xx, latencies }
}

/** Each path once, the i-th sent at start + i / rate, over at most `connections` kept-alive sockets. */
async function openLoop(order: Order): Promise<Done> {
  const agent = new Agent({ keepAlive: true, maxSockets: order.connections })
  const url = new URL(order.url)
  const latencies: number[] = []
  let errors = 0
  let non2xx = 0
  const send = (path: string, due: number) =>
    new Promise<void>((resolve) => {
      const req = request({ host: url.hostname, port: url.port, path, agent }, (res) => {
        if (res.statusCode === undefined || res.statusCode >= 300) non2xx++
        res.resume()
        res.on('end', () => {
          latencies.push(performance.now() - due)
          resolve()
        })
      })
      req.on('error', () => {
        errors++
        resolve()
      })
      req.end()
    })
  const start = performance.now()
  const pending: Array<Promise<void>> = []
  for (let i = 0; i < order.paths.length;) {
    const now = performance.now()
    // Everything due by now goes out; then the timer sleeps to the next request's moment.
    for (; i < order.paths.length && start + (i * 1000) / order.rate <= now; i++) pending.push(send(order.paths[i]!, start + (i * 1000) / order.rate))
    if (i < order.paths.length) await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + (i * 1000) / order.rate - performance.now())))
  }
  await Promise.all(pending)
  agent.destroy()
  return { requests: latencies.length, seconds: (performance.now() - start) / 1000, errors, non2xx, latencies }
}

const order = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Order
const done = order.rate > 0 ? await openLoop(order) : await closedLoop(order)
const sorted = Float64Array.from(done.latencies).sort()
const percentile = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN
console.log(
  JSON.stringify({
    requests: done.requests,
    seconds: done.seconds,
    errors: done.errors,
    non2xx: done.non2xx,
    p50: percentile(0.5),
    p99: percentile(0.99),
    max: percentile(1),
  }),
)
