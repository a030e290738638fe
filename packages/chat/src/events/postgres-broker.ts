// An EventBroker for several chat processes: PostgreSQL's LISTEN/NOTIFY carries "these queues have new
// events" to every process, so a long poll on one wakes for a change committed through another.

import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { EVERY_QUEUE, type EventBroker } from './event-broker.js'

/** The notification channel all chat processes of one organization share. */
export const DEFAULT_CHANNEL = 'prefixd_chat_events'
/** NOTIFY payloads must stay under 8000 bytes; queue ids are ASCII, so characters are bytes. */
const MAX_PAYLOAD = 7900
/** Waits between attempts to get the listening connection back, in milliseconds (then the last, again and again). */
const RECONNECT_MS = [100, 500, 1000, 5000]

export interface PostgresBrokerOptions {
  /** Default `prefixd_chat_events`: one channel per organization sharing a server. */
  readonly channel?: string
  /** Told of a lost connection (default: printed on stderr); the broker reconnects by itself. */
  readonly onError?: (error: Error) => void
}

/**
 * Publishes to this process's listeners at once and to the other processes with NOTIFY; hears theirs
 * with LISTEN on one connection of its own. A notification names its origin, so a process does not
 * wake its own requests twice. After a lost connection, listeners are called with `[EVERY_QUEUE]`
 * (every waiting request reads its queue again), since notifications sent meanwhile are not replayed;
 * and if its own publishes could not be sent meanwhile, it tells the others to do the same.
 */
export class PostgresBroker implements EventBroker {
  readonly #listeners = new Set<(queueIds: readonly string[]) => void>()
  readonly #origin = randomBytes(6).toString('base64url')
  readonly #url: string
  readonly #channel: string
  readonly #onError: (error: Error) => void
  #client: pg.Client | undefined
  #closed = false
  /** A publish could not be sent (no connection, or it failed): the others are told to resync once back. */
  #missed = false
  /** Sends in order, one at a time, on the listening connection (a second connection would cost more than it gives). */
  #sending: Promise<unknown> = Promise.resolve()

  private constructor(url: string, options: PostgresBrokerOptions) {
    this.#url = url
    this.#channel = options.channel ?? DEFAULT_CHANNEL
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(this.#channel)) throw new TypeError(`not a plain channel name: ${this.#channel}`)
    this.#onError = options.onError ?? ((error) => console.error(`prefixd chat: event broker: ${error.message}`))
  }

  /** A broker listening on `url` (`postgres://…`); resolves once LISTEN is in place. */
  static async connect(url: string, options: PostgresBrokerOptions = {}): Promise<PostgresBroker> {
    const broker = new PostgresBroker(url, options)
    await broker.#listen()
    return broker
  }

  async #listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#url })
    client.on('notification', (message) => {
      if (message.channel !== this.#channel || message.payload === undefined) return
      const space = message.payload.indexOf(' ')
      if (space < 0 || message.payload.slice(0, space) === this.#origin) return
      this.#tell(message.payload.slice(space + 1).split(','))
    })
    client.on('error', (error) => this.#lost(client, error))
    client.on('end', () => this.#lost(client, new Error('the connection to PostgreSQL ended')))
    await client.connect()
    await client.query(`LISTEN ${this.#channel}`)
    this.#client = client
  }

  #lost(client: pg.Client, error: Error): void {
    if (this.#client !== client || this.#closed) return
    this.#client = undefined
    this.#onError(error)
    void this.#reconnect(0)
  }

  async #reconnect(attempt: number): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)]))
    if (this.#closed) return
    try {
      await this.#listen()
    } catch (error) {
      this.#onError(error as Error)
      return this.#reconnect(attempt + 1)
    }
    this.#tell([EVERY_QUEUE])
    if (this.#missed) {
      this.#missed = false
      this.#notify(`${this.#origin} ${EVERY_QUEUE}`)
    }
  }

  #tell(queueIds: readonly string[]): void {
    for (const listener of this.#listeners) listener(queueIds)
  }

  publish(queueIds: readonly string[]): void {
    if (queueIds.length === 0) return
    this.#tell(queueIds)
    if (this.#client === undefined) this.#missed = true // the others are told to resync when it is back
    else for (const payload of payloads(this.#origin, queueIds)) this.#notify(payload)
  }

  #notify(payload: string): void {
    const client = this.#client
    if (client === undefined) return void (this.#missed = true)
    this.#sending = this.#sending
      .then(() => client.query('SELECT pg_notify($1, $2)', [this.#channel, payload]))
      .catch((error: Error) => {
        this.#missed = true
        this.#onError(error)
      })
  }

  subscribe(listener: (queueIds: readonly string[]) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Waits for the notifications already published to be sent, then closes the connection. */
  async close(): Promise<void> {
    this.#closed = true
    await this.#sending
    const client = this.#client
    this.#client = undefined
    await client?.end()
  }
}

/** `origin id,id,…` payloads, each under MAX_PAYLOAD bytes. */
function* payloads(origin: string, queueIds: readonly string[]): Generator<string> {
  let payload = ''
  for (const id of queueIds) {
    if (payload !== '' && payload.length + 1 + id.length > MAX_PAYLOAD) {
      yield payload
      payload = ''
    }
    payload = payload === '' ? `${origin} ${id}` : `${payload},${id}`
  }
  if (payload !== '') yield payload
}
