// `npm run chat` as a child process: what it prints, its flags, and no acknowledged write lost to a kill -9.

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

/** Starts the service and waits for the line that gives its URL. */
function startChild(args: string[], cwd: string): Promise<Child> {
  const child = spawn(process.execPath, [MAIN, '--port', '0', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  return new Promise((resolve, reject) => {
    let output = ''
    const onData = (chunk: Buffer): void => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+?)\/?\s/.exec(output)
      if (match) resolve({ process: child, url: match[1]! })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)))
  })
}

/** Runs the program to its end and gives its exit code and output. */
function runChild(args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [MAIN, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })))
}

function killHard(child: Child): Promise<void> {
  return new Promise((resolve) => {
    child.process.once('exit', () => resolve())
    child.process.kill('SIGKILL')
  })
}

const auth = (name: string): string => 'Basic ' + Buffer.from(`${USERS[name]!.email}:${USERS[name]!.api_key}`).toString('base64')

async function call(url: string, method: string, path: string, body?: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}/api/v1${path}`, {
    method,
    headers: { authorization: auth('max'), 'content-type': 'application/x-www-form-urlencoded' },
    ...(body && { body: new URLSearchParams(body).toString() }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('npm run chat (child process)', function () {
  this.timeout(60_000)
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'prefixd-chat-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('prints its URL, creates the database under the working directory, and answers', async () => {
    const child = await startChild([], dir)
    try {
      assert.match(child.url, /^http:\/\/127\.0\.0\.1:\d+$/)
      const settings = (await (await fetch(`${child.url}/api/v1/server_settings`)).json()) as Record<string, unknown>
      assert.equal(settings.service_feature_level, 496)
    } finally {
      await killHard(child)
    }
    // Started again on the same file, it does not load the fixture twice.
    const again = await startChild([], dir)
    await killHard(again)
  })

  it('refuses bad flags and a fixture for a database that is not empty, with exit code 2', async () => {
    assert.equal((await runChild(['--port', 'abc'], dir)).code, 2)
    assert.equal((await runChild(['--no-such-flag'], dir)).code, 2)
    const missing = await runChild(['--fixture', join(dir, 'nope.json'), '--db', ':memory:', '--port', '0'], dir)
    assert.equal(missing.code, 2)
    assert.match(missing.output, /cannot read the fixture/)
    const first = await startChild(['--db', join(dir, 'x.db')], dir)
    await killHard(first)
    const refused = await runChild(
      ['--db', join(dir, 'x.db'), '--port', '0', '--fixture', fileURLToPath(new URL('../../../packages/chat/fixtures/chat-org.json', import.meta.url))],
      dir,
    )
    assert.equal(refused.code, 2)
    assert.match(refused.output, /already holds an organization/)
  })

  it('loses no acknowledged write when killed with SIGKILL in the middle of a burst of writes', async () => {
    const db = join(dir, 'chat.db')
    const child = await startChild(['--db', db], dir)
    // 150 messages in flight at once (within the rate limit); the process is killed as soon as 50 are acknowledged.
    const acknowledged: number[] = []
    let killed: Promise<void> | undefined
    const sends = Array.from({ length: 150 }, async (_, i) => {
      try {
        const answer = await call(child.url, 'POST', '/messages', { type: 'stream', to: '2', topic: 'burst', content: `message ${i}` })
        if (answer.status === 200) acknowledged.push(answer.body.id as number)
        if (acknowledged.length === 50) killed ??= killHard(child)
      } catch {
        // The connection died with the process: not acknowledged, so nothing is owed.
      }
    })
    await Promise.all(sends)
    await (killed ?? killHard(child))
    assert.ok(acknowledged.length >= 50, `only ${acknowledged.length} acknowledged`)

    // A new process opens the database (recovering the WAL) and serves again.
    const restarted = await startChild(['--db', db], dir)
    try {
      assert.equal((await call(restarted.url, 'POST', '/messages/render', { content: 'still here' })).status, 200)
      const found = new Set<number>()
      const { default: Database } = await import('better-sqlite3')
      const reader = new Database(db, { readonly: true })
      for (const row of reader.prepare("SELECT id FROM messages WHERE topic = 'burst'").all() as Array<{ id: number }>) found.add(row.id)
      reader.close()
      const lost = acknowledged.filter((id) => !found.has(id))
      assert.deepEqual(lost, [])
    } finally {
      await killHard(restarted)
    }
  })

  it('keeps a regenerated key and a cancelled scheduled message across kill -9 and restart', async () => {
    const db = join(dir, 'chat.db')
    const child = await startChild(['--db', db], dir)
    const regenerated = await call(child.url, 'POST', '/bots/20/api_key/regenerate')
    assert.equal(regenerated.status, 200)
    assert.equal((await call(child.url, 'DELETE', '/scheduled_messages/1')).status, 200)
    await killHard(child)

    const restarted = await startChild(['--db', db], dir)
    try {
      assert.equal((await call(restarted.url, 'DELETE', '/scheduled_messages/1')).status, 404)
      const bot = await fetch(`${restarted.url}/api/v1/users/me`, {
        headers: { authorization: 'Basic ' + Buffer.from(`${USERS['linkbot-bot']!.email}:${regenerated.body.api_key as string}`).toString('base64') },
      })
      assert.equal(bot.status, 200)
    } finally {
      await killHard(restarted)
    }
  })
})
