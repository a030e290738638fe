// startChat: opens the database (seeding it from a fixture when empty) and serves the chat API.

import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { every, SYSTEM_CLOCK, type Clock } from './clock.js'
import { createChatApp, type ChatAppOptions } from './http/app.js'
import { ChatHealth, closeInFlight, withHealth } from './http/health.js'
import type { ChatServices } from './routes/context.js'
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from './org/uploads.js'
import { ChangeLog } from './store/changes.js'
import { isEmpty, openStore, type Store } from './store/db.js'
import { loadFixture, REFERENCE_FIXTURE } from './fixture.js'
import { LocalBroker, type EventBroker } from './events/event-broker.js'
import { QueueStore } from './events/event-queues.js'
import { Delivery } from './events/delivery.js'
import { LatestEvents } from './events/poll-answers.js'
import { DirectoryMailer, flushOutbox, type Mailer } from './org/mailer.js'
import { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './http/rate-limit.js'
import type { TextLinker } from './linkify/text-linker.js'
import type { PrefixIndex } from '@prefixd/core'
import { shrinkPastedIris } from './prefix-glue/pasted-iris.js'
import { prefixLinker } from './prefix-glue/prefix-linker.js'

/** How often acknowledgements and request times of event queues are saved. */
const ACTIVITY_SAVE_MS = 1000

export interface ChatOptions {
  /** SQLite file, `:memory:`, or a PostgreSQL URL (`postgres://user@host:port/database`). */
  readonly db: string
  readonly host: string
  readonly port: number
  /** The organization to start from when the database is empty; default the reference organization. */
  readonly fixture?: string | URL
  readonly mailer?: Mailer
  /** Folder of the default mailer; default `chat-mail` under the working directory. */
  readonly mailDir?: string
  readonly rateLimit?: RateLimitOptions
  /** Time and timers (heartbeats, expiry, saving queue activity); default the system's. */
  readonly clock?: Clock
  /** The time alone (UNIX seconds), with the system's timers: a shorthand for `clock`, which wins. */
  readonly now?: () => number
  /** Seconds a GET /events waits before a heartbeat, drawn from [min, max]; default [45, 55]. */
  readonly heartbeatSeconds?: readonly [min: number, max: number]
  /** How often idle queues are looked for and expired; default 60 s. */
  readonly expiryCheckSeconds?: number
  /** Where committed changes are announced to waiting requests; default this process only. */
  readonly broker?: EventBroker
  /** Where request budgets are counted; default this process only (see ChatAppOptions.limiter). */
  readonly limiter?: ChatAppOptions['limiter']
  /** Where changes of users are heard, so that authenticated users may be remembered (see ChatAppOptions.userChanges). */
  readonly userChanges?: ChatAppOptions['userChanges']
  /**
   * Whether the queues of a previous run get their `restart` event now (default true): false for the
   * later workers of `--workers`, which join a service already running.
   */
  readonly restartQueues?: boolean
  /**
   * Whether other processes serve the same database (`--workers`): then the queues this one's requests
   * wait on are saved as requested every second, so that the others do not expire them. Default false.
   */
  readonly sharedDatabase?: boolean
  /**
   * Linkers applied to the text of messages after the organization's linkifiers (a span of theirs that
   * overlaps a linkifier's is dropped); default none.
   */
  readonly textLinkers?: readonly TextLinker[]
  /** A prefix index for the prefix glue (`prefixd`'s own: link `foaf:Person`, shrink pasted IRIs); default none. */
  readonly prefixIndex?: PrefixIndex
  /** Upload limits, each defaulting to DEFAULT_UPLOAD_LIMITS's (25 MiB a file, 1,000 files a user, 5 GiB in all). */
  readonly uploads?: Partial<UploadLimits>
  /** How long `close` lets requests in flight finish before ending their connections; default 10 s. */
  readonly closeGraceMs?: number
}

/** Default of ChatOptions.closeGraceMs. */
export const CLOSE_GRACE_MS = 10_000

export interface RunningChat {
  readonly url: string
  readonly db: Store
  readonly services: ChatServices
  /** Readiness (`/health/ready`) and the drain. */
  readonly health: ChatHealth
  /** Settles when the timer work (expiring queues, saving their activity) and mail delivery started so far are done. */
  settled(): Promise<void>
  /**
   * Stops the service: timers end, waiting long polls are answered (a heartbeat: their clients poll again,
   * elsewhere behind a balancer), it stops accepting, and once the requests (given `closeGraceMs`), mail
   * and timer work in flight are done, queue activity is saved and the store closed. Call `health.drain()`
   * some seconds before, behind a balancer, so that it stops sending requests here first.
   */
  close(): Promise<void>
}

/** The prefix glue over one index: one linker, used both to link names and to check shrunk ones. */
function glueFor(index: PrefixIndex): NonNullable<ChatServices['prefixGlue']> {
  const linker = prefixLinker(index)
  return { linker, shrink: (content) => shrinkPastedIris(content, index, { linker }) }
}

export async function startChat(options: ChatOptions): Promise<RunningChat> {
  const db = await openStore(options.db)
  try {
    return await serve(db, options)
  } catch (error) {
    await db.close()
    throw error
  }
}

/**
 * Work that runs one piece at a time, each after the last (two mail deliveries at once would send a message
 * twice; a slow store must not pile timer work up); a failure is reported with `what`, not fatal.
 */
function serially(): { run(what: string, work: () => Promise<unknown>): void; settled(): Promise<void> } {
  let last = Promise.resolve()
  return {
    run(what, work) {
      last = last.then(work).then(
        () => undefined,
        (error: Error) => console.error(`prefixd chat: ${what}: ${error.message}`),
      )
    },
    settled: () => last,
  }
}

/** What the routes get: the store, the change log and event delivery on it, time, mail, linkers, limits. */
function createServices(
  db: Store,
  options: ChatOptions,
  clock: Clock,
  mail: ReturnType<typeof serially>,
  prefixGlue: ChatServices['prefixGlue'],
  textLinkers: readonly TextLinker[],
  /** Where the service listens: known only once it does, after the services are made. */
  listening: { url: string },
): ChatServices {
  const now = (): number => clock.now()
  const mailer = options.mailer ?? new DirectoryMailer(options.mailDir ?? 'chat-mail')
  const changes = new ChangeLog(db, now)
  const latest = new LatestEvents()
  const queues = new QueueStore(db, now, latest)
  const [minHeartbeat, maxHeartbeat] = options.heartbeatSeconds ?? [45, 55]
  const heartbeatMs = (): number => (minHeartbeat + Math.random() * (maxHeartbeat - minHeartbeat)) * 1000
  // Each change's events go into the queues inside its transaction and are announced after its commit.
  const delivery = new Delivery(changes, queues, options.broker ?? new LocalBroker(), clock, latest, heartbeatMs)
  return {
    db,
    changes,
    now,
    clock,
    mailer,
    flushMail: () => mail.run('mail not sent yet (it stays queued)', () => flushOutbox(db, mailer, now)),
    get baseUrl() {
      return listening.url
    },
    queues,
    delivery,
    textLinkers,
    ...(prefixGlue !== undefined && { prefixGlue }),
    uploadLimits: { ...DEFAULT_UPLOAD_LIMITS, ...options.uploads },
  }
}

/**
 * Starts listening with `app`. Requests in flight are counted, so that close() ends the store only after
 * their last write: a long poll released at close (or by its heartbeat just before) still appends its
 * heartbeat and reads.
 */
async function listen(
  app: ReturnType<typeof createChatApp>,
  options: ChatOptions,
  health: ChatHealth,
): Promise<{ server: Server; url: string; requests: Set<Promise<unknown>>; open: Set<ServerResponse> }> {
  const handle = app.callback()
  const requests = new Set<Promise<unknown>>()
  const open = new Set<ServerResponse>()
  const listener = withHealth(
    (req, res) => {
      const handling = handle(req, res) // (never rejects: Koa reports errors itself)
      requests.add(handling)
      const done = (): void => void requests.delete(handling)
      handling.then(done, done)
    },
    health,
    open,
  )
  const server = createServer(listener)
  server.listen(options.port, options.host)
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject))
  const { port } = server.address() as AddressInfo
  const host = options.host.includes(':') ? `[${options.host}]` : options.host
  return { server, url: `http://${host}:${port}`, requests, open }
}

