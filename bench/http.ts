// HTTP benchmark: `prefixd serve` (request log on, as by default, and off) and a bare Koa app (also with and
// without a request log), each a child process, under autocannon in this one.

import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync, readSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { cpus, platform, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import Koa from 'koa'
import { PrefixIndex } from '@prefixd/core'
import { createApp, createLogger, IndexHolder } from '@prefixd/server'

/** Seconds measured per workload (env BENCH_SECONDS, default 10); the warm-up before each is 2 s or less. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARMUP_SECONDS = Math.min(2, SECONDS)
const CONNECTIONS = 50
/** The hot GETs, each measured with the request log on and off against bare Koa. */
const HOT_GETS = ['expand', 'shrink', 'autocomplete'] as const
/** Goals of the issue: hot GETs with the log on at this share of bare Koa, and the log costing at most 1 − this. */
const HOT_GOAL = 0.9
const LOG_GOAL = 0.9
/**
 * Alternating pairs of short runs (log on, --quiet) per hot GET (env BENCH_PAIRS, default 5), whose median
 * ratio is the log's verdict: one 10 s run of each moved by ±10 % between runs on this shared VM.
 */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5)
const PAIR_SECONDS = Math.min(3, SECONDS)
/** Distinct names and IRIs in the varied workloads. */
const VARIED = 1000
/** A measured run in which other processes used more than this share of a core is repeated, up to ATTEMPTS runs in all. */
const DISTURBED = 0.1
const ATTEMPTS = 3
/** Times the service is started to time its first answer; the median is reported. */
const STARTS = 3
const START_TIMEOUT_MS = 30_000
const HOST = '127.0.0.1'
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CLI = fileURLToPath(new URL('../packages/cli/dist/main.js', import.meta.url))
const RESULTS = new URL('results/http.md', import.meta.url)
/** Clock ticks per second in /proc: USER_HZ, 100 on every Linux architecture Node runs on. */
const CLOCK_TICKS = 100

/** What the bare Koa app sends: an answer shaped like expand's, 60 bytes. */
const BARE_BODY = '{"success":true,"value":"https://xmlns.com/foaf/0.1/Person"}'

/** The autocomplete workload's query: its answer (231 names, 5.5 kB) is also what the second bare Koa app sends. */
const COMPLETED = 'schema:a'

// This file is also the program of the helper servers: `http.ts --bare-koa PORT`, `--bare-koa-logged PORT`,
// `--bare-koa-completions PORT` and `--uncached PORT`.
const ROLES: Readonly<Record<string, (port: number) => Promise<void>>> = {
  '--bare-koa': (port) => serveBareKoa(port, false),
  '--bare-koa-logged': (port) => serveBareKoa(port, true),
  '--bare-koa-completions': async (port) => serveBareKoa(port, false, await completionsBody()),
  '--uncached': serveUncached,
}

/** `service` is `prefixd serve` as `npm start` runs it, request log on; `quiet` the same with `--quiet`. */
type Target = 'service' | 'quiet' | 'bare' | 'bare-logged' | 'bare-completions' | 'uncached'
/** Targets whose request log is on: their stdout goes to a file, counted at the end. */
const LOGGED: readonly Target[] = ['service', 'bare-logged']

interface Workload {
  readonly name: string
  readonly target: Target
  /** Paths with the JSON value each must answer; autocannon cycles through them per connection. */
  readonly requests: readonly { readonly path: string; readonly expected: unknown }[]
  readonly headers?: Readonly<Record<string, string>>
}

interface Measured {
  readonly workload: Workload
  readonly rps: number
  readonly requests: number
  readonly p50: number
  readonly p99: number
  /** CPU time of the server, of autocannon and of every other process, as shares of one core over the run; undefined off Linux. */
  readonly serverCpu: number | undefined
  readonly clientCpu: number
  readonly otherCpu: number | undefined
}

interface Server {
  readonly child: ChildProcess
  readonly base: string
  /** The file the server's stdout (its request log) is written to, if any. */
  readonly log?: string
}

