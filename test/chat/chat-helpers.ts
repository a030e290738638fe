// The chat service on an ephemeral port over the reference organization, and clients that call it as a user.

import assert from 'node:assert/strict'
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PrefixIndex } from '@prefixd/core'
import { loadFixture, openDatabase, REFERENCE_FIXTURE, startChat, type EventBroker, type RunningChat } from '@prefixd/chat'
import { TestClock } from './test-clock.js'

interface FixtureUser {
  readonly user_id: number
  readonly email: string
  readonly api_key: string
  readonly password?: string
  readonly role: string
  readonly is_bot: boolean
  readonly is_active: boolean
}

/** The users of the reference organization, by first name of their email (`max`, `olivia`, `linkbot-bot`). */
export const USERS: Readonly<Record<string, FixtureUser>> = Object.fromEntries(
  (JSON.parse(readFileSync(REFERENCE_FIXTURE, 'utf8')) as { users: FixtureUser[] }).users.map((u) => [u.email.split('@')[0]!, u]),
)

export interface Answer {
  readonly status: number
  readonly headers: Headers
  readonly body: Record<string, unknown>
}

export type Values = Readonly<Record<string, string | number | boolean | object | null>>

/** Form-encodes values: strings as they are, everything else as JSON (as the API expects). */
export function form(values: Values): string {
  return new URLSearchParams(Object.entries(values).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString()
}

export interface Client {
  get(path: string, values?: Values): Promise<Answer>
  post(path: string, values?: Values): Promise<Answer>
  patch(path: string, values?: Values): Promise<Answer>
  delete(path: string, values?: Values): Promise<Answer>
}

export interface TestChat {
  readonly url: string
  readonly chat: RunningChat
  readonly mailDir: string
  /** A client authenticated as the fixture user `name` (or with explicit credentials). */
  as(name: string, credentials?: { readonly email: string; readonly key: string }): Client
  /** Moves the service's clock forward, running the timers (heartbeats, expiry checks) now due. */
  advance(seconds: number): void
  close(): Promise<void>
}

/**
 * A database file holding the reference organization, made once per test run: loading the fixture
 * hashes every password with scrypt (slow on purpose), and most tests want a fresh copy of it.
 */
let template: Promise<string> | undefined

function referenceDatabase(): Promise<string> {
  template ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'prefixd-chat-template-'))
    const file = join(dir, 'reference.db')
    const db = openDatabase(file)
    loadFixture(db, REFERENCE_FIXTURE)
    db.pragma('wal_checkpoint(TRUNCATE)') // everything in the main file, so one copy is the whole database
    db.close()
    process.once('exit', () => void rm(dir, { recursive: true, force: true }))
    return file
  })()
  return template
}

