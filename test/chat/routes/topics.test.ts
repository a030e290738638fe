// A channel's topics and a user's topic visibility policies through real HTTP (chat-api.md §2.4, §2.9, §4.5, §4.6).

import assert from 'node:assert/strict'
import { expectError, expectRefused, expectSuccess, recordedEvents, startTestChat, type Answer, type TestChat, type Values } from '../chat-helpers.js'

async function userTopics(chat: TestChat): Promise<Array<Record<string, unknown>>> {
  return (await chat.chat.db.all(
    'SELECT user_id, stream_id, topic, visibility_policy, last_updated FROM user_topics ORDER BY user_id, stream_id, topic',
  )) as Array<Record<string, unknown>>
}

/** Asserts that `call` fails with this error and leaves the user_topics table and the events as they were. */
const refused = (chat: TestChat, call: () => Promise<Answer>, status: number, code: string, msg?: string | RegExp): Promise<Answer> =>
  expectRefused(chat, ['user_topics'], call, status, code, msg)

// Expected lists computed from the fixture's messages 101–113 and subscriptions.
const GENERAL = [
  { name: 'general chat', max_id: 105 }, // the empty topic, under the realm's display name
  { name: 'welcome', max_id: 104 },
  { name: 'lunch', max_id: 103 },
]
const VOCABULARIES = [
  { name: 'foaf', max_id: 108 },
  { name: 'schema.org', max_id: 107 },
]
/** Staff (private, protected history) as Olivia, Adam and Ops Bot see it: subscribed before every message. */
const STAFF_ALL = [
  { name: 'budget', max_id: 112 },
  { name: 'hiring', max_id: 111 },
  { name: 'salaries', max_id: 110 },
]
/** As Mira sees it: she subscribed at 1763688200, after 109 and 110, before 111 and 112. */
const STAFF_MIRA = [
  { name: 'budget', max_id: 112 },
  { name: 'hiring', max_id: 111 },
]
const OLD_PROJECTS = [{ name: 'retro', max_id: 101 }]

