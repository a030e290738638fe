// The LOV-compatible term autocomplete (`/dataset/lov/api/v2/autocomplete/terms`, what YASQE asks as someone types)
// over real HTTP: `prefixd serve` in its own process pinned to one core, autocannon with 50 connections in another
// process pinned to the other core (bench/lov-load.ts), so that neither waits for the other's turn on a 2-core
// machine. Server CPU per answer (Linux /proc) and latency percentiles, for queries asked again and again (answered
// from the answer cache), for queries each asked once (every answer computed: completion, type filter, paging,
// JSON) as fast as the server answers, and the same sent at a steady 1,000 requests/s (50 people typing 20 keys a
// second each). The default configuration (request log on, written to a file) beside `--quiet`.
// Goal of issue 26: within 1 ms of server CPU per answer, p99 ≤ 10 ms at 50 connections.

import assert from 'node:assert/strict'
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { PrefixIndex } from '@prefixd/core'

const CONNECTIONS = 50
const SECONDS = 10
const PACED_RATE = 1000
const HOST = '127.0.0.1'
const CLI = fileURLToPath(new URL('../packages/cli/dist/main.js', import.meta.url))
const LOAD = fileURLToPath(new URL('lov-load.ts', import.meta.url))
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
}

interface Workload {
  readonly name: string
  readonly paths: readonly string[]
  readonly once: boolean
  readonly rate: number
}

/** One workload against one server: the load generator on core 1 while the server runs on core 0. */
async function measure(child: ChildProcess, base: string, workload: Workload, dir: string): Promise<Measured> {
  const before = cpuSeconds(child)
  const order = { url: base, connections: CONNECTIONS, paths: workload.paths, once: workload.once, seconds: SECONDS, rate: workload.rate }
  const file = join(dir, 'order.json')
  writeFileSync(file, JSON.stringify(order))
  const { stdout } = await run('taskset', ['-c', '1', process.execPath, '--import', 'tsx', LOAD, file], { maxBuffer: 1 << 26 })
  const cpu = cpuSeconds(child) - before
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
  }
}

/** `prefixd serve` on core 0, with its request log (to a file, as a service writes it) or `--quiet`. */
async function serve(quiet: boolean, dir: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort()
  const base = `http://${HOST}:${port}`
  const log = openSync(join(dir, quiet ? 'quiet.log' : 'requests.log'), 'a')
  const args = [process.execPath, CLI, 'serve', ...(quiet ? ['--quiet'] : []), '--port', String(port), '--host', HOST]
  const child = spawn('taskset', ['-c', '0', ...args], { stdio: ['ignore', log, 'inherit'] })
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
const dir = mkdtempSync(join(tmpdir(), 'prefixd-lov-'))
const load = loadavg()[0]!.toFixed(1)
const rows: Array<{ server: string; measured: Measured[] }> = []
try {
  for (const quiet of [false, true]) {
    const { child, base } = await serve(quiet, dir)
    try {
      // Each server is a fresh process with an empty answer cache; within one, the paced queries differ from the others.
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
      await measure(child, base, { ...workloads[0]!, name: 'warm-up' }, dir)
      const measured: Measured[] = []
      for (const workload of workloads) measured.push(await measure(child, base, workload, dir))
      rows.push({ server: quiet ? '`--quiet`' : 'default (request log on)', measured })
    } finally {
      child.kill()
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}

const [logged, quiet] = rows
const lines = [
  '# LOV-compatible term autocomplete (bench/lov.ts)',
  '',
  `\`prefixd serve\` on the default data in its own process pinned to core 0 (\`taskset\`), with its request log written to a file (the default) and with \`--quiet\`; autocannon with ${CONNECTIONS} connections in another process pinned to core 1; \`GET ${PATH}?q=…&type=class|property&page_size=50\` as YASQE sends it. Server CPU per answer from /proc (user + system). Load average when the runs started: ${load} (2 cores).`,
  '',
  '| server | workload | answers | req/s | p50 ms | p99 ms | server CPU µs/answer |',
  '|---|---|---:|---:|---:|---:|---:|',
  ...rows.flatMap((row) =>
    row.measured.map(
      (m) => `| ${row.server} | ${m.name} | ${m.requests} | ${m.rps.toFixed(0)} | ${m.p50.toFixed(2)} | ${m.p99.toFixed(2)} | ${m.cpuMicros.toFixed(0)} |`,
    ),
  ),
  '',
  `The request log costs: ${logged!.measured.map((m, i) => `${m.name.replace(/ \(.*\)/, '')}: ${(m.cpuMicros / quiet!.measured[i]!.cpuMicros).toFixed(2)}× the CPU of \`--quiet\``).join('; ')}.`,
  '',
  `Goals (server CPU ≤ ${CPU_GOAL_US} µs per answer, p99 ≤ ${P99_GOAL_MS} ms): ${rows.flatMap((row) => row.measured.map((m) => `${row.server}, ${m.name.split(' (')[0]}: CPU ${m.cpuMicros <= CPU_GOAL_US ? 'met' : 'MISSED'}, p99 ${m.p99 <= P99_GOAL_MS ? 'met' : 'MISSED'}`)).join('; ')}.`,
  '',
  `As fast as answered, 50 connections keep 50 requests waiting in one server process, so by Little's law the mean latency is ${CONNECTIONS} ÷ the throughput (${rows.map((row) => `${row.server}: ${((1000 * CONNECTIONS) / row.measured[1]!.rps).toFixed(1)} ms`).join(', ')} for distinct queries): p99 ≤ ${P99_GOAL_MS} ms there needs more than ${((1000 * CONNECTIONS) / P99_GOAL_MS).toLocaleString('en')} answers/s from one core. The paced rows send other distinct queries each at its own moment, 1,000 a second (50 people typing 20 keys a second), over at most 50 connections, and time each from that moment (a wait for a free connection counts).`,
  '',
]
console.log(lines.join('\n'))
await writeFile(RESULTS, lines.join('\n'))
