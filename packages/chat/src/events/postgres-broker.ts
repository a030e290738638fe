// An EventBroker for several chat processes: PostgreSQL's LISTEN/NOTIFY carries "these queues have new
// events" to every process, so a long poll on one wakes for a change committed through another — with
// the events themselves when they fit, so that the woken requests answer without reading the database.

import { randomBytes } from 'node:crypto'
import { listen, type Listener, type Notification } from '@prefixd/pg-listen'
import pg from 'pg'
import { EVERY_QUEUE, type BrokerListener, type EventBroker, type UserChangeFeed } from './event-broker.js'
import { bytesAfterId, fromTextAfterId, textAfterId, type PreparedAnswers } from './poll-answers.js'

/** The notification channel all chat processes of one organization share. */
export const DEFAULT_CHANNEL = 'prefixd_chat_events'
/** Where the database announces a change of users (migration 9's trigger), for authentication caches. */
export const USERS_CHANNEL = 'prefixd_chat_users'
/** NOTIFY payloads must stay under 8000 bytes (queue ids are ASCII, so their characters are bytes). */
const MAX_PAYLOAD = 7900
/**
 * An event text longer than this (in UTF-8 bytes) is sent by reference (its queue ids alone: the other
 * processes read it from the database), so that a notification still carries a hundred queues or more.
 */
export const MAX_EVENT_IN_NOTIFICATION = 4000
/** Tries to get the listening connection back at most a second apart: a restarted server is heard again within ~1 s. */
const RETRY_DELAYS_MS = [100, 250, 500, 1000]
/** A connection not made by then is a failed try (pg's default waits forever: a server half up would hold the retries). */
const CONNECT_TIMEOUT_MS = 5000

export interface PostgresBrokerOptions {
  /** Default `prefixd_chat_events`: one channel per organization sharing a server. */
  readonly channel?: string
  /** Told of a lost connection (default: printed on stderr); the broker reconnects by itself. */
  readonly onError?: (error: Error) => void
}

/**
 * Publishes to this process's listeners at once and to the other processes with NOTIFY; hears theirs
 * with LISTEN on one connection of its own. A notification names its origin, so a process does not
 * wake its own requests twice. It carries either queue ids (`origin id,id,…`) or an event text and
 * the queues that got it with their event ids (`origin =id n,id n,…\n{rest of the event}`): one text
 * per kind of queue, as the fan-out wrote it, so one message to 1,000 queues is a few notifications. After a lost connection, listeners are called with `[EVERY_QUEUE]`
 * (every waiting request reads its queue again), since notifications sent meanwhile are not replayed;
 * and if its own publishes could not be sent meanwhile, it tells the others to do the same.
 *
 * The same connection hears changes of users (a UserChangeFeed): PostgreSQL delivers a connection's
 * notifications in commit order, so a request woken by a change's events never sees its users as they
 * were before it.
 */
export class PostgresBroker implements EventBroker, UserChangeFeed {
  readonly #listeners = new Set<BrokerListener>()
  readonly #userListeners = new Set<() => void>()
  readonly #origin = randomBytes(6).toString('base64url')
  readonly #channel: string
  readonly #onError: (error: Error) => void
  #listener: Listener<pg.Client> | undefined
  #closed = false
  /** A publish could not be sent (no connection, or it failed): the others are told to resync once back. */
  #missed = false
  /** The last notification sent, on the listening connection (a second connection would cost more than it gives). */
  #sending: Promise<unknown> = Promise.resolve()