async function main(): Promise<void> {
  assert.equal(Buffer.byteLength(BARE_BODY), 60)
  assert.ok(SECONDS > 0, 'BENCH_SECONDS must be a positive number')
  assert.ok(Number.isInteger(PAIRS) && PAIRS >= 0, 'BENCH_PAIRS must be a whole number')
  const index = await PrefixIndex.loadDefault()
  const starts: number[] = []
  const servers: Partial<Record<Target, Server>> = {}
  const logDir = mkdtempSync(join(tmpdir(), 'prefixd-bench-http-'))
  try {
    for (let i = 0; i < STARTS; i++) {
      const started = await startService([], join(logDir, 'service.log'))
      starts.push(started.firstAnswerMs)
      if (i < STARTS - 1) await stop(started.server)
      else servers.service = started.server
    }
    servers.quiet = (await startService(['--quiet'])).server
    servers.bare = await startHelper('--bare-koa')
    servers['bare-logged'] = await startHelper('--bare-koa-logged', join(logDir, 'bare.log'))
    servers['bare-completions'] = await startHelper('--bare-koa-completions')
    servers.uncached = await startHelper('--uncached')

    const workloads = defineWorkloads(index)
    for (const workload of workloads) await checkAnswers(servers[workload.target]!.base, workload)
    const measured: Measured[] = []
    for (const workload of workloads) {
      const server = servers[workload.target]!
      let result = await measure(server, workload)
      // The machine may be shared: keep the least disturbed of a few runs rather than a figure halved by a neighbour.
      for (let attempt = 1; attempt < ATTEMPTS && (result.otherCpu ?? 0) > DISTURBED; attempt++) {
        console.error(`  ${workload.name}: other processes used ${Math.round(result.otherCpu! * 100)}% of a core; measuring again`)
        const again = await measure(server, workload)
        if ((again.otherCpu ?? 0) < result.otherCpu!) result = again
      }
      measured.push(result)
      console.error(`  ${workload.name}: ${Math.round(result.rps)} req/s`)
    }
    const pairs = await measurePairs(servers, workloads)
    // The logs were written, not dropped: every measured request has its line once the servers have exited.
    for (const target of LOGGED) {
      const server = servers[target]!
      await stop(server)
      const { count, last } = jsonLines(server.log!)
      const requests = measured.filter((m) => m.workload.target === target).reduce((sum, m) => sum + m.requests, 0)
      assert.ok(count >= requests, `${target}: ${count} log lines for ${requests} measured requests`)
      assert.equal(JSON.parse(last).level, 30, `${target}: the last log line is not a request entry`)
    }
    const report = formatReport(measured, starts, pairs)
    console.log(report.text)
    await mkdir(new URL('.', RESULTS), { recursive: true })
    await writeFile(RESULTS, report.markdown)
    console.log(`\nwritten to ${fileURLToPath(RESULTS)}`)
  } finally {
    await Promise.all(Object.values(servers).map(stop))
  }
}

function defineWorkloads(index: PrefixIndex): Workload[] {
  const one = (name: string, target: Target, path: string, expected: unknown): Workload => ({ name, target, requests: [{ path, expected }] })
  const found = (value: string | undefined) => ({ success: true, value })
  // Terms spread evenly over the whole index (every vocabulary), each one that has a prefixed name.
  const named = index.terms().flatMap((t) => {
    const name = index.shrink(t.iri)
    return name === undefined ? [] : [{ iri: t.iri, name }]
  })
  const step = Math.floor(named.length / VARIED)
  assert.ok(step >= 1, `only ${named.length} terms have a prefixed name`)
  const sample = Array.from({ length: VARIED }, (_, i) => named[i * step]!)
  const expandMany = sample.map((t) => ({ path: `/api/v1/expand?q=${encodeURIComponent(t.name)}`, expected: found(index.expand(t.name)) }))
  const shrinkMany = sample.map((t) => ({ path: `/api/v1/shrink?q=${encodeURIComponent(t.iri)}`, expected: found(t.name) }))
  const completions = index.autocomplete(COMPLETED, { limit: 10_000 })
  // The hot GETs, each with the request log on (as `npm start` runs) and off (--quiet), one after the other.
  const hot = HOT_GETS.flatMap((name) => {
    const [path, expected] = (
      {
        expand: ['/api/v1/expand?q=foaf:Person', found('http://xmlns.com/foaf/0.1/Person')],
        shrink: ['/api/v1/shrink?q=http%3A%2F%2Fschema.org%2FPerson', found('schema:Person')],
        autocomplete: [`/api/v1/autocomplete?q=${COMPLETED}`, completions],
      } as const
    )[name]
    return [one(`${name}, log on`, 'service', path, expected), one(`${name}, --quiet`, 'quiet', path, expected)]
  })
  return [
    one('bare Koa, fixed 60-byte JSON', 'bare', '/', JSON.parse(BARE_BODY)),
    one('bare Koa + pino request log', 'bare-logged', '/', JSON.parse(BARE_BODY)),
    one(`bare Koa, fixed ${COMPLETED} completions JSON`, 'bare-completions', '/', completions),
    ...hot,
    // What browsers send: the 5.5 kB answer is then compressed (it is above koa-compress's 2 kB threshold).
    {
      ...one('autocomplete schema:a, Accept-Encoding: br, gzip', 'service', '/api/v1/autocomplete?q=schema:a', completions),
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    },
    one('prefixes (JSON)', 'service', '/api/v1/prefixes', index.prefixes()),
    { name: `expand, ${VARIED} names`, target: 'service', requests: expandMany },
    { name: `shrink, ${VARIED} IRIs`, target: 'service', requests: shrinkMany },
    { name: `expand, ${VARIED} names, no answer cache`, target: 'uncached', requests: expandMany },
    { name: `shrink, ${VARIED} IRIs, no answer cache`, target: 'uncached', requests: shrinkMany },
  ]
}

