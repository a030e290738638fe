// Issue 25's mention goal: a channel message that mentions 100 people, with 1,000 queues of theirs long-polling
// (10 each): the time from sending it to each queue's answer (p99 ≤ 100 ms), on SQLite, the service as
// `npm run chat` starts it. Each answer is checked (the message, flagged `mentioned`) before it counts.
// Where the time goes: the first and the last delivery of each round, the send's own answer, the CPU the service
// and this benchmark's client spent on it, and whether the service collected garbage before its last delivery
// (bench/chat-gc-log.mjs, preloaded: BENCH_GC=0 leaves it out). Rounds alternate with the same message without
// mentions, and with a bare node:http server answering the same polls (bench/chat-mentions-floor.mjs, the floor;
// BENCH_FLOOR=0 leaves it out). The first round after the start is not timed (reported apart): its code runs cold.
// BENCH_MAIN=…/main.js runs another build beside this one, rounds interleaved (an A/B in one run), and BENCH_BASE=<commit>
// builds that commit for it (bench/base-build.ts); with either, the ratios of this build to the other are printed and
// bench/results/chat-mentions.md written.
// BENCH_WORKERS=N starts each service with --workers N; BENCH_WINDOWS=FILE writes the timed rounds' spans
// (CLOCK_MONOTONIC ns, as V8's CPU profiles count) for bench/cpu-profile-windows.ts.

import assert from 'node:assert/strict'
import { execSync, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { REFERENCE_FIXTURE } from '@prefixd/chat'
import { buildAt } from './base-build.js'
import { CHAT_MAIN, callChat, inBatches, pct, RawPoller, startChatProcess, treeCpuMs, treePids } from './chat-http.js'

const PEOPLE = 100
const QUEUES_EACH = 10
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1)
const KINDS = ['mentions', 'plain'] as const
type Kind = (typeof KINDS)[number]
const MAX = { email: 'max@example.com', key: 'dQ87hoIqvh0zyXrFRHSsEDbeefffLkpC' }
const person = (i: number): { id: number; email: string; key: string; name: string } => ({
  id: 1001 + i,
  email: `bench${i}@example.com`,
  key: `benchkey${String(i).padStart(24, '0')}`,
  name: `Bench Person ${i}`,
})
const CONTENT: Record<Kind, string> = {
  mentions: Array.from({ length: PEOPLE }, (_, i) => `@**${person(i).name}**`).join(' ') + ' please read this',
  plain: 'please read this',
}
const agent = new Agent({ keepAlive: true, maxSockets: 32 })
/** BENCH_GC=0 leaves out the log of each service's garbage collections (bench/chat-gc-log.mjs, preloaded). */
const GC_LOG = process.env.BENCH_GC !== '0'
/** BENCH_FLOOR=0 leaves out the floor: a bare node:http server answering the same polls (bench/chat-mentions-floor.mjs). */
const FLOOR = process.env.BENCH_FLOOR !== '0'
/** The build compared with this one: BENCH_MAIN's, or BENCH_BASE's commit built apart. */
const other =
  process.env.BENCH_BASE !== undefined
    ? await buildAt(process.env.BENCH_BASE, 'packages/chat/dist/main.js').then(({ path, sha }) => ({ label: `base ${sha.slice(0, 9)}`, main: path }))
    : process.env.BENCH_MAIN !== undefined
      ? { label: 'BENCH_MAIN', main: process.env.BENCH_MAIN }
      : undefined
const RESULTS = new URL('results/chat-mentions.md', import.meta.url)
const builds = [
  { label: 'this build', main: CHAT_MAIN },
  ...(other === undefined ? [] : [other]),
  ...(FLOOR ? [{ label: 'bare node:http', main: fileURLToPath(new URL('chat-mentions-floor.mjs', import.meta.url)) }] : []),
]

