// Two independent `npm run chat` processes on one PostgreSQL database (`--db postgres://…`), driven as
// clients meet them: a long poll on one wakes for a change made through the other, the rate limit holds
// across both, and kill -9 of one in the middle of 100 sends loses no acknowledged message or event —
// the other serves every queue, those registered through the one killed too.

import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { postgresOrSkip, type TestPostgres } from '../../support/postgres.js'
import { startListening, type ListeningProgram } from '../../support/listening-program.js'
import { USERS } from '../chat-helpers.js'
import { call, type Event } from '../one-connection.js'

const MAIN = fileURLToPath(new URL('../../../packages/chat/dist/main.js', import.meta.url))

function startProcess(db: string, dir: string): Promise<ListeningProgram> {
  return startListening([MAIN, '--port', '0', '--db', db, '--mail-dir', join(dir, 'mail')], dir)
}

async function stopProcess(p: ListeningProgram | undefined): Promise<void> {
  if (p === undefined || p.child.exitCode !== null || p.child.signalCode !== null) return
  const exited = new Promise((resolve) => p.child.once('exit', resolve))
  p.child.kill('SIGTERM')
  await exited
}

/** Every event in the queue from the start, read through `url` without waiting. */
async function drain(url: string, queue: string): Promise<Event[]> {
  const all: Event[] = []
  let last = -1
  for (;;) {
    const answer = await call(url, 'nina', 'GET', '/events', { queue_id: queue, last_event_id: String(last), dont_block: 'true' })
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    const events = answer.body.events as Event[]
    if (events.length === 0) return all
    all.push(...events)
    last = events.at(-1)!.id
  }
}

