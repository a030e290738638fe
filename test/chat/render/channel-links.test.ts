// Channel and topic links in rendered messages (packages/chat/src/render/channel-links.ts, narrow-urls.ts).

import assert from 'node:assert/strict'
import { channelLinkCandidates, type LinkableChannel } from '../../../packages/chat/src/render/channel-links.js'
import { renderMessage, type MessageDirectory } from '../../../packages/chat/src/render/render.js'
import { linkifierLinker } from '../../../packages/chat/src/linkify/linkify.js'

const CHANNELS: readonly LinkableChannel[] = [
  { id: 1, name: 'general' },
  { id: 2, name: 'design team' },
  { id: 5, name: 'a.b' },
]
const directory: MessageDirectory = {
  person: () => undefined,
  group: () => undefined,
  channel: (name) => CHANNELS.find((c) => c.name === name),
}
const render = (content: string): string => renderMessage(content, [], directory)

describe('channel links', () => {
  it('links a channel to its narrow', () => {
    assert.equal(render('see #**general**'), '<p>see <a class="stream" data-stream-id="1" href="/#narrow/channel/1-general">#general</a></p>')
  })

  it('links a topic, encoding the channel and topic as the reference clients do', () => {
    assert.equal(
      render('#**design team>colours & fonts**'),
      '<p><a class="stream-topic" data-stream-id="2" href="/#narrow/channel/2-design-team/topic/colours.20.26.20fonts">#design team &gt; colours &amp; fonts</a></p>',
    )
    assert.equal(render('#**a.b>v1.0**'), '<p><a class="stream-topic" data-stream-id="5" href="/#narrow/channel/5-a.2Eb/topic/v1.2E0">#a.b &gt; v1.0</a></p>')
  })

  it('shows an empty topic by the name clients give it', () => {
    assert.equal(
      render('#**general>**'),
      '<p><a class="stream-topic" data-stream-id="1" href="/#narrow/channel/1-general/topic/">#general &gt; <em>general chat</em></a></p>',
    )
  })

  it('links a message of a topic near its id, as the reference renderer does', () => {
    assert.equal(
      render('see #**design team>colours@42**'),
      '<p>see <a class="message-link" href="/#narrow/channel/2-design-team/topic/colours/near/42">#design team &gt; colours @ 💬</a></p>',
    )
    assert.equal(
      render('#**general>@7**'),
      '<p><a class="message-link" href="/#narrow/channel/1-general/topic//near/7">#general &gt; <em>general chat</em> @ 💬</a></p>',
    )
    // Only the last `@digits` is the id; an `@` that digits do not follow is part of the topic.
    assert.equal(
      render('#**general>mail@home@3**'),
      '<p><a class="message-link" href="/#narrow/channel/1-general/topic/mail.40home/near/3">#general &gt; mail@home @ 💬</a></p>',
    )
    assert.equal(
      render('#**general>at@noon**'),
      '<p><a class="stream-topic" data-stream-id="1" href="/#narrow/channel/1-general/topic/at.40noon">#general &gt; at@noon</a></p>',
    )
    assert.equal(render('#**nowhere>x@1**'), '<p>#<strong>nowhere&gt;x@1</strong></p>')
  })

  it('leaves unknown channels, other cases of a name and code as they are', () => {
    assert.equal(render('#**nowhere** #**General**'), '<p>#<strong>nowhere</strong> #<strong>General</strong></p>')
    assert.equal(render('`#**general**`'), '<p><code>#**general**</code></p>')
    assert.equal(render('x#**general**'), '<p>x#<strong>general</strong></p>')
  })

  it('links nothing without a directory, as before', () => {
    assert.equal(renderMessage('#**general**', []), '<p>#<strong>general</strong></p>')
  })

  it('keeps linkifiers out of the link text', () => {
    const issues = linkifierLinker([{ pattern: '#(?P<id>[0-9]+)', url_template: 'https://example.org/issues/{id}' }])
    assert.equal(
      renderMessage('#**general>bug #12** and #13', [issues], directory),
      '<p><a class="stream-topic" data-stream-id="1" href="/#narrow/channel/1-general/topic/bug.20.2312">#general &gt; bug #12</a> and <a href="https://example.org/issues/13">#13</a></p>',
    )
  })

  it('finds the names a text may link: the channel of each topic link, else the whole text', () => {
    assert.deepEqual(channelLinkCandidates('#**general>hello** and #**design team**, #**a>b>c**, #**>x**'), ['general', 'design team', 'a', '>x'])
  })
})
