#!/usr/bin/env node
// `npm run chat`: the chat service on 127.0.0.1:9991 with the reference organization.

import cluster from 'node:cluster'
import { parseArgs } from 'node:util'
import { PostgresBroker } from './events/postgres-broker.js'
import { PostgresRateLimiter } from './http/postgres-rate-limit.js'
import { DEFAULT_RATE_LIMIT } from './http/rate-limit.js'
import { isPostgresUrl } from './store/db.js'
import { loadChatPrefixIndex } from './prefix-glue/prefix-index-option.js'
import { startChat } from './start.js'
import { WorkerBroker, WorkerRateLimiter, type Channel } from './workers/ipc.js'
import { runPrimary, WORKER_ENV } from './workers/primary.js'

const USAGE =
  'usage: prefixd-chat [--db FILE|:memory:|postgres://USER@HOST:PORT/DATABASE] [--fixture FILE] [--port N] [--host H] [--mail-dir DIR] [--prefixes default|FILE] [--workers N] [--rate-limit REQUESTS/SECONDS] [--max-upload-mb N] [--max-uploads-per-user N] [--upload-quota-mb N]'

async function main(): Promise<void> {
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
        help: { type: 'boolean' },
      },
      strict: true,
    }))
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    process.exit(2)
  }
  if (values.help) return console.log(USAGE)
  const port = Number(values.port)
  if (!/^\d{1,5}$/.test(values.port) || port > 65535) {
    console.error(`--port must be a number from 0 to 65535\n${USAGE}`)
    process.exit(2)
  }
  const workers = Number(values.workers)
  if (!/^\d{1,3}$/.test(values.workers) || workers < 1 || workers > 64) {
    console.error(`--workers must be a number from 1 to 64\n${USAGE}`)
    process.exit(2)
  }
  const rateMatch = values['rate-limit'] === undefined ? undefined : /^(\d{1,9})\/(\d{1,6})$/.exec(values['rate-limit'])
  if (values['rate-limit'] !== undefined && (rateMatch == null || Number(rateMatch[1]) < 1 || Number(rateMatch[2]) < 1)) {
    console.error(`--rate-limit must be REQUESTS/SECONDS, e.g. 200/60\n${USAGE}`)
    process.exit(2)
  }
  const rateLimit = rateMatch == null ? DEFAULT_RATE_LIMIT : { limit: Number(rateMatch[1]), windowSeconds: Number(rateMatch[2]) }
  const uploads: { maxFileBytes?: number; maxFilesPerUser?: number; quotaBytes?: number } = {}
  for (const [flag, key, scale] of [
    ['max-upload-mb', 'maxFileBytes', 1024 * 1024],
    ['max-uploads-per-user', 'maxFilesPerUser', 1],
    ['upload-quota-mb', 'quotaBytes', 1024 * 1024],
  ] as const) {
    const raw = values[flag]
    if (raw === undefined) continue
    if (!/^\d{1,7}$/.test(raw) || Number(raw) < 1) {
      console.error(`--${flag} must be a whole number from 1 to 9999999\n${USAGE}`)
      process.exit(2)
    }
    uploads[key] = Number(raw) * scale
  }
  if (workers > 1 && values.db === ':memory:') {
    console.error(`--workers needs a database file: each process would have its own :memory:\n${USAGE}`)
    process.exit(2)
  }
  if (workers > 1 && cluster.isPrimary) {
    const primary = runPrimary({
      workers,
      rateLimit,
      onListening: (url) => console.log(`prefixd chat listening on ${url}/ (${workers} workers)`),
      onFailure: (code) => process.exit(code === 0 ? 2 : code),
      log: (line) => console.error(line),
    })
    const stop = (): void => void primary.stop().then(() => process.exit(0))
    process.once('SIGTERM', stop)
    process.once('SIGINT', stop)
    return
  }
  // A worker of --workers: fan-out and request budgets go through the primary.
  const role = process.env[WORKER_ENV]
  const channel: Channel | undefined = cluster.isWorker
    ? { send: (message) => void process.send!(message), on: (event, listener) => void process.on(event, listener) }
    : undefined
  // Alone on a PostgreSQL store, a process may have peers anywhere that share only the database: fan-out
  // through LISTEN/NOTIFY, request budgets in the database, authenticated users remembered until a
  // user changes (heard on the same connection), and no `restart` event when one of them (re)starts,
  // since the service as a whole goes on (queues live in the database).
  const peers = channel === undefined && isPostgresUrl(values.db)
  const shared: Array<{ close(): Promise<void> }> = []
  try {
    const prefixIndex = values.prefixes === undefined ? undefined : await loadChatPrefixIndex(values.prefixes)
    const peerServices = peers
      ? await (async () => {
          const broker = await PostgresBroker.connect(values.db)
          const limiter = new PostgresRateLimiter(values.db, rateLimit, () => Date.now() / 1000)
          shared.push(broker, limiter)
          return { broker, limiter, userChanges: broker, restartQueues: false, sharedDatabase: true }
        })()
      : undefined
    const chat = await startChat({
      db: values.db,
      host: values.host,
      port,
      mailDir: values['mail-dir'],
      rateLimit,
      uploads,
      // (A later worker joins a database the first one loaded: the fixture was for it.)
      ...(values.fixture !== undefined && role !== 'next' && { fixture: values.fixture }),
      ...(prefixIndex !== undefined && { prefixIndex }),
      ...(channel !== undefined && {
        broker: new WorkerBroker(channel),
        limiter: new WorkerRateLimiter(channel),
        restartQueues: role === 'first',
        sharedDatabase: true,
      }),
      ...peerServices,
    })
    if (channel === undefined) console.log(`prefixd chat listening on ${chat.url}/`)
    const stop = (): void =>
      void chat
        .close()
        .then(() => Promise.all(shared.map((s) => s.close())))
        .then(() => process.exit(0))
    process.once('SIGTERM', stop)
    process.once('SIGINT', stop)
  } catch (error) {
    console.error(`prefixd chat: ${(error as Error).message}`)
    await Promise.all(shared.map((s) => s.close().catch(() => {})))
    process.exit(2)
  }
}

await main()
