// Messages: the event each recipient's queue is given, wildcard mentions read from the rendered text, topic rules.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REFERENCE_FIXTURE } from '@prefixd/chat'
import { expectError, expectSuccess, startTestChat, type TestChat } from '../chat-helpers.js'

/** The change log's events of message `id`, oldest first. */
async function messageEvents(chat: TestChat, id: number): Promise<Array<{ users: number[]; event: Record<string, unknown> }>> {
  return ((await chat.chat.db.all('SELECT user_ids, event FROM events ORDER BY id')) as Array<{ user_ids: string; event: string }>)
    .map((r) => ({ users: JSON.parse(r.user_ids) as number[], event: JSON.parse(r.event) as Record<string, unknown> }))
    .filter((e) => e.event.type === 'message' && (e.event.message as { id: number }).id === id)
}

describe('messages', () => {
  let chat: TestChat
  beforeEach(async () => {
    chat = await startTestChat()
  })
  afterEach(() => chat.close())

  it('announces a channel message once to the other subscribers and once, read, to the sender', async () => {
    const { id } = expectSuccess(
      await chat.as('max').post('/messages', { type: 'stream', to: 2, topic: 'foaf', content: 'see **this**', local_id: 'l1', queue_id: 'q1' }),
    ) as { id: number }
    const events = await messageEvents(chat, id)
    assert.equal(events.length, 2)
    const [others, mine] = events
    assert.ok(!others!.users.includes(4) && others!.users.length > 0)
    assert.deepEqual(mine!.users, [4])
    assert.deepEqual(others!.event.flags, [])
    assert.deepEqual(mine!.event.flags, ['read'])
    assert.equal(mine!.event.local_message_id, 'l1')
    assert.equal('local_message_id' in others!.event, false)
    const message = others!.event.message as Record<string, unknown>
    assert.deepEqual(
      { ...message, timestamp: 0 },
      {
        id,
        type: 'stream',
        sender_id: 4,
        sender_email: 'max@example.com',
        sender_full_name: 'Max Member',
        sender_realm_str: 'Example Organization',
        avatar_url: null,
        client: 'API',
        is_me_message: false,
        content: '<p>see <strong>this</strong></p>',
        content_type: 'text/html',
        timestamp: 0,
        reactions: [],
        submessages: [],
        topic_links: [],
        stream_id: 2,
        recipient_id: 2,
        subject: 'foaf',
        display_recipient: 'vocabularies',
      },
    )
  })

  it('gives a direct message an empty subject and its people as display_recipient', async () => {
    const { id } = expectSuccess(await chat.as('max').post('/messages', { type: 'private', to: [5], content: '/me waves' })) as { id: number }
    const message = (await messageEvents(chat, id))[0]!.event.message as Record<string, unknown>
    assert.equal(message.subject, '')
    assert.equal(message.is_me_message, true)
    assert.deepEqual(message.display_recipient, [
      { id: 4, email: 'max@example.com', full_name: 'Max Member', is_mirror_dummy: false },
      { id: 5, email: 'nina@example.com', full_name: 'Nina Newcomer', is_mirror_dummy: false },
    ])
    assert.ok(Number.isInteger(message.recipient_id))
  })

  it('measures the topic after trimming, and refuses control characters in it', async () => {
    const topic = ' '.repeat(5) + 'a'.repeat(58) + ' '.repeat(5)
    const { id } = expectSuccess(await chat.as('max').post('/messages', { type: 'stream', to: 2, topic, content: 'x' })) as { id: number }
    assert.equal(((await chat.chat.db.get('SELECT topic FROM messages WHERE id = ?', id)) as { topic: string }).topic, 'a'.repeat(58))
    expectError(await chat.as('max').post('/messages', { type: 'stream', to: 2, topic: 'two\nlines', content: 'x' }), 400, 'REQUEST_VARIABLE_INVALID')
  })

  it('refuses a percent escape that is not UTF-8 instead of turning it into U+FFFD', async () => {
    const response = await fetch(`${chat.url}/api/v1/messages/render`, {
      method: 'POST',
      headers: {
        authorization: 'Basic ' + Buffer.from('max@example.com:dQ87hoIqvh0zyXrFRHSsEDbeefffLkpC').toString('base64'),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'content=%FF%FE',
    })
    assert.equal(response.status, 400)
    assert.deepEqual(await response.json(), { result: 'error', msg: 'Invalid content: not valid percent-encoded UTF-8', code: 'REQUEST_VARIABLE_INVALID' })
  })

  it('reads wildcard mentions from the text, not from code or the middle of a word', async () => {
    const fixture = JSON.parse(readFileSync(REFERENCE_FIXTURE, 'utf8')) as { realm: Record<string, unknown> }
    fixture.realm.wildcard_mention_large_threshold = 1
    const dir = await mkdtemp(join(tmpdir(), 'prefixd-fixture-'))
    await writeFile(join(dir, 'org.json'), JSON.stringify(fixture))
    const strict = await startTestChat({ fixture: join(dir, 'org.json') })
    try {
      for (const content of ['`@**all**` in code', '```\n@**all**\n```', 'mail x@**all**.com']) {
        expectSuccess(await strict.as('max').post('/messages', { type: 'stream', to: 2, topic: 'foaf', content }))
      }
      for (const content of ['@**all** look', 'hey (@**everyone**)', '**bold** and @**channel**']) {
        expectError(await strict.as('max').post('/messages', { type: 'stream', to: 2, topic: 'foaf', content }), 400, 'STREAM_WILDCARD_MENTION_NOT_ALLOWED')
      }
    } finally {
      await strict.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