async function serve(db: Store, options: ChatOptions): Promise<RunningChat> {
  const prefixGlue = options.prefixIndex === undefined ? undefined : glueFor(options.prefixIndex)
  const textLinkers = [...(options.textLinkers ?? []), ...(prefixGlue === undefined ? [] : [prefixGlue.linker])]
  if (await isEmpty(db)) await loadFixture(db, options.fixture ?? REFERENCE_FIXTURE, textLinkers)
  else if (options.fixture !== undefined) throw new Error(`the database ${db.location} already holds an organization; --fixture applies only to an empty one`)
  const clock = options.clock ?? (options.now === undefined ? SYSTEM_CLOCK : { now: options.now, setTimeout: SYSTEM_CLOCK.setTimeout })
  const mail = serially()
  const listening = { url: '' }
  const services = createServices(db, options, clock, mail, prefixGlue, textLinkers, listening)
  const { queues, delivery } = services
  // Queues outlive restarts; each learns of this one, and the time the service was down does not count against it.
  if (options.restartQueues !== false) await queues.restartAll({ type: 'restart', server_generation: Math.floor(clock.now()) })
  const housekeeping = serially()
  const later = (what: string, work: () => Promise<unknown>) => (): void => housekeeping.run(`${what} failed (retried next time)`, work)
  const stopExpiry = every(
    clock,
    (options.expiryCheckSeconds ?? 60) * 1000,
    later('expiring idle queues', () => queues.expire(delivery.connected())),
  )
  const stopSaving = every(
    clock,
    ACTIVITY_SAVE_MS,
    later('saving queue activity', () => queues.persistActivity(options.sharedDatabase === true ? delivery.connected() : undefined)),
  )
  const app = createChatApp(services, {
    rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT,
    ...(options.limiter !== undefined && { limiter: options.limiter }),
    ...(options.userChanges !== undefined && { userChanges: options.userChanges }),
  })
  // Ready when the database answers and, with peers, their news is heard (the listening connection is up).
  const health = new ChatHealth({
    check: async () => {
      await db.get('SELECT 1 AS one')
      if (options.userChanges?.live === false) throw new Error('not listening')
    },
  })
  const { server, url, requests, open } = await listen(app, options, health)
  listening.url = url
  services.flushMail() // what a previous run queued and did not send
  return {
    url,
    db,
    services,
    health,
    settled: () => Promise.all([housekeeping.settled(), mail.settled()]).then(() => undefined),
    close: () =>
      new Promise<void>((resolve) => {
        health.drain()
        stopExpiry()
        stopSaving()
        closeInFlight(open) // (the long polls' heartbeats below among them)
        delivery.releaseAll()
        // Once no request can start: the requests still running, then the mail and timer work they and
        // the timers started, then the last save — and only then the store.
        server.close(() => {
          void Promise.allSettled(requests)
            .then(() => mail.settled())
            .then(() => housekeeping.settled())
            .then(() => queues.persistActivity())
            .catch((error: Error) => console.error(`prefixd chat: queue activity not saved at close: ${error.message}`))
            .then(() => db.close())
            .then(resolve)
        })
        server.closeIdleConnections()
        // Past the grace, what is still open is cut (an upload never finished, a client that stalls).
        setTimeout(() => server.closeAllConnections(), options.closeGraceMs ?? CLOSE_GRACE_MS).unref()
      }),
  }
}
