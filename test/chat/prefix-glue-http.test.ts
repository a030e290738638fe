// The prefix glue through real HTTP: a chat service given a prefix index links prefixed names and shrinks pasted IRIs.

import assert from 'node:assert/strict'
import { PrefixIndex } from '@prefixd/core'
import { expectSuccess, startTestChat, type TestChat } from './chat-helpers.js'

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
    const { id } = expectSuccess(await chat.as('max').post('/messages', { type: 'stream', to: 2, topic: 'foaf', content: 'Use http://xmlns.com/foaf/0.1/Person here' })) as { id: number }
    const row = chat.chat.db.prepare('SELECT content, rendered_content FROM messages WHERE id = ?').get(id) as { content: string; rendered_content: string }
    assert.equal(row.content, 'Use foaf:Person here')
    assert.equal(row.rendered_content, '<p>Use <a href="http://xmlns.com/foaf/0.1/Person">foaf:Person</a> here</p>')
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