/** The JSON lines of a log file (lines starting with `{`) and the last one, read in pieces: it passes 512 MB, a string's limit. */
function jsonLines(path: string): { count: number; last: string } {
  const fd = openSync(path, 'r')
  try {
    const piece = Buffer.alloc(1 << 20)
    let count = 0
    let atLineStart = true
    let lastStart = -1
    let offset = 0
    for (let read; (read = readSync(fd, piece, 0, piece.length, offset)) > 0; offset += read) {
      for (let i = 0; i < read; i++) {
        if (atLineStart && piece[i] === 0x7b) {
          count++
          lastStart = offset + i
        }
        atLineStart = piece[i] === 0x0a
      }
    }
    const tail = Buffer.alloc(Math.min(64 * 1024, offset - lastStart))
    readSync(fd, tail, 0, tail.length, lastStart)
    return { count, last: tail.toString('utf8').split('\n', 1)[0]! }
  } finally {
    closeSync(fd)
  }
}

/** Log on / off of one hot GET over alternating pairs of short runs. */
interface Pairs {
  readonly ratios: readonly number[]
  /** Server CPU per answer, log on minus --quiet, per pair (µs). */
  readonly cpuAdded: readonly (number | undefined)[]
}

/** For each hot GET, {@link PAIRS} pairs of runs, log on and --quiet, which one first alternating. */
async function measurePairs(servers: Partial<Record<Target, Server>>, workloads: readonly Workload[]): Promise<Map<string, Pairs>> {
  const pairs = new Map<string, Pairs>()
  for (const name of HOT_GETS) {
    const on = workloads.find((w) => w.name === `${name}, log on`)!
    const off = workloads.find((w) => w.name === `${name}, --quiet`)!
    const ratios: number[] = []
    const cpuAdded: (number | undefined)[] = []
    for (let i = 0; i < PAIRS; i++) {
      const short = (workload: Workload): Promise<Measured> => measure(servers[workload.target]!, workload, PAIR_SECONDS, 1)
      let logged: Measured, quiet: Measured
      if (i % 2 === 0) {
        logged = await short(on)
        quiet = await short(off)
      } else {
        quiet = await short(off)
        logged = await short(on)
      }
      ratios.push(logged.rps / quiet.rps)
      const [a, b] = [cpuMicros(logged), cpuMicros(quiet)]
      cpuAdded.push(a === undefined || b === undefined ? undefined : a - b)
    }
    console.error(`  ${name}: log on / off over ${PAIRS} pairs: ${ratios.map((r) => r.toFixed(2)).join(', ')}`)
    pairs.set(name, { ratios, cpuAdded })
  }
  return pairs
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** Fetches every path of the workload once and compares the answer with the expected value. */
async function checkAnswers(base: string, workload: Workload): Promise<void> {
  for (let i = 0; i < workload.requests.length; i += CONNECTIONS) {
    await Promise.all(
      workload.requests.slice(i, i + CONNECTIONS).map(async ({ path, expected }) => {
        const response = await fetch(base + path, { headers: workload.headers ?? {} })
        assert.equal(response.status, 200, `${workload.name}: ${path} answered ${response.status}`)
        if (workload.headers?.['accept-encoding'] !== undefined) {
          assert.ok(response.headers.has('content-encoding'), `${workload.name}: ${path} was not compressed`)
        }
        assert.deepEqual(await response.json(), expected, `${workload.name}: ${path} answered wrongly`)
      }),
    )
  }
}

/** A warm-up run, then the measured run; latencies come from our own list, as autocannon rounds them to whole ms. */
async function measure(server: Server, workload: Workload, seconds = SECONDS, warmup = WARMUP_SECONDS): Promise<Measured> {
  const options: autocannon.Options = {
    url: server.base,
    connections: CONNECTIONS,
    headers: { ...workload.headers },
    requests: workload.requests.map(({ path }) => ({ method: 'GET', path })),
  }
  await run({ ...options, duration: warmup }, () => {})
  const latencies: number[] = []
  const serverBefore = cpuSeconds(server.child)
  const machineBefore = machineCpuSeconds()
  const clientBefore = process.cpuUsage()
  const result = await run({ ...options, duration: seconds }, (ms) => latencies.push(ms))
  const client = (({ user, system }) => (user + system) / 1e6)(process.cpuUsage(clientBefore))
  const machine = subtract(machineCpuSeconds(), machineBefore)
  const serverCpu = subtract(cpuSeconds(server.child), serverBefore)
  assert.equal(result.errors, 0, `${workload.name}: ${result.errors} connection errors`)
  assert.equal(result.non2xx, 0, `${workload.name}: ${result.non2xx} answers were not 2xx`)
  const sorted = Float64Array.from(latencies).sort()
  const percentile = (p: number): number => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN
  return {
    workload,
    rps: result.requests.total / result.duration,
    requests: result.requests.total,
    p50: percentile(0.5),
    p99: percentile(0.99),
    serverCpu: serverCpu === undefined ? undefined : serverCpu / result.duration,
    clientCpu: client / result.duration,
    otherCpu: machine === undefined || serverCpu === undefined ? undefined : Math.max(0, machine - serverCpu - client) / result.duration,
  }
}

function run(options: autocannon.Options, onLatency: (ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: Error | null, result: autocannon.Result) => (error ? reject(error) : resolve(result)))
    instance.on('response', (_client, _status, _bytes, ms) => onLatency(ms))
  })
}

