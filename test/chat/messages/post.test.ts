// A message is added in one place, messages/post.ts's postMessage: a person's send and the Notification Bot's notice
// of a move both go through it, and what their events carry is the message a later read returns.

import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expectSuccess, startTestChat, USERS, type TestChat } from '../chat-helpers.js'

const SRC = fileURLToPath(new URL('../../../packages/chat/src/', import.meta.url))

describe('posting a message', () => {
  it('is written in one module: no other source inserts into messages but the fixture loader (an organization’s history, with its ids)', () => {
    const inserting = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .filter((name) => /INSERT INTO messages\b/.test(readFileSync(join(SRC, name), 'utf8')))
      .map((name) => name.split('\\').join('/'))
      .sort()
    assert.deepEqual(inserting, ['fixture.ts', 'messages/post.ts'])
  })

  describe('through the service', () => {
    let chat: TestChat
    beforeEach(async function () {
      this.timeout(60_000) // (a PostgreSQL run starts its cluster first)
      chat = await startTestChat()
    })
    afterEach(() => chat.close())

    /** The message events of `queue` from `after` on. */
    const messageEvents = async (
      who: string,
      queue: string,
      after: number,
    ): Promise<Array<{ id: number; message: Record<string, unknown>; flags: string[] }>> => {
      const { events } = expectSuccess(await chat.as(who).get('/events', { queue_id: queue, last_event_id: after, dont_block: true })) as {
        events: Array<{ id: number; type: string; message: Record<string, unknown>; flags: string[] }>
      }
      return events.filter((e) => e.type === 'message')
    }
    /** The message as GET /messages/{id} returns it to `who`, without its flags (an event carries them beside it). */
    const read = async (who: string, id: number): Promise<Record<string, unknown>> => {
      const { flags: _, ...message } = (expectSuccess(await chat.as(who).get(`/messages/${id}`)) as { message: Record<string, unknown> }).message
      return message
    }

    it('gives a send and a notice the message a later read returns, and each reader its flags', async () => {
      const { queue_id: queue } = expectSuccess(await chat.as('nina').post('/register', { event_types: ['message'], apply_markdown: true })) as {
        queue_id: string
      }
      const content = `hello @**|${USERS.nina!.user_id}** and #**general>place**`
      const { id } = expectSuccess(await chat.as('max').post('/messages', { type: 'stream', to: 'general', topic: 'place', content })) as { id: number }
      const [sent] = await messageEvents('nina', queue, -1)
      assert.deepEqual(sent!.message, await read('nina', id))
      assert.deepEqual(sent!.flags, ['mentioned'])

      expectSuccess(await chat.as('max').patch(`/messages/${id}`, { topic: 'elsewhere', propagate_mode: 'change_all' }))
      const [notice] = await messageEvents('nina', queue, sent!.id)
      assert.equal(notice!.message.sender_full_name, 'Notification Bot')
      assert.deepEqual(notice!.message, await read('nina', notice!.message.id as number))
      // Unread for Nina, read for the mover.
      assert.deepEqual(notice!.flags, [])
      assert.deepEqual(
        (expectSuccess(await chat.as('max').get(`/messages/${notice!.message.id as number}`)) as { message: { flags: string[] } }).message.flags,
        ['read'],
      )
    })
  })
})
