// Emoji reactions through real HTTP: adding and removing by name or code, who may react, and the `reaction` events each recipient's queue gets.

import assert from 'node:assert/strict'
import { expectError, expectRefused, expectSuccess, recordedEvents, startTestChat, USERS, type TestChat } from '../chat-helpers.js'

describe('reactions', () => {
  let chat: TestChat
  beforeEach(async () => {
    chat = await startTestChat()
  })
  afterEach(() => chat.close())

  const reactions = async (): Promise<unknown[]> =>
    chat.chat.db.all('SELECT message_id, user_id, emoji_name, emoji_code, reaction_type FROM reactions ORDER BY message_id, user_id, emoji_code')

  it("adds a reaction by name (its code looked up) and announces it to the direct message's people", async () => {
    const before = (await recordedEvents(chat)).length
    expectSuccess(await chat.as('nina').post('/messages/113/reactions', { emoji_name: 'octopus' }))
    assert.deepEqual(await reactions(), [{ message_id: 113, user_id: 5, emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' }])
    const [event] = (await recordedEvents(chat)).slice(before)
    assert.deepEqual(event, {
      users: [4, 5],
      event: { type: 'reaction', op: 'add', message_id: 113, user_id: 5, emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' },
    })
  })

  it('takes a name with its code as the Python client sends them, and removes by code or by name', async () => {
    expectSuccess(await chat.as('max').post('/messages/103/reactions', { emoji_name: 'joy', emoji_code: '1f602', reaction_type: 'unicode_emoji' }))
    expectSuccess(await chat.as('max').post('/messages/103/reactions', { emoji_name: '+1' }))
    assert.equal((await reactions()).length, 2)
    expectSuccess(await chat.as('max').delete('/messages/103/reactions', { emoji_code: '1f602', reaction_type: 'unicode_emoji' }))
    const before = (await recordedEvents(chat)).length
    expectSuccess(await chat.as('max').delete('/messages/103/reactions', { emoji_name: '+1' }))
    assert.deepEqual(await reactions(), [])
    const [removed] = (await recordedEvents(chat)).slice(before)
    // Everyone subscribed to general hears it.
    assert.deepEqual(removed!.users, [1, 2, 3, 4, 5, 6, 20, 21])
    assert.deepEqual(removed!.event, {
      type: 'reaction',
      op: 'remove',
      message_id: 103,
      user_id: 4,
      emoji_name: '+1',
      emoji_code: '1f44d',
      reaction_type: 'unicode_emoji',
    })
  })

  it('shows reactions in the message objects of GET /messages/{id}, oldest first', async () => {
    expectSuccess(await chat.as('nina').post('/messages/113/reactions', { emoji_name: 'octopus' }))
    expectSuccess(await chat.as('max').post('/messages/113/reactions', { emoji_name: 'joy', emoji_code: '1f602' }))
    const message = expectSuccess(await chat.as('max').get('/messages/113')).message as { reactions: unknown }
    assert.deepEqual(message.reactions, [
      { emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji', user_id: 5 },
      { emoji_name: 'joy', emoji_code: '1f602', reaction_type: 'unicode_emoji', user_id: 4 },
    ])
  })

  it('reaches the queues of the people who received the message', async () => {
    const queue = expectSuccess(await chat.as('nina').post('/register', { event_types: ['reaction'] }))
    const other = expectSuccess(await chat.as('adam').post('/register', { event_types: ['reaction'] }))
    expectSuccess(await chat.as('max').post('/messages/113/reactions', { emoji_name: 'tada' }))
    const events = expectSuccess(await chat.as('nina').get('/events', { queue_id: queue.queue_id as string, last_event_id: -1, dont_block: true }))
      .events as Array<Record<string, unknown>>
    assert.deepEqual(
      events.map((e) => [e.type, e.op, e.emoji_name, e.user_id]),
      [['reaction', 'add', 'tada', 4]],
    )
    // Adam is not in the conversation.
    assert.deepEqual(
      expectSuccess(await chat.as('adam').get('/events', { queue_id: other.queue_id as string, last_event_id: -1, dont_block: true })).events,
      [],
    )
  })

  it('refuses messages the caller cannot see, unknown emoji, duplicates and missing reactions, writing nothing', async () => {
    const tables = ['reactions']
    const react = (name: string, path: string, values: Record<string, string>) => () => chat.as(name).post(path, values)
    await expectRefused(chat, tables, react('adam', '/messages/113/reactions', { emoji_name: 'tada' }), 400, 'BAD_REQUEST', 'Invalid message(s)') // not his conversation
    await expectRefused(chat, tables, react('max', '/messages/109/reactions', { emoji_name: 'tada' }), 400, 'BAD_REQUEST', 'Invalid message(s)') // a private channel
    await expectRefused(chat, tables, react('gus', '/messages/106/reactions', { emoji_name: 'tada' }), 400, 'BAD_REQUEST', 'Invalid message(s)') // a guest outside the channel
    await expectRefused(chat, tables, react('max', '/messages/999/reactions', { emoji_name: 'tada' }), 400, 'BAD_REQUEST', 'Invalid message(s)')
    await expectRefused(chat, tables, react('max', '/messages/01/reactions', { emoji_name: 'tada' }), 400, 'BAD_REQUEST', 'Invalid message(s)')
    await expectRefused(
      chat,
      tables,
      react('max', '/messages/103/reactions', { emoji_name: 'no_such_emoji' }),
      400,
      'BAD_REQUEST',
      "Emoji 'no_such_emoji' does not exist",
    )
    await expectRefused(chat, tables, react('max', '/messages/103/reactions', { emoji_name: 'x', emoji_code: 'zz' }), 400, 'BAD_REQUEST', 'Invalid emoji code.')
    await expectRefused(
      chat,
      tables,
      react('max', '/messages/103/reactions', { emoji_name: 'x', emoji_code: 'd800' }),
      400,
      'BAD_REQUEST',
      'Invalid emoji code.',
    )
    await expectRefused(
      chat,
      tables,
      react('max', '/messages/103/reactions', { emoji_name: 'x', reaction_type: 'realm_emoji', emoji_code: '1' }),
      400,
      'BAD_REQUEST',
      'Invalid custom emoji.',
    )
    await expectRefused(chat, tables, react('max', '/messages/103/reactions', {}), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'emoji_name' argument")
    expectSuccess(await chat.as('max').post('/messages/103/reactions', { emoji_name: 'tada' }))
    await expectRefused(chat, tables, react('max', '/messages/103/reactions', { emoji_name: 'tada' }), 400, 'BAD_REQUEST', 'Reaction already exists.')
    await expectRefused(
      chat,
      tables,
      () => chat.as('max').delete('/messages/103/reactions', { emoji_name: 'joy' }),
      400,
      'BAD_REQUEST',
      "Reaction doesn't exist.",
    )
    await expectRefused(
      chat,
      tables,
      () => chat.as('nina').delete('/messages/103/reactions', { emoji_name: 'tada' }),
      400,
      'BAD_REQUEST',
      "Reaction doesn't exist.",
    ) // Max's, not hers
    await expectRefused(
      chat,
      tables,
      () => chat.as('max').delete('/messages/103/reactions', {}),
      400,
      'BAD_REQUEST',
      'At least one of the following arguments must be present: emoji_name, emoji_code',
    )
  })

  it('lets a reader of a public channel react without being subscribed; a reaction goes with its message', async () => {
    expectSuccess(await chat.as('adam').post('/messages/107/reactions', { emoji_name: 'heart' }))
    assert.deepEqual(await reactions(), [
      { message_id: 107, user_id: USERS.adam!.user_id, emoji_name: 'heart', emoji_code: '2764', reaction_type: 'unicode_emoji' },
    ])
    await chat.chat.db.run('DELETE FROM messages WHERE id = 107')
    assert.deepEqual(await reactions(), [])
    expectError(await chat.as('adam').post('/messages/107/reactions', { emoji_name: 'heart' }), 400, 'BAD_REQUEST', 'Invalid message(s)')
  })
})
