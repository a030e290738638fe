// The chat service driven by the official Zulip JavaScript client (zulip-js on npm), as a new user would.

import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { startTestChat, until, USERS, type TestChat } from '../chat-helpers.js'
import { success, zulipAs, type Answer, type Zulip } from '../zulip-js-client.js'

describe('zulip-js against the chat service', () => {
  let chat: TestChat
  let max: Zulip
  let nina: Zulip
  before(async () => {
    chat = await startTestChat()
    max = await zulipAs(chat, 'max')
    nina = await zulipAs(chat, 'nina')
  })
  after(() => chat.close())

  it('reads the caller and the server settings', async () => {
    const me = success(await max.users.me.getProfile())
    assert.equal(me.email, USERS.max!.email)
    assert.equal(me.user_id, USERS.max!.user_id)
    const settings = success(await max.server.settings())
    assert.equal(typeof settings.zulip_feature_level, 'number')
  })

  it('registers a queue, sends to a channel and as a direct message (multipart bodies), and reads both events', async () => {
    const queue = success(await nina.queues.register({ event_types: ['message'] }))
    const queueId = queue.queue_id as string
    const toChannel = success(await max.messages.send({ type: 'stream', to: 'general', topic: 'zulip-js', content: 'hello from **zulip-js**' }))
    const direct = success(await max.messages.send({ type: 'direct', to: [USERS.nina!.user_id], content: 'a direct hello' }))
    const events = success(await nina.events.retrieve({ queue_id: queueId, last_event_id: -1 })).events as Array<{
      id: number
      type: string
      message: Record<string, unknown>
    }>
    assert.deepEqual(
      events.map((e) => [e.type, e.message.id, e.message.content]),
      [
        ['message', toChannel.id, 'hello from **zulip-js**'], // as sent: the queue did not ask for apply_markdown
        ['message', direct.id, 'a direct hello'],
      ],
    )
    assert.equal(events[0]!.message.subject, 'zulip-js')
    // Deregistering (DELETE with its parameters in the query string) ends the queue.
    success(await nina.queues.deregister({ queue_id: queueId }))
    const gone = await nina.events.retrieve({ queue_id: queueId, last_event_id: events.at(-1)!.id, dont_block: true })
    assert.equal(gone.result, 'error')
    assert.equal(gone.code, 'BAD_EVENT_QUEUE_ID')
  })

  it('reads, edits, flags and deletes messages: retrieve, getById, update, getHistoryById, flags.add/remove, deleteById', async () => {
    const sent = success(await max.messages.send({ type: 'stream', to: 'general', topic: 'zulip-js history', content: 'first words' }))
    const id = sent.id as number
    const listed = success(
      await nina.messages.retrieve({
        anchor: 'newest',
        num_before: 5,
        num_after: 0,
        narrow: [
          { operator: 'topic', operand: 'zulip-js history' },
          { operator: 'channel', operand: 'general' },
        ],
      }),
    )
    assert.deepEqual(
      (listed.messages as Array<{ id: number; content: string }>).map((m) => [m.id, m.content]),
      [[id, '<p>first words</p>']],
    )
    assert.equal(listed.found_newest, true)
    success(await max.messages.update({ message_id: id, content: 'second words', topic: 'zulip-js edited' }))
    const one = success(await nina.messages.getById({ message_id: id }))
    assert.deepEqual([(one.message as { subject: string }).subject, one.raw_content], ['zulip-js edited', 'second words'])
    const history = success(await nina.messages.getHistoryById({ message_id: id })).message_history as Array<Record<string, unknown>>
    assert.deepEqual(
      history.map((h) => [h.topic, h.content, h.prev_content, h.prev_topic]),
      [
        ['zulip-js history', 'first words', undefined, undefined],
        ['zulip-js edited', 'second words', 'first words', 'zulip-js history'],
      ],
    )
    assert.deepEqual(success(await nina.messages.flags.add({ messages: [id], flag: 'starred' })).messages, [id])
    assert.deepEqual(success(await nina.messages.flags.remove({ messages: [id], flag: 'starred' })).messages, [id])
    success(await max.messages.deleteById({ message_id: id }))
    const gone = await nina.messages.getById({ message_id: id })
    assert.deepEqual([gone.result, gone.msg], ['error', 'Invalid message(s)'])
  })

  it('renders Markdown and reports a missing argument as the API error', async () => {
    assert.equal(success(await max.messages.render({ content: '*émphasis* ✓' })).rendered, '<p><em>émphasis</em> ✓</p>')
    const missing = await max.messages.send({ type: 'stream', to: 'general', content: 'no topic' })
    assert.equal(missing.result, 'error')
    assert.equal(missing.code, 'REQUEST_VARIABLE_MISSING')
  })

  it('lists channels, finds one by name, subscribes and unsubscribes, and reads the topics', async () => {
    const streams = success(await max.streams.retrieve()).streams as Array<{ name: string }>
    assert.deepEqual(
      streams.map((s) => s.name),
      ['general', 'vocabularies'],
    )
    assert.equal(success(await max.streams.getStreamId('vocabularies')).stream_id, 2)
    assert.equal(success(await max.streams.getStreamId({ stream: 'general' })).stream_id, 1)
    const missing = await max.streams.getStreamId('nowhere')
    assert.deepEqual([missing.result, missing.code, missing.msg], ['error', 'BAD_REQUEST', "Invalid channel name 'nowhere'"])
    // zulip-js sends its POST parameters as multipart form data, and those of DELETE in the query string.
    const added = success(await nina.users.me.subscriptions.add({ subscriptions: JSON.stringify([{ name: 'zulip-js channel' }]) }))
    assert.deepEqual(added.subscribed, { [USERS.nina!.user_id]: ['zulip-js channel'] })
    const mine = success(await nina.streams.subscriptions.retrieve({ include_subscribers: true })).subscriptions as Array<{
      name: string
      stream_id: number
      subscribers: number[]
    }>
    const created = mine.find((s) => s.name === 'zulip-js channel')!
    assert.deepEqual(created.subscribers, [USERS.nina!.user_id])
    success(await nina.messages.send({ type: 'stream', to: 'zulip-js channel', topic: 'first', content: 'hello' }))
    assert.deepEqual(success(await nina.streams.topics.retrieve({ stream_id: created.stream_id })).topics, [
      { name: 'first', max_id: (await chat.chat.db.get<{ id: number }>('SELECT max(id) AS id FROM messages'))!.id },
    ])
    const removed = success(await nina.users.me.subscriptions.remove({ subscriptions: JSON.stringify(['zulip-js channel']) }))
    assert.deepEqual(removed.removed, ['zulip-js channel'])
    // Archiving is for administrators.
    const refused = await nina.streams.deleteById({ stream_id: created.stream_id })
    assert.deepEqual([refused.result, refused.code], ['error', 'UNAUTHORIZED_PRINCIPAL'])
    const olivia = await zulipAs(chat, 'olivia')
    success(await olivia.streams.deleteById({ stream_id: created.stream_id }))
    assert.ok(!(success(await max.streams.retrieve()).streams as Array<{ name: string }>).some((s) => s.name === 'zulip-js channel'))
  })

  it('lists users; creating one is refused with the API error', async () => {
    const members = success(await max.users.retrieve()).members as Array<{ user_id: number; email: string }>
    assert.equal(members.find((m) => m.user_id === USERS.nina!.user_id)?.email, USERS.nina!.email)
    const created = await max.users.create({ email: 'new@example.com', password: 'secret-password', full_name: 'New' })
    assert.deepEqual([created.result, created.code, created.msg], ['error', 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator'])
  })

  it('adds and removes a reaction, sends typing notifications, and reads the (empty) custom emoji', async () => {
    const queue = success(await nina.queues.register({ event_types: ['reaction', 'typing'] }))
    const sent = success(await max.messages.send({ type: 'direct', to: [USERS.nina!.user_id], content: 'react to me' }))
    success(await max.reactions.add({ message_id: sent.id, emoji_name: 'octopus' }))
    success(await max.reactions.remove({ message_id: sent.id, emoji_name: 'octopus' }))
    success(await max.typing.send({ op: 'start', to: [USERS.nina!.user_id] })) // one recipient: sent as a plain id
    success(await max.typing.send({ op: 'stop', to: [USERS.nina!.user_id, USERS.olivia!.user_id] })) // more: as JSON
    const events = success(await nina.events.retrieve({ queue_id: queue.queue_id, last_event_id: -1 })).events as Array<Record<string, unknown>>
    assert.deepEqual(
      events.map((e) => [e.type, e.op, e.emoji_code ?? (e.recipients as Array<{ user_id: number }>).map((r) => r.user_id)]),
      [
        ['reaction', 'add', '1f419'],
        ['reaction', 'remove', '1f419'],
        ['typing', 'start', [USERS.max!.user_id, USERS.nina!.user_id]],
        ['typing', 'stop', [USERS.olivia!.user_id, USERS.max!.user_id, USERS.nina!.user_id]],
      ],
    )
    assert.deepEqual(success(await max.emojis.retrieve()).emoji, {})
  })

  describe('callOnEachEvent', () => {
    let child: ChildProcess | undefined
    afterEach(() => void child?.kill('SIGKILL'))

    it('registers with event_types null and hands each new message to its callback', async function () {
      this.timeout(60_000) // a Node process starts and loads zulip-js first; the waits below are safety nets
      // callOnEachEvent never returns, so it runs in a process of its own that prints each event.
      const script = `
        const zulipInit = require('zulip-js')
        zulipInit({ realm: process.env.REALM, username: process.env.EMAIL, apiKey: process.env.KEY })
          .then((z) => z.callOnEachEvent((event) => console.log(JSON.stringify(event))))`
      child = spawn(process.execPath, ['-e', script], {
        env: { ...process.env, REALM: chat.url, EMAIL: USERS.nina!.email, KEY: USERS.nina!.api_key },
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      const lines = createInterface({ input: child.stdout! })
      const seen: Array<{ type: string; message?: { content: string } }> = []
      const exited = once(child, 'exit')
      // Its long poll is waiting once the service has a waiter (the other process starts up first).
      await until(() => chat.chat.services.delivery.size === 1, 'the client starts its long poll')
      const arrived = new Promise<void>((resolve) =>
        lines.on('line', (line) => {
          const event = JSON.parse(line) as (typeof seen)[number]
          seen.push(event)
          if (event.type === 'message') resolve()
        }),
      )
      success(await max.messages.send({ type: 'stream', to: 'general', topic: 'each event', content: 'for the callback' }))
      await Promise.race([arrived, exited.then(() => assert.fail('the client exited'))])
      assert.equal(seen.find((e) => e.type === 'message')?.message?.content, 'for the callback')
    })
  })
})
