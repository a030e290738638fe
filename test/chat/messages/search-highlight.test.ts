// Search highlights (match_content, match_subject): the highlighter against rendered HTML, checked by a property
// (the HTML is unchanged but for the spans, no span inside a tag), then through zulip-js over HTTP.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { highlightHtml, highlightTopic, highlightWords } from '../../../packages/chat/src/messages/search-highlight.js'
import { renderMessage } from '../../../packages/chat/src/render/render.js'
import { startTestChat, USERS, type TestChat } from '../chat-helpers.js'
import { success, zulipAs, type Zulip } from '../zulip-js-client.js'

const H = (word: string): string => `<span class="highlight">${word}</span>`

describe('search highlights', () => {
  describe('highlightHtml', () => {
    it('wraps whole words, any case and without diacritics, in text only: never in a tag, an attribute or a character reference', () => {
      const html = renderMessage('Turtle and **turtles** at [TURTLE](https://example.org/turtle?a&b) & café "turtle"', [])
      assert.equal(
        highlightHtml(html, highlightWords(['turtle', 'cafe', 'amp', 'quot', 'href'])),
        `<p>${H('Turtle')} and <strong>turtles</strong> at <a href="https://example.org/turtle?a&amp;b">${H('TURTLE')}</a> &amp; ${H('café')} &quot;${H('turtle')}&quot;</p>`,
      )
    })

    it('splits words as the search indexes do (at _ and punctuation), and leaves HTML alone when nothing is searched', () => {
      assert.equal(highlightHtml('<p>foo_bar foo-bar</p>', highlightWords(['foo_bar'])), `<p>${H('foo')}_${H('bar')} ${H('foo')}-${H('bar')}</p>`)
      assert.equal(highlightHtml('<p>x</p>', highlightWords([])), '<p>x</p>')
    })

    it('escapes the topic before highlighting it', () => {
      assert.equal(highlightTopic('<b> & turtle', highlightWords(['turtle', 'b'])), `&lt;${H('b')}&gt; &amp; ${H('turtle')}`)
    })

    it('changes rendered HTML only by adding spans around words outside tags (a property over random Markdown)', () => {
      const word = fc.constantFrom('turtle', 'Turtle', 'rdf', 'amp', 'lt', 'href', 'a', 'p', 'café', 'x_y')
      const piece = fc.oneof(
        word,
        fc.constantFrom(' ', '*', '**', '`', '[', '](https://x.org/turtle)', '<', '>', '&', '"', "'", '\n', '# ', '- ', '@**all**', 'https://rdf.org/a'),
      )
      fc.assert(
        fc.property(fc.array(piece, { maxLength: 40 }), fc.subarray(['turtle', 'rdf', 'amp', 'lt', 'href', 'a', 'p', 'cafe', 'x']), (pieces, words) => {
          const html = renderMessage(pieces.join(''), [])
          const highlighted = highlightHtml(html, highlightWords(words))
          // Removing the spans gives the HTML back, and no span opens inside a tag.
          assert.equal(unhighlight(highlighted), html)
          for (const tag of highlighted.match(/<[^>]*>/g) ?? []) assert.ok(!tag.slice(1).includes('<'), tag)
        }),
      )
    })
  })

  describe('over HTTP with zulip-js', () => {
    let chat: TestChat
    let max: Zulip
    before(async () => {
      chat = await startTestChat()
      max = await zulipAs(chat, 'max')
    })
    after(() => chat.close())

    it('gives each message of a search narrow match_content and match_subject, and none without a search', async () => {
      const sent = success(
        await max.messages.send({
          type: 'stream',
          to: 'general',
          topic: 'Turtle <syntax>',
          content: 'A **turtle** file: [turtle](https://example.org/turtle)',
        }),
      )
      const narrow = [
        { operator: 'channel', operand: 'general' },
        { operator: 'search', operand: 'TURTLE' },
      ]
      const found = success(await max.messages.retrieve({ anchor: 'newest', num_before: 10, num_after: 0, narrow, apply_markdown: false }))
      const [message] = (found.messages as Array<Record<string, unknown>>).filter((m) => m.id === sent.id)
      assert.equal(message!.content, 'A **turtle** file: [turtle](https://example.org/turtle)') // (apply_markdown=false)
      assert.equal(message!.match_content, `<p>A <strong>${H('turtle')}</strong> file: <a href="https://example.org/turtle">${H('turtle')}</a></p>`)
      assert.equal(message!.match_subject, `${H('Turtle')} &lt;syntax&gt;`)
      // (zulip-js JSON-encodes the narrow only)
      const byIds = success(await max.messages.retrieve({ message_ids: JSON.stringify([sent.id]), narrow: [{ operator: 'search', operand: 'file' }] }))
      assert.equal(
        (byIds.messages as Array<Record<string, unknown>>)[0]!.match_content,
        `<p>A <strong>turtle</strong> ${H('file')}: <a href="https://example.org/turtle">turtle</a></p>`,
      )
      const plain = success(
        await max.messages.retrieve({ anchor: 'newest', num_before: 1, num_after: 0, narrow: [{ operator: 'channel', operand: 'general' }] }),
      )
      assert.ok(!('match_content' in (plain.messages as Array<Record<string, unknown>>)[0]!))
      const negated = success(
        await max.messages.retrieve({
          anchor: 'newest',
          num_before: 1,
          num_after: 0,
          narrow: [{ operator: 'search', operand: 'nothinglikethis', negated: true }],
        }),
      )
      assert.ok(!('match_content' in (negated.messages as Array<Record<string, unknown>>)[0]!))
    })
  })
})

/** `highlighted` with every highlight span taken out (the spans wrap words only, so each `</span>` after one closes it). */
function unhighlight(highlighted: string): string {
  return highlighted.replace(/<span class="highlight">([^<]*)<\/span>/g, '$1')
}
