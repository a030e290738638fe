// The prefix glue through real HTTP: a chat service given a prefix index links prefixed names and shrinks pasted IRIs.

import assert from 'node:assert/strict'
import { fileURLToPath } from 'node:url'
import { PrefixIndex } from '@prefixd/core'
import { REFERENCE_FIXTURE } from '../../../packages/chat/src/fixture.js'
import { expectSuccess, startTestChat, type TestChat } from '../chat-helpers.js'

describe('chat service with the prefix glue', () => {
  let chat: TestChat
  before(async () => {
    chat = await startTestChat({ prefixIndex: await PrefixIndex.loadDefault() })
  })
  after(() => chat.close())

  it('links prefixed names to their IRIs, after the linkifiers, and leaves code alone', async () => {
    const { rendered } = expectSuccess(await chat.as('max').post('/messages/render', { content: 'A foaf:Person with schema:name, see #12. `foaf:knows`' }))
    assert.equal(
      rendered,
      '<p>A <a href="http://xmlns.com/foaf/0.1/Person">foaf:Person</a> with <a href="http://schema.org/name">schema:name</a>, see <a href="https://github.com/example/project/issues/12">#12</a>. <code>foaf:knows</code></p>',
    )
  })

  it('stores a pasted IRI as its prefixed name, linked', async () => {
    const { id } = expectSuccess(
      await chat.as('max').post('/messages', { type: 'stream', to: 2, topic: 'foaf', content: 'Use http://xmlns.com/foaf/0.1/Person here' }),
    ) as { id: number }
    const row = (await chat.chat.db.get('SELECT content, rendered_content FROM messages WHERE id = ?', id)) as { content: string; rendered_content: string }
    assert.equal(row.content, 'Use foaf:Person here')
    assert.equal(row.rendered_content, '<p>Use <a href="http://xmlns.com/foaf/0.1/Person">foaf:Person</a> here</p>')
  })

  it("renders a new organization's messages and reminders as it would render them sent now", async () => {
    const fresh = await startTestChat({ fixture: fileURLToPath(REFERENCE_FIXTURE), prefixIndex: await PrefixIndex.loadDefault() })
    try {
      const { reminders } = expectSuccess(await fresh.as('nina').get('/reminders')) as { reminders: Array<{ reminder_id: number; rendered_content: string }> }
      assert.equal(
        reminders.find((r) => r.reminder_id === 1)?.rendered_content,
        '<p>Reply to <strong>Max</strong> about <a href="http://xmlns.com/foaf/0.1/knows">foaf:knows</a></p>',
      )
      const stored = (await fresh.chat.db.get("SELECT content, rendered_content FROM messages WHERE content LIKE 'foaf:Person is%'")) as {
        content: string
        rendered_content: string
      }
      assert.equal(
        stored.rendered_content,
        (expectSuccess(await fresh.as('max').post('/messages/render', { content: stored.content })) as { rendered: string }).rendered,
      )
      assert.match(stored.rendered_content, /<a href="http:\/\/xmlns.com\/foaf\/0.1\/Person">foaf:Person<\/a>/)
    } finally {
      await fresh.close()
    }
  })

  it('does nothing of the kind without a prefix index', async () => {
    const plain = await startTestChat()
    try {
      const { rendered } = expectSuccess(await plain.as('max').post('/messages/render', { content: 'A foaf:Person' }))
      assert.equal(rendered, '<p>A foaf:Person</p>')
    } finally {
      await plain.close()
    }
  })
})
