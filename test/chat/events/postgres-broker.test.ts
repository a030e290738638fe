// PostgresBroker: LISTEN/NOTIFY between chat services on a real (throwaway) PostgreSQL.

import assert from 'node:assert/strict'
import { EVERY_QUEUE, PostgresBroker, type PreparedAnswers } from '@prefixd/chat'
import pg from 'pg'
import { postgresOrSkip, type TestPostgres } from '../../support/postgres.js'
import { expectSuccess, startTestChat, until, type TestChat } from '../chat-helpers.js'

/** Every batch of ids a broker's listener hears, in order. */
function hear(broker: PostgresBroker): string[][] {
  const heard: string[][] = []
  broker.subscribe((ids) => void heard.push([...ids]))
  return heard
}

describe('PostgresBroker', () => {
  let postgres: TestPostgres | undefined
  const opened: PostgresBroker[] = []
  const open = async (channel?: string): Promise<PostgresBroker> => {
    const broker = await PostgresBroker.connect(postgres!.url, { ...(channel !== undefined && { channel }), onError: () => {} })
    opened.push(broker)
    return broker
  }
  before(async function () {
    postgres = await postgresOrSkip(this)
  })
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((broker) => broker.close()))
  })
  after(() => postgres?.stop())

  it('tells its own listeners at once and the other processes through NOTIFY, each once', async () => {
    const a = await open()
    const b = await open()
    const heardA = hear(a)
    const heardB = hear(b)
    a.publish(['q1', 'q2'])
    assert.deepEqual(heardA, [['q1', 'q2']]) // synchronously, without a round trip
    await until(() => heardB.length > 0, 'the other broker hears it')
    assert.deepEqual(heardB, [['q1', 'q2']])
    b.publish(['q3'])
    await until(() => heardA.length > 1, 'the first broker hears the second')
    assert.deepEqual(heardA, [['q1', 'q2'], ['q3']])
    assert.deepEqual(heardB, [['q1', 'q2'], ['q3']]) // its own, once: not again through NOTIFY
    a.publish([])
    assert.equal(heardA.length, 2)
  })

  it('splits a large fan-out over several notifications (8000 bytes each at most) and loses no id', async () => {
    const a = await open()
    const b = await open()
    const heardB = hear(b)
    const ids = Array.from({ length: 3000 }, (_, i) => `1763683200:queue-${String(i).padStart(8, '0')}`)
    a.publish(ids)
    await until(() => heardB.flat().length >= ids.length, 'every id arrives')
    assert.ok(heardB.length > 1, 'in several notifications')
    assert.deepEqual(heardB.flat(), ids)
  })

  /**
   * Every publish a broker's listener hears with the answers it carried (undefined: queue ids alone). Their
   * bytes (`after`, what follows `{"id":n,`) are checked here — one Buffer shared by a notification's queues —
   * and left out.
   */
  const hearAnswers = (broker: PostgresBroker): Array<{ ids: string[]; answers: PreparedAnswers | undefined }> => {
    const heard: Array<{ ids: string[]; answers: PreparedAnswers | undefined }> = []
    broker.subscribe((ids, answers) => {
      for (const [, { eventId, json, after }] of answers ?? []) {
        assert.equal(after?.toString('utf8'), json.slice(`{"id":${eventId},`.length))
        assert.equal(after, answers![0]![1].after, 'one Buffer for all the queues of a notification')
      }
      heard.push({ ids: [...ids], answers: answers?.map(([id, { eventId, json }]) => [id, { eventId, json }] as const) })
    })
    return heard
  }
  const answer = (queueId: string, eventId: number, rest: Record<string, unknown>): [string, { eventId: number; json: string }] => [
    queueId,
    { eventId, json: JSON.stringify({ id: eventId, ...rest }) },
  ]

  it('carries the events of a change to the other processes, one text per kind of queue, and not to its own listeners', async () => {
    const a = await open()
    const b = await open()
    const heardA = hearAnswers(a)
    const heardB = hearAnswers(b)
    const answers = [
      answer('q1', 7, { type: 'message', flags: [], message: { content: 'héllo ✓ 𝄞 "quoted"\n' } }),
      answer('q2', 3, { type: 'message', flags: [], message: { content: 'héllo ✓ 𝄞 "quoted"\n' } }),
      answer('q3', 0, { type: 'message', flags: ['read'], message: { content: 'héllo ✓ 𝄞 "quoted"\n' } }),
    ]
    a.publish(['q1', 'q2', 'q3'], answers)
    assert.deepEqual(heardA, [{ ids: ['q1', 'q2', 'q3'], answers: undefined }])
    await until(() => heardB.flatMap((h) => h.ids).length === 3, 'the other broker hears every queue')
    assert.equal(heardB.length, 2, 'one notification per event text')
    assert.deepEqual(
      heardB.flatMap((h) => h.answers ?? []),
      answers,
    )
    assert.deepEqual(
      heardB.map((h) => h.ids),
      [['q1', 'q2'], ['q3']],
    )
  })

  it('sends an event too long for a notification by reference: its queue ids alone', async () => {
    const a = await open()
    const b = await open()
    const heardB = hearAnswers(b)
    const long = answer('big', 1, { type: 'message', message: { content: 'é'.repeat(2100) } }) // 4,200 bytes in UTF-8
    const short = answer('small', 2, { type: 'message', message: { content: 'short' } })
    a.publish(['big', 'small'], [long, short])
    await until(() => heardB.flatMap((h) => h.ids).length === 2, 'both queues are announced')
    assert.deepEqual(heardB, [
      { ids: ['small'], answers: [short] },
      { ids: ['big'], answers: undefined },
    ])
  })

  it('splits the events of a wide fan-out over several notifications and loses none', async () => {
    const a = await open()
    const b = await open()
    const heardB = hearAnswers(b)
    const rest = { type: 'message', flags: [], message: { id: 42, content: 'x'.repeat(3000) } }
    const answers = Array.from({ length: 1000 }, (_, i) => answer(`1763683200:queue-${String(i).padStart(8, '0')}`, i, rest))
    a.publish(
      answers.map(([id]) => id),
      answers,
    )
    await until(() => heardB.flatMap((h) => h.ids).length >= answers.length, 'every queue arrives')
    assert.ok(heardB.length > 1, 'in several notifications')
    assert.deepEqual(
      heardB.flatMap((h) => h.answers ?? []),
      answers,
    )
  })

  it('keeps organizations on one server apart by channel', async () => {
    const a = await open('org_a')
    const other = await open('org_b')
    const same = await open('org_a')
    const heardOther = hear(other)
    const heardSame = hear(same)
    a.publish(['q1'])
    await until(() => heardSame.length > 0, 'the same channel hears it')
    assert.deepEqual(heardOther, [])
  })

  /** Ends, from the server side (a failover, a restarted pooler), the connections whose last query matches. */
  const terminate = async (lastQuery: string): Promise<void> => {
    const admin = new pg.Client({ connectionString: postgres!.url })
    await admin.connect()
    try {
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE $1 AND pid <> pg_backend_pid()', [lastQuery])
    } finally {
      await admin.end()
    }
  }

  it('reconnects after losing its connection, waking every waiting request once back', async () => {
    const a = await open()
    const b = await open()
    const heardA = hear(a)
    const heardB = hear(b)
    await terminate('LISTEN %') // both brokers' connections
    await until(() => heardA.some((ids) => ids[0] === EVERY_QUEUE) && heardB.some((ids) => ids[0] === EVERY_QUEUE), 'both reconnect and resync')
    a.publish(['after'])
    await until(() => heardB.some((ids) => ids[0] === 'after'), 'b hears a again')
  })

  it('tells the others to resync when its own publishes were lost with its connection', async () => {
    const a = await open()
    const b = await open()
    const heardB = hear(b)
    a.publish(['before']) // a's connection now last ran pg_notify, b's LISTEN
    await until(() => heardB.length === 1, 'b hears a')
    await terminate('SELECT pg_notify%')
    a.publish(['lost']) // on a connection the server has closed: it cannot reach b
    // b's own connection never dropped: only a's resync notice can wake its requests.
    await until(() => heardB.some((ids) => ids[0] === EVERY_QUEUE), 'a tells b to resync once back')
  })

  describe('between two chat services on one database', () => {
    let first: TestChat | undefined
    let second: TestChat | undefined
    afterEach(async () => {
      await second?.close()
      await first?.close()
    })

    it('wakes a long poll on one service for a message sent through the other, long before its heartbeat', async () => {
      // A heartbeat an hour away: only the notification can end the wait (its answer would hold the heartbeat too).
      first = await startTestChat({ broker: await open(), heartbeatSeconds: [3600, 3600] })
      second = await startTestChat({ db: first.chat.db.location, broker: await open(), heartbeatSeconds: [3600, 3600] })
      const queue = expectSuccess(await first.as('nina').post('/register', { event_types: ['message'] })).queue_id as string
      const waiting = first.as('nina').get('/events', { queue_id: queue, last_event_id: -1 })
      await until(() => first!.chat.services.delivery.size === 1, 'the long poll waits on the first service')
      const sent = expectSuccess(await second.as('max').post('/messages', { type: 'private', to: [5], content: 'through the other one' }))
      const events = expectSuccess(await waiting).events as Array<{ type: string; message: { id: number } }>
      assert.deepEqual(
        events.map((e) => [e.type, e.message.id]),
        [['message', sent.id]],
      )
    })

    /** Counts the reads of queued events the service makes from its store from now on. */
    const countQueueReads = (chat: TestChat): { readonly count: number } => {
      const store = chat.chat.db as { all: (...args: unknown[]) => Promise<unknown[]> }
      const all = store.all.bind(store)
      const counter = { count: 0 }
      store.all = (...args) => {
        if (String(args[0]).includes('FROM queue_events')) counter.count++
        return all(...args)
      }
      return counter
    }

    it('answers a long poll woken by the other service from the events its notification carried, without reading them', async () => {
      first = await startTestChat({ broker: await open(), heartbeatSeconds: [60, 60] })
      second = await startTestChat({ db: first.chat.db.location, broker: await open(), heartbeatSeconds: [60, 60] })
      const queue = expectSuccess(await second.as('nina').post('/register', { event_types: ['message'], apply_markdown: false })).queue_id as string
      const waiting = second.as('nina').get('/events', { queue_id: queue, last_event_id: -1 })
      await until(() => second!.chat.services.delivery.size === 1, 'the long poll waits on the second service')
      const reads = countQueueReads(second)
      const sent = expectSuccess(await first.as('max').post('/messages', { type: 'private', to: [5], content: 'from the **first** one' }))
      const events = expectSuccess(await waiting).events as Array<{ id: number; type: string; message: { id: number; content: string } }>
      assert.deepEqual(
        events.map((e) => [e.id, e.type, e.message.id, e.message.content]),
        [[0, 'message', sent.id, 'from the **first** one']],
      )
      assert.equal(reads.count, 0, 'answered from the notification')
      // The same event as the store holds it.
      const again = expectSuccess(await second.as('nina').get('/events', { queue_id: queue, last_event_id: -1, dont_block: true }))
      assert.deepEqual(again.events, events)
    })

    /** Counts the service's reads of users by email (authentication) from now on. */
    const countUserReads = (chat: TestChat): { readonly count: number } => {
      const store = chat.chat.db as { get: (...args: unknown[]) => Promise<unknown> }
      const get = store.get.bind(store)
      const counter = { count: 0 }
      store.get = (...args) => {
        if (String(args[0]).includes('FROM users WHERE email')) counter.count++
        return get(...args)
      }
      return counter
    }
    /** Settles when `broker` next hears that users changed (the observable event the services wait on). */
    const nextUsersChange = (broker: PostgresBroker): Promise<void> =>
      new Promise((resolve) => {
        const stop = broker.onUsersChanged(() => {
          stop()
          resolve()
        })
      })
    /**
     * Two services on one PostgreSQL database (whichever store the suite runs on: the notice of a change
     * comes from the database) that remember authenticated users, each told of user changes by its broker.
     */
    let remembering = 0
    const startRemembering = async (): Promise<{ brokerB: PostgresBroker }> => {
      const db = postgres!.createDatabase(`remembering_${++remembering}`)
      // (Notifications stay within their database: the brokers listen on the services' own.)
      const [brokerA, brokerB] = await Promise.all([PostgresBroker.connect(db, { onError: () => {} }), PostgresBroker.connect(db, { onError: () => {} })])
      opened.push(brokerA, brokerB)
      first = await startTestChat({ db, broker: brokerA, userChanges: brokerA })
      second = await startTestChat({ db: first.chat.db.location, broker: brokerB, userChanges: brokerB })
      return { brokerB }
    }

    it('remembers authenticated users, and refuses a bot key regenerated through the other service as soon as that change is heard', async () => {
      const { brokerB } = await startRemembering()
      const bot = second!.as('linkbot-bot')
      expectSuccess(await bot.get('/users/me'))
      const reads = countUserReads(second!)
      expectSuccess(await bot.get('/users/me'))
      assert.equal(reads.count, 0, 'the second request is authenticated from memory')
      const heard = nextUsersChange(brokerB)
      const { api_key: key } = expectSuccess(await first!.as('max').post('/bots/20/api_key/regenerate')) as { api_key: string }
      await heard
      const refused = await bot.get('/users/me')
      assert.deepEqual([refused.status, refused.body.code], [401, 'INVALID_API_KEY'])
      expectSuccess(await second!.as('linkbot-bot', { email: 'linkbot-bot@example.com', key }).get('/users/me'))
    })

    it('forgets remembered users changed by hand in the database: a deactivation, a role', async () => {
      const { brokerB } = await startRemembering()
      assert.equal(expectSuccess(await second!.as('olivia').get('/users/me')).role, 100)
      expectSuccess(await second!.as('nina').get('/users/me'))
      let heard = nextUsersChange(brokerB)
      await first!.chat.db.run("UPDATE users SET role = 'guest' WHERE email = 'olivia@example.com'")
      await heard
      assert.equal(expectSuccess(await second!.as('olivia').get('/users/me')).role, 600)
      heard = nextUsersChange(brokerB)
      await first!.chat.db.run("UPDATE users SET is_active = 0 WHERE email = 'nina@example.com'")
      await heard
      const refused = await second!.as('nina').get('/users/me')
      assert.deepEqual([refused.status, refused.body.code], [401, 'USER_DEACTIVATED'])
    })

    it('delivers through the other service an event too long to travel in a notification (it is read from the store)', async () => {
      first = await startTestChat({ broker: await open(), heartbeatSeconds: [60, 60] })
      second = await startTestChat({ db: first.chat.db.location, broker: await open(), heartbeatSeconds: [60, 60] })
      const queue = expectSuccess(await second.as('nina').post('/register', { event_types: ['message'] })).queue_id as string
      const waiting = second.as('nina').get('/events', { queue_id: queue, last_event_id: -1 })
      await until(() => second!.chat.services.delivery.size === 1, 'the long poll waits on the second service')
      const reads = countQueueReads(second)
      const content = 'a long message ✓ '.repeat(400)
      const sent = expectSuccess(await first.as('max').post('/messages', { type: 'private', to: [5], content }))
      const events = expectSuccess(await waiting).events as Array<{ type: string; message: { id: number } }>
      assert.deepEqual(
        events.map((e) => [e.type, e.message.id]),
        [['message', sent.id]],
      )
      assert.ok(reads.count > 0, 'read from the store')
    })
  })
})
