// `npm run chat -- --workers 2`: two chat processes on one port and one database, driven as clients meet
// them — a long poll on one wakes for a change made through the other, the rate limit holds across
// both, and kill -9 of one in the middle of 100 sends loses no acknowledged message or event.

import assert from 'node:assert/strict'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { until } from '../chat-helpers.js'
import { call, type Event } from '../one-connection.js'

const MAIN = fileURLToPath(new URL('../../../packages/chat/dist/main.js', import.meta.url))

describe('chat --workers 2', () => {
  let dir: string
  let child: ChildProcess
  let url: string
  let log = ''
  /** The pids of the workers that said they listen, in order (replacements included). */
  const workerPids = (): number[] => [...log.matchAll(/worker \d+ \(pid (\d+)\) listening/g)].map((m) => Number(m[1]))

  before(async function () {
    this.timeout(60_000) // the first worker loads the organization (scrypt for every password)
    dir = await mkdtemp(join(tmpdir(), 'prefixd-chat-workers-'))
    child = spawn(process.execPath, [MAIN, '--workers', '2', '--port', '0', '--db', join(dir, 'chat.db'), '--mail-dir', join(dir, 'mail')], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()))
    url = await new Promise<string>((resolve, reject) => {
      let output = ''
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const match = /listening on (http:\/\/\S+?)\/? \(2 workers\)/.exec(output)
        if (match) resolve(match[1]!)
      })
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}${log}`)))
    })
  })

  after(async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
    await rm(dir, { recursive: true, force: true })
  })

  it('refuses a bad --workers, --rate-limit or upload limit, and --workers with :memory:, with exit code 2', function () {
    this.timeout(120_000) // eight processes start one after another (a second or two each on a busy machine)
    for (const args of [
      ['--workers', '0'],
      ['--workers', 'two'],
      ['--workers', '2', '--db', ':memory:'],
      ['--rate-limit', '200'],
      ['--rate-limit', '0/60'],
      ['--max-upload-mb', '0'],
      ['--upload-quota-mb', 'lots'],
      ['--max-uploads-per-user', '-1'],
    ]) {
      const run = spawnSync(process.execPath, [MAIN, '--port', '0', ...args], { cwd: dir, encoding: 'utf8', timeout: 20_000 })
      assert.equal(run.status, 2, args.join(' '))
      assert.match(run.stderr, /--workers|--rate-limit|--max-upload-mb|--upload-quota-mb|--max-uploads-per-user/)
    }
  })

  it('serves both workers on one port, and long polls on either wake for a message sent through the other', async () => {
    assert.equal(new Set(workerPids()).size, 2)
    // Four queues, each polled on a connection of its own: two wait on each worker.
    const queues: string[] = []
    for (let i = 0; i < 4; i++) queues.push((await call(url, 'nina', 'POST', '/register', { event_types: '["message"]' })).body.queue_id as string)
    const polls = queues.map((queue) => call(url, 'nina', 'GET', '/events', { queue_id: queue, last_event_id: '-1' }))
    await new Promise((resolve) => setTimeout(resolve, 300)) // the polls reach their workers (a wait for them, not for time to pass)
    const sent = await call(url, 'max', 'POST', '/messages', { type: 'private', to: '[5]', content: 'to every worker' })
    assert.equal(sent.status, 200)
    for (const answer of await Promise.all(polls)) {
      assert.equal(answer.status, 200)
      assert.deepEqual(
        (answer.body.events as Event[]).map((e) => [e.type, e.message?.id]),
        [['message', sent.body.id]],
      )
    }
  })

  it('wakes long polls on either worker for a reaction and a typing notification made through the other', async () => {
    const queues: string[] = []
    for (let i = 0; i < 4; i++) queues.push((await call(url, 'nina', 'POST', '/register', { event_types: '["reaction", "typing"]' })).body.queue_id as string)
    const polls = queues.map((queue) => call(url, 'nina', 'GET', '/events', { queue_id: queue, last_event_id: '-1' }))
    await new Promise((resolve) => setTimeout(resolve, 300)) // the polls reach their workers
    assert.equal((await call(url, 'max', 'POST', '/messages/113/reactions', { emoji_name: 'octopus' })).status, 200)
    for (const answer of await Promise.all(polls))
      assert.deepEqual(
        (answer.body.events as Array<Event & { op?: string }>).map((e) => [e.type, e.op]),
        [['reaction', 'add']],
      )
    const next = queues.map((queue) => call(url, 'nina', 'GET', '/events', { queue_id: queue, last_event_id: '0' }))
    await new Promise((resolve) => setTimeout(resolve, 300))
    assert.equal((await call(url, 'max', 'POST', '/typing', { op: 'start', to: '[5]' })).status, 200)
    for (const answer of await Promise.all(next))
      assert.deepEqual(
        (answer.body.events as Array<Event & { op?: string }>).map((e) => [e.type, e.op]),
        [['typing', 'start']],
      )
  })

  it('holds the rate limit across the workers: one count per user, whichever worker answers', async () => {
    // Thirty requests, on connections of their own, so that both workers answer some. Within one window
    // (same X-RateLimit-Reset), one shared count gives every answer a different Remaining; a count per
    // worker would give each value twice.
    const windows = new Map<string, number[]>()
    for (let i = 0; i < 30; i++) {
      const response = await call(url, 'gus', 'GET', '/users/me')
      assert.equal(response.status, 200)
      const reset = response.headers['x-ratelimit-reset'] as string
      windows.set(reset, [...(windows.get(reset) ?? []), Number(response.headers['x-ratelimit-remaining'])])
    }
    for (const remaining of windows.values())
      assert.deepEqual(
        remaining,
        [...remaining].sort((a, b) => b - a).filter((v, i, all) => all.indexOf(v) === i),
      )
  })

  it('loses no acknowledged message nor its event when one worker is killed (SIGKILL) in the middle of 100 sends', async function () {
    this.timeout(60_000)
    const queue = (await call(url, 'nina', 'POST', '/register', { event_types: '["message"]', queue_lifespan_secs: '3600' })).body.queue_id as string
    const victim = workerPids().at(-1)!
    let answered = 0
    const sends = Array.from({ length: 100 }, (_, i) =>
      call(url, 'olivia', 'POST', '/messages', { type: 'private', to: '[5]', content: `send ${i}` }).then(
        (answer) => {
          if (++answered === 30) process.kill(victim, 'SIGKILL')
          return answer
        },
        () => undefined, // its connection went with the worker: not acknowledged
      ),
    )
    const acknowledged = (await Promise.all(sends)).filter((a) => a?.status === 200).map((a) => a!.body.id as number)
    assert.ok(acknowledged.length >= 30, `${acknowledged.length} acknowledged`)
    // The other worker (and the primary's replacement) serve the queue: every acknowledged message is in it.
    const delivered = new Set<number>()
    let last = -1
    for (;;) {
      const answer = await call(url, 'nina', 'GET', '/events', { queue_id: queue, last_event_id: String(last), dont_block: 'true' })
      assert.equal(answer.status, 200, JSON.stringify(answer.body))
      const events = answer.body.events as Event[]
      if (events.length === 0) break
      for (const event of events) if (event.message !== undefined) delivered.add(event.message.id)
      last = events.at(-1)!.id
    }
    assert.deepEqual(
      acknowledged.filter((id) => !delivered.has(id)),
      [],
    )
    await until(() => workerPids().length >= 3, 'the primary starts another worker')
  })
})
