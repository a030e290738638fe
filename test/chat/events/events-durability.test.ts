// Event queues of `npm run chat` as a child process: a queue and every event of every acknowledged change
// survive kill -9 and a clean stop, with the same ids, and each restart adds a `restart` event.

import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { USERS } from '../chat-helpers.js'

const MAIN = fileURLToPath(new URL('../../../packages/chat/dist/main.js', import.meta.url))

interface Child {
  readonly process: ChildProcess
  readonly url: string
}

type Event = Record<string, unknown> & { readonly id: number; readonly type: string }

/** Starts the service and waits for the line that gives its URL. */
function startChild(db: string, cwd: string): Promise<Child> {
  const child = spawn(process.execPath, [MAIN, '--port', '0', '--db', db], { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+?)\/?\s/.exec(output)
      if (match) resolve({ process: child, url: match[1]! })
    })
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)))
  })
}

/** Stops the child with `signal` and gives its exit code. */
function stop(child: Child, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    child.process.once('exit', (code) => resolve(code))
    child.process.kill(signal)
  })
}

async function call(
  url: string,
  user: string,
  method: string,
  path: string,
  values: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const encoded = new URLSearchParams(values).toString()
  const response = await fetch(`${url}/api/v1${path}${method === 'GET' ? '?' + encoded : ''}`, {
    method,
    headers: {
      authorization: 'Basic ' + Buffer.from(`${USERS[user]!.email}:${USERS[user]!.api_key}`).toString('base64'),
      'content-type': 'application/x-www-form-urlencoded',
    },
    ...(method !== 'GET' && { body: encoded }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function register(url: string): Promise<string> {
  const answer = await call(url, 'max', 'POST', '/register', { event_types: '["message"]' })
  assert.equal(answer.status, 200, JSON.stringify(answer.body))
  return answer.body.queue_id as string
}

async function take(url: string, queueId: string, last = -1): Promise<Event[]> {
  const answer = await call(url, 'max', 'GET', '/events', { queue_id: queueId, last_event_id: String(last), dont_block: 'true' })
  assert.equal(answer.status, 200, JSON.stringify(answer.body))
  return answer.body.events as Event[]
}

async function send(url: string, content: string): Promise<number> {
  const answer = await call(url, 'nina', 'POST', '/messages', { type: 'private', to: '[4]', content })
  assert.equal(answer.status, 200, JSON.stringify(answer.body))
  return answer.body.id as number
}

const messageId = (event: Event): number => (event.message as { id: number }).id

describe('event queues of npm run chat (child process)', function () {
  this.timeout(60_000)
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'prefixd-chat-events-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('keeps a queue and the events of every acknowledged change across kill -9, with the same ids and a restart event', async () => {
    const db = join(dir, 'chat.db')
    const child = await startChild(db, dir)
    const queue = await register(child.url)
    const first: number[] = []
    for (let i = 0; i < 5; i++) first.push(await send(child.url, `before ${i}`))
    const seen = await take(child.url, queue)
    assert.deepEqual(
      seen.map((e) => [e.id, messageId(e)]),
      first.map((id, i) => [i, id]),
    )
    // 80 sends in flight at once (nina's rate limit allows them); killed as soon as 20 are acknowledged.
    const acknowledged: number[] = []
    let killed: Promise<unknown> | undefined
    await Promise.all(
      Array.from({ length: 80 }, async (_, i) => {
        try {
          const answer = await call(child.url, 'nina', 'POST', '/messages', { type: 'private', to: '[4]', content: `burst ${i}` })
          if (answer.status === 200) acknowledged.push(answer.body.id as number)
          if (acknowledged.length === 20) killed ??= stop(child, 'SIGKILL')
        } catch {
          // The connection died with the process: not acknowledged, nothing owed.
        }
      }),
    )
    await (killed ?? stop(child, 'SIGKILL'))

    const restarted = await startChild(db, dir)
    try {
      const events = await take(restarted.url, queue)
      assert.deepEqual(events.slice(0, seen.length), seen, 'the events read before the crash, with their ids')
      assert.deepEqual(
        events.map((e) => e.id),
        events.map((_, i) => i),
        'ids from 0, one by one',
      )
      const delivered = new Set(events.filter((e) => e.type === 'message').map(messageId))
      assert.deepEqual(
        acknowledged.filter((id) => !delivered.has(id)),
        [],
        'no acknowledged message lost',
      )
      assert.deepEqual(
        events
          .slice(0, -1)
          .map((e) => e.type)
          .filter((t) => t !== 'message'),
        [],
      )
      assert.equal(events.at(-1)!.type, 'restart')
      // The queue goes on: acknowledged, then a new event with the next id.
      assert.deepEqual(await take(restarted.url, queue, events.at(-1)!.id), [])
      const id = await send(restarted.url, 'after')
      assert.deepEqual(
        (await take(restarted.url, queue, events.at(-1)!.id)).map((e) => [e.id, messageId(e)]),
        [[events.length, id]],
      )
    } finally {
      await stop(restarted, 'SIGKILL')
    }
  })

  it('keeps a queue, its acknowledgements and its events across a clean stop (SIGTERM), adding a restart event each time', async () => {
    const db = join(dir, 'chat.db')
    const child = await startChild(db, dir)
    const queue = await register(child.url)
    for (let i = 0; i < 4; i++) await send(child.url, `message ${i}`)
    const all = await take(child.url, queue)
    const kept = await take(child.url, queue, 1) // 0 and 1 acknowledged
    assert.deepEqual(kept, all.slice(2))
    assert.equal(await stop(child, 'SIGTERM'), 0)

    const second = await startChild(db, dir)
    const afterFirst = await take(second.url, queue, 1)
    assert.deepEqual(afterFirst.slice(0, 2), kept)
    assert.deepEqual(
      afterFirst.slice(2).map((e) => [e.id, e.type]),
      [[4, 'restart']],
    )
    const answer = await call(second.url, 'max', 'GET', '/events', { queue_id: queue, last_event_id: '0', dont_block: 'true' })
    assert.equal(answer.body.msg, 'An event newer than 0 has already been pruned!')
    assert.equal(await stop(second, 'SIGTERM'), 0)

    const third = await startChild(db, dir)
    try {
      const afterSecond = await take(third.url, queue, 1)
      assert.deepEqual(afterSecond.slice(0, 3), afterFirst)
      assert.deepEqual(
        afterSecond.slice(3).map((e) => [e.id, e.type]),
        [[5, 'restart']],
      )
    } finally {
      await stop(third, 'SIGKILL')
    }
  })
})