describe('topics', () => {
  let chat: TestChat
  beforeEach(async () => {
    chat = await startTestChat()
  })
  afterEach(() => chat.close())

  const topics = async (name: string, streamId: number | string, values?: Values): Promise<unknown> =>
    expectSuccess(await chat.as(name).get(`/users/me/${streamId}/topics`, values)).topics

  describe('GET /users/me/{stream_id}/topics', () => {
    it('lists topics most recent first, with the empty topic under its display name unless allow_empty_topic_name', async () => {
      assert.deepEqual(await topics('max', 1), GENERAL)
      assert.deepEqual(await topics('max', 1, { allow_empty_topic_name: false }), GENERAL)
      assert.deepEqual(await topics('max', 1, { allow_empty_topic_name: true }), [{ name: '', max_id: 105 }, ...GENERAL.slice(1)])
      assert.deepEqual(await topics('nina', 2), VOCABULARIES)
      // A public channel is readable without a subscription (Adam is not in vocabularies).
      assert.deepEqual(await topics('adam', 2), VOCABULARIES)
    })

    it('shows a protected private channel to each subscriber from the time they subscribed', async () => {
      assert.deepEqual(await topics('olivia', 3), STAFF_ALL)
      assert.deepEqual(await topics('adam', 3), STAFF_ALL)
      assert.deepEqual(await topics('ops-bot', 3), STAFF_ALL) // a bot, subscribed from the start
      assert.deepEqual(await topics('mira', 3), STAFF_MIRA)
    })

    it('lists archived channels', async () => {
      assert.deepEqual(await topics('max', 4), OLD_PROJECTS)
      assert.deepEqual(await topics('nina', 4), OLD_PROJECTS) // public: no subscription needed
    })

    it('follows new messages: a topic moves to the front, a new topic appears, max_id is the latest', async () => {
      const sent = expectSuccess(await chat.as('max').post('/messages', { type: 'stream', to: 1, topic: 'lunch', content: 'Again?' })).id
      assert.deepEqual(await topics('max', 1), [{ name: 'lunch', max_id: sent }, GENERAL[0], GENERAL[1]])
      const fresh = expectSuccess(await chat.as('olivia').post('/messages', { type: 'stream', to: 3, topic: 'offsite', content: 'Plans' })).id
      assert.deepEqual(await topics('mira', 3), [{ name: 'offsite', max_id: fresh }, ...STAFF_MIRA])
      // Direct messages belong to no channel's topics.
      expectSuccess(await chat.as('max').post('/messages', { type: 'private', to: [5], content: 'psst' }))
      assert.deepEqual(await topics('max', 2), VOCABULARIES)
    })

    it('answers Invalid channel ID for unknown channels, private ones the caller is not in, and channels a guest is not in', async () => {
      for (const [name, id] of [
        ['max', 999],
        ['max', 3],
        ['nina', 3],
        ['gus', 3],
        ['gus', 2],
        ['gus', 4],
        ['linkbot-bot', 3],
      ] as const) {
        expectError(await chat.as(name).get(`/users/me/${id}/topics`), 400, 'BAD_REQUEST', 'Invalid channel ID')
      }
      assert.deepEqual(await topics('gus', 1), GENERAL) // a guest sees the channel they are subscribed to
    })

    it('refuses a stream_id that is not a plain integer, and a mistyped allow_empty_topic_name', async () => {
      // Path ids are 1–15 plain decimal digits without a leading zero, the same rule on every route: 0 is no id.
      for (const id of ['abc', '0', '00', '01', '1.0', '1e0', '-1', '+1', '%201', '9'.repeat(16), '9'.repeat(20)]) {
        expectError(await chat.as('max').get(`/users/me/${id}/topics`), 400, 'REQUEST_VARIABLE_INVALID', 'Invalid stream_id')
      }
      expectError(await chat.as('max').get(`/users/me/${'9'.repeat(15)}/topics`), 400, 'BAD_REQUEST', 'Invalid channel ID')
      expectError(
        await chat.as('max').get('/users/me/1/topics', { allow_empty_topic_name: 'yes' }),
        400,
        'REQUEST_VARIABLE_INVALID',
        'Invalid allow_empty_topic_name',
      )
    })
  })

  describe('POST /user_topics', () => {
    const set = (name: string, values: Values): Promise<Answer> => chat.as(name).post('/user_topics', values)

    it('stores the policy and sends a user_topic event to the caller only', async () => {
      const before = Math.floor(Date.now() / 1000)
      assert.deepEqual(expectSuccess(await set('max', { stream_id: 1, topic: 'lunch', visibility_policy: 1 })), { result: 'success', msg: '' })
      const [row] = await userTopics(chat)
      assert.deepEqual({ ...row, last_updated: 0 }, { user_id: 4, stream_id: 1, topic: 'lunch', visibility_policy: 1, last_updated: 0 })
      assert.ok((row!.last_updated as number) >= before)
      assert.deepEqual(await recordedEvents(chat), [
        { users: [4], event: { type: 'user_topic', stream_id: 1, topic_name: 'lunch', last_updated: row!.last_updated, visibility_policy: 1 } },
      ])
    })

    it('replaces an earlier policy, and 0 removes it (with an event saying 0)', async () => {
      expectSuccess(await set('max', { stream_id: 2, topic: 'foaf', visibility_policy: 1 }))
      await chat.advance(100)
      expectSuccess(await set('max', { stream_id: 2, topic: 'foaf', visibility_policy: 3 }))
      const [row] = await userTopics(chat)
      assert.equal(row!.visibility_policy, 3)
      assert.equal((await recordedEvents(chat))[1]!.event.last_updated, row!.last_updated)
      assert.ok((row!.last_updated as number) >= ((await recordedEvents(chat))[0]!.event.last_updated as number) + 100)
      expectSuccess(await set('max', { stream_id: 2, topic: 'foaf', visibility_policy: 2 }))
      assert.equal((await userTopics(chat))[0]!.visibility_policy, 2)
      expectSuccess(await set('max', { stream_id: 2, topic: 'foaf', visibility_policy: 0 }))
      assert.deepEqual(await userTopics(chat), [])
      assert.deepEqual(
        (await recordedEvents(chat)).map((e) => [e.users, e.event.visibility_policy]),
        [
          [[4], 1],
          [[4], 3],
          [[4], 2],
          [[4], 0],
        ],
      )
      // Removing a policy that is not there is no error.
      expectSuccess(await set('max', { stream_id: 2, topic: 'foaf', visibility_policy: 0 }))
    })

    it('succeeds for a topic without messages, and in an archived channel', async () => {
      expectSuccess(await set('max', { stream_id: 2, topic: 'nothing yet', visibility_policy: 3 }))
      expectSuccess(await set('max', { stream_id: 4, topic: 'retro', visibility_policy: 1 }))
      assert.deepEqual(
        (await userTopics(chat)).map((r) => [r.stream_id, r.topic]),
        [
          [2, 'nothing yet'],
          [4, 'retro'],
        ],
      )
    })

    it("takes the empty topic, also under the realm's display name, and topics of exactly max_topic_length", async () => {
      expectSuccess(await set('max', { stream_id: 1, topic: '', visibility_policy: 1 }))
      expectSuccess(await set('max', { stream_id: 1, topic: 'general chat', visibility_policy: 3 }))
      assert.deepEqual(
        (await userTopics(chat)).map((r) => [r.topic, r.visibility_policy]),
        [['', 3]],
      )
      assert.equal((await recordedEvents(chat))[1]!.event.topic_name, '')
      expectSuccess(await set('max', { stream_id: 1, topic: 'x'.repeat(60), visibility_policy: 1 }))
      expectSuccess(await set('max', { stream_id: 1, topic: '😀'.repeat(60), visibility_policy: 1 }))
      // Stored trimmed, as POST /messages stores topics.
      expectSuccess(await set('max', { stream_id: 1, topic: '  lunch ', visibility_policy: 1 }))
      assert.ok((await userTopics(chat)).some((r) => r.topic === 'lunch'))
    })

    it('measures the topic after trimming: surrounding spaces do not count against max_topic_length', async () => {
      const padded = `${' '.repeat(5)}${'x'.repeat(58)}${' '.repeat(5)}`
      expectSuccess(await set('max', { stream_id: 1, topic: padded, visibility_policy: 1 }))
      expectSuccess(await set('max', { stream_id: 1, topic: `  ${'😀'.repeat(60)}  `, visibility_policy: 3 }))
      assert.deepEqual(
        (await userTopics(chat)).map((r) => r.topic),
        ['x'.repeat(58), '😀'.repeat(60)],
      )
    })

    it('refuses control characters and newlines in the topic with REQUEST_VARIABLE_INVALID, as POST /messages does', async () => {
      for (const topic of ['lu\nnch', 'lu\r\nnch', 'lu\tnch', '\u0001', 'a\u001fb', 'del\u007f', '\u007f']) {
        await refused(chat, () => set('max', { stream_id: 1, topic, visibility_policy: 1 }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid topic/)
      }
      // Whitespace around the topic (a final newline too) is trimmed away before the check, as on sending.
      expectSuccess(await set('max', { stream_id: 1, topic: '\tlunch\r\n', visibility_policy: 1 }))
      expectSuccess(await set('max', { stream_id: 1, topic: 'caf\u00e9 \u00a0 😀', visibility_policy: 1 }))
      assert.deepEqual(
        (await userTopics(chat)).map((r) => r.topic),
        ['caf\u00e9 \u00a0 😀', 'lunch'],
      )
    })

    it('keeps each user’s policies apart', async () => {
      expectSuccess(await set('max', { stream_id: 1, topic: 'lunch', visibility_policy: 1 }))
      expectSuccess(await set('nina', { stream_id: 1, topic: 'lunch', visibility_policy: 3 }))
      expectSuccess(await set('nina', { stream_id: 1, topic: 'lunch', visibility_policy: 0 }))
      assert.deepEqual(
        (await userTopics(chat)).map((r) => [r.user_id, r.visibility_policy]),
        [[4, 1]],
      )
      assert.deepEqual(
        (await recordedEvents(chat)).map((e) => e.users),
        [[4], [5], [5]],
      )
    })

    it('answers Invalid channel ID for unknown and inaccessible channels', async () => {
      for (const [name, id] of [
        ['max', 999],
        ['max', 0],
        ['max', -1],
        ['max', 3],
        ['gus', 2],
        ['gus', 4],
      ] as const) {
        await refused(chat, () => set(name, { stream_id: id, topic: 'lunch', visibility_policy: 1 }), 400, 'BAD_REQUEST', 'Invalid channel ID')
      }
      expectSuccess(await set('mira', { stream_id: 3, topic: 'salaries', visibility_policy: 1 })) // a subscriber
    })

    it('refuses missing, mistyped and out-of-range parameters, null bytes and huge values', async () => {
      await refused(chat, () => set('max', { topic: 'lunch', visibility_policy: 1 }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'stream_id' argument")
      await refused(chat, () => set('max', { stream_id: 1, visibility_policy: 1 }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'topic' argument")
      await refused(chat, () => set('max', { stream_id: 1, topic: 'lunch' }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'visibility_policy' argument")
      for (const stream_id of ['general', '1.5', '', '1e3', '9'.repeat(30)]) {
        await refused(chat, () => set('max', { stream_id, topic: 'lunch', visibility_policy: 1 }), 400, 'REQUEST_VARIABLE_INVALID', 'Invalid stream_id')
      }
      for (const visibility_policy of [4, -1, 1.5, 'muted', '', 10 ** 20]) {
        await refused(chat, () => set('max', { stream_id: 1, topic: 'lunch', visibility_policy }), 400, 'REQUEST_VARIABLE_INVALID', 'Invalid visibility_policy')
      }
      await refused(chat, () => set('max', { stream_id: 1, topic: 'x'.repeat(61), visibility_policy: 1 }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid topic/)
      await refused(
        chat,
        () => set('max', { stream_id: 1, topic: ` ${'x'.repeat(61)} `, visibility_policy: 1 }),
        400,
        'REQUEST_VARIABLE_INVALID',
        /^Invalid topic/,
      )
      await refused(chat, () => set('max', { stream_id: 1, topic: 'lu\u0000nch', visibility_policy: 1 }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid topic/)
      await refused(
        chat,
        () => set('max', { stream_id: 1, topic: 'x'.repeat(100_001), visibility_policy: 1 }),
        400,
        'REQUEST_VARIABLE_INVALID',
        /^Invalid topic/,
      )
      const before = await userTopics(chat)
      assert.equal((await set('max', { stream_id: 1, topic: 'x'.repeat(2_000_000), visibility_policy: 1 })).status, 413)
      assert.deepEqual(await userTopics(chat), before)
    })
  })
})
