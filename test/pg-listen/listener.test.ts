// listen (@prefixd/pg-listen): LISTEN that gets its connection back, on a real (throwaway) PostgreSQL.

import assert from 'node:assert/strict'
import { listen, type Listener, type ListenerOptions, type Notification } from '@prefixd/pg-listen'
import pg from 'pg'
import { postgresOrSkip, type TestPostgres } from '../support/postgres.js'

/** Timers fired by hand: the test decides when a retry runs instead of sleeping through its delay. */
class ManualTimers {
  readonly pending: Array<{ callback: () => void; ms: number; cancelled: boolean }> = []
  readonly set = (callback: () => void, ms: number): (() => void) => {
    const timer = { callback, ms, cancelled: false }
    this.pending.push(timer)
    return () => void (timer.cancelled = true)
  }
  /** Runs the oldest timer not run or cancelled; its delay is returned. */
  fire(): number {
    const timer = this.pending.find((t) => !t.cancelled)
    assert.ok(timer !== undefined, 'a timer is pending')
    timer.cancelled = true
    timer.callback()
    return timer.ms
  }
  get waiting(): number {
    return this.pending.filter((t) => !t.cancelled).length
  }
}

/** Records the calls of a callback; `count(n)` resolves once it has been called `n` times. */
function recorder<T = void>(): { calls: T[]; callback: (value: T) => void; count(n: number): Promise<void> } {
  const calls: T[] = []
  const waiting: Array<{ n: number; resolve: () => void }> = []
  return {
    calls,
    callback: (value) => {
      calls.push(value)
      for (const w of waiting) if (calls.length >= w.n) w.resolve()
    },
    count: (n) => (calls.length >= n ? Promise.resolve() : new Promise((resolve) => void waiting.push({ n, resolve }))),
  }
}