/** Waits until `condition` holds (a request reached the service, a process started), at most `ms`. */
export async function until(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = performance.now() + ms
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out after ${ms} ms waiting until ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

export async function startTestChat(
  options: {
    readonly db?: string
    readonly rateLimit?: { limit: number; windowSeconds: number }
    readonly fixture?: string
    /** Seconds a GET /events waits before its heartbeat, drawn from [min, max] (the service's default: [45, 55]). */
    readonly heartbeatSeconds?: readonly [min: number, max: number]
    /** How often idle queues are expired (the service's default: 60). */
    readonly expiryCheckSeconds?: number
    /**
     * UNIX seconds the service's clock reads when it starts (default: the real time); it runs on from
     * there in real time, moved further by `advance`. A multiple of the rate-limit window starts a window.
     */
    readonly startAt?: number
    /** Turns on the prefix glue (prefixed names linked, pasted IRIs shrunk) with this index. */
    readonly prefixIndex?: PrefixIndex
    /** Where committed changes are announced (default this service only). */
    readonly broker?: EventBroker
  } = {},
): Promise<TestChat> {
  const mailDir = await mkdtemp(join(tmpdir(), 'prefixd-chat-mail-'))
  const dataDir = await mkdtemp(join(tmpdir(), 'prefixd-chat-data-'))
  let db = options.db
  if (db === undefined && options.fixture === undefined) {
    db = join(dataDir, 'chat.db') // a fresh copy of the reference organization
    await copyFile(await referenceDatabase(), db)
  }
  const clock = new TestClock(options.startAt)
  const chat = await startChat({
    db: db ?? ':memory:',
    host: '127.0.0.1',
    port: 0,
    mailDir,
    clock,
    ...(options.rateLimit && { rateLimit: options.rateLimit }),
    ...(options.fixture !== undefined && { fixture: options.fixture }),
    ...(options.prefixIndex !== undefined && { prefixIndex: options.prefixIndex }),
    ...(options.heartbeatSeconds !== undefined && { heartbeatSeconds: options.heartbeatSeconds }),
    ...(options.expiryCheckSeconds !== undefined && { expiryCheckSeconds: options.expiryCheckSeconds }),
    ...(options.broker !== undefined && { broker: options.broker }),
  })
  const as = (name: string, credentials?: { readonly email: string; readonly key: string }): Client => {
    const user = USERS[name]
    const email = credentials?.email ?? user?.email
    const key = credentials?.key ?? user?.api_key
    if (email === undefined || key === undefined) throw new Error(`no fixture user ${name}`)
    const authorization = 'Basic ' + Buffer.from(`${email}:${key}`).toString('base64')
    const call = async (method: string, path: string, values: Values = {}): Promise<Answer> => {
      const encoded = form(values)
      const url = `${chat.url}/api/v1${path}${method === 'GET' && encoded !== '' ? '?' + encoded : ''}`
      const response = await fetch(url, {
        method,
        headers: { authorization, ...(method !== 'GET' && { 'content-type': 'application/x-www-form-urlencoded' }) },
        ...(method !== 'GET' && { body: encoded }),
      })
      return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> }
    }
    return {
      get: (path, values) => call('GET', path, values),
      post: (path, values) => call('POST', path, values),
      patch: (path, values) => call('PATCH', path, values),
      delete: (path, values) => call('DELETE', path, values),
    }
  }
  return {
    url: chat.url,
    chat,
    mailDir,
    as,
    advance: (seconds) => clock.advance(seconds),
    close: async () => {
      await chat.close()
      await rm(mailDir, { recursive: true, force: true })
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** An event the service recorded: who it is for and what it says. */
export interface RecordedEvent {
  readonly users: number[]
  readonly event: Record<string, unknown>
}

/** Every event recorded in the `events` table so far, oldest first. */
export function recordedEvents(chat: TestChat): RecordedEvent[] {
  const rows = chat.chat.db.prepare('SELECT user_ids, event FROM events ORDER BY id').all() as Array<{ user_ids: string; event: string }>
  return rows.map((row) => ({ users: JSON.parse(row.user_ids) as number[], event: JSON.parse(row.event) as Record<string, unknown> }))
}

/** The error envelope an answer must be: status, code and message. */
export function expectError(answer: Answer, status: number, code: string, msg?: string | RegExp): void {
  const problems: string[] = []
  if (answer.status !== status) problems.push(`status ${answer.status}, expected ${status}`)
  if (answer.body.result !== 'error') problems.push(`result ${String(answer.body.result)}`)
  if (answer.body.code !== code) problems.push(`code ${String(answer.body.code)}, expected ${code}`)
  if (typeof msg === 'string' && answer.body.msg !== msg) problems.push(`msg ${JSON.stringify(answer.body.msg)}, expected ${JSON.stringify(msg)}`)
  if (msg instanceof RegExp && !msg.test(String(answer.body.msg))) problems.push(`msg ${JSON.stringify(answer.body.msg)} does not match ${msg}`)
  if (problems.length > 0) throw new Error(`${problems.join('; ')}: ${JSON.stringify(answer.body)}`)
}

/** The success envelope: status 200, result success, empty msg. */
export function expectSuccess(answer: Answer): Record<string, unknown> {
  if (answer.status !== 200 || answer.body.result !== 'success' || answer.body.msg !== '') {
    throw new Error(`expected success, got ${answer.status}: ${JSON.stringify(answer.body)}`)
  }
  return answer.body
}

/**
 * Asserts that `call` fails with this error and leaves `tables` (every row, in order) and the recorded
 * events as they were: a refused request changes nothing.
 */
export async function expectRefused(
  chat: TestChat,
  tables: readonly string[],
  call: () => Promise<Answer>,
  status: number,
  code: string,
  msg?: string | RegExp,
): Promise<Answer> {
  const state = (): unknown => ({ rows: tables.map((table) => chat.chat.db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all()), events: recordedEvents(chat) })
  const before = state()
  const answer = await call()
  expectError(answer, status, code, msg)
  assert.deepEqual(state(), before)
  return answer
}
