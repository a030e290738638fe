// The LOV-compatible term autocomplete (`/dataset/lov/api/v2/autocomplete/terms`, what YASQE asks as someone types)
// over real HTTP: `prefixd serve --quiet` in its own process, autocannon with 50 connections; server CPU per answer
// (Linux /proc) and latency percentiles, for queries asked again and again (answered from the answer cache) and
// for queries each asked once (every answer computed: completion, type filter, paging, JSON). Goal of issue 26:
// within 1 ms of server CPU per answer, p99 ≤ 10 ms at 50 connections.

import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { PrefixIndex } from '@prefixd/core'

const CONNECTIONS = 50
const SECONDS = 10
const HOST = '127.0.0.1'
const CLI = fileURLToPath(new URL('../packages/cli/dist/main.js', import.meta.url))
const RESULTS = new URL('results/lov.md', import.meta.url)
const CLOCK_TICKS = 100 // USER_HZ of /proc
const PATH = '/dataset/lov/api/v2/autocomplete/terms'
const CPU_GOAL_US = 1000
const P99_GOAL_MS = 10

const query = (q: string, type: 'class' | 'property') => `${PATH}?${new URLSearchParams({ q, type, page_size: '50' })}`

/** What YASQE sends while someone types `?s a schema:Person` and `?s foaf:knows`: the IRI so far, growing. */
function typing(): string[] {
  const paths: string[] = []
  for (const [iri, type] of [['http://schema.org/Person', 'class'], ['http://xmlns.com/foaf/0.1/knows', 'property']] as const) {
    const local = iri.slice(iri.lastIndexOf('/') + 1)
    for (let n = 1; n <= local.length; n++) paths.push(query(iri.slice(0, iri.length - local.length + n), type))
  }
  return paths
}

/** Distinct queries: the first 2–4 letters of the local names of the index's terms, as IRIs, as classes and as properties. */
function distinct(index: PrefixIndex, count: number): string[] {
  const seen = new Set<string>()
  for (const term of index.terms()) {
    const split = Math.max(term.iri.lastIndexOf('#'), term.iri.lastIndexOf('/')) + 1
    for (const n of [2, 3, 4]) {
      if (split + n > term.iri.length) break
      for (const type of ['class', 'property'] as const) seen.add(query(term.iri.slice(0, split + n), type))
    }
    if (seen.size >= count) break
  }
  return [...seen].slice(0, count)
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

async function measure(child: ChildProcess, base: string, name: string, paths: readonly string[], once: boolean): Promise<Measured> {
  let next = 0
  const latencies: number[] = []
  const before = cpuSeconds(child)
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        // Each request takes the next path of the list (shared by all connections), so distinct ones are asked once.
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
        ...(once ? { amount: paths.length } : { duration: SECONDS }),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    )
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms))
  })
  const cpu = cpuSeconds(child) - before
  assert.equal(result.errors, 0, `${name}: connection errors`)
  assert.equal(result.non2xx, 0, `${name}: answers that were not 2xx`)
  const sorted = Float64Array.from(latencies).sort()
  const percentile = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN
  return { name, requests: result.requests.total, rps: result.requests.total / result.duration, p50: percentile(0.5), p99: percentile(0.99), cpuMicros: (cpu / result.requests.total) * 1e6 }
}

const index = await PrefixIndex.loadDefault()
const port = await freePort()
const base = `http://${HOST}:${port}`
const child = spawn(process.execPath, [CLI, 'serve', '--quiet', '--port', String(port), '--host', HOST], { stdio: ['ignore', 'ignore', 'inherit'] })
try {
  for (let tries = 0; !(await fetch(`${base}/api/v1/health`).then((r) => r.ok, () => false)); tries++) {
    if (tries > 600) throw new Error('prefixd serve did not start')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  // The answers first: schema:Person first for Pers, only properties for foaf:kn.
  const person = (await (await fetch(base + query('http://schema.org/Pers', 'class'))).json()) as { results: Array<{ uri: string[] }> }
  assert.equal(person.results[0]?.uri[0], 'http://schema.org/Person')
  const knows = (await (await fetch(base + query('http://xmlns.com/foaf/0.1/kn', 'property'))).json()) as { results: Array<{ uri: string[]; type: string }> }
  assert.deepEqual(knows.results.map((r) => r.uri[0]), ['http://xmlns.com/foaf/0.1/knows'])

  const load = loadavg()[0]!.toFixed(1)
  const typed = typing()
  await measure(child, base, 'warm-up', typed, false)
  const measured = [
    await measure(child, base, `typing, asked again and again (${typed.length} queries, answer cache)`, typed, false),
    await measure(child, base, 'distinct queries, each asked once (every answer computed)', distinct(index, 20_000), true),
  ]
  const lines = [
    '# LOV-compatible term autocomplete (bench/lov.ts)',
    '',
    `\`prefixd serve --quiet\` on the default data in its own process; autocannon with ${CONNECTIONS} connections from this process; \`GET ${PATH}?q=…&type=class|property&page_size=50\` as YASQE sends it. Server CPU per answer from /proc (user + system). Load average when the runs started: ${load} (2 shared cores; autocannon shares them).`,
    '',
    '| workload | answers | req/s | p50 ms | p99 ms | server CPU µs/answer |',
    '|---|---:|---:|---:|---:|---:|',
    ...measured.map((m) => `| ${m.name} | ${m.requests} | ${m.rps.toFixed(0)} | ${m.p50.toFixed(2)} | ${m.p99.toFixed(2)} | ${m.cpuMicros.toFixed(0)} |`),
    '',
    `Goals (server CPU ≤ ${CPU_GOAL_US} µs per answer, p99 ≤ ${P99_GOAL_MS} ms): ${measured.map((m) => `${m.name.split(' (')[0]}: CPU ${m.cpuMicros <= CPU_GOAL_US ? 'met' : 'MISSED'}, p99 ${m.p99 <= P99_GOAL_MS ? 'met' : 'MISSED'}`).join('; ')}.`,
    '',
  ]
  console.log(lines.join('\n'))
  await writeFile(RESULTS, lines.join('\n'))
} finally {
  child.kill()
}
