// Typing notifications through real HTTP: direct conversations (ids, emails, zulip-js's one plain id) and channel topics, and who gets the `typing` events.

import assert from 'node:assert/strict'
import { expectRefused, expectSuccess, recordedEvents, startTestChat, USERS, type TestChat } from '../chat-helpers.js'

describe('POST /typing', () => {
  let chat: TestChat
  beforeEach(async () => {
    chat = await startTestChat()
  })
  afterEach(() => chat.close())

  const typingEvents = async (from: number): Promise<Array<{ users: number[]; event: Record<string, unknown> }>> => (await recordedEvents(chat)).slice(from)

  it('tells every person of a direct conversation, the sender included, with message_type direct', async () => {
    const before = (await recordedEvents(chat)).length
    expectSuccess(await chat.as('max').post('/typing', { op: 'start', to: [USERS.nina!.user_id] }))
    expectSuccess(await chat.as('max').post('/typing', { op: 'stop', to: JSON.stringify([USERS.nina!.email]), type: 'private' }))
    expectSuccess(await chat.as('max').post('/typing', { op: 'start', to: String(USERS.nina!.user_id) })) // zulip-js sends a one-person list plain
    const events = await typingEvents(before)
    assert.deepEqual(
      events.map((e) => [e.users, e.event.op]),
      [
        [[4, 5], 'start'],
        [[4, 5], 'stop'],
        [[4, 5], 'start'],
      ],
    )
    assert.deepEqual(events[0]!.event, {
      type: 'typing',
      op: 'start',
      message_type: 'direct',
      sender: { user_id: 4, email: 'max@example.com' },
      recipients: [
        { user_id: 4, email: 'max@example.com' },
        { user_id: 5, email: 'nina@example.com' },
      ],
    })
  })

  it("tells a channel topic's other subscribers, not those who turned typing notifications off", async () => {
    expectSuccess(await chat.as('nina').patch('/settings', { receives_typing_notifications: false }))
    const before = (await recordedEvents(chat)).length
    expectSuccess(await chat.as('max').post('/typing', { op: 'start', type: 'stream', stream_id: 2, topic: ' foaf ' }))
    const [event] = await typingEvents(before)
    assert.deepEqual(event, {
      users: [1, 20],
      event: { type: 'typing', op: 'start', message_type: 'stream', sender: { user_id: 4, email: 'max@example.com' }, stream_id: 2, topic: 'foaf' },
    })
  })

  it('reaches a waiting queue', async () => {
    const queue = expectSuccess(await chat.as('nina').post('/register', { event_types: ['typing'] }))
    expectSuccess(await chat.as('max').post('/typing', { op: 'start', to: [5] }))
    const events = expectSuccess(await chat.as('nina').get('/events', { queue_id: queue.queue_id as string, last_event_id: -1 })).events as Array<
      Record<string, unknown>
    >
    assert.deepEqual(
      events.map((e) => [e.type, e.op, (e.sender as { user_id: number }).user_id]),
      [['typing', 'start', 4]],
    )
  })

  it('refuses bad operations, unknown people and channels the caller cannot read, sending nothing', async () => {
    const send = (name: string, values: Record<string, string | number | object>) => () => chat.as(name).post('/typing', values)
    await expectRefused(chat, [], send('max', { op: 'typing', to: [5] }), 400, 'REQUEST_VARIABLE_INVALID', 'Invalid op')
    await expectRefused(chat, [], send('max', { to: [5] }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'op' argument")
    await expectRefused(chat, [], send('max', { op: 'start', to: [999] }), 400, 'BAD_REQUEST', 'Invalid user ID')
    await expectRefused(chat, [], send('max', { op: 'start', to: [USERS.dora!.user_id] }), 400, 'BAD_REQUEST', 'Invalid user ID') // deactivated
    await expectRefused(chat, [], send('max', { op: 'start', to: ['nobody@example.com'] }), 400, 'BAD_REQUEST', 'Invalid user ID')
    await expectRefused(chat, [], send('max', { op: 'start', to: [] }), 400, 'REQUEST_VARIABLE_INVALID')
    await expectRefused(chat, [], send('max', { op: 'start', to: [true] }), 400, 'REQUEST_VARIABLE_INVALID')
    await expectRefused(chat, [], send('max', { op: 'start', type: 'stream', stream_id: 3, topic: 'budget' }), 400, 'BAD_REQUEST', 'Invalid channel ID')
    await expectRefused(chat, [], send('max', { op: 'start', type: 'stream', topic: 'x' }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'stream_id' argument")
    await expectRefused(
      chat,
      [],
      send('max', { op: 'start', type: 'stream', stream_id: 1, topic: 'x'.repeat(61) }),
      400,
      'REQUEST_VARIABLE_INVALID',
      'Invalid topic',
    )
    await expectRefused(chat, [], send('max', { op: 'start', type: 'telepathy', to: [5] }), 400, 'REQUEST_VARIABLE_INVALID', 'Invalid type')
  })
})
