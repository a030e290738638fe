// Linkified rendering through HTTP: POST /messages/render, message events, linkifier changes, GET /linkifiers/reverse.

import assert from 'node:assert/strict'
import { expectError, expectSuccess, recordedEvents, startTestChat, type TestChat } from '../chat-helpers.js'

const ISSUE = (id: string): string => `<a href="https://github.com/example/project/issues/${id}">#${id}</a>`

describe('rendering with linkifiers over HTTP', () => {
  let chat: TestChat
  beforeEach(async () => {
    chat = await startTestChat()
  })
  afterEach(() => chat.close())

  it('POST /messages/render links the fixture linkifier outside code', async () => {
    const answer = expectSuccess(await chat.as('max').post('/messages/render', { content: 'fixes #123, not a#1 nor `#2` <b>' }))
    assert.equal(answer.rendered, `<p>fixes ${ISSUE('123')}, not a#1 nor <code>#2</code> &lt;b&gt;</p>`)
  })

  it('a sent message carries the rendered content and the topic links in its events', async () => {
    const sent = expectSuccess(await chat.as('max').post('/messages', { type: 'stream', to: 2, topic: 'bug #7', content: 'see #123.' })) as { id: number }
    const events = (await recordedEvents(chat)).filter((e) => e.event.type === 'message' && (e.event.message as { id: number }).id === sent.id)
    assert.equal(events.length, 2)
    for (const { event } of events) {
      const message = event.message as Record<string, unknown>
      assert.equal(message.content, `<p>see ${ISSUE('123')}.</p>`)
      assert.deepEqual(message.topic_links, [{ text: '#7', url: 'https://github.com/example/project/issues/7' }])
      assert.equal(event.raw_content, 'see #123.')
    }
    const stored = (await chat.chat.db.get('SELECT rendered_content FROM messages WHERE id = ?', sent.id)) as { rendered_content: string }
    assert.equal(stored.rendered_content, `<p>see ${ISSUE('123')}.</p>`)
  })

  it('a direct message is linkified and has no topic links', async () => {
    const sent = expectSuccess(await chat.as('max').post('/messages', { type: 'private', to: [5], content: '#9' })) as { id: number }
    const event = (await recordedEvents(chat)).find((e) => e.event.type === 'message' && (e.event.message as { id: number }).id === sent.id)!
    const message = event.event.message as Record<string, unknown>
    assert.equal(message.content, `<p>${ISSUE('9')}</p>`)
    assert.deepEqual(message.topic_links, [])
  })

  it('adding, reordering and deleting linkifiers changes the rendering', async () => {
    const render = async (content: string): Promise<unknown> => expectSuccess(await chat.as('max').post('/messages/render', { content })).rendered
    assert.equal(await render('RFC 9110 #1'), `<p>RFC 9110 ${ISSUE('1')}</p>`)
    const rfc = expectSuccess(
      await chat.as('adam').post('/realm/filters', { pattern: 'RFC ?(?P<n>[0-9]+)', url_template: 'https://www.rfc-editor.org/rfc/rfc{n}' }),
    ).id as number
    assert.equal(await render('RFC 9110 #1'), `<p><a href="https://www.rfc-editor.org/rfc/rfc9110">RFC 9110</a> ${ISSUE('1')}</p>`)
    // A later linkifier overlapping the first one loses until it is moved before it.
    const wide = expectSuccess(await chat.as('adam').post('/realm/filters', { pattern: '#(?P<id>[0-9]+)!', url_template: 'https://urgent.example/{id}' }))
      .id as number
    assert.equal(await render('#5!'), `<p>${ISSUE('5')}!</p>`)
    expectSuccess(await chat.as('adam').patch('/realm/linkifiers', { ordered_linkifier_ids: [wide, 1, rfc] }))
    assert.equal(await render('#5!'), '<p><a href="https://urgent.example/5">#5!</a></p>')
    expectSuccess(await chat.as('adam').delete(`/realm/filters/${rfc}`))
    assert.equal(await render('RFC 9110'), '<p>RFC 9110</p>')
  })

  it('a URL template whose prefix modifier would cut a character in two leaves that match unlinked', async () => {
    expectSuccess(await chat.as('adam').post('/realm/filters', { pattern: '~(?P<id>[^ ~]+)', url_template: 'https://short.example/{id:1}' }))
    const answer = expectSuccess(await chat.as('max').post('/messages/render', { content: '~😀 ~ab' }))
    assert.equal(answer.rendered, '<p>~😀 <a href="https://short.example/a">~ab</a></p>')
  })

  it('links the channels the writer may see, and leaves private, archived and unknown ones as text', async () => {
    const render = async (who: string, content: string): Promise<unknown> => expectSuccess(await chat.as(who).post('/messages/render', { content })).rendered
    const staff = '<a class="stream" data-stream-id="3" href="/#narrow/channel/3-staff">#staff</a>'
    const general = '<a class="stream-topic" data-stream-id="1" href="/#narrow/channel/1-general/topic/hello">#general &gt; hello</a>'
    // Max is no subscriber of the private #staff: a link would tell him it exists.
    assert.equal(await render('max', '#**staff** #**general>hello**'), `<p>#<strong>staff</strong> ${general}</p>`)
    assert.equal(await render('adam', '#**staff**'), `<p>${staff}</p>`)
    assert.equal(await render('adam', '#**old-projects** #**nowhere**'), '<p>#<strong>old-projects</strong> #<strong>nowhere</strong></p>')
    // A message link follows the same rule for its channel.
    assert.equal(await render('max', '#**staff>plans@9**'), '<p>#<strong>staff&gt;plans@9</strong></p>')
    assert.equal(
      await render('adam', '#**staff>plans@9**'),
      '<p><a class="message-link" href="/#narrow/channel/3-staff/topic/plans/near/9">#staff &gt; plans @ 💬</a></p>',
    )
    // A guest sees the public channels they are in, not the others.
    assert.equal(
      await render('gus', '#**general** #**vocabularies**'),
      '<p><a class="stream" data-stream-id="1" href="/#narrow/channel/1-general">#general</a> #<strong>vocabularies</strong></p>',
    )
  })

  describe('GET /linkifiers/reverse', () => {
    it('turns a linkified URL back into its text', async () => {
      assert.deepEqual(expectSuccess(await chat.as('max').get('/linkifiers/reverse', { url: 'https://github.com/example/project/issues/42' })).text, '#42')
    })
    it('answers null for a URL no linkifier makes', async () => {
      assert.equal(expectSuccess(await chat.as('max').get('/linkifiers/reverse', { url: 'https://example.org/42' })).text, null)
    })
    it('uses alternative URL templates of linkifiers added later', async () => {
      expectSuccess(
        await chat.as('adam').post('/realm/filters', {
          pattern: 'PR(?P<id>[0-9]+)',
          url_template: 'https://git.example/pr/{id}',
          example_input: 'PR12',
          reverse_template: 'PR{id}',
          alternative_url_templates: JSON.stringify(['https://git.example/pulls/{id}/files']),
        }),
      )
      assert.equal(expectSuccess(await chat.as('max').get('/linkifiers/reverse', { url: 'https://git.example/pulls/8/files' })).text, 'PR8')
    })
    it('requires the url and authentication', async () => {
      expectError(await chat.as('max').get('/linkifiers/reverse'), 400, 'REQUEST_VARIABLE_MISSING')
      const anonymous = await fetch(`${chat.url}/api/v1/linkifiers/reverse?url=x`)
      assert.equal(anonymous.status, 401)
    })
  })
})