/** One round's figures (ms from sending; CPU in ms). */
interface Round {
  readonly deliveries: number[]
  readonly acknowledged: number
  readonly first: number
  readonly last: number
  readonly serviceCpu: number
  readonly clientCpu: number
  /** From the send to the last delivery, CLOCK_MONOTONIC ns. */
  readonly span: readonly [from: bigint, to: bigint]
}

/** One build's service, its queues and what it measured. */
interface Service {
  readonly label: string
  readonly child: ChildProcess
  readonly base: string
  readonly queues: ReadonlyArray<{ readonly who: ReturnType<typeof person>; readonly id: string }>
  /** Each queue's last event id. */
  readonly last: number[]
  readonly rounds: Map<Kind, Round[]>
  readonly warmUp: number[]
}

/** CLOCK_MONOTONIC in ns at performance.now() = 0, to give the rounds' spans in a CPU profile's clock. */
const MONOTONIC_AT_ZERO = process.hrtime.bigint() - BigInt(Math.round(performance.now() * 1e6))
const monotonic = (at: number): string => String(MONOTONIC_AT_ZERO + BigInt(Math.round(at * 1e6)))

const dir = await mkdtemp(join(tmpdir(), 'prefixd-bench-mentions-'))
const children: ChildProcess[] = []
try {
  // The reference organization and 100 more people, all in #general (no passwords: nothing to hash).
  const fixture = JSON.parse(readFileSync(REFERENCE_FIXTURE, 'utf8')) as { users: unknown[]; subscriptions: unknown[] }
  for (let i = 0; i < PEOPLE; i++) {
    const p = person(i)
    fixture.users.push({
      user_id: p.id,
      email: p.email,
      full_name: p.name,
      api_key: p.key,
      role: 'member',
      is_bot: false,
      is_active: true,
      date_joined: 1763683200,
    })
    fixture.subscriptions.push({ stream_id: 1, user_id: p.id, subscribed_at: 1763683200 })
  }
  await writeFile(join(dir, 'org.json'), JSON.stringify(fixture))
  const services: Service[] = []
  const gcDir = join(dir, 'gc')
  process.env.BENCH_GC_DIR = gcDir // (the services inherit it)
  await mkdir(gcDir)
  const nodeArgs = GC_LOG ? ['--import', new URL('chat-gc-log.mjs', import.meta.url).href] : []
  for (const [b, build] of builds.entries()) {
    const args = ['--db', join(dir, `chat-${b}.db`), '--fixture', join(dir, 'org.json'), ...(WORKERS > 1 ? ['--workers', String(WORKERS)] : [])]
    const { child, base } = await startChatProcess(args, dir, build.main, nodeArgs)
    children.push(child)
    const queues = await inBatches(PEOPLE * QUEUES_EACH, 16, async (q) => {
      const who = person(q % PEOPLE)
      const answer = await callChat(agent, base, who, 'POST', '/register', {
        event_types: '["message"]',
        fetch_event_types: '[]',
        queue_lifespan_secs: '3600',
      })
      assert.equal(answer.status, 200, JSON.stringify(answer.body))
      return { who, id: answer.body.queue_id as string }
    })
    services.push({
      label: build.label,
      child,
      base,
      queues,
      last: queues.map(() => -1),
      rounds: new Map<Kind, Round[]>(KINDS.map((k) => [k, []])),
      warmUp: [] as number[],
    })
  }

  const windows: Array<{ build: string; kind: Kind; from: string; first: string; last: string; to: string }> = []
  /** One message of `kind` to one service's 1,000 waiting queues. */
  const round = async (service: Service, kind: Kind, topic: string): Promise<Round> => {
    // Fresh connections each round: between rounds an idle one may outlive the server's keep-alive (5 s) on a busy machine.
    const pollers = service.queues.map(() => new RawPoller(new URL(service.base)))
    const answers = service.queues.map((queue, i) => pollers[i]!.poll(queue.who, queue.id, service.last[i]!))
    await new Promise((resolve) => setTimeout(resolve, 3000)) // every poll waiting (a busy machine takes a while to open 1,000 connections)
    const cpuBefore = treeCpuMs(service.child.pid!)
    const clientBefore = process.cpuUsage()
    const t0 = performance.now()
    const sent = await callChat(agent, service.base, MAX, 'POST', '/messages', { type: 'stream', to: 'general', topic, content: CONTENT[kind] })
    const acknowledged = performance.now() - t0
    assert.equal(sent.status, 200, JSON.stringify(sent.body))
    const deliveries: number[] = []
    for (const [i, answer] of (await Promise.all(answers)).entries()) {
      const events = (JSON.parse(answer.body) as { events: Array<{ id: number; message: { id: number }; flags: string[] }> }).events
      assert.equal(events.at(-1)!.message.id, sent.body.id)
      assert.deepEqual(events.at(-1)!.flags, kind === 'mentions' ? ['mentioned'] : [])
      deliveries.push(answer.arrivedAt - t0)
      service.last[i] = events.at(-1)!.id
    }
    const client = process.cpuUsage(clientBefore)
    const serviceCpu = treeCpuMs(service.child.pid!) - cpuBefore
    for (const p of pollers) p.close()
    const last = Math.max(...deliveries, acknowledged)
    windows.push({
      build: service.label,
      kind,
      from: monotonic(t0),
      first: monotonic(t0 + Math.min(...deliveries)),
      last: monotonic(t0 + Math.max(...deliveries)),
      to: monotonic(t0 + last),
    })
    return {
      deliveries,
      acknowledged,
      first: Math.min(...deliveries),
      last: Math.max(...deliveries),
      serviceCpu,
      clientCpu: (client.user + client.system) / 1000,
      span: [BigInt(monotonic(t0)), BigInt(monotonic(t0 + Math.max(...deliveries)))],
    }
  }

  const before = execSync('uptime').toString().trim()
  for (let r = -1; r < ROUNDS; r++) {
    // Which build and which kind goes first alternates from round to round.
    const order = r % 2 === 0 ? services : [...services].reverse()
    for (const service of order)
      for (const kind of r % 4 < 2 ? KINDS : [...KINDS].reverse()) {
        const result = await round(service, kind, `round ${r} ${kind}`)
        if (r < 0) {
          if (kind === 'mentions') service.warmUp.push(...result.deliveries)
        } else service.rounds.get(kind)!.push(result)
      }
  }
  windows.splice(0, services.length * KINDS.length) // (the untimed round)
  const processes = new Map(services.map((service) => [service, treePids(service.child.pid!)]))
  const after = execSync('uptime').toString().trim()
  if (process.env.BENCH_WINDOWS !== undefined) await writeFile(process.env.BENCH_WINDOWS, JSON.stringify(windows))

  // Each collection each service's processes ran, with its pause.
  const collections = new Map<Service, Array<{ readonly at: bigint; readonly ms: number }>>()
  for (const service of services) {
    const list: Array<{ readonly at: bigint; readonly ms: number }> = []
    for (const pid of GC_LOG ? processes.get(service)! : [])
      for (const line of (await readFile(join(gcDir, `gc-${pid}.log`), 'utf8').catch(() => '')).split('\n'))
        if (line !== '') list.push({ ms: Number(line.split(' ')[1]), at: BigInt(line.split(' ')[2]!) })
    collections.set(service, list)
  }
  const collectedIn = (service: Service, r: Round): number[] =>
    collections
      .get(service)!
      .filter((c) => c.at >= r.span[0] && c.at <= r.span[1])
      .map((c) => c.ms)

  const median = (values: number[]): number => pct(values, 0.5)
  const out: string[] = []
  const say = (line: string): void => void (console.log(line), out.push(line))
  say(
    `one channel message to ${PEOPLE * QUEUES_EACH} waiting queues of ${PEOPLE} people, ${ROUNDS} rounds of each (SQLite, ${WORKERS === 1 ? 'one process' : `--workers ${WORKERS}`}); ms from sending it`,
  )
  say('')
  say(
    '| build | message | delivery p50 | p99 | max | first delivery (median) | last (median) | send answered (median) | service CPU / round (median) | bench client CPU / round (median) | rounds with a collection before the last delivery (pauses) |',
  )
  say('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|')
  /** Per build and message: the figures the ratios compare. */
  const figures = new Map<string, { p50: number; p99: number; last: number; cpu: number }>()
  for (const service of services)
    for (const kind of KINDS) {
      const rounds = service.rounds.get(kind)!
      const all = rounds.flatMap((r) => r.deliveries)
      const m = (pick: (r: Round) => number): string => median(rounds.map(pick)).toFixed(0)
      const collected = (list: Round[]): string => {
        if (!GC_LOG) return '(not logged)'
        const pauses = list.map((r) => collectedIn(service, r)).filter((p) => p.length > 0)
        return `${pauses.length} of ${list.length}${pauses.length === 0 ? '' : ` (${pauses.map((p) => p.map((ms) => ms.toFixed(0)).join(' + ')).join(', ')} ms)`}`
      }
      figures.set(`${service.label} ${kind}`, {
        p50: pct(all, 0.5),
        p99: pct(all, 0.99),
        last: median(rounds.map((r) => r.last)),
        cpu: median(rounds.map((r) => r.serviceCpu)),
      })
      say(
        `| ${service.label} | ${kind === 'mentions' ? `mentions ${PEOPLE}` : 'no mentions'} | ${pct(all, 0.5).toFixed(0)} | ${pct(all, 0.99).toFixed(0)} | ${Math.max(...all).toFixed(0)} | ${m((r) => r.first)} | ${m((r) => r.last)} | ${m((r) => r.acknowledged)} | ${m((r) => r.serviceCpu)} | ${m((r) => r.clientCpu)} | ${collected(rounds)} |`,
      )
    }
  say('')
  for (const service of services)
    say(
      `${service.label} (pid ${service.child.pid}): the first round after the start (mentions), not counted: p50 ${pct(service.warmUp, 0.5).toFixed(0)} ms, p99 ${pct(service.warmUp, 0.99).toFixed(0)} ms`,
    )
  say('')
  say(
    `service CPU: its threads' (and its workers'), from /proc/…/schedstat, from just before the send to the last answer; load before: ${before}; after: ${after}`,
  )
  if (other !== undefined) {
    // This build over the other, message by message: below 1 is faster (or less CPU) here.
    say('')
    say(`this build ÷ ${other.label} (below 1: this build is faster)`)
    say('')
    say('| message | delivery p50 | p99 | last delivery (median) | service CPU / round (median) |')
    say('|---|---:|---:|---:|---:|')
    for (const kind of KINDS) {
      const mine = figures.get(`this build ${kind}`)!
      const theirs = figures.get(`${other.label} ${kind}`)!
      const ratio = (pick: (f: typeof mine) => number): string => `${(pick(mine) / pick(theirs)).toFixed(2)}×`
      say(
        `| ${kind === 'mentions' ? `mentions ${PEOPLE}` : 'no mentions'} | ${ratio((f) => f.p50)} | ${ratio((f) => f.p99)} | ${ratio((f) => f.last)} | ${ratio((f) => f.cpu)} |`,
      )
    }
    const head = execSync('git rev-parse --short=9 HEAD', { cwd: fileURLToPath(new URL('..', import.meta.url)) })
      .toString()
      .trim()
    const title = `# bench:chat-mentions — this build (${head}) and ${other.label}, rounds interleaved in one run (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version})`
    await writeFile(RESULTS, [title, '', ...out, ''].join('\n'))
  }
} finally {
  for (const child of children) child.kill('SIGTERM')
  agent.destroy()
  await rm(dir, { recursive: true, force: true })
}
