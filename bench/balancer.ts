// Throughput through HAProxy against the same nodes addressed directly, in one run with the two alternating
// (a local cluster of scripts/cluster: 2 resolvers, 2 chat processes, deploy/haproxy.cfg): the resolver's hot
// GETs, the chat's sends and its sustained long-poll delivery; then the rate at which one PostgreSQL server
// delivers notifications to N listening connections (what every chat process holds). Writes
// bench/results/balancer.md. BENCH_SECONDS (default 5) per measurement, BENCH_ROUNDS (default 3).

import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import autocannon from 'autocannon'
import pg from 'pg'
import { startCluster, type Balancer, type Cluster } from '../scripts/cluster/cluster.js'
import { startTestPostgres } from '../test/support/postgres.js'
import { RawPoller } from './chat-http.js'
import { canPin, cpuSeconds, pin } from './cpu-pinning.js'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const MAX = 'Basic ' + Buffer.from('max@example.com:dQ87hoIqvh0zyXrFRHSsEDbeefffLkpC').toString('base64')
const NINA = { email: 'nina@example.com', key: 'CySoCSO7Ip3dOPR9pBiJb1pl7lJp4Oq5' }
const POLLING_QUEUES = 200
const SENDERS = 4
const load = (): string => loadavg()[0]!.toFixed(1)
/** The last event id each polling queue has read, across rounds (an acknowledged event cannot be read again). */
const lastRead: number[] = new Array(POLLING_QUEUES).fill(-1)

/** Requests a second over `targets` at once, `connections` spread over them. */
async function cannon(targets: readonly string[], connections: number, request: Partial<autocannon.Options>): Promise<number> {
  const results = await Promise.all(
    targets.map((url) =>
      autocannon({ url, connections: Math.max(1, Math.round(connections / targets.length)), duration: SECONDS, ...request } as autocannon.Options),
    ),
  )
  for (const result of results) assert.equal(result.non2xx + result.errors, 0, `every answer 2xx (${result.non2xx} non-2xx, ${result.errors} errors)`)
  return results.reduce((sum, r) => sum + r.requests.average, 0)
}

/** Requests made again because the other side had closed their kept-alive connection (see {@link closedAgain}). */
let madeAgain = 0

/**
 * `request()`, made again when it fails on a kept-alive connection that HAProxy closed meanwhile (idle past its
 * `timeout http-keep-alive`, 10 s, between two measurements), as a client would; counted in the report. A send
 * made twice would only add to the events delivered, alike in both modes.
 */
async function closedAgain<T>(request: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await request()
    } catch (error) {
      if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET' || ++madeAgain > 1000) throw error
    }
  }
}

/** Events a second delivered to POLLING_QUEUES queues polling without pause through `bases`, while SENDERS send through them. */
async function delivery(queues: readonly string[], bases: readonly string[]): Promise<number> {
  // Each queue read up to now first (dont_block), so that only this run's events count.
  await Promise.all(
    queues.map(async (queue, i) => {
      const body = await closedAgain(async () => {
        const first = await fetch(
          `${bases[i % bases.length]}/api/v1/events?queue_id=${encodeURIComponent(queue)}&last_event_id=${lastRead[i]}&dont_block=true`,
          {
            headers: { authorization: 'Basic ' + Buffer.from(`${NINA.email}:${NINA.key}`).toString('base64') },
          },
        )
        return (await first.json()) as { events?: Array<{ id: number }> }
      })
      assert.ok(body.events !== undefined, JSON.stringify(body))
      lastRead[i] = body.events.at(-1)?.id ?? lastRead[i]!
    }),
  )
  const last = lastRead
  // (Connected only now: HAProxy closes a connection that sends no request within 10 s, timeout http-request.)
  const pollers = queues.map((_, i) => new RawPoller(new URL(bases[i % bases.length]!)))
  let received = 0
  let stop = false
  let reconnects = 0
  const polling = queues.map(async (queue, i) => {
    while (!stop) {
      let answer: { body: string }
      try {
        answer = await pollers[i]!.poll(NINA, queue, last[i]!)
      } catch {
        // A connection the proxy or a node closed: poll again on a new one, as a client does (counted).
        pollers[i]!.close()
        pollers[i] = new RawPoller(new URL(bases[i % bases.length]!))
        reconnects++
        continue
      }
      const events = (JSON.parse(answer.body) as { events: Array<{ id: number; type: string }> }).events
      received += events.filter((e) => e.type === 'message').length
      last[i] = events.at(-1)?.id ?? last[i]!
    }
  })
  const start = performance.now()
  const send = (base: string, content: string): Promise<void> =>
    closedAgain(async () => {
      const answer = await fetch(`${base}/api/v1/messages`, {
        method: 'POST',
        headers: { authorization: MAX, 'content-type': 'application/x-www-form-urlencoded' },
        body: `type=private&to=%5B5%5D&content=${content}`,
      })
      assert.equal(answer.status, 200)
      await answer.arrayBuffer()
    })
  await Promise.all(
    Array.from({ length: SENDERS }, async (_, sender) => {
      while (performance.now() - start < SECONDS * 1000) await send(bases[sender % bases.length]!, 'delivery')
    }),
  )
  const rate = received / ((performance.now() - start) / 1000)
  stop = true
  await send(bases[0]!, 'last')
  await Promise.all(polling)
  for (const poller of pollers) poller.close()
  if (reconnects > 0) console.log(`  (${reconnects} polling connections closed by the other side and opened again)`)
  return rate
}

