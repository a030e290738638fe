// Issue 25's mention goal: a channel message that mentions 100 people, with 1,000 queues of theirs long-polling
// (10 each): the time from sending it to each queue's answer (p99 ≤ 100 ms), on SQLite, the service as
// `npm run chat` starts it. Each answer is checked (the message, flagged `mentioned`) before it counts.
// The first round after the start is not timed (reported apart): its code runs cold, the service's first
// message costs several times what every later one does. BENCH_MAIN=…/main.js measures another build.

import assert from 'node:assert/strict'
import { execSync, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REFERENCE_FIXTURE } from '@prefixd/chat'
import { callChat, inBatches, pct, RawPoller, startChatProcess } from './chat-http.js'

const PEOPLE = 100
const QUEUES_EACH = 10
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
/** BENCH_PLAIN=1: the same message without the mentions, as a baseline on the same machine. */
const PLAIN = process.env.BENCH_PLAIN === '1'
const MAX = { email: 'max@example.com', key: 'dQ87hoIqvh0zyXrFRHSsEDbeefffLkpC' }
const person = (i: number): { id: number; email: string; key: string; name: string } => ({
  id: 1001 + i,
  email: `bench${i}@example.com`,
  key: `benchkey${String(i).padStart(24, '0')}`,
  name: `Bench Person ${i}`,
})
const agent = new Agent({ keepAlive: true, maxSockets: 32 })

const call = (base: string, who: { email: string; key: string }, method: string, path: string, params: Record<string, string>) =>
  callChat(agent, base, who, method, path, params)

const dir = await mkdtemp(join(tmpdir(), 'prefixd-bench-mentions-'))
let child: ChildProcess | undefined
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
  const started = await startChatProcess(['--db', join(dir, 'chat.db'), '--fixture', join(dir, 'org.json')], dir, process.env.BENCH_MAIN)
  child = started.child
  const base = started.base
  const queues = await inBatches(PEOPLE * QUEUES_EACH, 16, async (q) => {
    const who = person(q % PEOPLE)
    const answer = await call(base, who, 'POST', '/register', { event_types: '["message"]', fetch_event_types: '[]', queue_lifespan_secs: '3600' })
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    return { who, id: answer.body.queue_id as string }
  })
  const last = queues.map(() => -1)
  const content = PLAIN ? 'please read this' : Array.from({ length: PEOPLE }, (_, i) => `@**${person(i).name}**`).join(' ') + ' please read this'
  const times: number[] = []
  const warmUp: number[] = []
  const before = execSync('uptime').toString().trim()
  for (let round = -1; round < ROUNDS; round++) {
    // Fresh connections each round: between rounds an idle one may outlive the server's keep-alive (5 s) on a busy machine.
    const pollers = queues.map(() => new RawPoller(new URL(base)))
    const answers = queues.map((queue, i) => pollers[i]!.poll(queue.who, queue.id, last[i]!))
    await new Promise((resolve) => setTimeout(resolve, 3000)) // every poll waiting (a busy machine takes a while to open 1,000 connections)
    const t0 = performance.now()
    const sent = await call(base, MAX, 'POST', '/messages', { type: 'stream', to: 'general', topic: `round ${round}`, content })
    assert.equal(sent.status, 200, JSON.stringify(sent.body))
    for (const [i, answer] of (await Promise.all(answers)).entries()) {
      const events = (JSON.parse(answer.body) as { events: Array<{ id: number; message: { id: number }; flags: string[] }> }).events
      assert.equal(events.at(-1)!.message.id, sent.body.id)
      assert.deepEqual(events.at(-1)!.flags, PLAIN ? [] : ['mentioned'])
      ;(round < 0 ? warmUp : times).push(answer.arrivedAt - t0)
      last[i] = events.at(-1)!.id
    }
    for (const p of pollers) p.close()
  }
  const after = execSync('uptime').toString().trim()
  console.log(
    `one channel message ${PLAIN ? 'without mentions' : `mentioning ${PEOPLE} people`}, to ${queues.length} waiting queues, ${ROUNDS} rounds (SQLite, one process):`,
  )
  console.log(`send → delivery p50 ${pct(times, 0.5).toFixed(0)} ms, p99 ${pct(times, 0.99).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`)
  console.log(`the first round after the start, not counted: p50 ${pct(warmUp, 0.5).toFixed(0)} ms, p99 ${pct(warmUp, 0.99).toFixed(0)} ms`)
  console.log(`load before: ${before}; after: ${after}`)
} finally {
  child?.kill('SIGTERM')
  agent.destroy()
  await rm(dir, { recursive: true, force: true })
}
