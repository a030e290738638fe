#!/usr/bin/env node
// `npm run chat`: the chat service on 127.0.0.1:9991 with the reference organization.

import cluster from 'node:cluster'
import { parseArgs } from 'node:util'
import { PostgresBroker } from './events/postgres-broker.js'
import { PostgresRateLimiter } from './http/postgres-rate-limit.js'
import { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './http/rate-limit.js'
import { isPostgresUrl } from './store/db.js'
import { loadChatPrefixIndex } from './prefix-glue/prefix-index-option.js'
import { CLOSE_GRACE_MS, startChat, type ChatOptions } from './start.js'
import type { UploadLimits } from './org/uploads.js'
import { WorkerBroker, WorkerRateLimiter, type Channel } from './workers/ipc.js'
import { runPrimary, WORKER_ENV } from './workers/primary.js'

const USAGE =
  'usage: prefixd-chat [--db FILE|:memory:|postgres://USER@HOST:PORT/DATABASE] [--fixture FILE] [--port N] [--host H] [--mail-dir DIR] [--prefixes default|FILE] [--workers N] [--rate-limit REQUESTS/SECONDS] [--max-upload-mb N] [--max-uploads-per-user N] [--upload-quota-mb N] [--drain-ms MS]'

/** The flags as the service uses them; a bad one ends the process with its message and exit code 2. */
interface Flags {
  readonly db: string
  readonly fixture: string | undefined
  readonly host: string
  readonly port: number
  readonly mailDir: string
  readonly prefixes: string | undefined
  readonly workers: number
  readonly rateLimit: RateLimitOptions
  readonly uploads: Partial<UploadLimits>
  /** After SIGTERM: how long to keep answering with /health/ready failing before closing. */
  readonly drainMs: number
}

/** Past the drain and the close's grace, time for the last saves and pools to end before exit code 1. */
const EXIT_SLACK_MS = 5000

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`)
  process.exit(2)
}

/** The command line, checked: undefined for --help (the usage is printed). */
function readFlags(): Flags | undefined {
  let values
  try {
    ;({ values } = parseArgs({
      options: {
        db: { type: 'string', default: 'chat.db' },
        fixture: { type: 'string' },
        port: { type: 'string', default: '9991' },
        host: { type: 'string', default: '127.0.0.1' },
        'mail-dir': { type: 'string', default: 'chat-mail' },
        prefixes: { type: 'string' },
        workers: { type: 'string', default: '1' },
        'rate-limit': { type: 'string' },
        'max-upload-mb': { type: 'string' },
        'max-uploads-per-user': { type: 'string' },
        'upload-quota-mb': { type: 'string' },
        'drain-ms': { type: 'string', default: '0' },
        help: { type: 'boolean' },
      },
      strict: true,
    }))
  } catch (error) {
    fail((error as Error).message)
  }
  if (values.help) return void console.log(USAGE)
  const port = Number(values.port)
  if (!/^\d{1,5}$/.test(values.port) || port > 65535) fail('--port must be a number from 0 to 65535')
  const workers = Number(values.workers)
  if (!/^\d{1,3}$/.test(values.workers) || workers < 1 || workers > 64) fail('--workers must be a number from 1 to 64')
  const drainMs = Number(values['drain-ms'])
  if (!/^\d{1,6}$/.test(values['drain-ms']) || drainMs > 600_000) fail('--drain-ms must be a number of milliseconds from 0 to 600000')
  if (workers > 1 && values.db === ':memory:') fail('--workers needs a database file: each process would have its own :memory:')
  const { db, fixture, host, prefixes } = values
  return {
    db,
    fixture,
    host,
    port,
    mailDir: values['mail-dir'],
    prefixes,
    workers,
    rateLimit: readRateLimit(values['rate-limit']),
    uploads: readUploadLimits(values),
    drainMs,
  }
}

function readRateLimit(raw: string | undefined): RateLimitOptions {
  if (raw === undefined) return DEFAULT_RATE_LIMIT
  const match = /^(\d{1,9})\/(\d{1,6})$/.exec(raw)
  if (match == null || Number(match[1]) < 1 || Number(match[2]) < 1) fail('--rate-limit must be REQUESTS/SECONDS, e.g. 200/60')
  return { limit: Number(match[1]), windowSeconds: Number(match[2]) }
}

function readUploadLimits(values: Readonly<Record<string, unknown>>): Partial<UploadLimits> {
  const uploads: { -readonly [K in keyof UploadLimits]?: number } = {}
  for (const [flag, key, scale] of [
    ['max-upload-mb', 'maxFileBytes', 1024 * 1024],
    ['max-uploads-per-user', 'maxFilesPerUser', 1],
    ['upload-quota-mb', 'quotaBytes', 1024 * 1024],
  ] as const) {
    const raw = values[flag] as string | undefined
    if (raw === undefined) continue
    if (!/^\d{1,7}$/.test(raw) || Number(raw) < 1) fail(`--${flag} must be a whole number from 1 to 9999999`)
    uploads[key] = Number(raw) * scale
  }
  return uploads
}

/** The primary of --workers: forks the workers, replaces those that die, stops them on a signal. */
function runWorkers(flags: Flags): void {
  const primary = runPrimary({
    workers: flags.workers,
    rateLimit: flags.rateLimit,
    onListening: (url) => console.log(`prefixd chat listening on ${url}/ (${flags.workers} workers)`),
    onFailure: (code) => process.exit(code === 0 ? 2 : code),
    log: (line) => console.error(line),
  })
  const stop = (): void => void primary.stop().then(() => process.exit(0))
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}

/**
 * What a process shares with others: a worker of --workers has fan-out and request budgets go through the
 * primary. Alone on a PostgreSQL store, a process may have peers anywhere that share only the database:
 * fan-out through LISTEN/NOTIFY, request budgets in the database, authenticated users remembered until a
 * user changes (heard on the same connection), and no `restart` event when one of them (re)starts, since
 * the service as a whole goes on (queues live in the database). `shared` collects what to close at the end.
 */
async function peerOptions(flags: Flags, channel: Channel | undefined, shared: Array<{ close(): Promise<void> }>): Promise<Partial<ChatOptions>> {
  if (channel !== undefined) {
    const role = process.env[WORKER_ENV]
    return {
      broker: new WorkerBroker(channel),
      limiter: new WorkerRateLimiter(channel),
      restartQueues: role === 'first',
      sharedDatabase: true,
    }
  }
  if (!isPostgresUrl(flags.db)) return {}
  const broker = await PostgresBroker.connect(flags.db)
  const limiter = new PostgresRateLimiter(flags.db, flags.rateLimit, () => Date.now() / 1000)
  shared.push(broker, limiter)
  return { broker, limiter, userChanges: broker, restartQueues: false, sharedDatabase: true }
}

/** One chat process (alone, a worker, or a peer on PostgreSQL), until a signal stops it. */
async function runProcess(flags: Flags): Promise<void> {
  const channel: Channel | undefined = cluster.isWorker
    ? { send: (message) => void process.send!(message), on: (event, listener) => void process.on(event, listener) }
    : undefined
  const shared: Array<{ close(): Promise<void> }> = []
  try {
    const prefixIndex = flags.prefixes === undefined ? undefined : await loadChatPrefixIndex(flags.prefixes)
    const chat = await startChat({
      db: flags.db,
      host: flags.host,
      port: flags.port,
      mailDir: flags.mailDir,
      rateLimit: flags.rateLimit,
      uploads: flags.uploads,
      // (A later worker joins a database the first one loaded: the fixture was for it.)
      ...(flags.fixture !== undefined && process.env[WORKER_ENV] !== 'next' && { fixture: flags.fixture }),
      ...(prefixIndex !== undefined && { prefixIndex }),
      ...(await peerOptions(flags, channel, shared)),
    })
    if (channel === undefined) console.log(`prefixd chat listening on ${chat.url}/`)
    // Readiness fails at once; after --drain-ms (a balancer has stopped sending requests here) the service
    // closes: long polls answered, requests in flight finished (CLOSE_GRACE_MS at most), pools ended.
    let stopping = false
    const stop = (): void => {
      if (stopping) return
      stopping = true
      chat.health.drain()
      if (flags.drainMs > 0) console.log(`prefixd chat draining: not ready, answering for ${flags.drainMs} ms more`)
      setTimeout(() => process.exit(1), flags.drainMs + CLOSE_GRACE_MS + EXIT_SLACK_MS).unref()
      setTimeout(
        () =>
          void chat
            .close()
            .then(() => Promise.all(shared.map((s) => s.close())))
            .then(() => process.exit(0)),
        flags.drainMs,
      )
    }
    process.once('SIGTERM', stop)
    process.once('SIGINT', stop)
  } catch (error) {
    console.error(`prefixd chat: ${(error as Error).message}`)
    await Promise.all(shared.map((s) => s.close().catch(() => {})))
    process.exit(2)
  }
}

const flags = readFlags()
if (flags !== undefined && flags.workers > 1 && cluster.isPrimary) runWorkers(flags)
else if (flags !== undefined) await runProcess(flags)