type Metric = 'resolverGets' | 'chatSends' | 'deliveries'
type Mode = 'direct' | 'haproxy'
/**
 * shared: every process on every core; apart: HAProxy on core 0, the nodes, PostgreSQL and the load on core 1;
 * busy: as apart, through an HAProxy with deploy/haproxy.cfg's `busy-polling` uncommented (started for it alone).
 */
type Placement = 'shared' | 'apart' | 'busy'
const METRICS: readonly Metric[] = ['resolverGets', 'chatSends', 'deliveries']
const PLACEMENTS: readonly Placement[] = canPin(availableParallelism()) ? ['shared', 'apart', 'busy'] : ['shared']

interface Measured {
  readonly round: number
  readonly placement: Placement
  readonly metric: Metric
  readonly mode: Mode
  readonly value: number
  /** CPU used during the measurement, in cores (1 = one core busy all the time): HAProxy, the nodes, and this process (the load generator). */
  readonly cores: { readonly haproxy: number; readonly nodes: number; readonly load: number }
  readonly load: string
}

/** CPU seconds used so far by HAProxy, the nodes and this process, and the time in seconds. */
function cpuNow(cluster: Cluster, balancer: Balancer): { haproxy: number; nodes: number; load: number; at: number } {
  const own = process.cpuUsage()
  return {
    haproxy: cpuSeconds([balancer.pid]),
    nodes: cpuSeconds([...cluster.nodes.values()].map((n) => n.pid)),
    load: (own.user + own.system) / 1e6,
    at: performance.now() / 1000,
  }
}

/** Places the processes of the cluster and this one (the load generator) for `placement`; the balancer to measure through. */
async function place(cluster: Cluster, placement: Placement): Promise<Balancer> {
  const others = [process.pid, cluster.postgresPid(), ...[...cluster.nodes.values()].map((n) => n.pid)]
  pin([cluster.haproxy.pid!], placement === 'shared' ? '0,1' : '0')
  pin(others, placement === 'shared' ? '0,1' : '1')
  if (placement !== 'busy') return { pid: cluster.haproxy.pid!, resolverUrl: cluster.resolverUrl, chatUrl: cluster.chatUrl, stop: async () => {} }
  // It keeps a core busy while it runs: started here, on core 0 at once, warmed up, and stopped after its placement.
  const busy = await cluster.startBalancer({ busyPolling: true })
  pin([busy.pid], '0')
  await cannon([`${busy.resolverUrl}/api/v1/expand?q=foaf:Person`], 32, { duration: 1 })
  return busy
}

/** One metric in one mode: the nodes themselves (each of its kind, connections spread over them), or HAProxy's URL. */
async function measure(cluster: Cluster, balancer: Balancer, queues: readonly string[], mode: Mode, metric: Metric): Promise<number> {
  const nodes = [...cluster.nodes.values()]
  const resolvers = mode === 'direct' ? nodes.filter((n) => n.role === 'resolver').map((n) => n.url) : [balancer.resolverUrl]
  const chats = mode === 'direct' ? nodes.filter((n) => n.role === 'chat').map((n) => n.url) : [balancer.chatUrl]
  if (metric === 'resolverGets')
    return cannon(
      resolvers.map((url) => `${url}/api/v1/expand?q=foaf:Person`),
      32,
      {},
    )
  if (metric === 'chatSends') {
    return cannon(
      chats.map((url) => `${url}/api/v1/messages`),
      16,
      { method: 'POST', headers: { authorization: MAX, 'content-type': 'application/x-www-form-urlencoded' }, body: 'type=private&to=%5B6%5D&content=bench' }, // to gus, who has no queue: a send's own cost
    )
  }
  return delivery(queues, chats)
}

