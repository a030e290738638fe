// A PostgreSQL restart under both services, as programs: while it is down they answer 503 with Retry-After
// (what needs no database is still answered) and readiness fails, no process exits; once it is back each is
// ready again within 5 s by itself — pools reconnected, LISTEN again — and a long poll held across the
// outage gets the message sent after it, whether its notification was heard or read back from the store.

import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { postgresOrSkip, type TestPostgres } from '../support/postgres.js'
import { startListening, type ListeningProgram } from '../support/listening-program.js'
import { call, type Answer, type Event } from '../chat/one-connection.js'

const CHAT = fileURLToPath(new URL('../../packages/chat/dist/main.js', import.meta.url))
const CLI = fileURLToPath(new URL('../../packages/cli/dist/main.js', import.meta.url))
const TOKEN = 'restart-test-token-0123456789'
/** The chat's write lock (store/postgres-store.ts WRITE_LOCK, "pref"): held here, sends wait inside their transactions. */
const CHAT_WRITE_LOCK = 0x70726566

async function stopProgram(p: ListeningProgram | undefined): Promise<void> {
  if (p === undefined || p.child.exitCode !== null || p.child.signalCode !== null) return
  const exited = new Promise((resolve) => p.child.once('exit', resolve))
  p.child.kill('SIGTERM')
  await exited
}

const readiness = (url: string): Promise<number> =>
  fetch(`${url}/health/ready`).then(
    (r) => r.status,
    () => 0,
  )

/** Polls `probe` every 50 ms until it holds; resolves with the milliseconds it took (rejects past `ms`). */
async function within(ms: number, what: string, probe: () => Promise<boolean>): Promise<number> {
  const start = performance.now()
  for (;;) {
    if (await probe()) return performance.now() - start
    if (performance.now() - start > ms) throw new Error(`not within ${ms} ms: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('a PostgreSQL restart under the resolver and two chat processes', function () {
  let postgres: TestPostgres | undefined
  let dir: string
  let chatDb: string
  const programs: ListeningProgram[] = []

  before(async function () {
    postgres = await postgresOrSkip(this)
    this.timeout(120_000) // the first chat process loads the organization (scrypt for every password)
    dir = await mkdtemp(join(tmpdir(), 'prefixd-pg-restart-'))
    chatDb = postgres!.createDatabase('chat')
    const setsDb = postgres!.createDatabase('sets')
    programs.push(await startListening([CHAT, '--port', '0', '--db', chatDb, '--mail-dir', join(dir, 'mail')], dir))
    programs.push(await startListening([CHAT, '--port', '0', '--db', chatDb, '--mail-dir', join(dir, 'mail')], dir))
    programs.push(await startListening([CLI, 'serve', '--port', '0', '--quiet', '--store', setsDb], dir, { PREFIXD_TOKENS: TOKEN }))
  })

  after(async () => {
    for (const p of programs) await stopProgram(p)
    postgres?.stop()
    if (dir !== undefined) await rm(dir, { recursive: true, force: true })
  })

  it('answers 503 + Retry-After while it is down, never exits, and is whole again within 5 s of its return', async function () {
    this.timeout(90_000)
    const [a, b, resolver] = programs as [ListeningProgram, ListeningProgram, ListeningProgram]
    const put = await fetch(`${resolver.url}/api/v1/sets/team`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ex: 'http://example.org/ns#' }),
    })
    assert.equal(put.status, 201)
    const queue = (await call(a.url, 'nina', 'POST', '/register', { event_types: '["message"]' })).body.queue_id as string
    const unread = (await call(b.url, 'nina', 'POST', '/register', { event_types: '["message"]' })).body.queue_id as string
    const before: number[] = []
    for (let i = 0; i < 5; i++)
      before.push((await call(b.url, 'max', 'POST', '/messages', { type: 'private', to: '[5]', content: `before ${i}` })).body.id as number)
    // A long poll on A with nothing to read yet, held across the outage.
    const first = await call(a.url, 'nina', 'GET', '/events', { queue_id: queue, last_event_id: '-1', dont_block: 'true' })
    const lastBefore = (first.body.events as Event[]).at(-1)!.id
    const held = call(a.url, 'nina', 'GET', '/events', { queue_id: queue, last_event_id: String(lastBefore) })
    await new Promise((resolve) => setTimeout(resolve, 500)) // the poll has read its queue and waits (a program shows no more)

    // Sends in the middle of their transactions as it stops (held there by the chat's write lock, taken here):
    // a connection lost inside a transaction must not end a process.
    const holder = new pg.Client({ connectionString: chatDb })
    holder.on('error', () => {})
    await holder.connect()
    await holder.query(`SELECT pg_advisory_lock(${CHAT_WRITE_LOCK})`)
    const inFlight = Array.from({ length: 10 }, (_, i) =>
      call(i % 2 === 0 ? a.url : b.url, 'max', 'POST', '/messages', { type: 'private', to: '[5]', content: `in flight ${i}` }).catch(() => undefined),
    )
    await within(5000, 'the sends wait for the lock', async () => {
      const { rows } = await holder.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'")
      return rows[0].n >= 10
    })
    postgres!.down()
    await Promise.all(inFlight)
    for (const p of [a, b, resolver]) await within(5000, `${p.url} not ready`, async () => (await readiness(p.url)) === 503)
    const send: Answer = await call(b.url, 'max', 'POST', '/messages', { type: 'private', to: '[5]', content: 'while down' })
    assert.deepEqual([send.status, send.headers['retry-after'], send.body.code], [503, '1', 'SERVICE_UNAVAILABLE'])
    const set = await fetch(`${resolver.url}/api/v1/expand?q=ex:a&set=team`)
    assert.deepEqual([set.status, set.headers.get('retry-after')], [503, '1'])
    // What needs no database is still answered.
    assert.equal((await fetch(`${resolver.url}/api/v1/expand?q=foaf:Person`)).status, 200)

    postgres!.up()
    const back = await Promise.all([a, b, resolver].map((p) => within(5000, `${p.url} ready again`, async () => (await readiness(p.url)) === 200)))
    const after = await call(b.url, 'max', 'POST', '/messages', { type: 'private', to: '[5]', content: 'after' })
    assert.equal(after.status, 200, JSON.stringify(after.body))
    const woken = await held
    assert.equal(woken.status, 200, JSON.stringify(woken.body) + a.output())
    const seen = (woken.body.events as Event[]).map((e) => [e.type, e.message?.id])
    assert.deepEqual(
      seen.filter(([type]) => type === 'message'),
      [['message', after.body.id]],
    )
    // Nothing committed before the restart was lost, under the same ids.
    const all = await call(a.url, 'nina', 'GET', '/events', { queue_id: unread, last_event_id: '-1', dont_block: 'true' })
    const messages = (all.body.events as Event[]).filter((e) => e.type === 'message').map((e) => e.message!.id)
    const acknowledged = (await Promise.all(inFlight)).filter((answer) => answer?.status === 200).map((answer) => answer!.body.id as number)
    assert.deepEqual(
      messages.filter((id) => before.includes(id) || acknowledged.includes(id) || id === after.body.id),
      [...before, ...acknowledged, after.body.id as number].sort((x, y) => x - y),
    )
    assert.equal((await fetch(`${resolver.url}/api/v1/expand?q=ex:a&set=team`)).status, 200)
    for (const p of programs) assert.equal(p.child.exitCode, null, p.output())
    console.log(`      (ready again ${back.map((ms) => `${Math.round(ms)} ms`).join(', ')} after PostgreSQL accepted connections)`)
  })
})
