// LISTEN on a PostgreSQL connection of its own that is got back after a loss: what the resolver's sets
// store and the chat's event broker both need, written once.

/** A notification as the driver gives it (pg's `Notification`). */
export interface Notification {
  readonly channel: string
  readonly payload?: string | undefined
}

/**
 * The part of a driver's client the listener uses: pg's `Client` fits. Taken as a factory, so this
 * package loads no driver itself (the resolver loads pg only when it is configured for PostgreSQL).
 */
export interface ListeningClient {
  on(event: 'notification', listener: (message: Notification) => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  on(event: 'end', listener: () => void): unknown
  connect(): Promise<unknown>
  query(text: string): Promise<unknown>
  end(): Promise<unknown>
}

export interface ListenerOptions<C extends ListeningClient> {
  /** A new, unconnected client, for each connection made: `() => new pg.Client({ connectionString: url })`. */
  readonly client: () => C
  /** The channels to LISTEN on: plain identifiers (`[a-z_][a-z0-9_]*`), as LISTEN takes no parameter. */
  readonly channels: readonly string[]
  readonly onNotification: (message: Notification) => void
  /** The connection is lost; nothing is heard until `onBack`. The listener reconnects by itself. */
  readonly onLost?: (error: Error) => void
  /** An attempt to reconnect failed; another follows after the next delay. */
  readonly onRetryFailed?: (error: Error) => void
  /** Listening again after a loss: what was notified meanwhile was not heard, and will not be. */
  readonly onBack?: () => void
  /** The waits before the attempts to reconnect, in milliseconds, the last one repeated. Default {@link RETRY_DELAYS_MS}. */
  readonly retryDelaysMs?: readonly number[]
  /** Calls `callback` once after `ms` and returns its cancel function (the chat's `Clock.setTimeout`); default Node's timers. */
  readonly setTimer?: (callback: () => void, ms: number) => () => void
}

/** Listening, from `listen` until `close`. */
export interface Listener<C extends ListeningClient> {
  /** The connected client that listens (a caller may send on it too: pg runs its queries in order), `undefined` while it is lost. */
  readonly client: C | undefined
  /** Stops reconnecting and ends the connection. */
  close(): Promise<void>
}

/** Waits between attempts to get a lost connection back, in milliseconds; then the last, again and again. */
export const RETRY_DELAYS_MS: readonly number[] = [100, 500, 1000, 5000]

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/

function systemTimer(callback: () => void, ms: number): () => void {
  const timer = setTimeout(callback, ms)
  return () => clearTimeout(timer)
}

/**
 * Connects, LISTENs on `channels` and resolves once that is in place (rejects if the first connection
 * fails). When the connection is lost it calls `onLost`, then tries again after each of the delays in
 * turn until it is back (`onBack`) or closed. A client that fails half way (connected, LISTEN refused)
 * is ended, and a connection made while `close` runs is ended too: nothing is left open.
 *
 * @example
 * const listener = await listen({
 *   client: () => new pg.Client({ connectionString: url }),
 *   channels: ['prefixd_sets'],
 *   onNotification: ({ payload }) => changed(payload),
 *   onBack: () => changed('all'),
 * })
 */
export async function listen<C extends ListeningClient>(options: ListenerOptions<C>): Promise<Listener<C>> {
  for (const channel of options.channels) if (!CHANNEL.test(channel)) throw new TypeError(`not a plain channel name: ${channel}`)
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS
  if (delays.length === 0) throw new TypeError('retryDelaysMs needs at least one delay')
  const setTimer = options.setTimer ?? systemTimer
  const statement = options.channels.map((channel) => `LISTEN ${channel}`).join('; ')
  let current: C | undefined
  let closed = false
  let cancelRetry: (() => void) | undefined

  async function connect(): Promise<void> {
    const client = options.client()
    client.on('notification', options.onNotification) // from LISTEN on: one may come before its query's answer is read
    client.on('error', (error) => lost(client, error))
    client.on('end', () => lost(client, new Error('the connection to PostgreSQL ended')))
    try {
      await client.connect()
      await client.query(statement)
    } catch (error) {
      client.end().catch(() => {})
      throw error
    }
    if (closed) return void client.end().catch(() => {})
    current = client
  }

  function lost(client: C, error: Error): void {
    if (client !== current || closed) return // an earlier client, or one that never listened
    current = undefined
    options.onLost?.(error)
    retry(0)
  }

  function retry(attempt: number): void {
    cancelRetry = setTimer(
      () => {
        cancelRetry = undefined
        if (closed) return
        connect().then(
          () => {
            if (!closed) options.onBack?.()
          },
          (error: Error) => {
            if (closed) return
            options.onRetryFailed?.(error)
            retry(attempt + 1)
          },
        )
      },
      delays[Math.min(attempt, delays.length - 1)]!,
    )
  }

  await connect()
  return {
    get client() {
      return current
    },
    async close() {
      closed = true
      cancelRetry?.()
      const client = current
      current = undefined
      await client?.end()
    },
  }
}
