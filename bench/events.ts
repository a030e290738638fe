// Event queue benchmark: the chat service in one process, driven over loopback from this one.
// 1. 10,000 long polls waiting at once: server memory per waiting queue, errors.
// 2. One change fanned out to 1,000 waiting queues: time from the change's request to each delivery.
// 3. Sustained delivery: events delivered per second to 200 queues that poll without pause.

import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { inBatches, pct, RawPoller } from './chat-http.js'

const WAITING = Number(process.env.BENCH_WAITING ?? 10_000)
const FANOUT = 1000
const FANOUT_ROUNDS = 20
const SUSTAINED_QUEUES = Number(process.env.BENCH_SUSTAINED_QUEUES ?? 1000)
const SUSTAINED_SECONDS = 10
const RESULTS = new URL('results/events.md', import.meta.url)
const agent = new Agent({ keepAlive: true, maxSockets: Infinity })

/** The service process: the built @prefixd/chat, a rate limit out of the way (one user makes thousands of requests). */
const SERVER = `
import { LocalBroker, startChat } from '@prefixd/chat'
// The broker is told right after each commit: a wide fan-out prints its commit time (on the machine's
// clock, comparable across processes) so the benchmark can time deliveries from the commit itself.
const local = new LocalBroker()
const broker = {
  publish(ids) {
    if (ids.length >= ${FANOUT}) console.log('commit ' + (performance.timeOrigin + performance.now()))
    local.publish(ids)
  },
  subscribe: (listener) => local.subscribe(listener),
}
const chat = await startChat({ db: process.argv[1], host: '127.0.0.1', port: 0, mailDir: process.argv[2], rateLimit: { limit: 1e9, windowSeconds: 60 }, broker })
console.log('listening on ' + chat.url)
process.once('SIGTERM', () => void chat.close().then(() => process.exit(0)))
`

const MAX = { email: 'max@example.com', key: 'dQ87hoIqvh0zyXrFRHSsEDbeefffLkpC' }
const NINA = { email: 'nina@example.com', key: 'CySoCSO7Ip3dOPR9pBiJb1pl7lJp4Oq5' }
type Who = typeof MAX

let base = ''

/** An answer, and when its headers arrived (before its body is read and parsed). */
function call(
  who: Who,
  method: string,
  path: string,
  params: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; arrivedAt: number }> {
  const encoded = new URLSearchParams(params).toString()
  const url = new URL(`/api/v1${path}${method === 'GET' && encoded ? '?' + encoded : ''}`, base)
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method,
      agent,
      headers: {
        authorization: 'Basic ' + Buffer.from(`${who.email}:${who.key}`).toString('base64'),
        ...(method !== 'GET' && { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(encoded) }),
      },
    })
    req.on('response', (res) => {
      const arrivedAt = performance.now()
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>, arrivedAt }))
    })
    req.on('error', reject)
    if (method !== 'GET') req.end(encoded)
    else req.end()
  })
}

async function register(who: Who, count: number): Promise<string[]> {
  return inBatches(count, 32, async () => {
    const { status, body } = await call(who, 'POST', '/register', { event_types: '["message"]', fetch_event_types: '[]', queue_lifespan_secs: '3600' })
    assert.equal(status, 200, JSON.stringify(body))
    return body.queue_id as string
  })
}