  private constructor(options: PostgresBrokerOptions) {
    this.#channel = options.channel ?? DEFAULT_CHANNEL
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(this.#channel)) throw new TypeError(`not a plain channel name: ${this.#channel}`)
    this.#onError = options.onError ?? ((error) => console.error(`prefixd chat: event broker: ${error.message}`))
  }

  /** A broker listening on `url` (`postgres://…`); resolves once LISTEN is in place. */
  static async connect(url: string, options: PostgresBrokerOptions = {}): Promise<PostgresBroker> {
    const broker = new PostgresBroker(options)
    broker.#listener = await listen({
      client: () => new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS }),
      channels: [broker.#channel, USERS_CHANNEL],
      onNotification: (message) => broker.#heard(message),
      onLost: (error) => broker.#lost(error),
      onRetryFailed: broker.#onError,
      onBack: () => broker.#back(),
      retryDelaysMs: RETRY_DELAYS_MS,
    })
    return broker
  }

  #heard(message: Notification): void {
    if (message.channel === USERS_CHANNEL) return this.#usersChanged()
    if (message.channel !== this.#channel || message.payload === undefined) return
    const space = message.payload.indexOf(' ')
    if (space < 0 || message.payload.slice(0, space) === this.#origin) return
    if (message.payload[space + 1] !== '=') return this.#tell(message.payload.slice(space + 1).split(','))
    const answers = parseAnswers(message.payload.slice(space + 2))
    this.#tell(
      answers.map(([id]) => id),
      answers,
    )
  }

  /** The connected client, `undefined` while the connection is lost. */
  get #client(): pg.Client | undefined {
    return this.#listener?.client
  }

  /** Whether changes of users are heard now (UserChangeFeed): not while the connection is lost. */
  get live(): boolean {
    return this.#client !== undefined
  }

  onUsersChanged(listener: () => void): () => void {
    this.#userListeners.add(listener)
    return () => this.#userListeners.delete(listener)
  }

  #usersChanged(): void {
    for (const listener of this.#userListeners) listener()
  }

  #lost(error: Error): void {
    if (this.#closed) return
    this.#usersChanged() // what was remembered is not kept while changes cannot be heard
    this.#onError(error)
  }

  #back(): void {
    this.#usersChanged() // changes meanwhile were not heard
    this.#tell([EVERY_QUEUE])
    if (this.#missed) {
      this.#missed = false
      this.#notify([`${this.#origin} ${EVERY_QUEUE}`])
    }
  }

  #tell(queueIds: readonly string[], answers?: PreparedAnswers): void {
    for (const listener of this.#listeners) listener(queueIds, answers)
  }

  publish(queueIds: readonly string[], answers?: PreparedAnswers): void {
    if (queueIds.length === 0) return
    // The notifications go out first: waking this process's requests (answering each) takes a while.
    if (this.#client === undefined)
      this.#missed = true // the others are told to resync when it is back
    else this.#notify([...payloads(this.#origin, queueIds, answers ?? [])])
    this.#tell(queueIds)
  }

  /**
   * Sends `payloads` in one statement (one round trip; delivered in order). The query is written at
   * once: pg's client runs its queries one after another, in the order they were made.
   */
  #notify(payloads: readonly string[]): void {
    const client = this.#client
    if (client === undefined) return void (this.#missed = true)
    this.#sending = client.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [this.#channel, payloads]).catch((error: Error) => {
      this.#missed = true
      this.#onError(error)
    })
  }

  subscribe(listener: BrokerListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Waits for the notifications already published to be sent, then closes the connection. */
  async close(): Promise<void> {
    this.#closed = true
    await this.#sending
    await this.#listener?.close()
  }
}

/**
 * The notifications of one publish, each under MAX_PAYLOAD bytes: the answers grouped by event text
 * (`{"id":n` taken off the front), then, as `origin id,id,…`, the queues whose event is not among them
 * or is too long to send.
 */
function* payloads(origin: string, queueIds: readonly string[], answers: PreparedAnswers): Generator<string> {
  const sent = new Set<string>()
  const byText = new Map<string, string[]>()
  for (const [queueId, latest] of answers) {
    const rest = textAfterId(latest)
    if (rest === undefined || Buffer.byteLength(rest) > MAX_EVENT_IN_NOTIFICATION) continue
    const entries = byText.get(rest)
    if (entries === undefined) byText.set(rest, [`${queueId} ${latest.eventId}`])
    else entries.push(`${queueId} ${latest.eventId}`)
    sent.add(queueId)
  }
  for (const [rest, entries] of byText) {
    const room = MAX_PAYLOAD - origin.length - 3 - Buffer.byteLength(rest)
    yield* joined(entries, room, (list) => `${origin} =${list}\n${rest}`)
  }
  const rest = sent.size === 0 ? queueIds : queueIds.filter((id) => !sent.has(id))
  yield* joined(rest, MAX_PAYLOAD - origin.length - 1, (list) => `${origin} ${list}`)
}

/** `items` joined by commas into lists of at most `room` characters (ASCII), each wrapped by `wrap`. */
function* joined(items: readonly string[], room: number, wrap: (list: string) => string): Generator<string> {
  let list = ''
  for (const item of items) {
    if (list !== '' && list.length + 1 + item.length > room) {
      yield wrap(list)
      list = ''
    }
    list = list === '' ? item : `${list},${item}`
  }
  if (list !== '') yield wrap(list)
}

/** `id n,id n,…\n{rest}` back into answers (a notification of another process of this service). */
function parseAnswers(body: string): PreparedAnswers {
  const newline = body.indexOf('\n')
  const rest = body.slice(newline + 1)
  const bytes = bytesAfterId(rest) // (encoded once for all these queues)
  return body
    .slice(0, newline)
    .split(',')
    .map((entry) => {
      const space = entry.indexOf(' ')
      const eventId = Number(entry.slice(space + 1))
      return [entry.slice(0, space), fromTextAfterId(eventId, rest, bytes)] as const
    })
}
