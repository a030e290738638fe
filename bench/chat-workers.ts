// The chat service as users start it, side by side in one run: SQLite (one process, `--workers 2`; one
// database file, synchronous = FULL) and PostgreSQL (one process, two independent processes on one
// database; a durable throwaway cluster from test/support/postgres.ts, fsync on). POST /messages with 50
// concurrent senders (req/s), one change fanned out to 1,000 waiting queues spread over the processes
// (latency), sustained delivery (events/s). BENCH_BASELINE_MAIN=…/main.js adds a column: that build
// (e.g. the synchronous store before the Store interface) on SQLite, one process.

import assert from 'node:assert/strict'
import { execFileSync, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { postgresBinaries, startTestPostgres } from '../test/support/postgres.js'
import { CHAT_MAIN, callChat, inBatches, machineCpuSeconds, pct, RawPoller, startChatProcess, treeCpuSeconds } from './chat-http.js'

/** The build measured; BENCH_MAIN=…/main.js measures another (a copy of an earlier build), for alternating before and after. */
const MAIN = process.env.BENCH_MAIN ?? CHAT_MAIN
const RESULTS = new URL('results/chat-workers.md', import.meta.url)
const SENDERS = 50
const SEND_SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const FANOUT = 1000
const FANOUT_ROUNDS = 10
/** Every queue of the fan-out polls in the sustained run (as in bench/events.ts): each event written is one a client waits for. */
const SUSTAINED_QUEUES = FANOUT
const SUSTAINED_SENDERS = 8
const MAX = { email: 'max@example.com', key: 'dQ87hoIqvh0zyXrFRHSsEDbeefffLkpC' }
const NINA = { email: 'nina@example.com', key: 'CySoCSO7Ip3dOPR9pBiJb1pl7lJp4Oq5' }
type Who = typeof MAX
const basic = (who: Who): string => 'Basic ' + Buffer.from(`${who.email}:${who.key}`).toString('base64')
const agent = new Agent({ keepAlive: true, maxSockets: 64 })

/** A call of the chat API over the benchmark's keep-alive agent. */
const call = (base: string, who: Who, method: string, path: string, params: Record<string, string>) => callChat(agent, base, who, method, path, params)

/** A configuration under test: the addresses clients spread over, and how to stop it. */
interface Service {
  readonly bases: readonly string[]
  /** The service's processes (with their workers), and the database server's when it has one: whose CPU time counts. */
  readonly pids: readonly number[]
  readonly databasePid?: number
  /** Runs SQL on the service's database (PostgreSQL), answering its rows as psql's unaligned text. */
  readonly sql?: (query: string) => string
  stop(): Promise<void>
}

async function stopAll(children: readonly ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map((child) => {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      return exited
    }),
  )
}

async function sqlite(workers: number, dir: string, main = MAIN): Promise<Service> {
  const { child, base } = await startChatProcess(['--workers', String(workers), '--db', join(dir, 'chat.db')], dir, main)
  return { bases: [base], pids: [child.pid!], stop: () => stopAll([child]) }
}

/**
 * BENCH_STATEMENTS=1: PostgreSQL counts its statements (pg_stat_statements) during the sustained run, and
 * the busiest are printed with their calls and time per delivered event (the extension costs some CPU).
 */
const STATEMENTS = process.env.BENCH_STATEMENTS === '1'
const postgres = await startTestPostgres({
  durable: true,
  settings: STATEMENTS ? ["shared_preload_libraries = 'pg_stat_statements'", "pg_stat_statements.track = 'all'"] : [],
})
let databases = 0