describe('two chat processes on one PostgreSQL', () => {
  let postgres: TestPostgres | undefined
  let dir: string
  let a: ListeningProgram | undefined
  let b: ListeningProgram | undefined

  before(async function () {
    postgres = await postgresOrSkip(this)
    this.timeout(120_000) // the first process loads the organization (scrypt for every password)
    dir = await mkdtemp(join(tmpdir(), 'prefixd-chat-pg-processes-'))
    const db = postgres!.createDatabase('chat')
    a = await startProcess(db, dir)
    b = await startProcess(db, dir) // joins the organization the first one loaded
  })

  after(async () => {
    await stopProcess(a)
    await stopProcess(b)
    postgres?.stop()
    if (dir !== undefined) await rm(dir, { recursive: true, force: true })
  })

  it('wakes long polls on either process for a message sent through the other', async () => {
    const onA = (await call(a!.url, 'nina', 'POST', '/register', { event_types: '["message"]' })).body.queue_id as string
    const onB = (await call(b!.url, 'nina', 'POST', '/register', { event_types: '["message"]' })).body.queue_id as string
    const pollA = call(a!.url, 'nina', 'GET', '/events', { queue_id: onA, last_event_id: '-1' })
    const pollB = call(b!.url, 'nina', 'GET', '/events', { queue_id: onB, last_event_id: '-1' })
    await new Promise((resolve) => setTimeout(resolve, 300)) // the polls reach their processes
    const viaB = await call(b!.url, 'max', 'POST', '/messages', { type: 'private', to: '[5]', content: 'through B' })
    assert.equal(viaB.status, 200)
    assert.deepEqual(
      ((await pollA).body.events as Event[]).map((e) => [e.type, e.message?.id]),
      [['message', viaB.body.id]],
    )
    assert.deepEqual(
      ((await pollB).body.events as Event[]).map((e) => [e.type, e.message?.id]),
      [['message', viaB.body.id]],
    )
  })

  it('wakes a long poll on one process for reactions, typing, presence, subscriptions and uploads made through the other', async () => {
    const types = ['reaction', 'typing', 'presence', 'subscription', 'attachment']
    const onB = (await call(b!.url, 'nina', 'POST', '/register', { event_types: JSON.stringify(types) })).body.queue_id as string
    const poll = call(b!.url, 'nina', 'GET', '/events', { queue_id: onB, last_event_id: '-1' })
    await new Promise((resolve) => setTimeout(resolve, 300)) // the poll reaches its process
    assert.equal((await call(a!.url, 'max', 'POST', '/messages/113/reactions', { emoji_name: 'tada' })).status, 200)
    const woken = (await poll).body.events as Array<Event & { op?: string }>
    assert.deepEqual(
      woken.map((e) => [e.type, e.op]),
      [['reaction', 'add']],
    )
    assert.equal((await call(a!.url, 'max', 'POST', '/typing', { op: 'start', to: '[5]' })).status, 200)
    assert.equal((await call(a!.url, 'max', 'POST', '/users/me/presence', { status: 'active' })).status, 200)
    assert.equal(
      (await call(a!.url, 'max', 'POST', '/users/me/subscriptions', { subscriptions: '[{"name": "across processes"}]', principals: '[5]' })).status,
      200,
    )
    const form = new FormData()
    form.append('file', new Blob(['bytes']), 'across.txt')
    const uploaded = await fetch(`${a!.url}/api/v1/user_uploads`, {
      method: 'POST',
      headers: { authorization: 'Basic ' + Buffer.from('nina@example.com:' + USERS.nina!.api_key).toString('base64') },
      body: form,
    })
    assert.equal(uploaded.status, 200)
    const url = ((await uploaded.json()) as { url: string }).url
    const rest = (await drain(b!.url, onB)).slice(1) as Array<Event & { op?: string }>
    assert.deepEqual(
      rest.map((e) => [e.type, e.op ?? null]),
      [
        ['typing', 'start'],
        ['presence', null],
        ['subscription', 'add'],
        ['attachment', 'add'],
      ],
    )
    // The file, stored through A, is served through B.
    const served = await fetch(`${b!.url}${url}`, {
      headers: { authorization: 'Basic ' + Buffer.from('nina@example.com:' + USERS.nina!.api_key).toString('base64') },
    })
    assert.equal(await served.text(), 'bytes')
  })

  it('holds the rate limit across both: one count per user, whichever process answers', async () => {
    const windows = new Map<string, number[]>()
    for (let i = 0; i < 30; i++) {
      const response = await call(i % 2 === 0 ? a!.url : b!.url, 'gus', 'GET', '/users/me')
      assert.equal(response.status, 200)
      const reset = response.headers['x-ratelimit-reset'] as string
      windows.set(reset, [...(windows.get(reset) ?? []), Number(response.headers['x-ratelimit-remaining'])])
    }
    // One shared count: within a window every answer has a different Remaining, decreasing.
    for (const remaining of windows.values())
      assert.deepEqual(
        remaining,
        [...remaining].sort((x, y) => y - x).filter((v, i, all) => all.indexOf(v) === i),
      )
  })

  it('gives requests that arrive together each their own place in the count (one atomic upsert each)', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => call(i % 2 === 0 ? a!.url : b!.url, 'mira', 'GET', '/users/me')))
    assert.deepEqual(
      answers.map((x) => x.status),
      answers.map(() => 200),
    )
    const windows = new Map<string, number[]>()
    for (const x of answers) {
      const reset = x.headers['x-ratelimit-reset'] as string
      windows.set(reset, [...(windows.get(reset) ?? []), Number(x.headers['x-ratelimit-remaining'])])
    }
    // Within a window, no two requests were given the same place, and none was skipped.
    for (const remaining of windows.values()) {
      const sorted = [...remaining].sort((x, y) => y - x)
      assert.deepEqual(
        sorted,
        sorted.map((_, i) => sorted[0]! - i),
      )
    }
  })

  it('counts GET /events (whose budget is taken in the statement that reads its queue) in the same count as every request, and past the limit answers it 429, before its own 400', async () => {
    const queue = (await call(a!.url, 'adam', 'POST', '/register', { event_types: '["message"]' })).body.queue_id as string
    const windows = new Map<string, number[]>()
    for (let i = 0; i < 20; i++) {
      const url = i % 2 === 0 ? a!.url : b!.url
      const response =
        i % 4 < 2
          ? await call(url, 'adam', 'GET', '/events', { queue_id: queue, last_event_id: '-1', dont_block: 'true' })
          : await call(url, 'adam', 'GET', '/users/me')
      assert.equal(response.status, 200, JSON.stringify(response.body))
      const reset = response.headers['x-ratelimit-reset'] as string
      windows.set(reset, [...(windows.get(reset) ?? []), Number(response.headers['x-ratelimit-remaining'])])
    }
    // One count: within a window, each answer one place further down, whichever the endpoint.
    for (const remaining of windows.values())
      assert.deepEqual(
        remaining,
        remaining.map((_, i) => remaining[0]! - i),
      )
    const missing = await call(a!.url, 'adam', 'GET', '/events', { last_event_id: '-1' })
    assert.equal(missing.status, 400)
    assert.ok(missing.headers['x-ratelimit-remaining'] !== undefined, 'an error answer carries the budget too')
    // Spend the rest of the budget (a new window may start meanwhile: then spend that one).
    for (let tries = 0; tries < 2; tries++) {
      let spent: Awaited<ReturnType<typeof call>>
      do spent = await call(b!.url, 'adam', 'GET', '/users/me')
      while (spent.status === 200)
      assert.equal(spent.status, 429)
      const over = await call(a!.url, 'adam', 'GET', '/events', { queue_id: queue, last_event_id: '-1' })
      const overMissing = await call(b!.url, 'adam', 'GET', '/events', { last_event_id: '-1' })
      if (over.headers['x-ratelimit-reset'] !== spent.headers['x-ratelimit-reset']) continue
      assert.equal(over.status, 429, JSON.stringify(over.body))
      assert.equal(over.body.code, 'RATE_LIMIT_HIT')
      assert.equal(overMissing.status, 429, JSON.stringify(overMissing.body))
      return
    }
    assert.fail('the window changed twice')
  })

  it('runs concurrent sends through both processes beside each other: every queue gets each message once, its event ids one after another', async () => {
    const register = async (url: string): Promise<string> =>
      (await call(url, 'nina', 'POST', '/register', { event_types: '["message"]', queue_lifespan_secs: '3600' })).body.queue_id as string
    const queues = [await register(a!.url), await register(b!.url), await register(a!.url)]
    // Senders that share recipients (their sends lock the same queues) and one that does not.
    const senders = ['max', 'olivia', 'nina']
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call(i % 2 === 0 ? a!.url : b!.url, senders[i % 3]!, 'POST', '/messages', { type: 'private', to: '[5]', content: `concurrent ${i}` }),
      ),
    )
    assert.deepEqual(
      answers.map((x) => x.status),
      answers.map(() => 200),
    )
    const sent = answers.map((x) => x.body.id as number).sort((x, y) => x - y)
    for (const queue of queues) {
      const events = await drain(b!.url, queue)
      assert.deepEqual(
        events.map((e) => e.id),
        events.map((_, i) => i),
        'ids 0, 1, 2, … with no gap or repeat',
      )
      assert.deepEqual(
        events.map((e) => e.message!.id).sort((x, y) => x - y),
        sent,
        `queue ${queue}: every message once`,
      )
    }
  })

  it('loses no acknowledged message nor its events when one process is killed (SIGKILL) in the middle of 100 sends', async function () {
    this.timeout(60_000)
    // Nina's queues: one registered through each process; both are read through B afterwards.
    const register = async (url: string): Promise<string> =>
      (await call(url, 'nina', 'POST', '/register', { event_types: '["message"]', queue_lifespan_secs: '3600' })).body.queue_id as string
    const queues = [await register(a!.url), await register(b!.url)]
    let answered = 0
    const sends = Array.from({ length: 100 }, (_, i) =>
      call(i % 2 === 0 ? a!.url : b!.url, 'olivia', 'POST', '/messages', { type: 'private', to: '[5]', content: `send ${i}` }).then(
        (answer) => {
          if (++answered === 30) a!.child.kill('SIGKILL')
          return answer
        },
        () => undefined, // its connection went with the process: not acknowledged
      ),
    )
    const answers = await Promise.all(sends)
    const acknowledged = answers.filter((x) => x?.status === 200).map((x) => x!.body.id as number)
    assert.ok(acknowledged.length >= 30, `${acknowledged.length} acknowledged`)
    assert.ok(
      answers.some((x) => x === undefined),
      'some sends to the killed process were never answered',
    )
    let lastOfFirst = -1
    for (const queue of queues) {
      const events = await drain(b!.url, queue)
      if (queue === queues[0]) lastOfFirst = events.at(-1)!.id
      const delivered = events.filter((e) => e.type === 'message').map((e) => e.message!.id)
      assert.deepEqual(
        acknowledged.filter((id) => !delivered.includes(id)),
        [],
        `queue ${queue}`,
      )
      assert.equal(new Set(delivered).size, delivered.length, 'each message once')
    }
    // B still takes writes and wakes its polls.
    const poll = call(b!.url, 'nina', 'GET', '/events', { queue_id: queues[0]!, last_event_id: String(lastOfFirst) })
    await new Promise((resolve) => setTimeout(resolve, 200))
    const after = await call(b!.url, 'max', 'POST', '/messages', { type: 'private', to: '[5]', content: 'after the kill' })
    assert.deepEqual(
      ((await poll).body.events as Event[]).map((e) => e.message?.id),
      [after.body.id],
    )
  })
})
