// The LOV-compatible term autocomplete (`/dataset/lov/api/v2/autocomplete/terms`, what YASQE asks as someone types)
// over real HTTP: `prefixd serve` in its own process pinned to one core, autocannon with 50 connections in another
// process pinned to the other core (bench/lov-load.ts), so that neither waits for the other's turn on a 2-core
// machine. Server CPU per answer (Linux /proc) and latency percentiles, for queries asked again and again (answered
// from the answer cache), for queries each asked once (every answer computed: completion, type filter, paging,
// JSON) as fast as the server answers, and the same sent at a steady 1,000 requests/s (50 people typing 20 keys a
// second each). The default configuration (request log on, written to a file) beside `--quiet`, in interleaved
// rounds (a fresh server each), so that both meet the same machine; inside the server, bench/lov-probe.mjs reports
// the event loop's delay and the collector's pauses.
// Goal of issue 26: within 1 ms of server CPU per answer, p99 ≤ 10 ms at 50 connections.

import assert from 'node:assert/strict'
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { PrefixIndex } from '@prefixd/core'

const CONNECTIONS = 50
const SECONDS = 10
/** Rounds of both servers, alternating which goes first; figures are the median over rounds. */
const ROUNDS = 3
const PACED_RATE = 1000
const HOST = '127.0.0.1'
const CLI = fileURLToPath(new URL('../packages/cli/dist/main.js', import.meta.url))
const LOAD = fileURLToPath(new URL('lov-load.ts', import.meta.url))
const PROBE = fileURLToPath(new URL('lov-probe.mjs', import.meta.url))
const RESULTS = new URL('results/lov.md', import.meta.url)
const CLOCK_TICKS = 100 // USER_HZ of /proc
const PATH = '/dataset/lov/api/v2/autocomplete/terms'
const CPU_GOAL_US = 1000
const P99_GOAL_MS = 10
const run = promisify(execFile)

const query = (q: string, type: 'class' | 'property') => `${PATH}?${new URLSearchParams({ q, type, page_size: '50' })}`

/** What YASQE sends while someone types `?s a schema:Person` and `?s foaf:knows`: the IRI so far, growing. */
function typing(): string[] {
  const paths: string[] = []
  for (const [iri, type] of [
    ['http://schema.org/Person', 'class'],
    ['http://xmlns.com/foaf/0.1/knows', 'property'],
  ] as const) {
    const local = iri.slice(iri.lastIndexOf('/') + 1)
    for (let n = 1; n <= local.length; n++) paths.push(query(iri.slice(0, iri.length - local.length + n), type))
  }
  return paths
}

/** Distinct queries: the first 2–4 letters of the local names of the index's terms, as IRIs, as classes and as properties. */
function distinct(index: PrefixIndex, count: number, skip = 0): string[] {
  const seen = new Set<string>()
  for (const term of index.terms()) {
    const split = Math.max(term.iri.lastIndexOf('#'), term.iri.lastIndexOf('/')) + 1
    for (const n of [2, 3, 4]) {
      if (split + n > term.iri.length) break
      for (const type of ['class', 'property'] as const) seen.add(query(term.iri.slice(0, split + n), type))
    }
    if (seen.size >= skip + count) break
  }
  const paths = [...seen].slice(skip, skip + count)
  assert.equal(paths.length, count, 'not enough distinct queries in the default data')
  return paths
}

