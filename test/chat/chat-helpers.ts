// The chat service on an ephemeral port over the reference organization, and clients that call it as a user.

import assert from 'node:assert/strict'
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PrefixIndex } from '@prefixd/core'
import pg from 'pg'
import { openStore, REFERENCE_FIXTURE, startChat, type ChatOptions, type EventBroker, type RunningChat } from '@prefixd/chat'
import { loadFixture } from '../../packages/chat/src/fixture.js'
import { openSqliteStore } from '../../packages/chat/src/store/sqlite-store.js'
import { startTestPostgres, type TestPostgres } from '../support/postgres.js'
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
  put(path: string, values?: Values): Promise<Answer>
  delete(path: string, values?: Values): Promise<Answer>
}

export interface TestChat {
  readonly url: string
  readonly chat: RunningChat
  readonly mailDir: string
  /** A client authenticated as the fixture user `name` (or with explicit credentials). */
  as(name: string, credentials?: { readonly email: string; readonly key: string }): Client
  /** Moves the service's clock forward, running the timers (heartbeats, expiry checks) now due, and waits for what they started. */
  advance(seconds: number): Promise<void>
  close(): Promise<void>
}

/**
 * The store the chat tests run on: SQLite (the default), or PostgreSQL when PREFIXD_CHAT_STORE=postgres
 * (`npm test` runs the chat suite a second time so, through test/support/chat-on-postgres.ts).
 */
export const CHAT_STORE: 'sqlite' | 'postgres' = process.env.PREFIXD_CHAT_STORE === 'postgres' ? 'postgres' : 'sqlite'

/** The one cluster of a PostgreSQL run, started on first use (removed at exit by the helper). */
let cluster: Promise<TestPostgres> | undefined
let databases = 0

async function newPostgresDatabase(template?: string): Promise<string> {
  cluster ??= startTestPostgres()
  const postgres = await cluster
  const name = `chat_${process.pid}_${++databases}`
  const client = new pg.Client({ connectionString: postgres.url })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE ${name}${template === undefined ? '' : ` TEMPLATE ${template}`}`)
  } finally {
    await client.end()
  }
  return postgres.url.replace(/\/postgres$/, `/${name}`)
}

/**
 * A database holding the reference organization, made once per test run: loading the fixture hashes
 * every password with scrypt (slow on purpose), and most tests want a fresh copy of it. An SQLite
 * file to copy, or a PostgreSQL database to use as a template.
 */
let template: Promise<string> | undefined

function referenceDatabase(): Promise<string> {
  template ??= (async () => {
    if (CHAT_STORE === 'postgres') {
      const url = await newPostgresDatabase()
      const store = await openStore(url)
      await loadFixture(store, REFERENCE_FIXTURE)
      await store.close()
      return url.slice(url.lastIndexOf('/') + 1)
    }
    const dir = await mkdtemp(join(tmpdir(), 'prefixd-chat-template-'))
    const file = join(dir, 'reference.db')
    const store = openSqliteStore(file)
    await loadFixture(store, REFERENCE_FIXTURE)
    store.database.pragma('wal_checkpoint(TRUNCATE)') // everything in the main file, so one copy is the whole database
    await store.close()
    process.once('exit', () => void rm(dir, { recursive: true, force: true }))
    return file
  })()
  return template
}

/** Where a test's service keeps a fresh copy of the reference organization (a file or a database URL). */
export async function referenceCopy(dataDir: string): Promise<string> {
  if (CHAT_STORE === 'postgres') return newPostgresDatabase(await referenceDatabase())
  const file = join(dataDir, 'chat.db')
  await copyFile(await referenceDatabase(), file)
  return file
}

/** An empty store for a test: `:memory:`, or a new PostgreSQL database. */
export async function emptyDatabase(): Promise<string> {
  return CHAT_STORE === 'postgres' ? newPostgresDatabase() : ':memory:'
}

/**
 * Waits until `condition` holds (a request reached the service, a process started). `ms` is a safety
 * net, so that a broken build fails rather than hangs, never a measure of speed: generous by default.
 */
export async function until(condition: () => boolean, what: string, ms = 30_000): Promise<void> {
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
    /** Where changes of users are heard: given, the service remembers authenticated users (default none). */
    readonly userChanges?: ChatOptions['userChanges']
    /** Upload limits (default the service's). */
    readonly uploads?: ChatOptions['uploads']
  } = {},
): Promise<TestChat> {
  const mailDir = await mkdtemp(join(tmpdir(), 'prefixd-chat-mail-'))
  const dataDir = await mkdtemp(join(tmpdir(), 'prefixd-chat-data-'))
  const db = options.db ?? (options.fixture === undefined ? await referenceCopy(dataDir) : await emptyDatabase())
  const clock = new TestClock(options.startAt)
  const chat = await startChat({
    db,
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
    ...(options.userChanges !== undefined && { userChanges: options.userChanges }),
    ...(options.uploads !== undefined && { uploads: options.uploads }),
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
      put: (path, values) => call('PUT', path, values),
      delete: (path, values) => call('DELETE', path, values),
    }
  }
  return {
    url: chat.url,
    chat,
    mailDir,
    as,
    advance: async (seconds) => {
      clock.advance(seconds)
      await chat.settled()
    },
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
export async function recordedEvents(chat: TestChat): Promise<RecordedEvent[]> {
  const rows = await chat.chat.db.all<{ user_ids: string; event: string }>('SELECT user_ids, event FROM events ORDER BY id')
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
  // Every row of each table in a fixed order (PostgreSQL has no rowid for tables with their own id).
  const rows = async (table: string): Promise<unknown[]> =>
    CHAT_STORE === 'sqlite'
      ? chat.chat.db.all(`SELECT * FROM ${table} ORDER BY rowid`)
      : (await chat.chat.db.all(`SELECT * FROM ${table}`)).map((row) => JSON.stringify(row)).sort()
  const state = async (): Promise<unknown> => ({ rows: await Promise.all(tables.map(rows)), events: await recordedEvents(chat) })
  const before = await state()
  const answer = await call()
  expectError(answer, status, code, msg)
  assert.deepEqual(await state(), before)
  return answer
}