/** Notifications a second one PostgreSQL server delivers to each of `listeners` connections, sent by `senders` connections one per transaction. */
async function notifyRate(url: string, listeners: number, senders: number, perStatement: number): Promise<number> {
  const payload = 'x'.repeat(300) // about a chat event's notification
  const counts = new Array<number>(listeners).fill(0)
  const clients = await Promise.all(
    Array.from({ length: listeners }, async (_, i) => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      client.on('notification', () => void counts[i]!++)
      await client.query('LISTEN bench')
      return client
    }),
  )
  const sending = await Promise.all(
    Array.from({ length: senders }, async () => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      return client
    }),
  )
  const start = performance.now()
  let sent = 0
  await Promise.all(
    sending.map(async (client) => {
      while (performance.now() - start < SECONDS * 1000) {
        await client.query('SELECT pg_notify($1, $2 || g) FROM generate_series(1, $3) AS g', ['bench', payload, perStatement])
        sent += perStatement
      }
    }),
  )
  // Every notification reaches every listener: wait for the last, then the rate is what the slowest heard.
  const deadline = performance.now() + 30_000
  while (Math.min(...counts) < sent && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
  const rate = Math.min(...counts) / ((performance.now() - start) / 1000)
  await Promise.all([...clients, ...sending].map((c) => c.end()))
  return rate
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

const cluster = await startCluster({ resolvers: 2, chats: 2, say: (line) => console.error(line) })
const measured: Measured[] = []
try {
  const chatNodes = [...cluster.nodes.values()].filter((n) => n.role === 'chat')
  const queues: string[] = []
  for (let i = 0; i < POLLING_QUEUES; i++) {
    const answer = await fetch(`${chatNodes[i % chatNodes.length]!.url}/api/v1/register`, {
      method: 'POST',
      headers: { authorization: 'Basic ' + Buffer.from(`${NINA.email}:${NINA.key}`).toString('base64'), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'event_types=%5B%22message%22%5D&fetch_event_types=%5B%5D&queue_lifespan_secs=3600',
    })
    queues.push(((await answer.json()) as { queue_id: string }).queue_id)
  }
  // A warm-up of each, not counted (caches, JIT, HAProxy's connections); then each metric's two modes back to
  // back, in alternating order, so that what a measurement leaves behind (a chat's queue writes) weighs on both.
  const main = await place(cluster, 'shared')
  for (const metric of METRICS) for (const mode of ['direct', 'haproxy'] as const) await measure(cluster, main, queues, mode, metric)
  for (let round = 0; round < ROUNDS; round++) {
    for (const placement of round % 2 === 0 ? PLACEMENTS : [...PLACEMENTS].reverse()) {
      const balancer = await place(cluster, placement)
      for (const metric of METRICS) {
        for (const mode of round % 2 === 0 ? (['direct', 'haproxy'] as const) : (['haproxy', 'direct'] as const)) {
          const before = cpuNow(cluster, balancer)
          const value = await measure(cluster, balancer, queues, mode, metric)
          const after = cpuNow(cluster, balancer)
          const cores = (key: keyof typeof after) => (after[key] - before[key]) / (after.at - before.at)
          measured.push({
            round,
            placement,
            metric,
            mode,
            value,
            cores: { haproxy: cores('haproxy'), nodes: cores('nodes'), load: cores('load') },
            load: load(),
          })
          console.error(JSON.stringify(measured.at(-1)))
        }
      }
      await balancer.stop()
    }
  }
  await place(cluster, 'shared')
} finally {
  await cluster.stop()
}

const notify: Array<{ listeners: number; perStatement: number; rate: number; load: string }> = []
const postgres = await startTestPostgres({ durable: true })
try {
  for (const listeners of [2, 8, 32]) {
    for (const perStatement of [1, 100]) {
      const rate = await notifyRate(postgres.url, listeners, 4, perStatement)
      notify.push({ listeners, perStatement, rate, load: load() })
      console.error(JSON.stringify(notify.at(-1)))
    }
  }
} finally {
  postgres.stop()
}

const find = (round: number, placement: Placement, metric: Metric, mode: Mode): Measured =>
  measured.find((m) => m.round === round && m.placement === placement && m.metric === metric && m.mode === mode)!
const ratios = (placement: Placement, metric: Metric): number[] =>
  Array.from({ length: ROUNDS }, (_, round) => find(round, placement, metric, 'haproxy').value / find(round, placement, metric, 'direct').value)
const NAMES: Readonly<Record<Metric, string>> = {
  resolverGets: 'resolver GET /api/v1/expand req/s (32 connections)',
  chatSends: 'chat POST /messages req/s (16 connections)',
  deliveries: 'events/s delivered to 200 polling queues (4 senders)',
}
const PLACED: Readonly<Record<Placement, string>> = {
  shared: 'all on both cores',
  apart: 'HAProxy on core 0, the rest on core 1',
  busy: 'as above, HAProxy with busy-polling',
}
const summary = (placement: Placement): string =>
  `HAProxy / direct, median of the rounds, ${PLACED[placement]}: resolver GETs ${median(ratios(placement, 'resolverGets')).toFixed(2)}; chat sends ${median(ratios(placement, 'chatSends')).toFixed(2)}; long-poll delivery ${median(ratios(placement, 'deliveries')).toFixed(2)}.`
const lines = [
  '# Through HAProxy against the nodes directly, and PostgreSQL notifications',
  '',
  `\`npm run bench:balancer\`, ${new Date().toISOString().slice(0, 16)} UTC, ${SECONDS} s per measurement, ${ROUNDS} rounds after a warm-up of each, each metric's two modes back to back in alternating order; a local cluster (scripts/cluster: 2 resolvers, 2 chat processes on PostgreSQL, HAProxy with deploy/haproxy.cfg; ${cluster.network}) and the load generator on the same ${availableParallelism()} cores. Three placements, in turn within each round: every process on every core; HAProxy on a core of its own (taskset) with the nodes, PostgreSQL and the load generator on the other — the closest this machine comes to a balancer on a machine of its own, where it takes no CPU from the nodes; and the same through a second HAProxy with the deployed file's \`busy-polling\` uncommented, which polls without sleeping, so that a request never waits for its sleeping core to be woken (HAProxy's manual names virtual machines, as this one is, for it). The CPU columns are what each part used during the measurement, in cores (1.00 = one core busy throughout). Load average (1 min) after each measurement.`,
  '',
  '| measurement | placement | round | direct | HAProxy | HAProxy / direct | CPU direct: nodes + load generator | CPU through HAProxy: HAProxy + nodes + load generator | load |',
  '|---|---|---|---|---|---|---|---|---|',
  ...METRICS.flatMap((metric) =>
    PLACEMENTS.flatMap((placement) =>
      Array.from({ length: ROUNDS }, (_, round) => {
        const [direct, proxied] = [find(round, placement, metric, 'direct'), find(round, placement, metric, 'haproxy')]
        return `| ${NAMES[metric]} | ${PLACED[placement]} | ${round + 1} | ${direct.value.toFixed(0)} | ${proxied.value.toFixed(0)} | ${ratios(placement, metric)[round]!.toFixed(2)} | ${direct.cores.nodes.toFixed(2)} + ${direct.cores.load.toFixed(2)} | ${proxied.cores.haproxy.toFixed(2)} + ${proxied.cores.nodes.toFixed(2)} + ${proxied.cores.load.toFixed(2)} | ${direct.load}–${proxied.load} |`
      }),
    ),
  ),
  '',
  ...PLACEMENTS.map(summary),
  '',
  `Requests made again because HAProxy had closed an idle kept-alive connection under them: ${madeAgain}.`,
  '',
  ...PLACEMENTS.map((placement) => {
    const perRequest = (mode: Mode, key: 'haproxy' | 'nodes' | 'load'): string =>
      median(Array.from({ length: ROUNDS }, (_, round) => find(round, placement, 'resolverGets', mode)).map((m) => (m.cores[key] / m.value) * 1e6)).toFixed(1)
    return `CPU per resolver GET, µs (median of the rounds), ${PLACED[placement]}: direct, nodes ${perRequest('direct', 'nodes')} + load generator ${perRequest('direct', 'load')}; through HAProxy, HAProxy ${perRequest('haproxy', 'haproxy')} + nodes ${perRequest('haproxy', 'nodes')} + load generator ${perRequest('haproxy', 'load')}.`
  }),
  '',
  '## One PostgreSQL server, N listening connections',
  '',
  'A durable throwaway cluster (fsync on); 4 connections send `pg_notify` with a 300-byte payload (a chat event notification is up to 7.9 KB, usually a few hundred bytes), one statement per transaction, 1 or 100 notifications per statement; N connections LISTEN (a chat process holds one). The rate is what the slowest listener heard.',
  '',
  '| listeners | notifications per transaction | delivered to each listener /s | load |',
  '|---|---|---|---|',
  ...notify.map((n) => `| ${n.listeners} | ${n.perStatement} | ${n.rate.toFixed(0)} | ${n.load} |`),
  '',
]
writeFileSync(new URL('results/balancer.md', import.meta.url), lines.join('\n'))
console.log(lines.join('\n'))
