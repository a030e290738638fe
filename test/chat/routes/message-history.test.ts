// The message core over HTTP: mentions and the flags they give, GET /messages with anchors and narrows (full-text
// search in the store's own engine), GET/PATCH/DELETE /messages/{id}, and the flag endpoints, with their events.

import assert from 'node:assert/strict'
import { expectError, expectSuccess, recordedEvents, startTestChat, USERS, type TestChat } from '../chat-helpers.js'

type Message = Record<string, unknown> & { id: number; flags: string[]; content: string; subject: string }

const id = (name: string): number => USERS[name]!.user_id

describe('the message core', () => {
  let chat: TestChat
  beforeEach(async function () {
    this.timeout(120_000) // the first one may start a PostgreSQL cluster and load the organization
    chat = await startTestChat()
  })
  afterEach(() => chat.close())

  const send = async (user: string, values: Record<string, string | number | object>): Promise<number> =>
    (expectSuccess(await chat.as(user).post('/messages', values)) as { id: number }).id
  /** The flags each user's message event of message `messageId` carries. */
  const flagsByUser = async (messageId: number): Promise<Map<number, string[]>> => {
    const flags = new Map<number, string[]>()
    for (const { users, event } of await recordedEvents(chat)) {
      if (event.type !== 'message' || (event.message as { id: number }).id !== messageId) continue
      for (const user of users) flags.set(user, event.flags as string[])
    }
    return flags
  }
  const messages = async (
    user: string,
    values: Record<string, string | number | boolean | object>,
  ): Promise<Record<string, unknown> & { messages: Message[] }> =>
    expectSuccess(await chat.as(user).get('/messages', values)) as Record<string, unknown> & { messages: Message[] }

  describe('sending: the forms of to and topic clients use', () => {
    it('takes people as ids, emails (any case), a JSON list of either or comma-separated, and channels by name, id or a one-item list', async () => {
      const direct = async (to: string | object): Promise<number[]> => {
        const messageId = await send('max', { type: 'private', to, content: 'hi' })
        const { message } = expectSuccess(await chat.as('max').get(`/messages/${messageId}`)) as { message: { display_recipient: Array<{ id: number }> } }
        return message.display_recipient.map((p) => p.id)
      }
      assert.deepEqual(await direct(['NINA@example.com']), [4, 5])
      assert.deepEqual(await direct([5, 'olivia@example.com']), [1, 4, 5])
      assert.deepEqual(await direct('nina@example.com, olivia@example.com'), [1, 4, 5])
      assert.deepEqual(await direct('5'), [4, 5])
      for (const to of ['general', '1', '["general"]', '[1]', '"general"']) {
        const messageId = await send('max', { type: 'stream', to, subject: 'forms', content: 'hi' })
        const { message } = expectSuccess(await chat.as('max').get(`/messages/${messageId}`)) as { message: Message }
        assert.deepEqual([message.stream_id, message.subject], [1, 'forms'], to)
      }
      expectError(
        await chat.as('max').post('/messages', { type: 'private', to: ['nobody@example.com'], content: 'x' }),
        400,
        'BAD_REQUEST',
        "Invalid email 'nobody@example.com'",
      )
      expectError(await chat.as('max').post('/messages', { type: 'private', to: [999], content: 'x' }), 400, 'BAD_REQUEST', 'Invalid user ID')
      expectError(await chat.as('max').post('/messages', { type: 'private', to: [{}], content: 'x' }), 400, 'REQUEST_VARIABLE_INVALID')
      expectError(
        await chat.as('max').post('/messages', { type: 'stream', to: '["general", "staff"]', topic: 't', content: 'x' }),
        400,
        'BAD_REQUEST',
        'Must specify exactly 1 channel ID for channel messages',
      )
      expectError(
        await chat.as('max').post('/messages', { type: 'stream', to: 'general', topic: 'a', subject: 'b', content: 'x' }),
        400,
        'REQUEST_VARIABLE_INVALID',
        /subject/,
      )
      expectError(
        await chat.as('max').post('/messages', { type: 'stream', to: 'general', content: 'x' }),
        400,
        'REQUEST_VARIABLE_MISSING',
        "Missing 'topic' argument",
      )
    })

    it('takes subject for topic in an event queue narrow too', async () => {
      const queue = expectSuccess(
        await chat.as('nina').post('/register', {
          event_types: ['message'],
          narrow: [
            ['stream', 'general'],
            ['subject', 'Narrowed'],
          ],
        }),
      ).queue_id as string
      await send('max', { type: 'stream', to: 'general', topic: 'elsewhere', content: 'not this' })
      const wanted = await send('max', { type: 'stream', to: 'general', topic: 'narrowed', content: 'this' })
      const events = expectSuccess(await chat.as('nina').get('/events', { queue_id: queue, last_event_id: -1, dont_block: true })).events as Array<{
        message: { id: number }
      }>
      assert.deepEqual(
        events.map((e) => e.message.id),
        [wanted],
      )
    })

    it('answers zulip_version and zulip_feature_level beside service_feature_level', async () => {
      const settings = expectSuccess(await chat.as('max').get('/server_settings'))
      const registered = expectSuccess(await chat.as('max').post('/register', { event_types: ['message'] }))
      for (const body of [settings, registered]) {
        assert.equal(body.zulip_feature_level, body.service_feature_level)
        assert.match(String(body.zulip_version), /^\d+\.\d+-prefixd-chat$/)
      }
    })
  })

  describe('mentions', () => {
    it('renders people, groups and wildcards, and flags exactly who they address', async () => {
      const messageId = await send('max', {
        type: 'stream',
        to: 'general',
        topic: 'mentions',
        content: '@**Link Bot** and @_**Olivia Owner**, `@**Adam Admin**` and @*reviewers*',
      })
      const { message } = expectSuccess(await chat.as('max').get(`/messages/${messageId}`)) as { message: Message }
      assert.match(message.content, /<span class="user-mention" data-user-id="20">@Link Bot<\/span>/)
      assert.match(message.content, /<span class="user-mention silent" data-user-id="1">Olivia Owner<\/span>/)
      assert.match(message.content, /<code>@\*\*Adam Admin\*\*<\/code>/)
      assert.match(message.content, /<span class="user-group-mention" data-user-group-id="31">@reviewers<\/span>/)
      const flags = await flagsByUser(messageId)
      assert.deepEqual(flags.get(id('linkbot-bot')), ['mentioned'])
      assert.deepEqual(flags.get(id('olivia')), [], 'a silent mention notifies nobody')
      assert.deepEqual(flags.get(id('adam')), [], 'a mention in code is none')
      assert.deepEqual(flags.get(id('max')), ['read', 'mentioned']) // (in the group, through a subgroup)
      // The group's members through its subgroups too (reviewers: Mira directly, Nina through a subgroup).
      assert.deepEqual(flags.get(id('mira')), ['mentioned'])
      assert.deepEqual(flags.get(id('nina')), ['mentioned'])
    })

    it('flags everyone for a channel wildcard and takes @**Name|id** and @**|id**', async () => {
      const messageId = await send('olivia', { type: 'stream', to: 'vocabularies', topic: 'all', content: '@**all** see @**|4**' })
      const flags = await flagsByUser(messageId)
      assert.deepEqual(flags.get(id('nina')), ['wildcard_mentioned', 'stream_wildcard_mentioned'])
      assert.deepEqual(flags.get(id('max')), ['mentioned', 'wildcard_mentioned', 'stream_wildcard_mentioned'])
      assert.deepEqual(flags.get(id('olivia')), ['read', 'wildcard_mentioned', 'stream_wildcard_mentioned'])
    })

    it("refuses a group mention by someone outside the group's can_mention_group, but not a silent one", async () => {
      expectSuccess(await chat.as('olivia').patch('/user_groups/31', { can_mention_group: { new: 11 } })) // role:nobody
      const refused = await chat.as('max').post('/messages', { type: 'stream', to: 'general', topic: 'g', content: 'hey @*reviewers*' })
      expectError(refused, 400, 'BAD_REQUEST', "You are not allowed to mention user group 'reviewers'.")
      expectSuccess(await chat.as('max').post('/messages', { type: 'stream', to: 'general', topic: 'g', content: 'hey @_*reviewers*' }))
    })
  })

  describe('GET /messages', () => {
    it('reads a channel newest first from an anchor, with found_newest, found_oldest and found_anchor', async () => {
      const sent: number[] = []
      for (let i = 0; i < 5; i++) sent.push(await send('max', { type: 'stream', to: 'vocabularies', topic: 'paging', content: `page ${i}` }))
      const newest = await messages('nina', { anchor: 'newest', num_before: 3, num_after: 0, narrow: [['channel', 'vocabularies']] })
      assert.deepEqual(
        newest.messages.map((m) => m.id),
        sent.slice(2),
      )
      assert.deepEqual([newest.found_newest, newest.found_oldest, newest.found_anchor], [true, false, false])
      const around = await messages('nina', { anchor: sent[2]!, num_before: 1, num_after: 1, narrow: [{ operator: 'stream', operand: 2 }] })
      assert.deepEqual(
        around.messages.map((m) => m.id),
        sent.slice(1, 4),
      )
      assert.deepEqual([around.found_anchor, around.found_newest], [true, false])
      const without = await messages('nina', { anchor: sent[2]!, num_before: 1, num_after: 1, include_anchor: false, narrow: [['channel', 'vocabularies']] })
      assert.deepEqual(
        without.messages.map((m) => m.id),
        [sent[1], sent[3]],
      )
      const oldest = await messages('nina', {
        anchor: 'oldest',
        num_before: 0,
        num_after: 100,
        narrow: [
          ['channel', 'vocabularies'],
          ['topic', 'PAGING'],
        ],
      })
      assert.deepEqual(
        oldest.messages.map((m) => m.id),
        sent,
      )
      assert.deepEqual([oldest.found_oldest, oldest.found_newest], [true, true])
      assert.equal(oldest.messages[0]!.content, '<p>page 0</p>')
      assert.deepEqual(oldest.messages[0]!.flags, [])
      const raw = await messages('nina', { anchor: sent[0]!, num_before: 0, num_after: 0, apply_markdown: false })
      assert.equal(raw.messages[0]!.content, 'page 0')
    })

    it('starts at the first unread message and reads what mark_topic_as_read and the flags endpoint change', async () => {
      expectSuccess(await chat.as('nina').post('/mark_all_as_read')) // the organization's messages
      const a = await send('max', { type: 'stream', to: 'vocabularies', topic: 'unread', content: 'one' })
      const b = await send('max', { type: 'stream', to: 'vocabularies', topic: 'unread', content: 'two' })
      expectSuccess(await chat.as('nina').post('/messages/flags', { messages: [a], op: 'add', flag: 'read' }))
      const first = await messages('nina', { anchor: 'first_unread', num_before: 0, num_after: 0, narrow: [['channel', 'vocabularies']] })
      assert.deepEqual(
        first.messages.map((m) => m.id),
        [b],
      )
      assert.deepEqual(
        (await messages('nina', { anchor: 'newest', num_before: 10, num_after: 0, narrow: [['is', 'unread']] })).messages.map((m) => m.id),
        [b],
      )
      expectSuccess(await chat.as('nina').post('/mark_topic_as_read', { stream_id: 2, topic_name: 'unread' }))
      assert.deepEqual((await messages('nina', { anchor: 'newest', num_before: 10, num_after: 0, narrow: [['is', 'unread']] })).messages, [])
      const flagsEvents = (await recordedEvents(chat)).filter((e) => e.event.type === 'update_message_flags')
      assert.deepEqual(
        flagsEvents.slice(1).map((e) => [e.users, e.event.op, e.event.flag, e.event.messages]),
        [
          [[id('nina')], 'add', 'read', [a]],
          [[id('nina')], 'add', 'read', [b]],
        ],
      )
    })

    it('finds words with the full-text search, in content and topic, with other terms', async () => {
      const hit = await send('max', { type: 'stream', to: 'general', topic: 'ontologies', content: 'The Dublin Core vocabulary is handy' })
      await send('max', { type: 'stream', to: 'general', topic: 'other', content: 'nothing to see' })
      const dm = await send('max', { type: 'private', to: [id('nina')], content: 'dublin again, privately' })
      assert.deepEqual(
        (await messages('nina', { anchor: 'newest', num_before: 10, num_after: 0, narrow: [['search', 'dublin CORE']] })).messages.map((m) => m.id),
        [hit],
      )
      assert.deepEqual(
        (await messages('nina', { anchor: 'newest', num_before: 10, num_after: 0, narrow: [['search', 'ontologies']] })).messages.map((m) => m.id),
        [hit],
      )
      assert.deepEqual(
        (
          await messages('nina', {
            anchor: 'newest',
            num_before: 10,
            num_after: 0,
            narrow: [
              ['search', 'dublin'],
              ['dm', 'max@example.com'],
            ],
          })
        ).messages.map((m) => m.id),
        [dm],
      )
      assert.deepEqual(
        (await messages('olivia', { anchor: 'newest', num_before: 10, num_after: 0, narrow: [['search', 'dublin']] })).messages.map((m) => m.id),
        [hit],
        "someone else's direct message is not found",
      )
      assert.deepEqual(
        (
          await messages('nina', {
            anchor: 'newest',
            num_before: 10,
            num_after: 0,
            narrow: [
              ['sender', id('max')],
              ['is', 'dm'],
            ],
          })
        ).messages.map((m) => m.id),
        [113, dm],
      ) // (113: the organization's)
    })

    it('keeps private channels to those who may read them, and answers bad parameters in the error shape', async () => {
      expectError(
        await chat.as('max').get('/messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow: [['channel', 'staff']] }),
        400,
        'BAD_NARROW',
        'Invalid narrow operand: unknown channel',
      )
      expectError(await chat.as('max').get('/messages/109'), 400, 'BAD_REQUEST', 'Invalid message(s)')
      expectSuccess(await chat.as('olivia').get('/messages/109'))
      expectError(await chat.as('max').get('/messages', { anchor: 'middle', num_before: 1, num_after: 0 }), 400, 'REQUEST_VARIABLE_INVALID', /Invalid anchor/)
      expectError(
        await chat.as('max').get('/messages', { anchor: 'newest', num_before: 4000, num_after: 1001 }),
        400,
        'BAD_REQUEST',
        'Too many messages requested (maximum 5000).',
      )
      expectError(await chat.as('max').get('/messages', { anchor: 'newest', num_after: 0 }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'num_before' argument")
      expectError(
        await chat.as('max').get('/messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow: [['color', 'red']] }),
        400,
        'BAD_NARROW',
        /unknown operator/,
      )
      expectError(await chat.as('max').get('/messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow: [['is', 'sparkly']] }), 400, 'BAD_NARROW')
      expectError(await chat.as('max').get('/messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow: '[[' }), 400, 'INVALID_JSON')
      expectError(await chat.as('max').get('/messages/0'), 400, 'BAD_REQUEST', 'Invalid message(s)')
    })
  })

  it('keeps protected history from a subscriber who joined after it was written (Mira joined staff after 109 and 110)', async () => {
    expectError(await chat.as('mira').get('/messages/110'), 400, 'BAD_REQUEST', 'Invalid message(s)')
    expectSuccess(await chat.as('mira').get('/messages/111'))
    const staff = await messages('mira', { anchor: 'oldest', num_before: 0, num_after: 100, narrow: [['channel', 'staff']] })
    assert.deepEqual(
      staff.messages.map((m) => m.id),
      [111, 112],
    )
    expectError(await chat.as('mira').post('/messages/110/reactions', { emoji_name: 'smile' }), 400, 'BAD_REQUEST', 'Invalid message(s)')
    assert.deepEqual(
      (await messages('olivia', { anchor: 'oldest', num_before: 0, num_after: 100, narrow: [['channel', 'staff']] })).messages.map((m) => m.id),
      [109, 110, 111, 112],
    )
  })

  describe('edits and deletions', () => {
    it('edits content (mention flags follow) and moves a topic with change_all, with update_message events', async () => {
      const first = await send('max', { type: 'stream', to: 'vocabularies', topic: 'old topic', content: 'first' })
      const second = await send('nina', { type: 'stream', to: 'vocabularies', topic: 'old topic', content: 'second' })
      expectSuccess(await chat.as('max').patch(`/messages/${first}`, { content: 'first, for @**Nina Newcomer**' }))
      expectError(
        await chat.as('max').patch(`/messages/${second}`, { content: 'not mine' }),
        400,
        'BAD_REQUEST',
        "You don't have permission to edit this message",
      )
      const { message } = expectSuccess(await chat.as('nina').get(`/messages/${first}`)) as { message: Message }
      assert.deepEqual(message.flags, ['mentioned'])
      assert.equal((message.edit_history as Array<{ prev_content: string }>)[0]!.prev_content, 'first')
      expectSuccess(await chat.as('max').patch(`/messages/${first}`, { subject: 'new topic', propagate_mode: 'change_all' }))
      const moved = await messages('nina', {
        anchor: 'oldest',
        num_before: 0,
        num_after: 10,
        narrow: [
          ['channel', 'vocabularies'],
          ['topic', 'new topic'],
        ],
      })
      // Both moved, and the Notification Bot's notice after them (send_notification_to_new_thread by default).
      assert.deepEqual(
        moved.messages.slice(0, 2).map((m) => m.id),
        [first, second],
      )
      assert.equal(moved.messages.length, 3)
      assert.equal(moved.messages[2]!.sender_full_name, 'Notification Bot')
      const updates = (await recordedEvents(chat)).filter((e) => e.event.type === 'update_message').map((e) => e.event)
      assert.equal(updates[0]!.orig_content, 'first')
      assert.equal(updates[0]!.rendered_content, '<p>first, for <span class="user-mention" data-user-id="5">@Nina Newcomer</span></p>')
      assert.deepEqual(
        [updates.at(-1)!.orig_subject, updates.at(-1)!.subject, updates.at(-1)!.message_ids, updates.at(-1)!.propagate_mode],
        ['old topic', 'new topic', [first, second], 'change_all'],
      )
    })

    it('moves a message to another channel, refuses a topic on a direct message, and deletes with delete_message', async () => {
      const messageId = await send('max', { type: 'stream', to: 'general', topic: 'misplaced', content: 'belongs elsewhere' })
      expectSuccess(await chat.as('max').patch(`/messages/${messageId}`, { stream_id: 2 }))
      const { message } = expectSuccess(await chat.as('max').get(`/messages/${messageId}`)) as { message: Message }
      assert.deepEqual([message.stream_id, message.display_recipient], [2, 'vocabularies'])
      const dm = await send('max', { type: 'private', to: [id('nina')], content: 'just us' })
      expectError(await chat.as('max').patch(`/messages/${dm}`, { topic: 'x' }), 400, 'BAD_REQUEST', 'Direct messages cannot have topics.')
      expectError(await chat.as('max').patch(`/messages/${dm}`, {}), 400, 'BAD_REQUEST', 'Nothing to change')
      expectError(await chat.as('nina').delete(`/messages/${dm}`), 400, 'BAD_REQUEST', "You don't have permission to delete this message")
      expectSuccess(await chat.as('max').delete(`/messages/${dm}`))
      expectError(await chat.as('max').get(`/messages/${dm}`), 400, 'BAD_REQUEST', 'Invalid message(s)')
      const deleted = (await recordedEvents(chat)).find((e) => e.event.type === 'delete_message')!
      assert.deepEqual(deleted.users, [id('max'), id('nina')])
      assert.deepEqual([deleted.event.message_ids, deleted.event.message_type], [[dm], 'private'])
    })
  })

  describe('flags', () => {
    it('stars and unstars, refuses flags that follow from the message, and marks everything read', async () => {
      const messageId = await send('max', { type: 'private', to: [id('nina')], content: 'star me' })
      assert.deepEqual(expectSuccess(await chat.as('nina').post('/messages/flags', { messages: [messageId], op: 'add', flag: 'starred' })).messages, [
        messageId,
      ])
      assert.deepEqual(
        (await messages('nina', { anchor: 'newest', num_before: 5, num_after: 0, narrow: [['is', 'starred']] })).messages.map((m) => m.id),
        [messageId],
      )
      expectError(
        await chat.as('nina').post('/messages/flags', { messages: [messageId], op: 'add', flag: 'mentioned' }),
        400,
        'BAD_REQUEST',
        "Flag not editable: 'mentioned'",
      )
      expectError(
        await chat.as('nina').post('/messages/flags', { messages: [messageId], op: 'add', flag: 'shiny' }),
        400,
        'BAD_REQUEST',
        "Invalid flag: 'shiny'",
      )
      expectError(await chat.as('nina').post('/messages/flags', { messages: [messageId], op: 'toggle', flag: 'starred' }), 400, 'REQUEST_VARIABLE_INVALID')
      expectSuccess(await chat.as('nina').post('/messages/flags', { messages: [messageId], op: 'remove', flag: 'read' }))
      const unread = (await recordedEvents(chat)).filter((e) => e.event.type === 'update_message_flags').at(-1)!.event
      assert.deepEqual([unread.messages, unread.message_details], [[], undefined], 'it was unread already: nothing changed')
      assert.equal(expectSuccess(await chat.as('nina').post('/mark_all_as_read')).complete, true)
      assert.deepEqual((await messages('nina', { anchor: 'newest', num_before: 50, num_after: 0, narrow: [['is', 'unread']] })).messages, [])
      expectSuccess(await chat.as('nina').post('/messages/flags', { messages: [messageId], op: 'remove', flag: 'read' }))
      const details = (await recordedEvents(chat)).filter((e) => e.event.type === 'update_message_flags').at(-1)!.event
      assert.deepEqual(details.message_details, { [messageId]: { type: 'private', user_ids: [id('max')] } })
    })
  })
})