const rssOf = (pid: number): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024
const mb = (bytes: number): string => (bytes / 2 ** 20).toFixed(0)
const send = (content: string): Promise<{ status: number; body: Record<string, unknown> }> =>
  call(MAX, 'POST', '/messages', { type: 'stream', to: '2', topic: 'bench', content })

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'prefixd-bench-events-'))
  // The service runs from its build with plain node (no TypeScript loader in its memory).
  const profile = process.env.BENCH_PROFILE === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
  const server = spawn(process.execPath, [...profile, '--input-type=module', '-e', SERVER, join(dir, 'chat.db'), join(dir, 'mail')], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const commits: number[] = []
  base = await new Promise<string>((resolve) =>
    server.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString()
      for (const match of text.matchAll(/commit ([\d.]+)/g)) commits.push(Number(match[1]))
      const listening = /listening on (\S+)/.exec(text)
      if (listening) resolve(listening[1]!)
    }),
  )
  const lines = [
    '# Event queue benchmark',
    '',
    `One service process on loopback (Node ${process.version}, 2-core VM, ${new Date().toISOString().slice(0, 10)}); SQLite with synchronous = FULL.`,
    '',
  ]
  try {
    // 0. What one change costs with no queue at all: its request, validation and fsync'd commit.
    const bare: number[] = []
    for (let i = 0; i < 50; i++) {
      const t = performance.now()
      assert.equal((await send(`alone ${i}`)).status, 200)
      bare.push(performance.now() - t)
    }
    const commitP50 = pct(bare, 0.5)

    // 1. Many waiting long polls.
    const idle = rssOf(server.pid!)
    const queues = await register(NINA, WAITING)
    const registered = rssOf(server.pid!)
    let errors = 0
    let delivered = 0
    const polls = queues.map((queue) =>
      call(NINA, 'GET', '/events', { queue_id: queue, last_event_id: '-1' }).then(
        (r) => (r.status === 200 ? delivered++ : errors++),
        () => errors++,
      ),
    )
    await new Promise((resolve) => setTimeout(resolve, 8000)) // every poll connected and waiting
    const waiting = rssOf(server.pid!)
    const started = performance.now()
    assert.equal((await send('wake everyone')).status, 200)
    await Promise.all(polls)
    const wakeAll = performance.now() - started
    lines.push(
      `## ${WAITING.toLocaleString('en')} long polls waiting at once`,
      '',
      '| | server RSS |',
      '|---|---:|',
      `| started, no queue | ${mb(idle)} MB |`,
      `| ${WAITING.toLocaleString('en')} queues registered | ${mb(registered)} MB |`,
      `| and a long poll waiting on each | ${mb(waiting)} MB |`,
      '',
      `Per waiting queue: ${((waiting - idle) / WAITING / 1024).toFixed(1)} KB (queue and its waiting request, socket included). Errors: ${errors}.`,
      `One message then woke all ${WAITING.toLocaleString('en')}: ${delivered} delivered in ${wakeAll.toFixed(0)} ms.`,
      '',
    )
    console.log(lines.join('\n'))
    await inBatches(queues.length, 32, (i) => call(NINA, 'DELETE', '/events', { queue_id: queues[i]! }))

    // 2. Fan-out of one change to 1,000 waiting queues.
    const fanQueues = await register(NINA, FANOUT)
    const lastIds = new Map(fanQueues.map((q) => [q, -1]))
    const rawPollers = new Map(fanQueues.map((q) => [q, new RawPoller(new URL(base))]))
    const latencies: number[] = []
    const fromCommit: number[] = []
    for (let round = 0; round < FANOUT_ROUNDS; round++) {
      const answers = fanQueues.map((queue) => rawPollers.get(queue)!.poll(NINA, queue, lastIds.get(queue)!))
      await new Promise((resolve) => setTimeout(resolve, 1500))
      const seen = commits.length
      const t0 = performance.now()
      assert.equal((await send(`round ${round}`)).status, 200)
      const delivered = await Promise.all(answers)
      while (commits.length === seen) await new Promise((resolve) => setTimeout(resolve, 5))
      const committedAt = commits[seen]! - performance.timeOrigin
      for (const [i, answer] of delivered.entries()) {
        latencies.push(answer.arrivedAt - t0)
        fromCommit.push(answer.arrivedAt - committedAt)
        const events = (JSON.parse(answer.body) as { events: Array<{ id: number }> }).events
        lastIds.set(fanQueues[i]!, events.at(-1)!.id)
      }
    }
    for (const poller of rawPollers.values()) poller.close()
    lines.push(
      `## One change fanned out to ${FANOUT.toLocaleString('en')} waiting queues`,
      '',
      `${FANOUT_ROUNDS} rounds; time to the first bytes of each queue's answer arriving here (raw sockets, timed before parsing), from the commit of the change and from sending its request.`,
      `A change alone (no queue) takes ${commitP50.toFixed(1)} ms p50 from request to answer on this machine, the fsync of its commit included.`,
      '',
      '| from | p50 | p90 | p99 | max |',
      '|---|---:|---:|---:|---:|',
      `| the change's commit (the service's broker prints its time) | ${pct(fromCommit, 0.5).toFixed(1)} ms | ${pct(fromCommit, 0.9).toFixed(1)} ms | ${pct(fromCommit, 0.99).toFixed(1)} ms | ${Math.max(...fromCommit).toFixed(1)} ms |`,
      `| sending the change's request | ${pct(latencies, 0.5).toFixed(1)} ms | ${pct(latencies, 0.9).toFixed(1)} ms | ${pct(latencies, 0.99).toFixed(1)} ms | ${Math.max(...latencies).toFixed(1)} ms |`,
      '',
    )
    console.log(lines.slice(-7).join('\n'))

    await inBatches(fanQueues.length, 32, (i) => call(NINA, 'DELETE', '/events', { queue_id: fanQueues[i]! }))

    // 3. Sustained delivery.
    const busy = await register(NINA, SUSTAINED_QUEUES)
    let received = 0
    let stop = false
    const pollers = busy.map(async (queue) => {
      let last = -1
      while (!stop) {
        const r = await call(NINA, 'GET', '/events', { queue_id: queue, last_event_id: String(last) })
        const events = r.body.events as Array<{ id: number; type: string }>
        received += events.filter((e) => e.type === 'message').length
        last = events.at(-1)?.id ?? last
      }
    })
    const sendStart = performance.now()
    let sent = 0
    const senders = Array.from({ length: 4 }, async () => {
      while (performance.now() - sendStart < SUSTAINED_SECONDS * 1000) {
        await send(`burst ${sent++}`)
      }
    })
    await Promise.all(senders)
    const elapsed = (performance.now() - sendStart) / 1000
    const atEnd = received
    stop = true
    await send('last') // wakes every poller so it can stop
    await Promise.all(pollers)
    lines.push(
      `## Sustained delivery to ${SUSTAINED_QUEUES} polling queues`,
      '',
      `${sent.toLocaleString('en')} messages sent in ${elapsed.toFixed(1)} s by 4 senders (${(sent / elapsed).toFixed(0)} commits/s, each fsynced);`,
      `${atEnd.toLocaleString('en')} events delivered meanwhile: **${(atEnd / elapsed).toFixed(0)} events/s**.`,
      '',
    )
    console.log(lines.slice(-5).join('\n'))
    await writeFile(RESULTS, lines.join('\n'))
  } finally {
    server.kill('SIGTERM')
    agent.destroy()
    await rm(dir, { recursive: true, force: true })
  }
}

await main()
