// Channels, subscriptions and users through real HTTP: listings as each role may see them, subscribing (and creating), unsubscribing, properties, and their events.

import assert from 'node:assert/strict'
import { expectError, expectRefused, expectSuccess, recordedEvents, startTestChat, USERS, type TestChat } from '../chat-helpers.js'

const id = (name: string): number => USERS[name]!.user_id
const names = (list: unknown): string[] => (list as Array<{ name: string }>).map((s) => s.name)

describe('channels, subscriptions and users', () => {
  let chat: TestChat
  beforeEach(async () => {
    chat = await startTestChat()
  })
  afterEach(() => chat.close())

  describe('GET /streams', () => {
    it("lists public channels and the caller's own, archived ones only when asked", async () => {
      assert.deepEqual(names(expectSuccess(await chat.as('max').get('/streams')).streams), ['general', 'vocabularies'])
      assert.deepEqual(names(expectSuccess(await chat.as('olivia').get('/streams')).streams), ['general', 'vocabularies', 'staff'])
      assert.deepEqual(names(expectSuccess(await chat.as('max').get('/streams', { exclude_archived: false })).streams), [
        'general',
        'vocabularies',
        'old-projects',
      ])
      assert.deepEqual(names(expectSuccess(await chat.as('max').get('/streams', { include_public: false })).streams), ['general', 'vocabularies'])
      assert.deepEqual(names(expectSuccess(await chat.as('nina').get('/streams', { include_public: false, include_subscribed: true })).streams), [
        'general',
        'vocabularies',
      ])
      // A guest sees only the channels they are in.
      assert.deepEqual(names(expectSuccess(await chat.as('gus').get('/streams')).streams), ['general'])
    })

    it("gives the stream object's fields", async () => {
      const [general] = expectSuccess(await chat.as('max').get('/streams')).streams as Array<Record<string, unknown>>
      assert.equal(general!.stream_id, 1)
      assert.equal(general!.description, 'Everything else')
      assert.equal(general!.rendered_description, '<p>Everything else</p>')
      assert.equal(general!.invite_only, false)
      assert.equal(general!.first_message_id, 102)
      assert.equal(general!.subscriber_count, 8)
    })

    it('include_all is for administrators; they see private channels they are not in', async () => {
      expectError(await chat.as('max').get('/streams', { include_all: true }), 400, 'BAD_REQUEST', 'User not authorized for this query')
      const adam = expectSuccess(await chat.as('adam').get('/streams', { include_all: true, exclude_archived: false })).streams
      assert.deepEqual(names(adam), ['general', 'vocabularies', 'staff', 'old-projects'])
    })

    it('GET /streams/{id}, /get_stream_id and /streams/{id}/members answer alike for unknown and hidden channels', async () => {
      assert.equal((expectSuccess(await chat.as('max').get('/streams/2')).stream as { name: string }).name, 'vocabularies')
      expectError(await chat.as('max').get('/streams/3'), 400, 'BAD_REQUEST', 'Invalid channel ID')
      expectError(await chat.as('max').get('/streams/99'), 400, 'BAD_REQUEST', 'Invalid channel ID')
      expectError(await chat.as('max').get('/streams/x1'), 400, 'BAD_REQUEST', 'Invalid channel ID')
      assert.equal(expectSuccess(await chat.as('max').get('/get_stream_id', { stream: 'Vocabularies' })).stream_id, 2)
      assert.equal(expectSuccess(await chat.as('adam').get('/get_stream_id', { stream: 'staff' })).stream_id, 3)
      expectError(await chat.as('max').get('/get_stream_id', { stream: 'staff' }), 400, 'BAD_REQUEST', "Invalid channel name 'staff'")
      expectError(await chat.as('max').get('/get_stream_id'), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'stream' argument")
      assert.deepEqual(expectSuccess(await chat.as('max').get('/streams/2/members')).subscribers, [1, 4, 5, 20])
      assert.equal(expectSuccess(await chat.as('max').get(`/users/${id('nina')}/subscriptions/2`)).is_subscribed, true)
      assert.equal(expectSuccess(await chat.as('max').get(`/users/${id('adam')}/subscriptions/2`)).is_subscribed, false)
    })
  })

  describe('POST /register', () => {
    it('gives the state of subscriptions, channels, users, presence and custom emoji when asked', async () => {
      expectSuccess(await chat.as('nina').post('/users/me/presence', { status: 'active' }))
      const state = expectSuccess(
        await chat
          .as('max')
          .post('/register', { fetch_event_types: ['subscription', 'stream', 'realm_user', 'presence', 'realm_emoji'], event_types: ['message'] }),
      )
      assert.deepEqual(names(state.subscriptions), ['general', 'vocabularies', 'old-projects'])
      assert.deepEqual((state.subscriptions as Array<{ subscribers: number[] }>)[1]!.subscribers, [1, 4, 5, 20])
      assert.deepEqual(state.unsubscribed, [])
      assert.deepEqual(names(state.never_subscribed), []) // every channel Max may see he is in
      assert.deepEqual(names(expectSuccess(await chat.as('adam').post('/register', { fetch_event_types: ['subscription'] })).never_subscribed), [
        'vocabularies',
        'old-projects',
      ])
      assert.deepEqual(names(state.streams), ['general', 'vocabularies', 'old-projects'])
      assert.deepEqual(
        (state.realm_users as Array<{ user_id: number }>).map((u) => u.user_id),
        [1, 2, 3, 4, 5, 6, 20, 21],
      )
      assert.deepEqual(
        (state.realm_non_active_users as Array<{ user_id: number }>).map((u) => u.user_id),
        [7],
      )
      assert.deepEqual(Object.keys(state.presences as object), ['nina@example.com'])
      assert.deepEqual(state.realm_emoji, {})
    })
  })

  describe('DELETE /streams/{id}', () => {
    it('archives a channel for administrators, telling those who may see it; its subscriptions stay', async () => {
      await expectRefused(chat, ['channels'], () => chat.as('max').delete('/streams/2'), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator')
      await expectRefused(chat, ['channels'], () => chat.as('adam').delete('/streams/99'), 400, 'BAD_REQUEST', 'Invalid channel ID')
      await expectRefused(chat, ['channels'], () => chat.as('adam').delete('/streams/4'), 400, 'BAD_REQUEST', 'Channel is already archived')
      const before = (await recordedEvents(chat)).length
      expectSuccess(await chat.as('adam').delete('/streams/2'))
      const [event] = (await recordedEvents(chat)).slice(before)
      assert.deepEqual([event!.users, event!.event.type, event!.event.op, event!.event.stream_ids], [[1, 2, 3, 4, 5, 20, 21], 'stream', 'delete', [2]])
      assert.deepEqual(names(expectSuccess(await chat.as('max').get('/streams')).streams), ['general'])
      assert.deepEqual(names(expectSuccess(await chat.as('max').get('/users/me/subscriptions')).subscriptions), ['general', 'vocabularies', 'old-projects'])
      expectError(
        await chat.as('max').post('/messages', { type: 'stream', to: 'vocabularies', topic: 'x', content: 'y' }),
        400,
        'BAD_REQUEST',
        'Not authorized to send to channel',
      )
    })
  })

  describe('GET /users/me/subscriptions', () => {
    it("lists the caller's subscriptions with their settings, and subscribers when asked", async () => {
      const subs = expectSuccess(await chat.as('max').get('/users/me/subscriptions', { include_subscribers: true })).subscriptions as Array<
        Record<string, unknown>
      >
      assert.deepEqual(names(subs), ['general', 'vocabularies', 'old-projects'])
      assert.match(String(subs[0]!.color), /^#[0-9a-f]{6}$/)
      assert.equal(subs[0]!.is_muted, false)
      assert.equal(subs[0]!.in_home_view, true)
      assert.equal(subs[0]!.desktop_notifications, null)
      assert.deepEqual(subs[1]!.subscribers, [1, 4, 5, 20])
      const plain = expectSuccess(await chat.as('max').get('/users/me/subscriptions')).subscriptions as Array<Record<string, unknown>>
      assert.equal('subscribers' in plain[0]!, false)
      expectError(
        await chat.as('max').get('/users/me/subscriptions', { include_subscribers: 'maybe' }),
        400,
        'REQUEST_VARIABLE_INVALID',
        'Invalid include_subscribers',
      )
    })
  })

  describe('POST /users/me/subscriptions', () => {
    it('subscribes the caller to a public channel: add to them, peer_add to everyone else who may see it', async () => {
      const before = (await recordedEvents(chat)).length
      const answer = expectSuccess(await chat.as('adam').post('/users/me/subscriptions', { subscriptions: [{ name: 'vocabularies' }] }))
      assert.deepEqual(answer.subscribed, { [id('adam')]: ['vocabularies'] })
      assert.deepEqual(answer.already_subscribed, {})
      const events = (await recordedEvents(chat)).slice(before)
      assert.deepEqual(
        events.map((e) => [e.event.type, e.event.op, e.users]),
        [
          ['subscription', 'add', [id('adam')]],
          ['subscription', 'peer_add', [1, 3, 4, 5, 20, 21]], // every active non-guest but Adam; not Gus (a guest), not Dora (deactivated)
        ],
      )
      const added = (events[0]!.event.subscriptions as Array<Record<string, unknown>>)[0]!
      assert.equal(added.name, 'vocabularies')
      assert.deepEqual(added.subscribers, [1, 2, 4, 5, 20])
      assert.deepEqual(events[1]!.event.user_ids, [id('adam')])
      // Again: already subscribed, nothing announced.
      const again = expectSuccess(await chat.as('adam').post('/users/me/subscriptions', { subscriptions: [{ name: 'vocabularies' }] }))
      assert.deepEqual(again.already_subscribed, { [id('adam')]: ['vocabularies'] })
      assert.equal((await recordedEvents(chat)).length, before + 2)
    })

    it('creates a missing channel (stream create first), private ones seen only by subscribers and administrators', async () => {
      const before = (await recordedEvents(chat)).length
      expectSuccess(
        await chat
          .as('max')
          .post('/users/me/subscriptions', { subscriptions: [{ name: ' secret plans ', description: 'shh' }], invite_only: true, principals: [id('nina')] }),
      )
      const events = (await recordedEvents(chat)).slice(before)
      assert.deepEqual(
        events.map((e) => [e.event.type, e.event.op, e.users]),
        [
          ['stream', 'create', [1, 2, 5]],
          ['subscription', 'add', [5]],
          ['subscription', 'peer_add', [1, 2]],
        ],
      )
      const created = (events[0]!.event.streams as Array<Record<string, unknown>>)[0]!
      assert.equal(created.name, 'secret plans')
      assert.equal(created.invite_only, true)
      assert.equal(created.history_public_to_subscribers, false)
      assert.equal(created.creator_id, id('max'))
      // Max made it for Nina only: he is not in it, so he cannot see it.
      expectError(await chat.as('max').get(`/streams/${String(created.stream_id)}`), 400, 'BAD_REQUEST', 'Invalid channel ID')
      assert.equal((expectSuccess(await chat.as('nina').get(`/streams/${String(created.stream_id)}`)).stream as { name: string }).name, 'secret plans')
    })

    it('refuses private channels to outsiders (or lists them as unauthorized), guests creating, bad names and unknown principals, writing nothing', async () => {
      const tables = ['channels', 'subscriptions']
      await expectRefused(
        chat,
        tables,
        () => chat.as('max').post('/users/me/subscriptions', { subscriptions: [{ name: 'general' }, { name: 'staff' }] }),
        400,
        'BAD_REQUEST',
        'Unable to access channel (staff).',
      )
      await expectRefused(
        chat,
        tables,
        () => chat.as('gus').post('/users/me/subscriptions', { subscriptions: [{ name: 'guests only' }] }),
        400,
        'BAD_REQUEST',
        'Insufficient permission',
      )
      await expectRefused(
        chat,
        tables,
        () => chat.as('gus').post('/users/me/subscriptions', { subscriptions: [{ name: 'vocabularies' }] }),
        400,
        'BAD_REQUEST',
        'Unable to access channel (vocabularies).',
      )
      await expectRefused(
        chat,
        tables,
        () => chat.as('max').post('/users/me/subscriptions', { subscriptions: [{ name: 'x'.repeat(61) }] }),
        400,
        'BAD_REQUEST',
        'Channel name too long (limit: 60 characters).',
      )
      await expectRefused(
        chat,
        tables,
        () => chat.as('max').post('/users/me/subscriptions', { subscriptions: [{ name: '  ' }] }),
        400,
        'BAD_REQUEST',
        "Channel name can't be empty.",
      )
      await expectRefused(
        chat,
        tables,
        () => chat.as('max').post('/users/me/subscriptions', { subscriptions: [{ name: 'a\u0007b' }] }),
        400,
        'BAD_REQUEST',
        'Invalid character in channel name.',
      )
      await expectRefused(
        chat,
        tables,
        () => chat.as('max').post('/users/me/subscriptions', { subscriptions: [{ name: 'new' }], principals: ['nobody@example.com'] }),
        400,
        'BAD_REQUEST',
        'No such user',
      )
      await expectRefused(
        chat,
        tables,
        () => chat.as('max').post('/users/me/subscriptions', { subscriptions: [{ name: 'new' }], principals: [id('dora')] }),
        400,
        'BAD_REQUEST',
        'No such user',
      )
      await expectRefused(chat, tables, () => chat.as('max').post('/users/me/subscriptions', { subscriptions: 'general' }), 400, 'INVALID_JSON')
      await expectRefused(chat, tables, () => chat.as('max').post('/users/me/subscriptions', { subscriptions: [] }), 400, 'REQUEST_VARIABLE_INVALID')
      await expectRefused(
        chat,
        tables,
        () => chat.as('max').post('/users/me/subscriptions', { subscriptions: [{ name: 'old-projects' }] }),
        400,
        'BAD_REQUEST',
        'Unable to access channel (old-projects).',
      )
      const partial = expectSuccess(
        await chat
          .as('adam')
          .post('/users/me/subscriptions', { subscriptions: [{ name: 'vocabularies' }, { name: 'old-projects' }], authorization_errors_fatal: false }),
      )
      assert.deepEqual(partial.subscribed, { [id('adam')]: ['vocabularies'] })
      assert.deepEqual(partial.unauthorized, ['old-projects'])
    })

    it('subscribes others by email, as zulip-js and the Python client send principals', async () => {
      const answer = expectSuccess(
        await chat.as('olivia').post('/users/me/subscriptions', { subscriptions: [{ name: 'staff' }], principals: [USERS.max!.email] }),
      )
      assert.deepEqual(answer.subscribed, { [id('max')]: ['staff'] })
      assert.deepEqual(names(expectSuccess(await chat.as('max').get('/users/me/subscriptions')).subscriptions), [
        'general',
        'vocabularies',
        'staff',
        'old-projects',
      ])
    })
  })

  describe('DELETE /users/me/subscriptions', () => {
    it('unsubscribes the caller: remove to them, peer_remove to the others', async () => {
      const before = (await recordedEvents(chat)).length
      const answer = expectSuccess(await chat.as('nina').delete('/users/me/subscriptions', { subscriptions: ['vocabularies', 'general'] }))
      assert.deepEqual(answer, { result: 'success', msg: '', removed: ['vocabularies', 'general'], not_removed: [] })
      const events = (await recordedEvents(chat)).slice(before)
      assert.deepEqual(
        events.map((e) => [e.event.type, e.event.op, e.users]),
        [
          ['subscription', 'remove', [5]],
          ['subscription', 'peer_remove', [1, 2, 3, 4, 20, 21]],
          ['subscription', 'remove', [5]],
          ['subscription', 'peer_remove', [1, 2, 3, 4, 6, 20, 21]],
        ],
      )
      assert.deepEqual(events[0]!.event.subscriptions, [{ name: 'vocabularies', stream_id: 2 }])
      const again = expectSuccess(await chat.as('nina').delete('/users/me/subscriptions', { subscriptions: ['vocabularies'] }))
      assert.deepEqual(again.not_removed, ['vocabularies'])
    })

    it('removing others is for administrators; unknown and hidden channels are named', async () => {
      const tables = ['subscriptions']
      await expectRefused(
        chat,
        tables,
        () => chat.as('max').delete('/users/me/subscriptions', { subscriptions: ['general'], principals: [id('nina')] }),
        400,
        'BAD_REQUEST',
        'Insufficient permission',
      )
      await expectRefused(
        chat,
        tables,
        () => chat.as('max').delete('/users/me/subscriptions', { subscriptions: ['general', 'staff', 'nope'] }),
        400,
        'BAD_REQUEST',
        'Channel(s) (staff, nope) do not exist',
      )
      expectSuccess(await chat.as('adam').delete('/users/me/subscriptions', { subscriptions: ['general'], principals: [id('nina')] }))
      assert.deepEqual(names(expectSuccess(await chat.as('nina').get('/users/me/subscriptions')).subscriptions), ['vocabularies'])
    })
  })

  describe('POST /users/me/subscriptions/properties', () => {
    it('sets color, pin_to_top, is_muted (two events with in_home_view) and notification settings, null inheriting', async () => {
      const before = (await recordedEvents(chat)).length
      const data = [
        { stream_id: 1, property: 'color', value: '#AABBCC' },
        { stream_id: 1, property: 'pin_to_top', value: true },
        { stream_id: 2, property: 'in_home_view', value: false },
        { stream_id: 2, property: 'desktop_notifications', value: true },
      ]
      assert.deepEqual(expectSuccess(await chat.as('max').post('/users/me/subscriptions/properties', { subscription_data: data })).subscription_data, data)
      const events = (await recordedEvents(chat)).slice(before)
      assert.deepEqual(
        events.map((e) => [e.users, e.event.stream_id, e.event.property, e.event.value]),
        [
          [[4], 1, 'color', '#aabbcc'],
          [[4], 1, 'pin_to_top', true],
          [[4], 2, 'in_home_view', false],
          [[4], 2, 'is_muted', true],
          [[4], 2, 'desktop_notifications', true],
        ],
      )
      const subs = expectSuccess(await chat.as('max').get('/users/me/subscriptions')).subscriptions as Array<Record<string, unknown>>
      assert.deepEqual(
        [subs[0]!.color, subs[0]!.pin_to_top, subs[1]!.is_muted, subs[1]!.in_home_view, subs[1]!.desktop_notifications],
        ['#aabbcc', true, true, false, true],
      )
      expectSuccess(
        await chat
          .as('max')
          .post('/users/me/subscriptions/properties', { subscription_data: [{ stream_id: 2, property: 'desktop_notifications', value: null }] }),
      )
      const after = expectSuccess(await chat.as('max').get('/users/me/subscriptions')).subscriptions as Array<Record<string, unknown>>
      assert.equal(after[1]!.desktop_notifications, null)
    })

    it('refuses channels not subscribed, unknown properties and bad values, writing nothing', async () => {
      const tables = ['subscriptions']
      const set = (data: unknown) => () => chat.as('max').post('/users/me/subscriptions/properties', { subscription_data: data as object })
      await expectRefused(
        chat,
        tables,
        set([
          { stream_id: 1, property: 'pin_to_top', value: true },
          { stream_id: 3, property: 'pin_to_top', value: true },
        ]),
        400,
        'BAD_REQUEST',
        'Not subscribed to channel ID 3',
      )
      await expectRefused(chat, tables, set([{ stream_id: 1, property: 'volume', value: 11 }]), 400, 'BAD_REQUEST', 'Unknown subscription property: volume')
      await expectRefused(chat, tables, set([{ stream_id: 1, property: 'color', value: 'red' }]), 400, 'BAD_REQUEST', 'color is not a valid hex color code')
      await expectRefused(chat, tables, set([{ stream_id: 1, property: 'is_muted', value: 'yes' }]), 400, 'BAD_REQUEST', 'is_muted is not a boolean')
      await expectRefused(chat, tables, set({ stream_id: 1 }), 400, 'REQUEST_VARIABLE_INVALID')
    })
  })

  describe('GET /users, /users/{id}, /users/{email}', () => {
    it('lists every user, deactivated ones included, with the user record', async () => {
      const members = expectSuccess(await chat.as('max').get('/users')).members as Array<Record<string, unknown>>
      assert.deepEqual(
        members.map((m) => m.user_id),
        [1, 2, 3, 4, 5, 6, 7, 20, 21],
      )
      const bot = members.find((m) => m.user_id === id('linkbot-bot'))!
      assert.deepEqual([bot.is_bot, bot.bot_type, bot.bot_owner_id, bot.role], [true, 1, id('max'), 400])
      assert.equal(members.find((m) => m.user_id === id('dora'))!.is_active, false)
      const some = expectSuccess(await chat.as('max').get('/users', { user_ids: [5, 1], include_custom_profile_fields: true })).members as Array<
        Record<string, unknown>
      >
      assert.deepEqual(
        some.map((m) => [m.user_id, m.profile_data]),
        [
          [1, {}],
          [5, {}],
        ],
      )
    })

    it('reads one user by id or by email (any case); unknown ones are "No such user"', async () => {
      const byId = expectSuccess(await chat.as('max').get('/users/5')).user as Record<string, unknown>
      assert.equal(byId.email, 'nina@example.com')
      const byEmail = expectSuccess(await chat.as('max').get('/users/NINA@example.com')).user as Record<string, unknown>
      assert.deepEqual(byEmail, byId)
      expectError(await chat.as('max').get('/users/999'), 400, 'BAD_REQUEST', 'No such user')
      expectError(await chat.as('max').get('/users/nobody@example.com'), 400, 'BAD_REQUEST', 'No such user')
      expectError(await chat.as('max').get('/users/5x'), 400, 'REQUEST_VARIABLE_INVALID', 'Invalid user_id')
      assert.equal(expectSuccess(await chat.as('max').get('/users/me')).email, 'max@example.com')
    })

    it('refuses to create users: administrators only, and none holds the permission to', async () => {
      await expectRefused(
        chat,
        ['users'],
        () => chat.as('max').post('/users', { email: 'new@example.com', password: 'long enough', full_name: 'New' }),
        400,
        'UNAUTHORIZED_PRINCIPAL',
        'Must be an organization administrator',
      )
      await expectRefused(
        chat,
        ['users'],
        () => chat.as('olivia').post('/users', { email: 'new@example.com', password: 'long enough', full_name: 'New' }),
        400,
        'BAD_REQUEST',
        'User not authorized to create users',
      )
    })
  })
})
