// The chat service as users start it, one process against `--workers 2`, side by side in one run (SQLite,
// synchronous = FULL, one database file): POST /messages with 50 concurrent senders (req/s), one change
// fanned out to 1,000 waiting queues spread over the processes (latency), sustained delivery (events/s).

import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { inBatches, pct, RawPoller } from './chat-http.js'

const MAIN = fileURLToPath(new URL('../packages/chat/dist/main.js', import.meta.url))
const RESULTS = new URL('results/chat-workers.md', import.meta.url)
const SENDERS = 50
const SEND_SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const FANOUT = 1000
const FANOUT_ROUNDS = 10
const SUSTAINED_QUEUES = 200
const MAX = { email: 'max@example.com', key: 'dQ87hoIqvh0zyXrFRHSsEDbeefffLkpC' }
const NINA = { email: 'nina@example.com', key: 'CySoCSO7Ip3dOPR9pBiJb1pl7lJp4Oq5' }
type Who = typeof MAX
const basic = (who: Who): string => 'Basic ' + Buffer.from(`${who.email}:${who.key}`).toString('base64')
const agent = new Agent({ keepAlive: true, maxSockets: 64 })

function call(base: string, who: Who, method: string, path: string, params: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const encoded = new URLSearchParams(params).toString()
  return new Promise((resolve, reject) => {
    const req = request(new URL(`/api/v1${path}`, base), {
      method,
      agent,
      headers: { authorization: basic(who), 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(encoded) },
    })
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown> }))
    })
    req.on('error', reject)
    req.end(encoded)
  })
}

/** The service as `npm run chat` starts it, with the rate limit out of the way (one user sends thousands). */
async function startService(workers: number, dir: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, [MAIN, '--workers', String(workers), '--port', '0', '--db', join(dir, 'chat.db'), '--mail-dir', join(dir, 'mail'), '--rate-limit', '999999999/60'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const base = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+?)\/?(?:\s|$)/.exec(output)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`the service exited with ${code}: ${output}`)))
  })
  return { child, base }
}

interface Figures {
  readonly sendRate: number
  readonly sendP50: number
  readonly sendP99: number
  readonly fanP50: number
  readonly fanP99: number
  readonly fanMax: number
  readonly eventsPerSecond: number
  readonly commitsPerSecond: number
}

async function measure(workers: number): Promise<Figures> {
  const dir = await mkdtemp(join(tmpdir(), 'prefixd-bench-workers-'))
  const { child, base } = await startService(workers, dir)
  try {
    // 1. POST /messages, 50 concurrent senders on their own connections (spread over the workers).
    const send = (duration: number): Promise<autocannon.Result> =>
      autocannon({
        url: `${base}/api/v1/messages`,
        method: 'POST',
        connections: SENDERS,
        duration,
        headers: { authorization: basic(MAX), 'content-type': 'application/x-www-form-urlencoded' },
        body: 'type=stream&to=2&topic=bench&content=a+message+of+ordinary+length+to+the+vocabularies+channel',
      })
    await send(2) // warm-up
    const sent = await send(SEND_SECONDS)
    assert.equal(sent.non2xx, 0, 'every send answered 200')

    // 2. One change fanned out to 1,000 waiting queues, each polled on a socket of its own.
    const queues = await inBatches(FANOUT, 32, async () => {
      const answer = await call(base, NINA, 'POST', '/register', { event_types: '["message"]', fetch_event_types: '[]', queue_lifespan_secs: '3600' })
      assert.equal(answer.status, 200)
      return answer.body.queue_id as string
    })
    const pollers = queues.map(() => new RawPoller(new URL(base)))
    const last = queues.map(() => -1)
    const fanout: number[] = []
    for (let round = 0; round < FANOUT_ROUNDS; round++) {
      const answers = queues.map((queue, i) => pollers[i]!.poll(NINA, queue, last[i]!))
      await new Promise((resolve) => setTimeout(resolve, 1500)) // every poll waiting
      const t0 = performance.now()
      assert.equal((await call(base, MAX, 'POST', '/messages', { type: 'private', to: '[5]', content: `round ${round}` })).status, 200)
      for (const [i, answer] of (await Promise.all(answers)).entries()) {
        fanout.push(answer.arrivedAt - t0)
        const events = (JSON.parse(answer.body) as { events: Array<{ id: number }> }).events
        last[i] = events.at(-1)!.id
      }
    }

    // 3. Sustained: 200 of those queues poll without pause while 4 senders send for 10 s.
    let received = 0
    let stop = false
    const polling = queues.slice(0, SUSTAINED_QUEUES).map(async (queue, i) => {
      while (!stop) {
        const answer = await pollers[i]!.poll(NINA, queue, last[i]!)
        const events = (JSON.parse(answer.body) as { events: Array<{ id: number; type: string }> }).events
        received += events.filter((e) => e.type === 'message').length
        last[i] = events.at(-1)?.id ?? last[i]!
      }
    })
    const start = performance.now()
    let commits = 0
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (performance.now() - start < SEND_SECONDS * 1000) {
          assert.equal((await call(base, MAX, 'POST', '/messages', { type: 'private', to: '[5]', content: `burst ${commits}` })).status, 200)
          commits++
        }
      }),
    )
    const elapsed = (performance.now() - start) / 1000
    const delivered = received
    stop = true
    await call(base, MAX, 'POST', '/messages', { type: 'private', to: '[5]', content: 'last' }) // wakes every poller so that it stops
    await Promise.all(polling)
    for (const poller of pollers) poller.close()
    return {
      sendRate: sent.requests.average,
      sendP50: sent.latency.p50,
      sendP99: sent.latency.p99,
      fanP50: pct(fanout, 0.5),
      fanP99: pct(fanout, 0.99),
      fanMax: Math.max(...fanout),
      eventsPerSecond: delivered / elapsed,
      commitsPerSecond: commits / elapsed,
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
    await rm(dir, { recursive: true, force: true })
  }
}