function cpuSeconds(child: ChildProcess): number {
  const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, HOST, () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

interface Measured {
  readonly name: string
  readonly requests: number
  readonly rps: number
  readonly p50: number
  readonly p99: number
  readonly cpuMicros: number
  /** What the server saw meanwhile (bench/lov-probe.mjs). */
  readonly probe: Probe
}

/** One report of bench/lov-probe.mjs: event-loop delay and collector pauses, in ms. */
interface Probe {
  readonly delayP99: number
  readonly delayMax: number
  readonly minor: number
  readonly minorMs: number
  readonly major: number
  readonly majorMs: number
  readonly pauseMax: number
  readonly pausesOver5: number
  readonly heapMb: number
}

interface Workload {
  readonly name: string
  readonly paths: readonly string[]
  readonly once: boolean
  readonly rate: number
}

/** One workload against one server: the load generator on core 1 while the server runs on core 0. */
async function measure(child: ChildProcess, base: string, workload: Workload, dir: string): Promise<Measured> {
  await probe(child, dir) // starts the probe's figures afresh
  const before = cpuSeconds(child)
  const order = { url: base, connections: CONNECTIONS, paths: workload.paths, once: workload.once, seconds: SECONDS, rate: workload.rate }
  const file = join(dir, 'order.json')
  writeFileSync(file, JSON.stringify(order))
  const { stdout } = await run('taskset', ['-c', '1', process.execPath, '--import', 'tsx', LOAD, file], { maxBuffer: 1 << 26 })
  const cpu = cpuSeconds(child) - before
  const seen = await probe(child, dir)
  const done = JSON.parse(stdout.trim().split('\n').at(-1)!) as { requests: number; seconds: number; errors: number; non2xx: number; p50: number; p99: number }
  assert.equal(done.errors, 0, `${workload.name}: connection errors`)
  assert.equal(done.non2xx, 0, `${workload.name}: answers that were not 2xx`)
  return {
    name: workload.name,
    requests: done.requests,
    rps: done.requests / done.seconds,
    p50: done.p50,
    p99: done.p99,
    cpuMicros: (cpu / done.requests) * 1e6,
    probe: seen,
  }
}

/** Asks the server's probe for what it saw since it was last asked, and waits for its line. */
async function probe(child: ChildProcess, dir: string): Promise<Probe> {
  const file = join(dir, 'probe.jsonl')
  const count = () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').length - 1 : 0)
  const before = count()
  child.kill('SIGUSR2')
  for (let tries = 0; count() === before; tries++) {
    if (tries > 200) throw new Error('the probe in the server did not answer')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return JSON.parse(readFileSync(file, 'utf8').trim().split('\n').at(-1)!) as Probe
}

/** `prefixd serve` on core 0, with its request log (to a file, as a service writes it) or `--quiet`. */
async function serve(quiet: boolean, dir: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort()
  const base = `http://${HOST}:${port}`
  const log = openSync(join(dir, quiet ? 'quiet.log' : 'requests.log'), 'a')
  const args = [process.execPath, '--import', PROBE, CLI, 'serve', ...(quiet ? ['--quiet'] : []), '--port', String(port), '--host', HOST]
  const env = { ...process.env, PREFIXD_LOV_PROBE: join(dir, 'probe.jsonl') }
  const child = spawn('taskset', ['-c', '0', ...args], { stdio: ['ignore', log, 'inherit'], env })
  for (
    let tries = 0;
    !(await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    ));
    tries++
  ) {
    if (tries > 600) throw new Error('prefixd serve did not start')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  // The answers first: schema:Person first for Pers, only properties for foaf:kn.
  const person = (await (await fetch(base + query('http://schema.org/Pers', 'class'))).json()) as { results: Array<{ uri: string[] }> }
  assert.equal(person.results[0]?.uri[0], 'http://schema.org/Person')
  const knows = (await (await fetch(base + query('http://xmlns.com/foaf/0.1/kn', 'property'))).json()) as { results: Array<{ uri: string[]; type: string }> }
  assert.deepEqual(
    knows.results.map((r) => r.uri[0]),
    ['http://xmlns.com/foaf/0.1/knows'],
  )
  return { child, base }
}

const index = await PrefixIndex.loadDefault()
const typed = typing()
// The same queries for every server: each is a fresh process with an empty answer cache; within one, the paced queries differ from the others.
const workloads: Workload[] = [
  { name: `typing, asked again and again (${typed.length} queries, answer cache)`, paths: typed, once: false, rate: 0 },
  { name: 'distinct queries, each asked once, as fast as answered', paths: distinct(index, 20_000), once: true, rate: 0 },
  {
    name: `distinct queries, each asked once, ${PACED_RATE.toLocaleString('en')} requests/s`,
    paths: distinct(index, PACED_RATE * SECONDS, 20_000),
    once: true,
    rate: PACED_RATE,
  },
]
const SERVERS = ['default (request log on)', '`--quiet`'] as const
const dir = mkdtempSync(join(tmpdir(), 'prefixd-lov-'))
const loads: string[] = []
/** Per server, per round, per workload. */
const rounds = new Map<string, Measured[][]>(SERVERS.map((server) => [server, []]))
try {
  for (let round = 0; round < ROUNDS; round++) {
    loads.push(loadavg()[0]!.toFixed(1))
    // Alternating which goes first, so that neither always meets the machine as the other left it.
    for (const server of round % 2 === 0 ? SERVERS : [...SERVERS].reverse()) {
      const { child, base } = await serve(server === '`--quiet`', dir)
      try {
        await measure(child, base, { ...workloads[0]!, name: 'warm-up' }, dir)
        const measured: Measured[] = []
        for (const workload of workloads) measured.push(await measure(child, base, workload, dir))
        rounds.get(server)!.push(measured)
      } finally {
        child.kill()
        await new Promise((resolve) => child.once('exit', resolve))
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
/** A figure's median over the rounds, for one server and workload. */
const med = (server: string, w: number, of: (m: Measured) => number) => median(rounds.get(server)!.map((r) => of(r[w]!)))
const each = (server: string, w: number, of: (m: Measured) => number, digits = 1) =>
  rounds
    .get(server)!
    .map((r) => of(r[w]!).toFixed(digits))
    .join(', ')
const short = (w: number) => workloads[w]!.name.split(' (')[0]!
const lines = [
  '# LOV-compatible term autocomplete (bench/lov.ts)',
  '',
  `\`prefixd serve\` on the default data in its own process pinned to core 0 (\`taskset\`), with its request log written to a file (the default) and with \`--quiet\`; autocannon with ${CONNECTIONS} connections in another process pinned to core 1; \`GET ${PATH}?q=…&type=class|property&page_size=50\` as YASQE sends it. ${ROUNDS} rounds, each a fresh server of each kind, alternating which goes first; the figures are the medians over the rounds (p99 of each round listed). Server CPU per answer from /proc (user + system). Inside the server (bench/lov-probe.mjs): the event loop's delay (p99 and max) and the collector's pauses (the longest; scavenges and full collections, with their total). Load average at the start of each round: ${loads.join(', ')} (${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores).`,
  '',
  '| server | workload | answers | req/s | p50 ms | p99 ms | p99 per round | server CPU µs/answer | event-loop delay p99 / max ms | longest GC pause ms | scavenges (ms) / full GCs (ms) |',
  '|---|---|---:|---:|---:|---:|---|---:|---:|---:|---:|',
  ...SERVERS.flatMap((server) =>
    workloads.map(
      (workload, w) =>
        `| ${server} | ${workload.name} | ${med(server, w, (m) => m.requests)} | ${med(server, w, (m) => m.rps).toFixed(0)} | ${med(server, w, (m) => m.p50).toFixed(2)} | ${med(server, w, (m) => m.p99).toFixed(2)} | ${each(server, w, (m) => m.p99)} | ${med(server, w, (m) => m.cpuMicros).toFixed(0)} | ${med(server, w, (m) => m.probe.delayP99).toFixed(1)} / ${med(server, w, (m) => m.probe.delayMax).toFixed(1)} | ${med(server, w, (m) => m.probe.pauseMax).toFixed(1)} | ${med(server, w, (m) => m.probe.minor)} (${med(server, w, (m) => m.probe.minorMs).toFixed(0)}) / ${med(server, w, (m) => m.probe.major)} (${med(server, w, (m) => m.probe.majorMs).toFixed(0)}) |`,
    ),
  ),
  '',
  `The request log against \`--quiet\`, round by round (same round, same machine): ${workloads
    .map(
      (_, w) =>
        `${short(w)}: CPU ${rounds
          .get(SERVERS[0])!
          .map((r, i) => (r[w]!.cpuMicros / rounds.get(SERVERS[1])![i]![w]!.cpuMicros).toFixed(2))
          .join(', ')}×, p99 ${rounds
          .get(SERVERS[0])!
          .map((r, i) => (r[w]!.p99 / rounds.get(SERVERS[1])![i]![w]!.p99).toFixed(2))
          .join(', ')}×`,
    )
    .join('; ')}.`,
  '',
  `Goals (server CPU ≤ ${CPU_GOAL_US} µs per answer, p99 ≤ ${P99_GOAL_MS} ms, medians over the rounds): ${SERVERS.flatMap((server) => workloads.map((_, w) => `${server}, ${short(w)}: CPU ${med(server, w, (m) => m.cpuMicros) <= CPU_GOAL_US ? 'met' : 'MISSED'}, p99 ${med(server, w, (m) => m.p99) <= P99_GOAL_MS ? 'met' : 'MISSED'}`)).join('; ')}.`,
  '',
  `As fast as answered, 50 connections keep 50 requests waiting in one server process, so by Little's law the mean latency is ${CONNECTIONS} ÷ the throughput (${SERVERS.map((server) => `${server}: ${((1000 * CONNECTIONS) / med(server, 1, (m) => m.rps)).toFixed(1)} ms`).join(', ')} for distinct queries): p99 ≤ ${P99_GOAL_MS} ms there needs more than ${((1000 * CONNECTIONS) / P99_GOAL_MS).toLocaleString('en')} answers/s from one core. The paced rows send other distinct queries each at its own moment, 1,000 a second (50 people typing 20 keys a second), over at most 50 connections, and time each from that moment (a wait for a free connection counts).`,
  '',
]
console.log(lines.join('\n'))
await writeFile(RESULTS, lines.join('\n'))