describe('listen (@prefixd/pg-listen)', () => {
  let postgres: TestPostgres | undefined
  let admin: pg.Client
  const opened: Array<Listener<pg.Client>> = []
  let application = 0
  /** Each listener's connections carry an application name of their own, to find them in pg_stat_activity. */
  const start = async (options: Partial<ListenerOptions<pg.Client>> & Pick<ListenerOptions<pg.Client>, 'onNotification'>) => {
    const name = `pg_listen_test_${++application}`
    const listener = await listen({
      client: () => new pg.Client({ connectionString: postgres!.url, application_name: name }),
      channels: ['test_a', 'test_b'],
      ...options,
    })
    opened.push(listener)
    return { listener, name }
  }
  const connections = async (name: string): Promise<number> =>
    Number((await admin.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1', [name])).rows[0]!.n)
  /** Ends, from the server side (a failover, a restarted pooler), the connections of `name`. */
  const terminate = (name: string) => admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [name])

  before(async function () {
    postgres = await postgresOrSkip(this)
    admin = new pg.Client({ connectionString: postgres!.url })
    await admin.connect()
  })
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((listener) => listener.close()))
  })
  after(async () => {
    await admin?.end()
    postgres?.stop()
  })

  it('hears the notifications of its channels, and gives its connected client', async () => {
    const heard = recorder<Notification>()
    const { listener } = await start({ onNotification: heard.callback })
    assert.ok(listener.client instanceof pg.Client)
    await admin.query("SELECT pg_notify('test_b', 'hello'), pg_notify('elsewhere', 'no')")
    await heard.count(1)
    await listener.client!.query("NOTIFY test_a, 'from itself'") // a caller may send on it
    await heard.count(2)
    assert.deepEqual(
      heard.calls.map((m) => [m.channel, m.payload]),
      [
        ['test_b', 'hello'],
        ['test_a', 'from itself'],
      ],
    )
  })

  it('gets its connection back after the server ends it (pg_terminate_backend), and hears again', async () => {
    const timers = new ManualTimers()
    const heard = recorder<Notification>()
    const lost = recorder<Error>()
    const back = recorder()
    const { listener, name } = await start({ onNotification: heard.callback, onLost: lost.callback, onBack: back.callback, setTimer: timers.set })
    const first = listener.client
    await terminate(name)
    await lost.count(1)
    assert.match(lost.calls[0]!.message, /terminat|ended/i)
    assert.equal(listener.client, undefined) // lost: nothing is heard until it is back
    assert.equal(timers.fire(), 100) // the first of RETRY_DELAYS_MS
    await back.count(1)
    assert.ok(listener.client !== undefined && listener.client !== first)
    assert.equal(await connections(name), 1)
    await admin.query("NOTIFY test_a, 'again'")
    await heard.count(1)
    assert.equal(heard.calls[0]!.payload, 'again')
    assert.deepEqual([lost.calls.length, back.calls.length], [1, 1])
  })

  it('waits longer after each failed attempt, the last delay again and again, until one succeeds', async () => {
    const timers = new ManualTimers()
    const failed = recorder<Error>()
    const back = recorder()
    let refuse = 0
    const name = `pg_listen_test_${++application}`
    const listener = await listen({
      // After the loss, the next three clients point at a port nobody listens on.
      client: () => new pg.Client({ connectionString: refuse-- > 0 ? 'postgres://postgres@127.0.0.1:1/postgres' : postgres!.url, application_name: name }),
      channels: ['test_a'],
      onNotification: () => {},
      onRetryFailed: failed.callback,
      onBack: back.callback,
      setTimer: timers.set,
      retryDelaysMs: [10, 20],
    })
    opened.push(listener)
    refuse = 3
    await terminate(name)
    const delays: number[] = []
    for (let attempt = 0; attempt < 3; attempt++) {
      while (timers.waiting === 0) await new Promise((resolve) => setImmediate(resolve)) // the loss arrives
      delays.push(timers.fire())
      await failed.count(attempt + 1)
    }
    while (timers.waiting === 0) await new Promise((resolve) => setImmediate(resolve))
    delays.push(timers.fire())
    await back.count(1)
    assert.deepEqual(delays, [10, 20, 20, 20])
    assert.equal(failed.calls.length, 3)
    assert.match(failed.calls[0]!.message, /ECONNREFUSED/)
    assert.equal(await connections(name), 1)
  })

  it('stops retrying at close: a pending retry is cancelled, and a connection made meanwhile is ended', async () => {
    const timers = new ManualTimers()
    const lost = recorder<Error>()
    const back = recorder()
    const listened = recorder() // each LISTEN answered
    const name = `pg_listen_test_${++application}`
    const listener = await listen({
      client: () => {
        const client = new pg.Client({ connectionString: postgres!.url, application_name: name })
        const query = client.query.bind(client) as (text: string) => Promise<unknown>
        client.query = ((text: string) => query(text).finally(() => listened.callback())) as typeof client.query
        return client
      },
      channels: ['test_a'],
      onNotification: () => {},
      onLost: lost.callback,
      onBack: back.callback,
      setTimer: timers.set,
    })
    await terminate(name)
    await lost.count(1)
    timers.fire() // a reconnection starts…
    await listener.close() // …and close comes before it is done
    await listened.count(2) // the reconnection's LISTEN is answered after close
    await new Promise((resolve) => setImmediate(resolve))
    for (let i = 0; i < 200 && (await connections(name)) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10))
    assert.equal(await connections(name), 0, 'no connection left open')
    assert.equal(timers.waiting, 0)
    assert.equal(back.calls.length, 0)

    const second = await start({ onNotification: () => {}, onLost: lost.callback, setTimer: timers.set })
    await terminate(second.name)
    await lost.count(2)
    assert.equal(timers.waiting, 1)
    await second.listener.close()
    assert.equal(timers.waiting, 0, 'the retry is cancelled')
  })

  it('rejects when the first connection fails, and ends a client whose LISTEN failed', async () => {
    await assert.rejects(
      listen({ client: () => new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:1/postgres' }), channels: ['test_a'], onNotification: () => {} }),
      /ECONNREFUSED/,
    )
    const name = `pg_listen_test_${++application}`
    const refusing = () => {
      const client = new pg.Client({ connectionString: postgres!.url, application_name: name })
      client.query = (() => Promise.reject(new Error('LISTEN refused'))) as typeof client.query
      return client
    }
    await assert.rejects(listen({ client: refusing, channels: ['test_a'], onNotification: () => {} }), /LISTEN refused/)
    for (let i = 0; i < 200 && (await connections(name)) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10))
    assert.equal(await connections(name), 0)
  })

  it('takes plain channel names only (LISTEN takes an identifier, not a parameter)', async () => {
    await assert.rejects(listen({ client: () => new pg.Client(), channels: ['a; DROP TABLE x'], onNotification: () => {} }), TypeError)
  })
})
