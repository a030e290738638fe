// The event queue through real HTTP: POST /register, GET /events (long-polling, heartbeats, acknowledgement),
// DELETE /events, expiry, the per-queue cap, and the events each state change sends to whom (chat-events.md,
// chat-behaviour.md "Event queue").

import assert from 'node:assert/strict'
import { rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { expectError, expectSuccess, startTestChat, until, USERS, type Client, type TestChat, type Values } from '../chat-helpers.js'

type Event = Record<string, unknown> & { readonly id: number; readonly type: string }

/** A queue per chat-events.md: chat-behaviour.md sets these for the service. */
const FEATURE_LEVEL = 496
const LONGPOLL_TIMEOUT_SECONDS = 90
/** MAX_QUEUE_EVENTS of event-queues.ts (not exported by @prefixd/chat). */
const MAX_QUEUE_EVENTS = 10_000
/** Heartbeats of the tests: fast, so that a waiting request ends quickly. */
const HEARTBEAT: readonly [number, number] = [0.3, 0.5]

/** Active users of the reference organization, people and bots. */
const ACTIVE = ['olivia', 'adam', 'mira', 'max', 'nina', 'gus', 'linkbot-bot', 'ops-bot'] as const

async function register(client: Client, values: Values = {}): Promise<string> {
  const queueId = expectSuccess(await client.post('/register', values)).queue_id
  assert.equal(typeof queueId, 'string')
  return queueId as string
}

/** The events after `last` without waiting (and so acknowledging those up to `last`). */
async function take(client: Client, queueId: string, last = -1): Promise<Event[]> {
  const body = expectSuccess(await client.get('/events', { queue_id: queueId, last_event_id: last, dont_block: true }))
  assert.equal(body.queue_id, queueId)
  return body.events as Event[]
}

const withoutId = ({ id: _, ...rest }: Event): Record<string, unknown> => rest

/** Queues for several users; `news()` gives what each received since the last call (without ids), omitting users who got nothing. */
async function watch(
  chat: TestChat,
  names: readonly string[],
  values: Values = {},
): Promise<{ news(): Promise<Record<string, unknown[]>>; queueOf(name: string): string }> {
  const queues = new Map<string, { id: string; last: number }>()
  for (const name of names) queues.set(name, { id: await register(chat.as(name), values), last: -1 })
  return {
    queueOf: (name) => queues.get(name)!.id,
    async news() {
      const seen: Record<string, unknown[]> = {}
      for (const [name, queue] of queues) {
        const events = await take(chat.as(name), queue.id, queue.last)
        if (events.length === 0) continue
        queue.last = events.at(-1)!.id
        seen[name] = events.map(withoutId)
      }
      return seen
    },
  }
}

const sendToChannel = async (client: Client, channel: string | number, topic: string, content: string, extra: Values = {}): Promise<number> =>
  expectSuccess(await client.post('/messages', { type: 'stream', to: String(channel), topic, content, ...extra })).id as number

const sendDirect = async (client: Client, to: number[], content: string, extra: Values = {}): Promise<number> =>
  expectSuccess(await client.post('/messages', { type: 'private', to, content, ...extra })).id as number

describe('event queue', () => {
  let chat: TestChat
  beforeEach(async () => {
    chat = await startTestChat({ heartbeatSeconds: HEARTBEAT })
  })
  afterEach(() => chat.close())

  describe('POST /register', () => {
    it('answers a queue id, last_event_id -1, the feature level, the long-poll timeout and max_topic_length', async () => {
      const body = expectSuccess(await chat.as('max').post('/register', { event_types: [] }))
      assert.equal(typeof body.queue_id, 'string')
      assert.ok((body.queue_id as string).length > 0)
      assert.equal(body.last_event_id, -1)
      assert.equal(body.service_feature_level, FEATURE_LEVEL)
      assert.equal(body.event_queue_longpoll_timeout_seconds, LONGPOLL_TIMEOUT_SECONDS)
      assert.equal(body.max_topic_length, 60)
      const other = expectSuccess(await chat.as('max').post('/register', { event_types: [] }))
      assert.notEqual(other.queue_id, body.queue_id)
    })

    it('returns the initial state of each fetch_event_types, as in the reference organization', async () => {
      const fetch = [
        'user_settings',
        'drafts',
        'navigation_views',
        'realm_user_groups',
        'user_topic',
        'scheduled_messages',
        'reminders',
        'realm_domains',
        'message',
      ]
      const max = expectSuccess(await chat.as('max').post('/register', { fetch_event_types: fetch }))
      const settings = max.user_settings as Record<string, unknown>
      assert.equal(settings.full_name, 'Max Member')
      assert.equal(settings.timezone, 'America/New_York')
      assert.equal(settings.default_language, 'en')
      assert.equal(settings.enable_drafts_synchronization, true)
      assert.deepEqual(max.drafts, [{ id: 1, type: 'stream', to: [2], topic: 'foaf', content: 'Half-written thought', timestamp: 1763692700 }])
      assert.deepEqual(max.navigation_views, [{ fragment: 'inbox', is_pinned: true, name: null }])
      const groups = max.realm_user_groups as Array<Record<string, unknown>>
      assert.deepEqual(
        groups.map((g) => g.id).sort((a, b) => Number(a) - Number(b)),
        [11, 12, 13, 14, 15, 16, 17, 18, 30, 31, 32],
      )
      const semanticWeb = groups.find((g) => g.id === 30)!
      assert.equal(semanticWeb.name, 'semantic-web')
      assert.deepEqual(semanticWeb.members, [4, 5])
      assert.equal(groups.find((g) => g.id === 32)!.deactivated, true)
      assert.deepEqual(max.user_topics, [])
      assert.deepEqual(max.scheduled_messages, [
        {
          scheduled_message_id: 1,
          type: 'stream',
          to: 1,
          topic: 'lunch',
          content: 'Lunch at noon tomorrow',
          scheduled_delivery_timestamp: 2000000000,
          failed: false,
        },
      ])
      const [reminder, ...more] = max.reminders as Array<Record<string, unknown>>
      assert.deepEqual(more, [])
      assert.deepEqual(
        { ...reminder, rendered_content: undefined },
        {
          reminder_id: 3,
          type: 'private',
          to: [4],
          content: 'Review budget',
          rendered_content: undefined,
          scheduled_delivery_timestamp: 2000000100,
          reminder_target_message_id: 103,
          failed: false,
        },
      )
      assert.match(String(reminder!.rendered_content), /Review budget/)
      assert.deepEqual(max.realm_domains, [
        { domain: 'example.com', allow_subdomains: false },
        { domain: 'example.org', allow_subdomains: true },
      ])
      assert.equal(max.max_message_id, 113)

      const nina = expectSuccess(
        await chat.as('nina').post('/register', { fetch_event_types: ['drafts', 'navigation_views', 'scheduled_messages', 'reminders'] }),
      )
      assert.deepEqual(nina.drafts, [])
      assert.deepEqual(nina.navigation_views, [])
      assert.deepEqual(nina.scheduled_messages, [
        {
          scheduled_message_id: 2,
          type: 'private',
          to: [4],
          topic: '',
          content: 'Ping about the slides',
          scheduled_delivery_timestamp: 2000003600,
          failed: false,
        },
      ])
      assert.deepEqual(
        (nina.reminders as Array<Record<string, unknown>>).map((r) => [r.reminder_id, r.failed, r.reminder_target_message_id]),
        [
          [2, true, 107],
          [1, false, 113],
        ],
      )
      assert.equal('user_settings' in nina, false)
      assert.equal('realm_domains' in nina, false)
    })

    it('reports a topic muted later in user_topics, and a new message in max_message_id', async () => {
      expectSuccess(await chat.as('max').post('/user_topics', { stream_id: 1, topic: 'lunch', visibility_policy: 1 }))
      const id = await sendToChannel(chat.as('nina'), 'general', 'news', 'hello')
      const body = expectSuccess(await chat.as('max').post('/register', { fetch_event_types: ['user_topic', 'message'] }))
      assert.deepEqual(
        (body.user_topics as Array<Record<string, unknown>>).map(({ last_updated: _, ...t }) => t),
        [{ stream_id: 1, topic_name: 'lunch', visibility_policy: 1 }],
      )
      assert.equal(body.max_message_id, id)
    })

    it('fetches the state of event_types when fetch_event_types is absent, and only that', async () => {
      const body = expectSuccess(await chat.as('max').post('/register', { event_types: ['drafts'] }))
      assert.deepEqual((body.drafts as unknown[]).length, 1)
      for (const key of ['user_settings', 'navigation_views', 'realm_user_groups', 'realm_domains', 'max_message_id']) assert.equal(key in body, false, key)
    })

    it('delivers only the event_types asked for', async () => {
      const drafts = await register(chat.as('max'), { event_types: ['drafts'] })
      const all = await register(chat.as('max'))
      expectSuccess(await chat.as('max').patch('/settings', { color_scheme: 2 }))
      expectSuccess(await chat.as('max').post('/drafts', { drafts: [{ type: 'stream', to: [1], topic: 'lunch', content: 'Pizza?' }] }))
      assert.deepEqual(
        (await take(chat.as('max'), drafts)).map((e) => e.type),
        ['drafts'],
      )
      assert.deepEqual(
        (await take(chat.as('max'), all)).map((e) => e.type),
        ['user_settings', 'drafts'],
      )
    })

    it('filters message events by narrow: channel, topic, is:dm and sender', async () => {
      const max = chat.as('max')
      const queues = {
        channel: await register(max, { narrow: [['channel', 'vocabularies']] }),
        channelTopic: await register(max, {
          narrow: [
            { operator: 'stream', operand: 'vocabularies' },
            { operator: 'topic', operand: 'foaf' },
          ],
        }),
        dm: await register(max, { narrow: [['is', 'dm']] }),
        sender: await register(max, { narrow: [['sender', 'nina@example.com']] }),
        none: await register(max),
      }
      const foaf = await sendToChannel(chat.as('nina'), 'vocabularies', 'foaf', 'a')
      const schema = await sendToChannel(chat.as('olivia'), 'vocabularies', 'schema.org', 'b')
      const general = await sendToChannel(chat.as('nina'), 'general', 'foaf', 'c')
      const direct = await sendDirect(chat.as('olivia'), [4], 'd')
      const got: Record<string, number[]> = {}
      for (const [name, queue] of Object.entries(queues)) got[name] = (await take(max, queue)).map((e) => (e.message as { id: number }).id)
      assert.deepEqual(got, {
        channel: [foaf, schema],
        channelTopic: [foaf],
        dm: [direct],
        sender: [foaf, general],
        none: [foaf, schema, general, direct],
      })
      // Other event types are not narrowed.
      expectSuccess(await max.patch('/settings', { color_scheme: 2 }))
      assert.deepEqual(
        (await take(max, queues.dm, 0)).map((e) => e.type),
        ['user_settings'],
      )
    })

    it('gives message content as HTML with apply_markdown, as Markdown without', async () => {
      const html = await register(chat.as('nina'), { apply_markdown: true })
      const markdown = await register(chat.as('nina'), { apply_markdown: false })
      const byDefault = await register(chat.as('nina'))
      await sendDirect(chat.as('max'), [5], 'some **bold** text')
      const [rendered] = await take(chat.as('nina'), html)
      const [raw] = await take(chat.as('nina'), markdown)
      const [plain] = await take(chat.as('nina'), byDefault)
      const renderedMessage = rendered!.message as Record<string, unknown>
      assert.match(String(renderedMessage.content), /<strong>bold<\/strong>/)
      assert.equal(renderedMessage.content_type, 'text/html')
      assert.deepEqual(raw!.message, { ...renderedMessage, content: 'some **bold** text', content_type: 'text/x-markdown' })
      assert.deepEqual(plain!.message, raw!.message) // apply_markdown defaults to false
    })

    it('with all_public_streams, delivers every public-channel message once, never private ones, and not to guests', async () => {
      const watched = await watch(chat, ['mira', 'olivia', 'gus', 'nina', 'adam'], { all_public_streams: true, event_types: ['message'] })
      const plainMira = await register(chat.as('mira'), { event_types: ['message'] })
      // vocabularies: olivia, max, nina and linkbot are subscribed; mira, adam and gus are not.
      // staff (private): olivia, adam, mira and ops-bot.
      const id = await sendToChannel(chat.as('max'), 'vocabularies', 'foaf', 'public')
      const staff = await sendToChannel(chat.as('adam'), 'staff', 'budget', 'private channel')
      const ids = (events: unknown[] | undefined): Array<[number, unknown]> =>
        (events as Array<Record<string, unknown>>).map((e) => [(e.message as { id: number }).id, e.flags])
      const news = await watched.news()
      assert.deepEqual(Object.keys(news).sort(), ['adam', 'mira', 'nina', 'olivia'])
      assert.deepEqual(ids(news.mira), [
        [id, []],
        [staff, []],
      ])
      assert.deepEqual(ids(news.adam), [
        [id, []],
        [staff, ['read']],
      ])
      assert.deepEqual(ids(news.olivia), [
        [id, []],
        [staff, []],
      ])
      assert.deepEqual(ids(news.nina), [[id, []]])
      assert.deepEqual(ids(await take(chat.as('mira'), plainMira)), [[staff, []]]) // without it: her own channels only
    })

    it('accepts queue_lifespan_secs from 1 s to 7 days and refuses others', async () => {
      for (const secs of [1, 600, 7 * 24 * 3600]) await register(chat.as('max'), { queue_lifespan_secs: secs })
      for (const secs of [0, -5, 7 * 24 * 3600 + 1, 'soon']) {
        expectError(await chat.as('max').post('/register', { queue_lifespan_secs: secs }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid queue_lifespan_secs\b/)
      }
    })

    it('refuses malformed JSON with INVALID_JSON and a bad narrow with 400', async () => {
      expectError(await chat.as('max').post('/register', { event_types: '["message"' }), 400, 'INVALID_JSON', "Argument 'event_types' is not valid JSON.")
      expectError(await chat.as('max').post('/register', { fetch_event_types: '[' }), 400, 'INVALID_JSON', "Argument 'fetch_event_types' is not valid JSON.")
      expectError(await chat.as('max').post('/register', { narrow: '[["channel", ' }), 400, 'INVALID_JSON', "Argument 'narrow' is not valid JSON.")
      for (const narrow of [[['bogus', 'x']], '"channel"', [['channel']], [[1, 2]], { channel: 'general' }, [['channel', null]]]) {
        expectError(await chat.as('max').post('/register', { narrow }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid narrow\b/)
      }
      expectError(await chat.as('max').post('/register', { event_types: { a: 1 } }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid event_types\b/)
      expectError(await chat.as('max').post('/register', { apply_markdown: 'yes' }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid apply_markdown\b/)
      assert.equal(((await chat.chat.db.get('SELECT count(*) AS n FROM event_queues')) as { n: number }).n, 0)
    })
  })

  describe('GET /events', () => {
    it('requires queue_id and last_event_id', async () => {
      expectError(await chat.as('max').get('/events', { last_event_id: -1 }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'queue_id' argument")
      const queue = await register(chat.as('max'))
      expectError(await chat.as('max').get('/events', { queue_id: queue }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'last_event_id' argument")
      expectError(await chat.as('max').get('/events', { queue_id: queue, last_event_id: 'x' }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid last_event_id\b/)
    })

    it('answers an empty list at once with dont_block when nothing happened', async () => {
      const queue = await register(chat.as('max'))
      // (A request that waited would have answered its heartbeat, not an empty list.)
      assert.deepEqual(expectSuccess(await chat.as('max').get('/events', { queue_id: queue, last_event_id: -1, dont_block: true })), {
        result: 'success',
        msg: '',
        events: [],
        queue_id: queue,
      })
    })

    it('answers a waiting request with a heartbeat, a queued event with an id, after the configured time', async () => {
      const timed = await startTestChat({ heartbeatSeconds: [45, 55] }) // on the test's clock: `advance` moves it
      try {
        const max = timed.as('max')
        const queue = await register(max)
        /** The events of a long poll after `last`, which its heartbeat ends 45–55 s later on the service's clock. */
        const heartbeat = async (last: number): Promise<unknown> => {
          const waiting = max.get('/events', { queue_id: queue, last_event_id: last })
          await until(() => timed.chat.services.delivery.size === 1, 'the request waits')
          // (The test's clock also runs in real time: 30 s leaves the wait 15 s of it before 45 s.)
          await timed.advance(30)
          assert.equal(timed.chat.services.delivery.size, 1, 'still waiting 30 s on')
          await timed.advance(26)
          assert.equal(timed.chat.services.delivery.size, 0, 'ended by 55 s')
          return expectSuccess(await waiting).events
        }
        assert.deepEqual(await heartbeat(-1), [{ id: 0, type: 'heartbeat' }])
        // Not acknowledged yet: still there; acknowledged: gone.
        assert.deepEqual(await take(max, queue), [{ id: 0, type: 'heartbeat' }])
        assert.deepEqual(await take(max, queue, 0), [])
        // The next heartbeat has the next id.
        assert.deepEqual(await heartbeat(0), [{ id: 1, type: 'heartbeat' }])
      } finally {
        await timed.close()
      }
    })

    it('answers a woken long poll with the bytes of its event as the store holds it (text beyond ASCII, an ignored parameter)', async () => {
      // The woken request writes the event's bytes its change encoded once for all its queues (LatestEvent.after);
      // a twin queue reads the same event from the store.
      const nina = chat.as('nina')
      const [woken, twin] = [await register(nina), await register(nina)]
      const authorization = 'Basic ' + Buffer.from(`${USERS.nina!.email}:${USERS.nina!.api_key}`).toString('base64')
      const polled = fetch(`${chat.url}/api/v1/events?queue_id=${encodeURIComponent(woken)}&last_event_id=-1&gr%C3%BC%C3%9Fe=1`, { headers: { authorization } })
      await until(() => chat.chat.services.delivery.size === 1, 'the request waits')
      await sendDirect(chat.as('max'), [USERS.nina!.user_id], 'Grüße, Nina 🎉 — ça va ?')
      const answer = await polled
      const bytes = Buffer.from(await answer.arrayBuffer())
      assert.equal(answer.headers.get('content-length'), String(bytes.length))
      const body = JSON.parse(bytes.toString('utf8')) as { events: Event[]; queue_id: string; ignored_parameters_unsupported: string[] }
      assert.equal(body.queue_id, woken)
      assert.deepEqual(body.ignored_parameters_unsupported, ['grüße'])
      assert.equal((body.events[0]!.message as { content: string }).content, 'Grüße, Nina 🎉 — ça va ?')
      assert.deepEqual(body.events, await take(nina, twin))
    })

    it('sends every answer of GET /events, at once or woken, with the headers of any answer, and nothing after it', async () => {
      // The answer is written to Node's response, not through Koa: the headers the middleware set before it
      // (rate limit, request id) go out with it, and Koa writes nothing more on the kept-alive connection.
      const nina = chat.as('nina')
      const queue = await register(nina)
      const authorization = 'Basic ' + Buffer.from(`${USERS.nina!.email}:${USERS.nina!.api_key}`).toString('base64')
      const get = (query: string): Promise<Response> =>
        fetch(`${chat.url}/api/v1/events?queue_id=${encodeURIComponent(queue)}&${query}`, { headers: { authorization } })
      const woken = get('last_event_id=-1')
      await until(() => chat.chat.services.delivery.size === 1, 'the request waits')
      await sendDirect(chat.as('max'), [USERS.nina!.user_id], 'headers')
      const atOnce = get('last_event_id=-1&dont_block=true')
      for (const answer of [await woken, await atOnce]) {
        assert.equal(answer.status, 200)
        assert.equal(answer.headers.get('content-type'), 'application/json; charset=utf-8')
        assert.ok(Number(answer.headers.get('x-ratelimit-limit')) > 0, 'the rate-limit headers')
        assert.match(answer.headers.get('x-request-id') ?? '', /\S/)
        const bytes = Buffer.from(await answer.arrayBuffer())
        assert.equal(answer.headers.get('content-length'), String(bytes.length))
        assert.equal((JSON.parse(bytes.toString('utf8')) as { events: Event[] }).events.at(-1)!.type, 'message')
      }
      // The same connections answer the next requests as they should.
      expectSuccess(await nina.get('/events', { queue_id: queue, last_event_id: 0, dont_block: true }))
      expectError(await nina.get('/events', { queue_id: 'nope', last_event_id: -1 }), 400, 'BAD_EVENT_QUEUE_ID', 'Bad event queue ID: nope')
    })

    it('keeps events until a later request acknowledges them with a higher last_event_id', async () => {
      const max = chat.as('max')
      const queue = await register(max)
      for (const content of ['one', 'two', 'three']) await sendDirect(chat.as('nina'), [4], content)
      const first = await take(max, queue)
      assert.deepEqual(
        first.map((e) => e.id),
        [0, 1, 2],
      )
      assert.deepEqual(
        first.map((e) => (e.message as { content: string }).content),
        ['one', 'two', 'three'],
      )
      // Delivered but not acknowledged: delivered again (at-least-once).
      assert.deepEqual(await take(max, queue), first)
      assert.deepEqual(await take(max, queue, 0), first.slice(1))
      assert.deepEqual(await take(max, queue, 0), first.slice(1)) // the same acknowledgement again is fine
      assert.deepEqual(await take(max, queue, 2), [])
      expectError(
        await max.get('/events', { queue_id: queue, last_event_id: 1, dont_block: true }),
        400,
        'BAD_REQUEST',
        'An event newer than 1 has already been pruned!',
      )
      expectError(
        await max.get('/events', { queue_id: queue, last_event_id: -1, dont_block: true }),
        400,
        'BAD_REQUEST',
        'An event newer than -1 has already been pruned!',
      )
      expectError(await max.get('/events', { queue_id: queue, last_event_id: 3, dont_block: true }), 400, 'BAD_REQUEST', 'Event 3 was not in this queue')
      expectError(await max.get('/events', { queue_id: queue, last_event_id: 99, dont_block: true }), 400, 'BAD_REQUEST', 'Event 99 was not in this queue')
      // A refused request acknowledged nothing.
      await sendDirect(chat.as('nina'), [4], 'four')
      assert.deepEqual(
        (await take(max, queue, 2)).map((e) => e.id),
        [3],
      )
    })

    it('numbers events per queue, increasing from 0', async () => {
      const a = await register(chat.as('max'))
      await sendDirect(chat.as('nina'), [4], 'before b')
      const b = await register(chat.as('max'))
      await sendDirect(chat.as('nina'), [4], 'after b')
      expectSuccess(await chat.as('max').patch('/settings', { color_scheme: 2, emojiset: 'text' }))
      assert.deepEqual(
        (await take(chat.as('max'), a)).map((e) => e.id),
        [0, 1, 2, 3],
      )
      assert.deepEqual(
        (await take(chat.as('max'), b)).map((e) => e.id),
        [0, 1, 2],
      )
    })

    it('ends a waiting request when a new one arrives on the same queue, with a heartbeat that the new one also delivers', async () => {
      // Heartbeats an hour away: only the new request can end the first, only the message the second.
      const slow = await startTestChat({ heartbeatSeconds: [3600, 3600] })
      try {
        const max = slow.as('max')
        const queue = await register(max)
        const first = max.get('/events', { queue_id: queue, last_event_id: -1 })
        await until(() => slow.chat.services.delivery.size === 1, 'the first request waits')
        const second = max.get('/events', { queue_id: queue, last_event_id: -1 })
        const ended = expectSuccess(await first)
        assert.deepEqual(ended.events, [{ id: 0, type: 'heartbeat' }])
        await until(() => slow.chat.services.delivery.size === 1, 'the second request waits')
        await sendDirect(slow.as('nina'), [4], 'wake up')
        const woken = expectSuccess(await second)
        // Every event after last_event_id, the first request's heartbeat included.
        assert.deepEqual(
          (woken.events as Event[]).map((e) => [e.id, e.type]),
          [
            [0, 'heartbeat'],
            [1, 'message'],
          ],
        )
      } finally {
        await slow.close()
      }
    })

    it('gives a request that took over a queue every event after last_event_id with its own heartbeat', async () => {
      const max = chat.as('max')
      const queue = await register(max)
      const first = max.get('/events', { queue_id: queue, last_event_id: -1 })
      await until(() => chat.chat.services.delivery.size === 1, 'the first request waits')
      const second = max.get('/events', { queue_id: queue, last_event_id: -1 })
      assert.deepEqual(expectSuccess(await first).events, [{ id: 0, type: 'heartbeat' }])
      assert.deepEqual(expectSuccess(await second).events, [
        { id: 0, type: 'heartbeat' },
        { id: 1, type: 'heartbeat' },
      ])
    })

    it('wakes a waiting request as soon as another user sends a message, well before the heartbeat', async () => {
      // A heartbeat an hour away: only the message can end the wait (its events would hold the heartbeat too).
      const slow = await startTestChat({ heartbeatSeconds: [3600, 3600] })
      try {
        const queue = await register(slow.as('nina'))
        const waiting = slow.as('nina').get('/events', { queue_id: queue, last_event_id: -1 })
        let answered = false
        void waiting.then(() => (answered = true))
        await until(() => slow.chat.services.delivery.size === 1, 'the request waits')
        assert.equal(answered, false, 'still waiting before the message')
        const id = await sendDirect(slow.as('max'), [5], 'are you there?')
        const body = expectSuccess(await waiting)
        const events = body.events as Event[]
        assert.deepEqual(
          events.map((e) => [e.id, e.type, (e.message as { id: number }).id, e.flags]),
          [[0, 'message', id, []]],
        )
      } finally {
        await slow.close()
      }
    })

    it('answers BAD_EVENT_QUEUE_ID for an unknown, a deleted and someone else’s queue; nobody else can read or delete a queue', async () => {
      const bad = (queueId: string) => (answer: Awaited<ReturnType<Client['get']>>) => {
        expectError(answer, 400, 'BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queueId}`)
        assert.equal(answer.body.queue_id, queueId)
      }
      bad('nope')(await chat.as('max').get('/events', { queue_id: 'nope', last_event_id: -1, dont_block: true }))
      bad('nope')(await chat.as('max').delete('/events', { queue_id: 'nope' }))

      const queue = await register(chat.as('max'))
      await sendDirect(chat.as('nina'), [4], 'private to max')
      bad(queue)(await chat.as('nina').get('/events', { queue_id: queue, last_event_id: -1, dont_block: true }))
      bad(queue)(await chat.as('nina').get('/events', { queue_id: queue, last_event_id: 0, dont_block: true })) // nor acknowledge
      bad(queue)(await chat.as('olivia').delete('/events', { queue_id: queue })) // not even an owner
      assert.equal((await take(chat.as('max'), queue)).length, 1)

      expectSuccess(await chat.as('max').delete('/events', { queue_id: queue }))
      bad(queue)(await chat.as('max').get('/events', { queue_id: queue, last_event_id: -1, dont_block: true }))
      bad(queue)(await chat.as('max').delete('/events', { queue_id: queue }))
      expectError(await chat.as('max').delete('/events'), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'queue_id' argument")
      // A deleted queue receives nothing any more.
      await sendDirect(chat.as('nina'), [4], 'after delete')
      assert.equal(((await chat.chat.db.get('SELECT count(*) AS n FROM queue_events WHERE queue_id = ?', queue)) as { n: number }).n, 0)
    })

    it('forgets a waiting request whose client went away, and serves the queue on', async () => {
      const queue = await register(chat.as('max'))
      const aborted = new AbortController()
      const { email, api_key: key } = USERS.max!
      const waiting = fetch(`${chat.url}/api/v1/events?queue_id=${encodeURIComponent(queue)}&last_event_id=-1`, {
        headers: { authorization: 'Basic ' + Buffer.from(`${email}:${key}`).toString('base64') },
        signal: aborted.signal,
      })
      await until(() => chat.chat.services.delivery.size === 1, 'the request waits')
      aborted.abort()
      await assert.rejects(waiting)
      await until(() => chat.chat.services.delivery.size === 0, 'the service forgets the request')
      await sendDirect(chat.as('nina'), [4], 'later')
      assert.deepEqual(
        (await take(chat.as('max'), queue)).map((e) => [e.id, e.type]),
        [[0, 'message']],
      )
    })

    it('ends a waiting request of a deleted queue with BAD_EVENT_QUEUE_ID', async () => {
      const queue = await register(chat.as('max'))
      const waiting = chat.as('max').get('/events', { queue_id: queue, last_event_id: -1 })
      await until(() => chat.chat.services.delivery.size === 1, 'the request waits')
      expectSuccess(await chat.as('max').delete('/events', { queue_id: queue }))
      expectError(await waiting, 400, 'BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queue}`)
    })
  })

  describe('the events each change sends, to exactly whom', () => {
    it('user_settings: one event per changed property, to the user only, with language_name for default_language', async () => {
      const w = await watch(chat, ACTIVE)
      expectSuccess(await chat.as('max').patch('/settings', { color_scheme: 2, default_language: 'de', twenty_four_hour_time: true }))
      const news = await w.news()
      assert.deepEqual(Object.keys(news), ['max'])
      assert.deepEqual(
        new Set(news.max),
        new Set([
          { type: 'user_settings', op: 'update', property: 'twenty_four_hour_time', value: true },
          { type: 'user_settings', op: 'update', property: 'color_scheme', value: 2 },
          { type: 'user_settings', op: 'update', property: 'default_language', value: 'de', language_name: 'German' },
        ]),
      )
      // An unchanged value sends nothing.
      expectSuccess(await chat.as('max').patch('/settings', { color_scheme: 2 }))
      assert.deepEqual(await w.news(), {})
    })

    it('user_group: update, add_members, remove_members, add_subgroups, remove_subgroups, to every active user', async () => {
      const w = await watch(chat, ACTIVE)
      const everyone = (event: Record<string, unknown>): Record<string, unknown[]> => Object.fromEntries(ACTIVE.map((name) => [name, [event]]))
      expectSuccess(await chat.as('adam').patch('/user_groups/30', { description: 'Linked data people' }))
      assert.deepEqual(await w.news(), everyone({ type: 'user_group', op: 'update', group_id: 30, data: { description: 'Linked data people' } }))
      expectSuccess(await chat.as('adam').post('/user_groups/30/members', { add: [3] }))
      assert.deepEqual(await w.news(), everyone({ type: 'user_group', op: 'add_members', group_id: 30, user_ids: [3] }))
      expectSuccess(await chat.as('adam').post('/user_groups/30/members', { delete: [3] }))
      assert.deepEqual(await w.news(), everyone({ type: 'user_group', op: 'remove_members', group_id: 30, user_ids: [3] }))
      expectSuccess(await chat.as('adam').post('/user_groups/30/members', { add_subgroups: [14] }))
      assert.deepEqual(await w.news(), everyone({ type: 'user_group', op: 'add_subgroups', group_id: 30, direct_subgroup_ids: [14] }))
      expectSuccess(await chat.as('adam').post('/user_groups/30/members', { delete_subgroups: [14] }))
      assert.deepEqual(await w.news(), everyone({ type: 'user_group', op: 'remove_subgroups', group_id: 30, direct_subgroup_ids: [14] }))
    })

    it('drafts: add, update and remove, to the owner only', async () => {
      const w = await watch(chat, ACTIVE)
      const { ids } = expectSuccess(
        await chat.as('max').post('/drafts', { drafts: [{ type: 'private', to: [5], topic: '', content: 'hi', timestamp: 1763700000 }] }),
      ) as { ids: number[] }
      const [id] = ids
      const news = await w.news()
      assert.deepEqual(Object.keys(news), ['max'])
      assert.deepEqual(news.max, [{ type: 'drafts', op: 'add', drafts: [{ id, type: 'private', to: [5], topic: '', content: 'hi', timestamp: 1763700000 }] }])
      expectSuccess(await chat.as('max').patch(`/drafts/${id}`, { draft: { type: 'private', to: [5], topic: '', content: 'hello', timestamp: 1763700100 } }))
      assert.deepEqual(await w.news(), {
        max: [{ type: 'drafts', op: 'update', draft: { id, type: 'private', to: [5], topic: '', content: 'hello', timestamp: 1763700100 } }],
      })
      expectSuccess(await chat.as('max').delete(`/drafts/${id}`))
      assert.deepEqual(await w.news(), { max: [{ type: 'drafts', op: 'remove', draft_id: id }] })
    })

    it('navigation_view: add, update and remove, to the owner only', async () => {
      const w = await watch(chat, ACTIVE)
      expectSuccess(await chat.as('nina').post('/navigation_views', { fragment: 'recent', is_pinned: false }))
      assert.deepEqual(await w.news(), {
        nina: [{ type: 'navigation_view', op: 'add', navigation_view: { fragment: 'recent', is_pinned: false, name: null } }],
      })
      expectSuccess(await chat.as('nina').patch('/navigation_views/recent', { is_pinned: true }))
      assert.deepEqual(await w.news(), { nina: [{ type: 'navigation_view', op: 'update', fragment: 'recent', data: { is_pinned: true } }] })
      expectSuccess(await chat.as('nina').delete('/navigation_views/recent'))
      assert.deepEqual(await w.news(), { nina: [{ type: 'navigation_view', op: 'remove', fragment: 'recent' }] })
    })

    it('realm_bot: a regenerated key goes to the bot owner and the administrators only', async () => {
      const w = await watch(
        chat,
        ACTIVE.filter((name) => name !== 'linkbot-bot'),
      ) // its key is the one that changes
      const { api_key: apiKey } = expectSuccess(await chat.as('max').post('/bots/20/api_key/regenerate'))
      const event = { type: 'realm_bot', op: 'update', bot: { user_id: 20, api_key: apiKey } }
      assert.deepEqual(await w.news(), { olivia: [event], adam: [event], max: [event] })
    })

    it('realm_domains: a removed domain goes to everyone', async () => {
      const w = await watch(chat, ACTIVE)
      expectSuccess(await chat.as('olivia').delete('/realm/domains/example.org'))
      const event = { type: 'realm_domains', op: 'remove', domain: 'example.org' }
      assert.deepEqual(await w.news(), Object.fromEntries(ACTIVE.map((name) => [name, [event]])))
    })

    it('realm_linkifiers: the full ordered list after each change, to everyone; reminders remove to the owner', async () => {
      const w = await watch(chat, ACTIVE)
      const { id } = expectSuccess(
        await chat.as('adam').post('/realm/filters', { pattern: 'RFC(?P<num>[0-9]+)', url_template: 'https://www.rfc-editor.org/rfc/rfc{num}' }),
      ) as { id: number }
      const news = (await w.news()) as Record<string, Array<{ type: string; realm_linkifiers: Array<{ id: number }> }>>
      assert.deepEqual(Object.keys(news).sort(), [...ACTIVE].sort())
      for (const name of ACTIVE) {
        assert.equal(news[name]!.length, 1)
        assert.equal(news[name]![0]!.type, 'realm_linkifiers')
        assert.deepEqual(
          news[name]![0]!.realm_linkifiers.map((l) => l.id),
          [1, id],
        )
      }
      expectSuccess(await chat.as('adam').patch('/realm/linkifiers', { ordered_linkifier_ids: [id, 1] }))
      const reordered = (await w.news()) as Record<string, Array<{ realm_linkifiers: Array<{ id: number }> }>>
      assert.deepEqual(
        reordered.max![0]!.realm_linkifiers.map((l) => l.id),
        [id, 1],
      )
      expectSuccess(await chat.as('nina').delete('/reminders/1'))
      assert.deepEqual(await w.news(), { nina: [{ type: 'reminders', op: 'remove', reminder_id: 1 }] })
    })

    it('scheduled_messages remove and user_topic, to the user only', async () => {
      const w = await watch(chat, ACTIVE)
      expectSuccess(await chat.as('max').delete('/scheduled_messages/1'))
      assert.deepEqual(await w.news(), { max: [{ type: 'scheduled_messages', op: 'remove', scheduled_message_id: 1 }] })
      expectSuccess(await chat.as('nina').post('/user_topics', { stream_id: 2, topic: 'foaf', visibility_policy: 3 }))
      const news = (await w.news()) as Record<string, Array<Record<string, unknown>>>
      assert.deepEqual(Object.keys(news), ['nina'])
      const [topic] = news.nina!
      assert.equal(typeof topic!.last_updated, 'number')
      assert.deepEqual({ ...topic, last_updated: 0 }, { type: 'user_topic', stream_id: 2, topic_name: 'foaf', last_updated: 0, visibility_policy: 3 })
    })

    it('message: to the channel’s subscribers or the conversation, with flags, and local_message_id only in the sender’s own queue', async () => {
      const w = await watch(chat, ACTIVE, { apply_markdown: true })
      const otherMaxQueue = await register(chat.as('max'), { apply_markdown: true })
      const id = await sendToChannel(chat.as('max'), 'vocabularies', 'foaf', 'Hello *all*', { local_id: 'local-1', queue_id: w.queueOf('max') })
      const news = (await w.news()) as Record<string, Array<Record<string, unknown>>>
      assert.deepEqual(Object.keys(news).sort(), ['linkbot-bot', 'max', 'nina', 'olivia'])
      const [mine] = news.max!
      const message = mine!.message as Record<string, unknown>
      assert.deepEqual(
        {
          id: message.id,
          type: message.type,
          stream_id: message.stream_id,
          subject: message.subject,
          display_recipient: message.display_recipient,
          sender_id: message.sender_id,
          sender_email: message.sender_email,
          content_type: message.content_type,
        },
        {
          id,
          type: 'stream',
          stream_id: 2,
          subject: 'foaf',
          display_recipient: 'vocabularies',
          sender_id: 4,
          sender_email: 'max@example.com',
          content_type: 'text/html',
        },
      )
      assert.match(String(message.content), /<em>all<\/em>/)
      assert.deepEqual(mine, { type: 'message', message, flags: ['read'], local_message_id: 'local-1' })
      for (const name of ['olivia', 'nina', 'linkbot-bot']) assert.deepEqual(news[name], [{ type: 'message', message, flags: [] }], name)
      assert.deepEqual((await take(chat.as('max'), otherMaxQueue)).map(withoutId), [{ type: 'message', message, flags: ['read'] }])

      // Without queue_id, no local_message_id; a direct message goes to its two people only.
      const dm = await sendDirect(chat.as('max'), [5], 'psst', { local_id: 'local-2' })
      const direct = (await w.news()) as Record<string, Array<Record<string, unknown>>>
      assert.deepEqual(Object.keys(direct).sort(), ['max', 'nina'])
      assert.deepEqual(
        direct.max!.map((e) => [(e.message as { id: number }).id, e.flags, 'local_message_id' in e]),
        [[dm, ['read'], false]],
      )
      assert.deepEqual(
        direct.nina!.map((e) => [(e.message as { id: number }).id, e.flags, 'local_message_id' in e]),
        [[dm, [], false]],
      )
      // Nothing internal leaks into events.
      for (const event of [...direct.max!, ...direct.nina!])
        for (const key of ['raw_content', 'public_channel', 'sender_queue_id']) assert.equal(key in event, false, key)
    })

    it('restart: every queue gets one when the service starts again on the same database, keeping its events and ids', async () => {
      const first = chat
      const db = first.chat.db.location
      const queue = await register(chat.as('max'))
      const id = await sendDirect(chat.as('nina'), [4], 'before the restart')
      const before = await take(chat.as('max'), queue)
      await first.chat.close() // the service only: the helper's close would delete the database
      chat = await startTestChat({ db, heartbeatSeconds: HEARTBEAT })
      try {
        const after = await take(chat.as('max'), queue)
        assert.deepEqual(after.slice(0, 1), before)
        assert.equal((before[0]!.message as { id: number }).id, id)
        assert.deepEqual(
          after.slice(1).map((e) => [e.id, e.type]),
          [[1, 'restart']],
        )
        assert.equal(typeof after[1]!.server_generation, 'number')
      } finally {
        await chat.close()
        await rm(dirname(db), { recursive: true, force: true })
        await rm(first.mailDir, { recursive: true, force: true })
        chat = await startTestChat({ heartbeatSeconds: HEARTBEAT }) // for afterEach
      }
    })
  })

  describe('expiry', () => {
    let expiring: TestChat
    beforeEach(async () => {
      // The default expiry check (every 60 s): `advance` runs the checks it passes. Heartbeats a day
      // away, so that no advance below ends a waiting request.
      expiring = await startTestChat({ heartbeatSeconds: [86_400, 86_400] })
    })
    afterEach(() => expiring.close())

    it('drops a queue idle past its lifespan (600 s unless asked), then answers BAD_EVENT_QUEUE_ID with a reason', async () => {
      const short = await register(expiring.as('max'))
      const long = await register(expiring.as('max'), { queue_lifespan_secs: 1200 })
      await expiring.advance(500)
      assert.deepEqual(await take(expiring.as('max'), short), []) // a request renews the lifespan
      await expiring.advance(650)
      const answer = await expiring.as('max').get('/events', { queue_id: short, last_event_id: -1, dont_block: true })
      expectError(answer, 400, 'BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${short}`)
      assert.equal(answer.body.queue_id, short)
      assert.equal(typeof answer.body.reason, 'string')
      // Someone else is not told why.
      const other = await expiring.as('nina').get('/events', { queue_id: short, last_event_id: -1, dont_block: true })
      expectError(other, 400, 'BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${short}`)
      assert.equal('reason' in other.body, false)
      assert.deepEqual(await take(expiring.as('max'), long), [])
      await expiring.advance(1210) // (a grace of 2 s: other processes save the queues their requests wait on each second)
      expectError(await expiring.as('max').get('/events', { queue_id: long, last_event_id: -1, dont_block: true }), 400, 'BAD_EVENT_QUEUE_ID')
    })

    it('expires a queue with a short queue_lifespan_secs', async () => {
      const queue = await register(expiring.as('max'), { queue_lifespan_secs: 1 })
      await expiring.advance(61) // the first check: idle for 61 s, far past 1 s
      expectError(await expiring.as('max').get('/events', { queue_id: queue, last_event_id: -1, dont_block: true }), 400, 'BAD_EVENT_QUEUE_ID')
    })

    it('never expires a queue while a request waits on it', async () => {
      const queue = await register(expiring.as('max'))
      const waiting = expiring.as('max').get('/events', { queue_id: queue, last_event_id: -1 })
      await until(() => expiring.chat.services.delivery.size === 1, 'the request waits')
      for (let i = 0; i < 3; i++) await expiring.advance(3600) // three checks, each far past the lifespan
      await sendDirect(expiring.as('nina'), [4], 'still there?')
      const body = expectSuccess(await waiting)
      assert.deepEqual(
        (body.events as Event[]).map((e) => e.type),
        ['message'],
      )
      // Its lifespan counts from the end of that request.
      await expiring.advance(61)
      assert.deepEqual(await take(expiring.as('max'), queue, 0), [])
    })
  })

  describe('per-queue cap', () => {
    it(`drops a queue whose client stopped reading after ${MAX_QUEUE_EVENTS} unread events, with a reason`, async function () {
      this.timeout(120_000)
      const busy = await startTestChat({ rateLimit: { limit: 100_000, windowSeconds: 60 }, heartbeatSeconds: HEARTBEAT })
      try {
        const max = busy.as('max')
        const state = expectSuccess(await max.post('/register', { fetch_event_types: ['user_settings'], event_types: [] }))
        const abandoned = await register(max, { event_types: ['user_settings'] })
        const reading = await register(max, { event_types: ['user_settings'] })
        const otherTypes = await register(max, { event_types: ['message'] })
        // Every boolean setting flipped at once: one user_settings event each, per request.
        const current = new Map(
          Object.entries(state.user_settings as Record<string, unknown>).filter(
            (e): e is [string, boolean] => typeof e[1] === 'boolean' && e[0] !== 'enable_drafts_synchronization',
          ),
        )
        assert.ok(current.size >= 10)
        let sent = 0
        let readingAcked = -1
        while (sent < MAX_QUEUE_EVENTS) {
          const names = [...current.keys()].slice(0, MAX_QUEUE_EVENTS - sent)
          for (const name of names) current.set(name, !current.get(name))
          expectSuccess(await max.patch('/settings', Object.fromEntries(names.map((name) => [name, current.get(name)!]))))
          sent += names.length
          if (readingAcked === -1 && sent > MAX_QUEUE_EVENTS / 2) {
            assert.equal((await take(max, reading, sent - 1)).length, 0) // this client reads: all acknowledged
            readingAcked = sent - 1
          }
        }
        // Exactly the cap: still there (one answer carries at most 1000 events).
        const held = await take(max, abandoned)
        assert.deepEqual([held[0]!.id, held.at(-1)!.id], [0, 999])
        const name = [...current.keys()][0]!
        expectSuccess(await max.patch('/settings', { [name]: !current.get(name) }))
        const answer = await max.get('/events', { queue_id: abandoned, last_event_id: -1, dont_block: true })
        expectError(answer, 400, 'BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${abandoned}`)
        assert.equal(answer.body.queue_id, abandoned)
        assert.match(String(answer.body.reason), /10000/)
        assert.equal(((await busy.chat.db.get('SELECT count(*) AS n FROM queue_events WHERE queue_id = ?', abandoned)) as { n: number }).n, 0)
        // The queue that was read, and the one that never got these events, live on.
        assert.equal((await take(max, reading, readingAcked))[0]!.id, readingAcked + 1)
        assert.deepEqual(await take(max, otherTypes), [])
      } finally {
        await busy.close()
      }
    })
  })
})