async function onPostgres(processes: number, dir: string): Promise<Service> {
  const db = postgres.createDatabase(`bench_${++databases}`)
  const started = [await startChatProcess(['--db', db], dir, MAIN)] // the first loads the organization
  for (let i = 1; i < processes; i++) started.push(await startChatProcess(['--db', db], dir, MAIN))
  // The postmaster's pid is the first line of postmaster.pid; its backends are its children.
  const databasePid = Number(readFileSync(join(postgres.dataDir, 'postmaster.pid'), 'utf8').split('\n', 1)[0])
  const psql = join(postgresBinaries()!, 'psql')
  const sql = (query: string): string => execFileSync(psql, [db, '-X', '-A', '-t', '-F', '\t', '-c', query], { encoding: 'utf8' })
  if (STATEMENTS) sql('CREATE EXTENSION IF NOT EXISTS pg_stat_statements')
  return { bases: started.map((s) => s.base), pids: started.map((s) => s.child.pid!), databasePid, sql, stop: () => stopAll(started.map((s) => s.child)) }
}

interface Figures {
  readonly sendRate: number
  readonly sendP50: number
  readonly sendP99: number
  readonly fanP50: number
  readonly fanP99: number
  /** From the sender's acknowledgement (after the commit) to each queue's answer. */
  readonly fanAckP99: number
  readonly fanMax: number
  readonly eventsPerSecond: number
  readonly commitsPerSecond: number
  /** CPU used during the sustained run, in shares of one core: the service, its database server, this process (the load), everything else. */
  readonly cpu: { readonly service: number; readonly database: number; readonly load: number; readonly other: number }
}

async function measure(start: (dir: string) => Promise<Service>): Promise<Figures> {
  const dir = await mkdtemp(join(tmpdir(), 'prefixd-bench-workers-'))
  const service = await start(dir)
  const { bases } = service
  const base = bases[0]!
  try {
    // 1. POST /messages, 50 concurrent senders on their own connections, spread over the processes.
    const send = (duration: number): Promise<autocannon.Result[]> =>
      Promise.all(
        bases.map((url) =>
          autocannon({
            url: `${url}/api/v1/messages`,
            method: 'POST',
            connections: SENDERS / bases.length,
            duration,
            headers: { authorization: basic(MAX), 'content-type': 'application/x-www-form-urlencoded' },
            body: 'type=stream&to=2&topic=bench&content=a+message+of+ordinary+length+to+the+vocabularies+channel',
          }),
        ),
      )
    await send(2) // warm-up
    const sent = await send(SEND_SECONDS)
    for (const result of sent) assert.equal(result.non2xx, 0, 'every send answered 200')

    // 2. One change fanned out to 1,000 waiting queues, each polled on a socket of its own.
    // Queues and their polls alternate between the processes; the change is sent through the first.
    const queues = await inBatches(FANOUT, 32, async (i) => {
      const answer = await call(bases[i % bases.length]!, NINA, 'POST', '/register', {
        event_types: '["message"]',
        fetch_event_types: '[]',
        queue_lifespan_secs: '3600',
      })
      assert.equal(answer.status, 200)
      return answer.body.queue_id as string
    })
    const pollers = queues.map((_, i) => new RawPoller(new URL(bases[i % bases.length]!)))
    const last = queues.map(() => -1)
    const fanout: number[] = []
    const fromAck: number[] = []
    for (let round = 0; round < FANOUT_ROUNDS; round++) {
      const answers = queues.map((queue, i) => pollers[i]!.poll(NINA, queue, last[i]!))
      await new Promise((resolve) => setTimeout(resolve, 1500)) // every poll waiting
      const t0 = performance.now()
      assert.equal((await call(base, MAX, 'POST', '/messages', { type: 'private', to: '[5]', content: `round ${round}` })).status, 200)
      const acknowledged = performance.now() // the commit happened between t0 and here
      for (const [i, answer] of (await Promise.all(answers)).entries()) {
        fanout.push(answer.arrivedAt - t0)
        fromAck.push(answer.arrivedAt - acknowledged)
        const events = (JSON.parse(answer.body) as { events: Array<{ id: number }> }).events
        last[i] = events.at(-1)!.id
      }
    }

    // 3. Sustained: every one of those queues polls without pause while 8 senders send for 10 s (spread over the processes).
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
    const cpuOf = (): { service: number; database: number; load: number; machine: number } => ({
      service: service.pids.reduce((sum, pid) => sum + treeCpuSeconds(pid), 0),
      database: service.databasePid === undefined ? 0 : treeCpuSeconds(service.databasePid),
      load: (({ user, system }) => (user + system) / 1e6)(process.cpuUsage()),
      machine: machineCpuSeconds(),
    })
    if (STATEMENTS) service.sql?.('SELECT pg_stat_statements_reset()')
    const cpuBefore = cpuOf()
    const start = performance.now()
    let commits = 0
    await Promise.all(
      Array.from({ length: SUSTAINED_SENDERS }, async (_, sender) => {
        while (performance.now() - start < SEND_SECONDS * 1000) {
          assert.equal(
            (await call(bases[sender % bases.length]!, MAX, 'POST', '/messages', { type: 'private', to: '[5]', content: `burst ${commits}` })).status,
            200,
          )
          commits++
        }
      }),
    )
    const elapsed = (performance.now() - start) / 1000
    const delivered = received
    const cpuAfter = cpuOf()
    const share = (key: keyof typeof cpuBefore): number => (cpuAfter[key] - cpuBefore[key]) / elapsed
    if (STATEMENTS && service.sql !== undefined) printStatements(service.sql, delivered)
    stop = true
    await call(base, MAX, 'POST', '/messages', { type: 'private', to: '[5]', content: 'last' }) // wakes every poller so that it stops
    await Promise.all(polling)
    for (const poller of pollers) poller.close()
    return {
      sendRate: sent.reduce((sum, r) => sum + r.requests.average, 0),
      sendP50: Math.max(...sent.map((r) => r.latency.p50)),
      sendP99: Math.max(...sent.map((r) => r.latency.p99)),
      fanP50: pct(fanout, 0.5),
      fanP99: pct(fanout, 0.99),
      fanAckP99: pct(fromAck, 0.99),
      fanMax: Math.max(...fanout),
      eventsPerSecond: delivered / elapsed,
      commitsPerSecond: commits / elapsed,
      cpu: {
        service: share('service'),
        database: share('database'),
        load: share('load'),
        other: share('machine') - share('service') - share('database') - share('load'),
      },
    }
  } finally {
    await service.stop()
    await rm(dir, { recursive: true, force: true })
  }
}

