// The load side of bench/lov.ts, in a process of its own so that the parent can pin it to the other core than the
// server's: autocannon over a list of paths (each request takes the next one), closed loop or at a fixed overall
// rate, as the JSON file named by its argument orders; prints one JSON line with the latencies' percentiles and the totals.

import { readFileSync } from 'node:fs'
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

const order = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Order
let next = 0
const latencies: number[] = []
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    {
      url: order.url,
      connections: order.connections,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: order.paths[next++ % order.paths.length]! }) }],
      ...(order.once ? { amount: order.paths.length } : { duration: order.seconds }),
      ...(order.rate > 0 && { overallRate: order.rate }),
    },
    (error, done) => (error ? reject(error) : resolve(done)),
  )
  instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms))
})
const sorted = Float64Array.from(latencies).sort()
const percentile = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN
console.log(JSON.stringify({ requests: result.requests.total, seconds: result.duration, errors: result.errors, non2xx: result.non2xx, p50: percentile(0.5), p99: percentile(0.99), max: percentile(1) }))