/**
 * Starts `prefixd serve` and times, from the spawn, its first successful answer to GET /api/v1/health.
 * With `log`, its stdout (the request log) goes to that file, as a service's log would.
 */
async function startService(args: readonly string[], log?: string): Promise<{ server: Server; firstAnswerMs: number }> {
  const port = await freePort()
  const base = `http://${HOST}:${port}`
  const spawned = performance.now()
  const out = log === undefined ? 'pipe' : openSync(log, 'w')
  const child = spawn(process.execPath, [CLI, 'serve', '--port', String(port), '--host', HOST, ...args], {
    cwd: ROOT,
    stdio: ['ignore', out, 'pipe'],
  })
  if (typeof out === 'number') closeSync(out)
  forwardErrors(child)
  const listening = log === undefined ? waitForLine(child, 'listening on') : Promise.resolve()
  listening.catch(() => {}) // an early exit is reported by the loop below
  // Polls from the spawn, so the time includes Node's start, loading the data and the first request.
  let firstAnswerMs: number | undefined
  while (firstAnswerMs === undefined) {
    if (child.exitCode !== null) throw new Error(`prefixd serve exited with ${child.exitCode}`)
    if (performance.now() - spawned > START_TIMEOUT_MS) {
      child.kill('SIGKILL')
      throw new Error(`prefixd serve did not answer within ${START_TIMEOUT_MS} ms`)
    }
    const ok = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) firstAnswerMs = performance.now() - spawned
    else await new Promise((resolve) => setTimeout(resolve, 5))
  }
  await listening
  return { server: { child, base, ...(log !== undefined && { log }) }, firstAnswerMs }
}

/** Starts this file as one of the helper servers; with `log`, its stdout goes to that file. */
async function startHelper(role: string, log?: string): Promise<Server> {
  const port = await freePort()
  const out = log === undefined ? 'pipe' : openSync(log, 'w')
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), role, String(port)], {
    cwd: ROOT,
    stdio: ['ignore', out, 'pipe'],
  })
  if (typeof out === 'number') closeSync(out)
  forwardErrors(child)
  const base = `http://${HOST}:${port}`
  if (log === undefined) await waitForLine(child, 'listening on')
  else await waitForHealth(child, base + '/')
  return { child, base, ...(log !== undefined && { log }) }
}

