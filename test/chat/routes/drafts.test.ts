// Drafts through real HTTP: creation rules of chat-api.md §2.5/§4.7, listing, replacement, removal, isolation, events.

import assert from 'node:assert/strict'
import { expectError, expectRefused, expectSuccess, recordedEvents, startTestChat, type Answer, type TestChat, type Values } from '../chat-helpers.js'

/** Max's draft in the reference organization. */
const MAX_DRAFT = { id: 1, type: 'stream', to: [2], topic: 'foaf', content: 'Half-written thought', timestamp: 1763692700 }

/** Every draft row and every event, to show that a refused request changed nothing. */
async function state(chat: TestChat): Promise<unknown> {
  return { drafts: await chat.chat.db.all('SELECT * FROM drafts ORDER BY id'), events: await recordedEvents(chat) }
}

/** Asserts that `call` fails with this error and leaves the drafts table and the events as they were. */
const refused = (chat: TestChat, call: () => Promise<Answer>, status: number, code: string, msg?: string | RegExp): Promise<Answer> =>
  expectRefused(chat, ['drafts'], call, status, code, msg)

const draft = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({ type: 'stream', to: [1], topic: 'lunch', content: 'Pizza?', ...fields })

describe('drafts', () => {
  let chat: TestChat
  beforeEach(async () => {
    chat = await startTestChat()
  })
  afterEach(() => chat.close())

  const post = (name: string, values: Values): Promise<Answer> => chat.as(name).post('/drafts', values)

  describe('GET /drafts', () => {
    it("lists the caller's drafts with count, and nobody else's", async () => {
      assert.deepEqual(expectSuccess(await chat.as('max').get('/drafts')), { result: 'success', msg: '', count: 1, drafts: [MAX_DRAFT] })
      const nina = expectSuccess(await chat.as('nina').get('/drafts'))
      assert.equal(nina.count, 0)
      assert.deepEqual(nina.drafts, [])
    })

    it('orders drafts by timestamp, not by creation', async () => {
      const { ids } = expectSuccess(
        await post('max', { drafts: [draft({ timestamp: 1763692800 }), draft({ timestamp: 5 }), draft({ timestamp: 1763692701 })] }),
      )
      const [late, early, middle] = ids as number[]
      const listed = expectSuccess(await chat.as('max').get('/drafts'))
      assert.equal(listed.count, 4)
      assert.deepEqual(
        (listed.drafts as Array<{ id: number }>).map((d) => d.id),
        [early, 1, middle, late],
      )
    })
  })

  describe('POST /drafts', () => {
    it('creates drafts of each type, answers their ids, and tells the owner only with one drafts add event', async () => {
      const before = Math.floor(Date.now() / 1000)
      const answer = expectSuccess(
        await post('max', {
          drafts: [
            draft({ timestamp: 1763700000 }),
            { type: 'private', to: [5, 1, 5], topic: 'dropped', content: 'Hi both', timestamp: 1763700001 },
            { type: '', to: [], topic: '', content: 'Unaddressed idea' },
          ],
        }),
      )
      const after = Math.ceil(Date.now() / 1000)
      const ids = answer.ids as number[]
      assert.equal(ids.length, 3)
      assert.equal(new Set([...ids, 1]).size, 4)
      const listed = (expectSuccess(await chat.as('max').get('/drafts')).drafts as Array<Record<string, unknown>>).filter((d) => d.id !== 1)
      const byId = new Map(listed.map((d) => [d.id, d]))
      assert.deepEqual(byId.get(ids[0]), { id: ids[0], type: 'stream', to: [1], topic: 'lunch', content: 'Pizza?', timestamp: 1763700000 })
      // Direct drafts keep distinct recipients in order and no topic (§2.5: ignored).
      assert.deepEqual(byId.get(ids[1]), { id: ids[1], type: 'private', to: [1, 5], topic: '', content: 'Hi both', timestamp: 1763700001 })
      const unaddressed = byId.get(ids[2])!
      assert.deepEqual({ ...unaddressed, timestamp: 0 }, { id: ids[2], type: '', to: [], topic: '', content: 'Unaddressed idea', timestamp: 0 })
      // Filled in by the server when absent.
      assert.ok((unaddressed.timestamp as number) >= before && (unaddressed.timestamp as number) <= after, String(unaddressed.timestamp))

      const recorded = await recordedEvents(chat)
      assert.equal(recorded.length, 1)
      assert.deepEqual(recorded[0]!.users, [4])
      assert.deepEqual(recorded[0]!.event, { type: 'drafts', op: 'add', drafts: ids.map((id) => byId.get(id)) })
    })

    it('answers ids [] and sends no event when no drafts are given', async () => {
      assert.deepEqual(expectSuccess(await post('max', {})).ids, [])
      assert.deepEqual(expectSuccess(await post('max', { drafts: [] })).ids, [])
      assert.deepEqual(await recordedEvents(chat), [])
    })

    it('ignores the recipients of an unaddressed draft and the topic of non-channel drafts', async () => {
      const { ids } = expectSuccess(await post('max', { drafts: [{ type: '', to: [999, 2], topic: 'whatever', content: 'x', timestamp: 10 }] }))
      const stored = (expectSuccess(await chat.as('max').get('/drafts')).drafts as Array<Record<string, unknown>>).find((d) => d.id === (ids as number[])[0])
      assert.deepEqual(stored, { id: (ids as number[])[0], type: '', to: [], topic: '', content: 'x', timestamp: 10 })
    })

    it('takes a private channel draft from a subscriber, a draft with an empty topic, and a topic of exactly max_topic_length code points', async () => {
      expectSuccess(await post('olivia', { drafts: [draft({ to: [3], topic: 'budget' })] }))
      expectSuccess(await post('max', { drafts: [draft({ topic: '' }), draft({ topic: 'x'.repeat(60) }), draft({ topic: '😀'.repeat(60) })] }))
      expectSuccess(await post('gus', { drafts: [draft({ to: [1] })] })) // a guest, subscribed to general
      expectSuccess(await post('max', { drafts: [draft({ timestamp: 0 }), draft({ timestamp: null })] }))
    })

    it('refuses a channel draft without exactly one channel ID', async () => {
      for (const to of [[], [1, 2], [1, 1]]) {
        await refused(chat, () => post('max', { drafts: [draft({ to })] }), 400, 'BAD_REQUEST', 'Must specify exactly 1 channel ID for channel messages')
      }
    })

    it('refuses channels that do not exist, are archived, or the caller cannot access, all as Invalid channel ID', async () => {
      for (const to of [[999], [0], [-1], [Number.MAX_SAFE_INTEGER]])
        await refused(chat, () => post('max', { drafts: [draft({ to })] }), 400, 'BAD_REQUEST', 'Invalid channel ID')
      await refused(chat, () => post('max', { drafts: [draft({ to: [3] })] }), 400, 'BAD_REQUEST', 'Invalid channel ID') // private, not subscribed
      await refused(chat, () => post('max', { drafts: [draft({ to: [4] })] }), 400, 'BAD_REQUEST', 'Invalid channel ID') // archived
      await refused(chat, () => post('gus', { drafts: [draft({ to: [2] })] }), 400, 'BAD_REQUEST', 'Invalid channel ID') // guest, not subscribed
    })

    it('refuses direct drafts to unknown or deactivated users', async () => {
      await refused(chat, () => post('max', { drafts: [{ type: 'private', to: [5, 999], topic: '', content: 'x' }] }), 400, 'BAD_REQUEST', 'Invalid user ID')
      await refused(chat, () => post('max', { drafts: [{ type: 'private', to: [7], topic: '', content: 'x' }] }), 400, 'BAD_REQUEST', 'Invalid user ID') // dora is deactivated
    })

    it('refuses null bytes in topic and content, and topics longer than max_topic_length', async () => {
      await refused(chat, () => post('max', { drafts: [draft({ topic: 'a\u0000b' })] }), 400, 'BAD_REQUEST', 'Topic must not contain null bytes')
      await refused(
        chat,
        () => post('max', { drafts: [{ type: '', to: [], topic: '\u0000', content: 'x' }] }),
        400,
        'BAD_REQUEST',
        'Topic must not contain null bytes',
      )
      await refused(chat, () => post('max', { drafts: [draft({ content: 'a\u0000' })] }), 400, 'BAD_REQUEST', 'Content must not contain null bytes')
      await refused(chat, () => post('max', { drafts: [draft({ topic: 'x'.repeat(61) })] }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid drafts\[0\]\.topic/)
      await refused(
        chat,
        () => post('max', { drafts: [draft({ topic: ` ${'x'.repeat(61)} ` })] }),
        400,
        'REQUEST_VARIABLE_INVALID',
        /^Invalid drafts\[0\]\.topic/,
      )
    })

    it('measures the topic after trimming: surrounding spaces do not count against max_topic_length', async () => {
      const padded = `${' '.repeat(5)}${'x'.repeat(58)}${' '.repeat(5)}`
      expectSuccess(await post('max', { drafts: [draft({ topic: padded })] }))
      expectSuccess(await chat.as('max').patch('/drafts/1', { draft: draft({ topic: `\u3000${'y'.repeat(60)}\u3000` }) }))
    })

    it('refuses control characters and newlines in topics with REQUEST_VARIABLE_INVALID, for every draft type, as POST /messages does', async () => {
      for (const topic of ['a\nb', 'a\r\nb', 'tab\there', '\u0001', 'a\u001fb', 'del\u007f', '\u007f']) {
        await refused(chat, () => post('max', { drafts: [draft({ topic })] }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid drafts\[0\]\.topic/)
        await refused(
          chat,
          () => post('max', { drafts: [{ type: '', to: [], topic, content: 'x' }] }),
          400,
          'REQUEST_VARIABLE_INVALID',
          /^Invalid drafts\[0\]\.topic/,
        )
        await refused(chat, () => chat.as('max').patch('/drafts/1', { draft: draft({ topic }) }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid draft\.topic/)
      }
      // Other characters are topic text; whitespace around the topic is not checked (sending trims it).
      expectSuccess(await post('max', { drafts: [draft({ topic: 'caf\u00e9 \u00a0 \u200b 😀' }), draft({ topic: 'lunch\n' })] }))
    })

    it('refuses negative and non-integer timestamps', async () => {
      await refused(chat, () => post('max', { drafts: [draft({ timestamp: -1 })] }), 400, 'BAD_REQUEST', 'Timestamp must not be negative.')
      for (const timestamp of [1.5, '5', true, 1e300, [1]]) {
        await refused(chat, () => post('max', { drafts: [draft({ timestamp })] }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid drafts\[0\]\.timestamp/)
      }
    })

    it('refuses malformed JSON, a non-list, and drafts of the wrong shape, naming the field', async () => {
      await refused(chat, () => post('max', { drafts: '[{"type": "stream"' }), 400, 'INVALID_JSON', "Argument 'drafts' is not valid JSON.")
      await refused(chat, () => post('max', { drafts: draft() }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid drafts/)
      await refused(chat, () => post('max', { drafts: 'null' }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid drafts/)
      await refused(chat, () => post('max', { drafts: [draft(), 'a draft'] }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid drafts\[1\]/)
      const wrong: Array<[Record<string, unknown>, string]> = [
        [{ type: 'channel' }, 'type'],
        [{ type: null }, 'type'],
        [{ to: 1 }, 'to'],
        [{ to: ['1'] }, 'to'],
        [{ to: [1.5] }, 'to'],
        [{ to: [1e20] }, 'to'],
        [{ topic: 5 }, 'topic'],
        [{ content: null }, 'content'],
      ]
      for (const [fields, field] of wrong) {
        await refused(chat, () => post('max', { drafts: [draft(fields)] }), 400, 'REQUEST_VARIABLE_INVALID', new RegExp(`^Invalid drafts\\[0\\]\\.${field}`))
      }
      for (const field of ['type', 'to', 'topic', 'content']) {
        const incomplete = draft()
        delete incomplete[field]
        await refused(chat, () => post('max', { drafts: [incomplete] }), 400, 'REQUEST_VARIABLE_INVALID', `Invalid drafts[0].${field}: missing`)
      }
    })

    it('refuses huge requests with 4xx and stores nothing', async () => {
      await refused(chat, () => post('max', { drafts: [draft({ content: 'x'.repeat(100_001) })] }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid drafts/)
      const before = await state(chat)
      const huge = await post('max', { drafts: [draft({ content: 'x'.repeat(2_000_000) })] })
      assert.equal(huge.status, 413)
      assert.deepEqual(await state(chat), before)
    })

    it('creates a batch whole or not at all', async () => {
      await refused(chat, () => post('max', { drafts: [draft(), draft({ to: [999] })] }), 400, 'BAD_REQUEST', 'Invalid channel ID')
      assert.equal(expectSuccess(await chat.as('max').get('/drafts')).count, 1)
    })
  })

  describe('PATCH /drafts/{draft_id}', () => {
    it('replaces the draft whole, fills an absent timestamp, and sends a drafts update event to the owner', async () => {
      const before = Math.floor(Date.now() / 1000)
      expectSuccess(await chat.as('max').patch('/drafts/1', { draft: { type: 'private', to: [5], topic: 'ignored', content: 'Rewritten' } }))
      const [stored] = expectSuccess(await chat.as('max').get('/drafts')).drafts as Array<Record<string, unknown>>
      assert.deepEqual({ ...stored, timestamp: 0 }, { id: 1, type: 'private', to: [5], topic: '', content: 'Rewritten', timestamp: 0 })
      assert.ok((stored!.timestamp as number) >= before)
      assert.deepEqual(await recordedEvents(chat), [{ users: [4], event: { type: 'drafts', op: 'update', draft: stored } }])

      expectSuccess(await chat.as('max').patch('/drafts/1', { draft: { ...MAX_DRAFT, id: 77, timestamp: 1763692800 } }))
      assert.deepEqual(expectSuccess(await chat.as('max').get('/drafts')).drafts, [{ ...MAX_DRAFT, timestamp: 1763692800 }])
    })

    it('checks the new draft by the rules of creation and leaves the old one on failure', async () => {
      const patch = (values: Values): Promise<Answer> => chat.as('max').patch('/drafts/1', values)
      await refused(chat, () => patch({}), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'draft' argument")
      await refused(chat, () => patch({ draft: '{"type":' }), 400, 'INVALID_JSON', "Argument 'draft' is not valid JSON.")
      await refused(chat, () => patch({ draft: [draft()] }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid draft/)
      await refused(chat, () => patch({ draft: draft({ to: [1, 2] }) }), 400, 'BAD_REQUEST', 'Must specify exactly 1 channel ID for channel messages')
      await refused(chat, () => patch({ draft: draft({ to: [3] }) }), 400, 'BAD_REQUEST', 'Invalid channel ID')
      await refused(chat, () => patch({ draft: draft({ content: '\u0000' }) }), 400, 'BAD_REQUEST', 'Content must not contain null bytes')
      await refused(chat, () => patch({ draft: draft({ timestamp: -5 }) }), 400, 'BAD_REQUEST', 'Timestamp must not be negative.')
      await refused(chat, () => patch({ draft: draft({ topic: 'y'.repeat(61) }) }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid draft\.topic/)
      assert.deepEqual(expectSuccess(await chat.as('max').get('/drafts')).drafts, [MAX_DRAFT])
    })

    it("answers 404 Draft does not exist for a missing id and for someone else's draft alike", async () => {
      const missing = await refused(chat, () => chat.as('max').patch('/drafts/999', { draft: draft() }), 404, 'BAD_REQUEST', 'Draft does not exist')
      const foreign = await refused(chat, () => chat.as('nina').patch('/drafts/1', { draft: draft() }), 404, 'BAD_REQUEST', 'Draft does not exist')
      assert.deepEqual(foreign.body, missing.body)
      assert.deepEqual(expectSuccess(await chat.as('max').get('/drafts')).drafts, [MAX_DRAFT])
    })

    it('refuses ids in the path that are not plain integers', async () => {
      for (const id of ['abc', '0', '00', '01', '1e0', '-1', '+1', '1.0', '%201', '1%20', '9'.repeat(16), '9'.repeat(20)]) {
        await refused(chat, () => chat.as('max').patch(`/drafts/${id}`, { draft: draft() }), 400, 'REQUEST_VARIABLE_INVALID', 'Invalid draft_id')
        await refused(chat, () => chat.as('max').delete(`/drafts/${id}`), 400, 'REQUEST_VARIABLE_INVALID', 'Invalid draft_id')
      }
      // 15 digits is still an id, just not one of max's drafts.
      await refused(chat, () => chat.as('max').delete(`/drafts/${'9'.repeat(15)}`), 404, 'BAD_REQUEST', 'Draft does not exist')
    })
  })

  describe('DELETE /drafts/{draft_id}', () => {
    it('removes the draft and sends a drafts remove event to the owner', async () => {
      expectSuccess(await chat.as('max').delete('/drafts/1'))
      assert.deepEqual(expectSuccess(await chat.as('max').get('/drafts')), { result: 'success', msg: '', count: 0, drafts: [] })
      assert.deepEqual(await recordedEvents(chat), [{ users: [4], event: { type: 'drafts', op: 'remove', draft_id: 1 } }])
      await refused(chat, () => chat.as('max').delete('/drafts/1'), 404, 'BAD_REQUEST', 'Draft does not exist')
    })

    it("answers 404 Draft does not exist for someone else's draft, exactly as for a missing one, and keeps it", async () => {
      const missing = await refused(chat, () => chat.as('nina').delete('/drafts/999'), 404, 'BAD_REQUEST', 'Draft does not exist')
      const foreign = await refused(chat, () => chat.as('nina').delete('/drafts/1'), 404, 'BAD_REQUEST', 'Draft does not exist')
      assert.deepEqual(foreign.body, missing.body)
      assert.deepEqual(expectSuccess(await chat.as('max').get('/drafts')).drafts, [MAX_DRAFT])
      await refused(chat, () => chat.as('max').delete('/drafts/x1'), 400, 'REQUEST_VARIABLE_INVALID', 'Invalid draft_id')
    })
  })

  describe('isolation', () => {
    it("keeps each user's drafts and events to themself", async () => {
      const { ids } = expectSuccess(await post('nina', { drafts: [draft({ to: [2], topic: 'foaf' })] }))
      const ninaId = (ids as number[])[0]!
      assert.deepEqual(
        (expectSuccess(await chat.as('max').get('/drafts')).drafts as Array<{ id: number }>).map((d) => d.id),
        [1],
      )
      assert.deepEqual(
        (expectSuccess(await chat.as('nina').get('/drafts')).drafts as Array<{ id: number }>).map((d) => d.id),
        [ninaId],
      )
      expectError(await chat.as('max').patch(`/drafts/${ninaId}`, { draft: draft() }), 404, 'BAD_REQUEST', 'Draft does not exist')
      expectError(await chat.as('max').delete(`/drafts/${ninaId}`), 404, 'BAD_REQUEST', 'Draft does not exist')
      assert.deepEqual(
        (await recordedEvents(chat)).map((e) => e.users),
        [[5]],
      )
    })
  })

  describe('enable_drafts_synchronization', () => {
    const setSync = async (userId: number, value: string): Promise<void> =>
      void (await chat.chat.db.run(
        "INSERT INTO user_settings (user_id, name, value) VALUES (?, 'enable_drafts_synchronization', ?) ON CONFLICT (user_id, name) DO UPDATE SET value = excluded.value",
        userId,
        value,
      ))

    it('refuses every drafts endpoint (GET, POST, PATCH, DELETE) with 400 when the user turned it off', async () => {
      await setSync(4, 'false')
      const disabled = 'User has disabled synchronizing drafts.'
      await refused(chat, () => chat.as('max').get('/drafts'), 400, 'BAD_REQUEST', disabled)
      await refused(chat, () => post('max', { drafts: [draft()] }), 400, 'BAD_REQUEST', disabled)
      await refused(chat, () => post('max', {}), 400, 'BAD_REQUEST', disabled)
      await refused(chat, () => chat.as('max').patch('/drafts/1', { draft: draft() }), 400, 'BAD_REQUEST', disabled)
      await refused(chat, () => chat.as('max').delete('/drafts/1'), 400, 'BAD_REQUEST', disabled)
      // The same answer whether or not the draft exists: the setting is checked first.
      await refused(chat, () => chat.as('max').delete('/drafts/999'), 400, 'BAD_REQUEST', disabled)
      await refused(chat, () => chat.as('max').patch('/drafts/999', { draft: draft() }), 400, 'BAD_REQUEST', disabled)
      // Only max turned it off.
      expectSuccess(await post('nina', { drafts: [draft()] }))
      assert.equal(expectSuccess(await chat.as('nina').get('/drafts')).count, 1)
    })

    it('is on by default and when set to true', async () => {
      await setSync(4, 'true')
      expectSuccess(await post('max', { drafts: [draft()] }))
      expectSuccess(await chat.as('max').patch('/drafts/1', { draft: draft() }))
    })
  })
})
