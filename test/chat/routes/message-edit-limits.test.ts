// How long after sending a message may be edited or moved (packages/chat/src/messages/edit-limits.ts): the
// reference server's defaults and refusals over HTTP, the organization's own settings from its fixture, and the
// settings /register reports. The test clock moves time; nothing sleeps.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REFERENCE_FIXTURE } from '@prefixd/chat'
import { expectError, expectSuccess, startTestChat, type TestChat } from '../chat-helpers.js'
import { zulipAs } from '../zulip-js-client.js'

const DAY = 24 * 3600

describe('edit and move time limits', () => {
  let chat: TestChat
  afterEach(() => chat.close())

  const send = async (user: string, topic: string, content: string): Promise<number> =>
    (expectSuccess(await chat.as(user).post('/messages', { type: 'stream', to: 'general', topic, content })) as { id: number }).id
  const topicOf = async (messageId: number): Promise<string> =>
    (expectSuccess(await chat.as('max').get(`/messages/${messageId}`)) as { message: { subject: string } }).message.subject
  /** A service on the reference organization with `realm` settings added to its fixture. */
  const startWithRealm = async (realm: Record<string, unknown>): Promise<TestChat> => {
    const fixture = JSON.parse(readFileSync(REFERENCE_FIXTURE, 'utf8')) as { realm: Record<string, unknown> }
    Object.assign(fixture.realm, realm)
    const dir = await mkdtemp(join(tmpdir(), 'prefixd-fixture-'))
    await writeFile(join(dir, 'org.json'), JSON.stringify(fixture))
    return startTestChat({ fixture: join(dir, 'org.json') })
  }

  describe('the reference defaults', () => {
    beforeEach(async function () {
      this.timeout(120_000) // the first one may start a PostgreSQL cluster and load the organization
      chat = await startTestChat()
    })

    it('lets the sender edit content for 10 minutes (and 20 s of grace), then moves only', async () => {
      const id = await send('max', 'plans', 'draft')
      await chat.advance(615)
      expectSuccess(await chat.as('max').patch(`/messages/${id}`, { content: 'still in time' }))
      await chat.advance(10)
      expectError(
        await chat.as('max').patch(`/messages/${id}`, { content: 'too late' }),
        400,
        'BAD_REQUEST',
        'The time limit for editing this message has passed',
      )
      // Not the sender: refused as before, whatever the time.
      expectError(await chat.as('adam').patch(`/messages/${id}`, { content: 'mine now' }), 400, 'BAD_REQUEST', "You don't have permission to edit this message")
      expectSuccess(await chat.as('max').patch(`/messages/${id}`, { topic: 'later plans' }))
      const { message } = expectSuccess(await chat.as('max').get(`/messages/${id}`)) as { message: { content: string; subject: string } }
      assert.deepEqual([message.content, message.subject], ['<p>still in time</p>', 'later plans'])
    })

    it('lets members move messages for 7 days, moderators and above at any time', async () => {
      const id = await send('max', 'plans', 'old news')
      await chat.advance(7 * DAY + 21)
      const refusedTopic = "The time limit for editing this message's topic has passed."
      expectError(await chat.as('max').patch(`/messages/${id}`, { topic: 'renamed' }), 400, 'BAD_REQUEST', refusedTopic)
      expectError(
        await chat.as('max').patch(`/messages/${id}`, { stream_id: 2 }),
        400,
        'BAD_REQUEST',
        "The time limit for editing this message's channel has passed",
      )
      assert.equal(await topicOf(id), 'plans')
      expectSuccess(await chat.as('mira').patch(`/messages/${id}`, { topic: 'renamed' }))
      assert.equal(await topicOf(id), 'renamed')
    })

    it('answers how many of a topic a member may still move, and moves none of them', async () => {
      const old = await send('max', 'plans', 'first')
      await chat.advance(7 * DAY)
      const recent = await send('max', 'plans', 'second')
      const third = await send('nina', 'plans', 'third')
      await chat.advance(30)
      const answer = await chat.as('max').patch(`/messages/${recent}`, { topic: 'renamed', propagate_mode: 'change_all' })
      expectError(answer, 400, 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', 'You only have permission to move the 2/3 most recent messages in this topic.')
      assert.deepEqual(
        [answer.body.first_message_id_allowed_to_move, answer.body.total_messages_in_topic, answer.body.total_messages_allowed_to_move],
        [recent, 3, 2],
      )
      assert.deepEqual([await topicOf(old), await topicOf(recent), await topicOf(third)], ['plans', 'plans', 'plans'])
      // change_later from the recent one takes only messages within the limit.
      expectSuccess(await chat.as('max').patch(`/messages/${recent}`, { topic: 'renamed', propagate_mode: 'change_later' }))
      assert.deepEqual([await topicOf(old), await topicOf(recent), await topicOf(third)], ['plans', 'renamed', 'renamed'])
    })

    it('refuses through zulip-js as through the reference server: its error, code and counts reach the client', async () => {
      const max = await zulipAs(chat, 'max')
      const old = await send('max', 'plans', 'first')
      await chat.advance(7 * DAY)
      const recent = await send('max', 'plans', 'second')
      await chat.advance(30)
      const late = await max.messages.update({ message_id: old, content: 'too late' })
      assert.deepEqual([late.result, late.code, late.msg], ['error', 'BAD_REQUEST', 'The time limit for editing this message has passed'])
      const partial = await max.messages.update({ message_id: recent, topic: 'renamed', propagate_mode: 'change_all' })
      assert.deepEqual(
        [partial.result, partial.code, partial.first_message_id_allowed_to_move, partial.total_messages_allowed_to_move],
        ['error', 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', recent, 1],
      )
    })

    it('reports the settings in /register', async () => {
      const state = expectSuccess(await chat.as('max').post('/register', { fetch_event_types: '["realm"]' }))
      assert.deepEqual(
        [
          state.realm_allow_message_editing,
          state.realm_message_content_edit_limit_seconds,
          state.realm_move_messages_within_stream_limit_seconds,
          state.realm_move_messages_between_streams_limit_seconds,
        ],
        [true, 600, 7 * DAY, 7 * DAY],
      )
    })
  })

  describe("the organization's own settings", () => {
    it('takes null as no limit', async function () {
      this.timeout(120_000)
      chat = await startWithRealm({ message_content_edit_limit_seconds: null, move_messages_within_stream_limit_seconds: null })
      const id = await send('max', 'plans', 'draft')
      await chat.advance(365 * DAY)
      expectSuccess(await chat.as('max').patch(`/messages/${id}`, { content: 'a year on', topic: 'renamed' }))
      // The channel limit still holds.
      expectError(
        await chat.as('max').patch(`/messages/${id}`, { stream_id: 2 }),
        400,
        'BAD_REQUEST',
        "The time limit for editing this message's channel has passed",
      )
      const state = expectSuccess(await chat.as('max').post('/register', { fetch_event_types: '["realm"]' }))
      assert.deepEqual([state.realm_message_content_edit_limit_seconds, state.realm_move_messages_within_stream_limit_seconds], [null, null])
    })

    it('turns content edits off, not moves', async function () {
      this.timeout(120_000)
      chat = await startWithRealm({ allow_message_editing: false })
      const id = await send('max', 'plans', 'draft')
      expectError(await chat.as('max').patch(`/messages/${id}`, { content: 'no' }), 400, 'BAD_REQUEST', 'Your organization has turned off message editing')
      expectSuccess(await chat.as('max').patch(`/messages/${id}`, { topic: 'renamed' }))
      assert.equal(await topicOf(id), 'renamed')
    })
  })
})