/** Polls `url` until it answers 200. */
async function waitForHealth(child: ChildProcess, url: string): Promise<void> {
  const started = performance.now()
  while (
    !(await fetch(url).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`)
    if (performance.now() - started > START_TIMEOUT_MS) throw new Error(`${url} did not answer within ${START_TIMEOUT_MS} ms`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/**
 * Koa logs a stack trace for every answer a client abandons while it is being compressed, and
 * autocannon abandons the answers in flight when each run ends: those are counted, not printed.
 */
const abandoned = { count: 0 }

function forwardErrors(child: ChildProcess): void {
  child.stderr!.on('data', (chunk: Buffer) => {
    const text = chunk.toString()
    if (text.includes('ERR_STREAM_PREMATURE_CLOSE')) abandoned.count += text.split('ERR_STREAM_PREMATURE_CLOSE').length - 1
    else process.stderr.write(text)
  })
}

function waitForLine(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = ''
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString()
      if (seen.includes(text)) {
        child.stdout!.off('data', onData).resume() // keep draining, so a full pipe never blocks the child
        child.off('exit', onExit)
        resolve()
      }
    }
    const onExit = (code: number | null): void => reject(new Error(`child exited (${code}) before saying '${text}': ${seen}`))
    child.stdout!.on('data', onData)
    child.once('exit', onExit)
  })
}

/** A port nobody listens on now (the OS picks it; it is free again once we close). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, HOST)
    probe.once('error', reject).once('listening', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return
  const exited = new Promise((resolve) => server.child.once('exit', resolve))
  server.child.kill('SIGTERM')
  await exited
}

/** User plus system CPU seconds the process has used (Linux /proc; fields 14 and 15 of stat, in clock ticks). */
function cpuSeconds(child: ChildProcess): number | undefined {
  try {
    const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces; count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
  } catch {
    return undefined
  }
}

/** CPU seconds all cores have spent busy since boot (Linux /proc/stat: everything but idle and iowait). */
function machineCpuSeconds(): number | undefined {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.split(/\s+/).slice(1, 9).map(Number)
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks
    return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS
  } catch {
    return undefined
  }
}

function subtract(after: number | undefined, before: number | undefined): number | undefined {
  return after === undefined || before === undefined ? undefined : after - before
}

/** The server's CPU time per answer in µs, off Linux undefined. */
function cpuMicros(m: Measured): number | undefined {
  return m.serverCpu === undefined ? undefined : (m.serverCpu / m.rps) * 1e6
}

/** The table as aligned text and as Markdown, with the machine, the start time and the goals of the issue. */
function formatReport(measured: readonly Measured[], starts: readonly number[], pairs: ReadonlyMap<string, Pairs>): { text: string; markdown: string } {
  const bare = measured.find((m) => m.workload.target === 'bare')!.rps
  const percent = (share: number | undefined): string => (share === undefined ? 'n/a' : `${Math.round(share * 100)}%`)
  const header = ['workload', 'req/s', 'p50 ms', 'p99 ms', 'service / bare Koa', 'server CPU µs/req', 'server CPU', 'autocannon CPU', 'other CPU']
  const rows = measured.map((m) => [
    m.workload.name,
    String(Math.round(m.rps)),
    m.p50.toFixed(2),
    m.p99.toFixed(2),
    m.workload.target === 'bare' ? '1.00' : (m.rps / bare).toFixed(2),
    cpuMicros(m)?.toFixed(1) ?? 'n/a',
    percent(m.serverCpu),
    percent(m.clientCpu),
    percent(m.otherCpu),
  ])
  const sortedStarts = [...starts].sort((a, b) => a - b)
  const firstAnswer = sortedStarts[Math.floor(sortedStarts.length / 2)]!
  const verdict = (met: boolean): string => (met ? 'met' : 'MISSED')
  const rps = (name: string): number => measured.find((m) => m.workload.name === name)!.rps
  // CPU per answer beside the throughput: on two shared cores the throughput also moves with the load generator.
  const cpuOf = (name: string): string => {
    const perAnswer = cpuMicros(measured.find((m) => m.workload.name === name)!)
    return perAnswer === undefined ? '?' : perAnswer.toFixed(1)
  }
  const bareCompletions = `bare Koa, fixed ${COMPLETED} completions JSON`
  const hotGoals = HOT_GETS.map((name) => {
    const on = rps(`${name}, log on`)
    const off = rps(`${name}, --quiet`)
    // Autocomplete's answer is 90 times the bare app's 60 bytes: also compared with Koa sending the same bytes.
    const sameBody = name === 'autocomplete' ? rps(bareCompletions) : undefined
    return (
      `${name}: log on ${(on / bare).toFixed(2)}× bare Koa (goal ≥ ${HOT_GOAL}: ${verdict(on / bare >= HOT_GOAL)}), ` +
      `--quiet ${(off / bare).toFixed(2)}×; ` +
      (sameBody === undefined
        ? ''
        : `against bare Koa sending the same ${COMPLETED} answer: log on ${(on / sameBody).toFixed(2)}×, --quiet ${(off / sameBody).toFixed(2)}×; `) +
      logVerdict(name, on / off) +
      `server CPU per answer ${cpuOf(`${name}, log on`)} µs log on, ${cpuOf(`${name}, --quiet`)} µs --quiet, ` +
      `${cpuOf(sameBody === undefined ? 'bare Koa, fixed 60-byte JSON' : bareCompletions)} µs bare Koa${sameBody === undefined ? '' : ' (same answer)'}`
    )
  })
  // The log's verdict is the median of the alternating pairs, when there are any.
  function logVerdict(name: string, single: number): string {
    const paired = pairs.get(name)
    if (paired === undefined || paired.ratios.length === 0) return `log on / off ${single.toFixed(2)} (goal ≥ ${LOG_GOAL}: ${verdict(single >= LOG_GOAL)}); `
    const ratio = median(paired.ratios)
    const added = paired.cpuAdded.filter((c): c is number => c !== undefined)
    return (
      `log on / off ${ratio.toFixed(2)}, median of ${paired.ratios.length} alternating ${PAIR_SECONDS} s pairs ` +
      `(${Math.min(...paired.ratios).toFixed(2)}–${Math.max(...paired.ratios).toFixed(2)}; the table's one run: ${single.toFixed(2)}) ` +
      `(goal ≥ ${LOG_GOAL}: ${verdict(ratio >= LOG_GOAL)})` +
      (added.length > 0 ? `, the log adding ${median(added).toFixed(1)} µs of server CPU per answer; ` : '; ')
    )
  }
  const bareLogged = rps('bare Koa + pino request log') / bare
  const service = measured.filter((m) => m.workload.target === 'service' || m.workload.target === 'quiet')
  const slow = service.filter((m) => m.p99 >= 10)
  const fast = service.filter((m) => m.p99 < 10)
  const cpu = cpus()
  const about = [
    `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${platform()}, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}`,
    `${CONNECTIONS} connections, no pipelining, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s measured per workload (BENCH_SECONDS); ` +
      'no Accept-Encoding (so no compression) unless the workload says so',
    `first answer after start (spawn of \`prefixd serve\` to the first 200 from /api/v1/health): ` +
      `${Math.round(firstAnswer)} ms (median of ${starts.length}: ${sortedStarts.map(Math.round).join(', ')} ms)`,
  ]
  const notes = [
    '"log on" and the rows that do not say are `prefixd serve` as `npm start` runs it (one worker, one JSON line per ' +
      'request to stdout, here a file); "--quiet" is the same without the request log. "bare Koa + pino request log" puts ' +
      "the same logger in front of the bare app. Every logged request's line was counted in the log files after the run. " +
      '"server CPU µs/req" is the server\'s CPU time per answer, the figure least moved by a busy machine. ' +
      '"no answer cache" rows run the same `createApp` (no log) with a ' +
      `cache that keeps nothing, so every request computes. The ${VARIED}-name rows cycle through terms spread over the ` +
      'whole default index; after the warm-up their answers are cached too, but under 1000 keys instead of one. ' +
      'A GET answered from the cache before is replayed before Koa (packages/server/README.md, "Replayed answers"), ' +
      'so the cached rows measure that path; the "no answer cache" rows measure Koa and the router.',
    `This machine has ${cpu.length} cores: autocannon (the bench's main process) and the server (a child process) compete ` +
      'for them, and each can only use one. The CPU columns are shares of one core during the measured run: a server near ' +
      '100% is the limit; where autocannon is near 100% (bare Koa) the figure is also a limit of the load generator, ' +
      'so the ratio to bare Koa understates the real gap. "other CPU" is every other process on the machine; ' +
      'more than a few percent there means the figures are disturbed and the run should be repeated on a quiet machine.',
  ]
  if (abandoned.count > 0) {
    notes.push(
      `The servers logged ${abandoned.count} 'Premature close' errors (ERR_STREAM_PREMATURE_CLOSE), not printed above: ` +
        'autocannon closes its connections when a run ends, abandoning compressed answers in flight, and Koa logs each one.',
    )
  }
  const busiest = Math.max(...measured.map((m) => m.otherCpu ?? 0))
  if (busiest > DISTURBED) notes.push(`WARNING: other processes used up to ${percent(busiest)} of a core during the runs.`)
  const goals = [
    ...hotGoals,
    `bare Koa with the same pino request log: ${bareLogged.toFixed(2)}× bare Koa (the cost of the log alone)`,
    `p99 < 10 ms at ${CONNECTIONS} connections on the service's rows — ${verdict(slow.length === 0)}: ` +
      [
        slow.length > 0 ? `over on ${slow.map((m) => `${m.workload.name} (${m.p99.toFixed(1)} ms)`).join('; ')}` : '',
        `under on ${slow.length > 0 ? `the other ${fast.length}` : `all ${fast.length}`}`,
      ]
        .filter((part) => part !== '')
        .join('; '),
    `first answer < 1 s after start: ${Math.round(firstAnswer)} ms — ${verdict(firstAnswer < 1000)}`,
    'references: bare Koa ~45,000 req/s on this machine kind; the old Express service ~5,200 req/s on expand, ~950 on autocomplete?q=schema:a',
  ]
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: readonly string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  const text = [...about, '', line(header), ...rows.map(line), '', ...notes, '', 'goals:', ...goals.map((g) => `  ${g}`)].join('\n')
  const mdRow = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`
  const markdown = [
    '# HTTP service benchmark (bench/http.ts)',
    '',
    ...about.map((a) => `- ${a}`),
    '',
    mdRow(header),
    mdRow(header.map((_, i) => (i === 0 ? '---' : '---:'))),
    ...rows.map(mdRow),
    '',
    ...notes.flatMap((n) => [n, '']),
    '## Goals',
    '',
    ...goals.map((g) => `- ${g}`),
    '',
  ].join('\n')
  return { text, markdown }
}

// ---- helper servers (child processes) ----

/** The JSON of the autocomplete workload's answer, as the service sends it. */
async function completionsBody(): Promise<string> {
  return JSON.stringify((await PrefixIndex.loadDefault()).autocomplete(COMPLETED, { limit: 10_000 }))
}

/** Koa answering a fixed body (60 bytes unless given); `logged` puts the service's own request log (pino, to stdout) in front. */
async function serveBareKoa(port: number, logged: boolean, body = BARE_BODY): Promise<void> {
  const app = new Koa()
  if (logged) {
    const logger = await createLogger({ level: 'info', format: 'json' })
    app.use(async (ctx, next) => {
      const started = performance.now()
      await next()
      logger.info({ method: ctx.method, url: ctx.url, status: ctx.status, ms: Math.round((performance.now() - started) * 100) / 100 })
    })
  }
  app.use((ctx) => {
    ctx.type = 'application/json; charset=utf-8'
    ctx.body = body
  })
  app.listen(port, HOST, () => console.log(`bare Koa listening on http://${HOST}:${port}/`))
}

/** The resolver's app (as `prefixd serve` builds it) with an answer cache that keeps nothing. */
async function serveUncached(port: number): Promise<void> {
  const holder = new IndexHolder(await PrefixIndex.loadDefault(), 1)
  holder.current.answers.set('probe', { status: 200, type: 'text/plain', body: Buffer.from('x'), etag: '"x"' })
  assert.equal(holder.current.answers.size, 0, 'the 1-byte answer cache should keep nothing')
  createApp({ index: holder }).listen(port, HOST, () => console.log(`uncached prefixd listening on http://${HOST}:${port}/`))
}

// Last, so that every constant above is initialised before either program starts.
const role = process.argv[2]
if (role !== undefined && Object.hasOwn(ROLES, role)) await ROLES[role]!(Number(process.argv[3]))
else await main()
