// Moving messages through zulip-js over HTTP: the Notification Bot's notices in the new and old topics (and when a
// topic is marked resolved), and the wildcard-mention policy and wildcard flags of content edits.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REFERENCE_FIXTURE } from '@prefixd/chat'
import { startTestChat, USERS, type TestChat } from '../chat-helpers.js'
import { success, zulipAs, type Zulip } from '../zulip-js-client.js'

interface Message {
  readonly id: number
  readonly sender_email: string
  readonly sender_full_name: string
  readonly content: string
  readonly subject: string
  readonly flags: string[]
}

const MAX = `@_**Max Member|${USERS.max!.user_id}**`

describe('moving messages: the notices, and wildcard mentions on edits', () => {
  let chat: TestChat
  let max: Zulip
  let nina: Zulip
  beforeEach(async function () {
    this.timeout(60_000) // (a PostgreSQL run starts its cluster first)
    chat = await startTestChat()
    max = await zulipAs(chat, 'max')
    nina = await zulipAs(chat, 'nina')
  })
  afterEach(() => chat.close())

  /** The messages of a topic as `who` reads them, Markdown source, oldest first. */
  const topic = async (who: Zulip, channel: string, name: string): Promise<Message[]> =>
    success(
      await who.messages.retrieve({
        anchor: 'oldest',
        num_before: 0,
        num_after: 100,
        apply_markdown: false,
        narrow: [
          { operator: 'channel', operand: channel },
          { operator: 'topic', operand: name },
        ],
      }),
    ).messages as Message[]
  const send = async (who: Zulip, channel: string, name: string, content: string): Promise<number> =>
    success(await who.messages.send({ type: 'stream', to: channel, topic: name, content })).id as number

  it('posts where a whole topic went and where it came from, as the Notification Bot, unread for all but the mover', async () => {
    const queue = success(await nina.queues.register({ event_types: ['message'] }))
    const first = await send(max, 'general', 'old place', 'one')
    await send(nina, 'general', 'old place', 'two')
    success(
      await max.messages.update({ message_id: first, topic: 'new place', stream_id: 2, propagate_mode: 'change_all', send_notification_to_old_thread: true }),
    )
    const moved = await topic(nina, 'vocabularies', 'new place')
    assert.deepEqual(
      moved.map((m) => m.content),
      ['one', 'two', `This topic was moved here from #**general>old place** by ${MAX}.`],
    )
    const [notice] = moved.slice(-1)
    assert.deepEqual([notice!.sender_email, notice!.sender_full_name, notice!.flags], ['notification-bot@zulip.com', 'Notification Bot', []])
    const [left] = await topic(max, 'general', 'old place')
    assert.deepEqual([left!.content, left!.flags], [`This topic was moved to #**vocabularies>new place** by ${MAX}.`, ['read']])
    // Rendered as any message: the mention is a silent one.
    const rendered = success(await nina.messages.getById({ message_id: notice!.id })).message as { content: string }
    assert.match(rendered.content, /<span class="user-mention silent" data-user-id="4">Max Member<\/span>/)
    assert.match(
      rendered.content,
      /moved here from <a class="stream-topic" data-stream-id="1" href="\/#narrow\/channel\/1-general\/topic\/old\.20place">#general &gt; old place<\/a>/,
    )
    // Nina's queue heard of both notices as new messages; the bot is no member of the organization.
    const events = success(await nina.events.retrieve({ queue_id: queue.queue_id, last_event_id: -1, dont_block: true })).events as Array<{
      message?: Message
    }>
    assert.deepEqual(
      events.filter((e) => e.message?.sender_full_name === 'Notification Bot').map((e) => e.message!.subject),
      ['new place', 'old place'],
    )
    const members = success(await max.users.retrieve()).members as Array<{ email: string }>
    assert.ok(!members.some((m) => m.email === 'notification-bot@zulip.com'))
  })

  it('says "A message" with its link or "N messages" when part of a topic moves, and nothing in the old topic by default', async () => {
    const first = await send(max, 'general', 'mixed', 'a')
    const second = await send(max, 'general', 'mixed', 'b')
    await send(max, 'general', 'mixed', 'c')
    success(await max.messages.update({ message_id: second, topic: 'split off', propagate_mode: 'change_one' }))
    const [, one] = await topic(max, 'general', 'split off')
    assert.equal(
      one!.content,
      `[A message](${chat.url}/#narrow/channel/1-general/topic/split.20off/near/${second}) was moved here from #**general>mixed** by ${MAX}.`,
    )
    success(await max.messages.update({ message_id: first, topic: 'split off', propagate_mode: 'change_later' }))
    assert.deepEqual((await topic(max, 'general', 'split off')).map((m) => m.content).slice(-1), [
      `2 messages were moved here from #**general>mixed** by ${MAX}.`,
    ])
    assert.deepEqual(await topic(max, 'general', 'mixed'), [])
    // None asked for: none posted.
    const third = await send(max, 'general', 'quiet', 'q')
    success(await max.messages.update({ message_id: third, topic: 'still quiet', send_notification_to_new_thread: false }))
    assert.deepEqual(
      (await topic(max, 'general', 'still quiet')).map((m) => m.content),
      ['q'],
    )
  })

  it('posts "has marked this topic as resolved" instead of a move notice, and links names the #** syntax cannot hold', async () => {
    const id = await send(max, 'general', 'question', 'why?')
    success(await max.messages.update({ message_id: id, topic: '✔ question', propagate_mode: 'change_all' }))
    assert.deepEqual(
      (await topic(max, 'general', '✔ question')).map((m) => m.content),
      ['why?', `${MAX} has marked this topic as resolved.`],
    )
    const odd = await send(max, 'general', 'a>b*c', 'odd')
    success(await max.messages.update({ message_id: odd, topic: 'plain', propagate_mode: 'change_all' }))
    assert.equal(
      (await topic(max, 'general', 'plain')).at(-1)!.content,
      `This topic was moved here from [#general > a&gt;b&#42;c](#narrow/channel/1-general/topic/a.3Eb*c) by ${MAX}.`,
    )
  })

  it('takes a resolve notice back when the topic is unresolved within a minute, and keeps both notices after that', async () => {
    const id = await send(max, 'general', 'question', 'why?')
    const queue = success(await nina.queues.register({ event_types: ['delete_message'] }))
    success(await max.messages.update({ message_id: id, topic: '✔ question', propagate_mode: 'change_all' }))
    const [, notice] = await topic(max, 'general', '✔ question')
    // Well inside the minute: the test clock also runs on in real time, and a notice's timestamp is cut to the
    // second, so 59 s left less than a second of margin (flaky on a loaded machine).
    await chat.advance(50)
    success(await max.messages.update({ message_id: id, topic: 'question', propagate_mode: 'change_all' }))
    assert.deepEqual(
      (await topic(max, 'general', 'question')).map((m) => m.content),
      ['why?'],
    )
    const events = success(await nina.events.retrieve({ queue_id: queue.queue_id, last_event_id: -1, dont_block: true })).events as Array<{
      type: string
      message_ids?: number[]
    }>
    assert.deepEqual(
      events.filter((e) => e.type === 'delete_message').map((e) => e.message_ids),
      [[notice!.id]],
    )
    // A minute later it is no undo: the topic keeps both notices.
    success(await max.messages.update({ message_id: id, topic: '✔ question', propagate_mode: 'change_all' }))
    await chat.advance(61)
    success(await max.messages.update({ message_id: id, topic: 'question', propagate_mode: 'change_all' }))
    assert.deepEqual(
      (await topic(max, 'general', 'question')).map((m) => m.content),
      ['why?', `${MAX} has marked this topic as resolved.`, `${MAX} has marked this topic as unresolved.`],
    )
  })

  it('holds content edits to the wildcard-mention policy and works their wildcard flags out again', async () => {
    const fixture = JSON.parse(readFileSync(REFERENCE_FIXTURE, 'utf8')) as { realm: Record<string, unknown> }
    fixture.realm.wildcard_mention_large_threshold = 1
    const dir = await mkdtemp(join(tmpdir(), 'prefixd-fixture-'))
    await writeFile(join(dir, 'org.json'), JSON.stringify(fixture))
    await chat.close()
    chat = await startTestChat({ fixture: join(dir, 'org.json') })
    max = await zulipAs(chat, 'max')
    nina = await zulipAs(chat, 'nina')
    const mira = await zulipAs(chat, 'mira')
    const id = await send(max, 'general', 'plans', 'plain words')
    const refused = await max.messages.update({ message_id: id, content: 'now @**all** of you' })
    assert.deepEqual([refused.result, refused.code], ['error', 'STREAM_WILDCARD_MENTION_NOT_ALLOWED'])
    const topicWide = await max.messages.update({ message_id: id, content: 'now @**topic**' })
    assert.deepEqual([topicWide.result, topicWide.code], ['success', undefined]) // one participant: under the threshold
    // A moderator may; the flags follow the text each time.
    const own = await send(mira, 'general', 'plans', 'soon')
    success(await mira.messages.update({ message_id: own, content: 'now @**channel**' }))
    const flags = async (): Promise<string[]> => (success(await nina.messages.getById({ message_id: own })).message as Message).flags
    assert.deepEqual(await flags(), ['wildcard_mentioned', 'stream_wildcard_mentioned'])
    success(await mira.messages.update({ message_id: own, content: 'now nobody' }))
    assert.deepEqual(await flags(), [])
  })
})