const one = await measure(1)
const two = await measure(2)
agent.destroy()
const ratio = (a: number, b: number): string => `${(b / a).toFixed(2)}×`
const lines = [
  '# Chat: one process against `--workers 2`',
  '',
  `Both on one SQLite file (WAL, synchronous = FULL), started as \`npm run chat\` starts them, driven over loopback from this process (Node ${process.version}, 2-core VM shared with other work, ${new Date().toISOString().slice(0, 10)}).`,
  'PostgreSQL as the store is not built yet: no PostgreSQL column.',
  '',
  '| | 1 process | --workers 2 | 2 workers / 1 |',
  '|---|---:|---:|---:|',
  `| POST /messages, ${SENDERS} concurrent senders: req/s | ${one.sendRate.toFixed(0)} | ${two.sendRate.toFixed(0)} | ${ratio(one.sendRate, two.sendRate)} |`,
  `| … latency p50 / p99 | ${one.sendP50} / ${one.sendP99} ms | ${two.sendP50} / ${two.sendP99} ms | |`,
  `| one change to ${FANOUT.toLocaleString('en')} waiting queues: p50 from sending it | ${one.fanP50.toFixed(0)} ms | ${two.fanP50.toFixed(0)} ms | ${ratio(one.fanP50, two.fanP50)} |`,
  `| … p99 / max | ${one.fanP99.toFixed(0)} / ${one.fanMax.toFixed(0)} ms | ${two.fanP99.toFixed(0)} / ${two.fanMax.toFixed(0)} ms | ${ratio(one.fanP99, two.fanP99)} |`,
  `| sustained: events/s delivered to ${SUSTAINED_QUEUES} polling queues | ${one.eventsPerSecond.toFixed(0)} | ${two.eventsPerSecond.toFixed(0)} | ${ratio(one.eventsPerSecond, two.eventsPerSecond)} |`,
  `| … while 4 senders committed (messages/s) | ${one.commitsPerSecond.toFixed(0)} | ${two.commitsPerSecond.toFixed(0)} | |`,
  '',
  `Fan-out latency runs from sending the change's request (its fsync'd commit included) to the first bytes of each queue's answer; ${FANOUT_ROUNDS} rounds.`,
  '',
]
console.log(lines.join('\n'))
await writeFile(RESULTS, lines.join('\n'))