/** The statements PostgreSQL ran since the reset, busiest first, per delivered event (on stderr). */
function printStatements(sql: (query: string) => string, delivered: number): void {
  const rows = sql(
    `SELECT calls, total_exec_time, regexp_replace(left(query, 110), '\\s+', ' ', 'g') FROM pg_stat_statements
     WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC`,
  )
    .trim()
    .split('\n')
    .map((line) => line.split('\t'))
  const calls = rows.reduce((sum, [n]) => sum + Number(n), 0)
  const ms = rows.reduce((sum, [, t]) => sum + Number(t), 0)
  console.error(`statements per delivered event: ${(calls / delivered).toFixed(3)}, their execution ${((ms / delivered) * 1000).toFixed(1)} µs per event`)
  for (const [n, t, query] of rows.slice(0, 15))
    console.error(`  ${(Number(n) / delivered).toFixed(4)} calls, ${((Number(t) / delivered) * 1000).toFixed(2)} µs per event: ${query}`)
}

const columns: Array<[string, (dir: string) => Promise<Service>]> = [
  ['SQLite, 1 process', (dir) => sqlite(1, dir)],
  ['SQLite, --workers 2', (dir) => sqlite(2, dir)],
  ['PostgreSQL, 1 process', (dir) => onPostgres(1, dir)],
  ['PostgreSQL, 2 processes', (dir) => onPostgres(2, dir)],
]
const baseline = process.env.BENCH_BASELINE_MAIN
if (baseline !== undefined) columns.unshift(['SQLite, 1 process, baseline build', (dir) => sqlite(1, dir, baseline)])
// BENCH_ONLY=postgres (a word of the labels) measures only those columns, for profiling; the table is then not written.
const only = process.env.BENCH_ONLY
if (only !== undefined) columns.splice(0, columns.length, ...columns.filter(([label]) => label.toLowerCase().includes(only.toLowerCase())))
const figures: Figures[] = []
try {
  for (const [label, start] of columns) {
    console.error(`measuring: ${label}`)
    figures.push(await measure(start))
  }
} finally {
  agent.destroy()
  postgres.stop()
}
const first = figures[baseline === undefined ? 0 : 1]! // SQLite, one process: the default, what ratios compare with
const row = (name: string, cell: (f: Figures) => string): string => `| ${name} | ${figures.map(cell).join(' | ')} |`
const ratios = (name: string, value: (f: Figures) => number): string => row(name, (f) => `${(value(f) / value(first)).toFixed(2)}×`)
const lines = [
  '# Chat: SQLite and PostgreSQL, one process and two',
  '',
  `Started as \`npm run chat\` starts them (\`--workers 2\`: one port, one SQLite file; PostgreSQL: \`--db postgres://…\`, two independent processes on their own ports sharing one database, fan-out over LISTEN/NOTIFY), driven over loopback from this process (Node ${process.version}, 2-core VM shared with other engineers' work, ${new Date().toISOString().slice(0, 10)}). SQLite: WAL, synchronous = FULL. PostgreSQL: a throwaway cluster on the same machine with fsync on (durable commits, like SQLite's).`,
  '',
  `| | ${columns.map(([label]) => label).join(' | ')} |`,
  `|---|${columns.map(() => '---:').join('|')}|`,
  row(`POST /messages, ${SENDERS} concurrent senders: req/s`, (f) => f.sendRate.toFixed(0)),
  ratios('… against SQLite, 1 process', (f) => f.sendRate),
  row('… latency p50 / p99 (ms)', (f) => `${f.sendP50} / ${f.sendP99}`),
  row(`one change to ${FANOUT.toLocaleString('en')} waiting queues: p50 from sending it (ms)`, (f) => f.fanP50.toFixed(0)),
  row('… p99 / max from sending it (ms)', (f) => `${f.fanP99.toFixed(0)} / ${f.fanMax.toFixed(0)}`),
  row('… p99 from its acknowledgement (ms)', (f) => f.fanAckP99.toFixed(0)),
  row(`sustained: events/s delivered to ${SUSTAINED_QUEUES} polling queues`, (f) => f.eventsPerSecond.toFixed(0)),
  ratios('… against SQLite, 1 process', (f) => f.eventsPerSecond),
  row(`… while ${SUSTAINED_SENDERS} senders committed (messages/s)`, (f) => f.commitsPerSecond.toFixed(0)),
  row('… CPU meanwhile, in cores: service / database / load generator / other work', (f) =>
    [f.cpu.service, f.cpu.database, f.cpu.load, f.cpu.other].map((x) => x.toFixed(2)).join(' / '),
  ),
  row('… service + database CPU per delivered event (ms of a core)', (f) => (((f.cpu.service + f.cpu.database) / f.eventsPerSecond) * 1000).toFixed(3)),
  '',
  `The sustained run: every one of the ${FANOUT.toLocaleString('en')} queues polls without pause (each event written is one a client waits for) while ${SUSTAINED_SENDERS} senders send direct messages to their user; events are counted as the clients parse them. CPU is from /proc (user + system time of each process tree) over that run; "other" is the rest of the machine's busy time (other engineers' work). The machine has 2 cores.`,
  '',
  `Fan-out latency runs from sending the change's request (its durable commit included) to the first bytes of each queue's answer, and from the sender's acknowledgement (which follows the commit) to the same; ${FANOUT_ROUNDS} rounds; the queues alternate between the processes, the change goes through the first.`,
  '',
]
console.log(lines.join('\n'))
if (only === undefined) await writeFile(RESULTS, lines.join('\n'))
