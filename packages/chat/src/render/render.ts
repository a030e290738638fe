// Message rendering: markdown-it, then text linkers (linkifiers, prefix glue) on the text outside code and links.

import { isLinkableUrl } from '../linkify/link-url.js'
import { mergeLinks } from '../linkify/linkify.js'
import type { TextLink, TextLinker } from '../linkify/text-linker.js'
import { CHANNEL_DIRECTORY, type ChannelDirectory } from './channel-links.js'
import { markdown } from './markdown.js'
import { MENTION_DIRECTORY, MENTIONS_FOUND, noMentions, type MentionDirectory, type Mentions } from './mentions.js'
import { findLinks, LINKERS } from './text-linkers-rule.js'

/**
 * The HTML of a message's Markdown source with `linkers` applied to its text: markdown-it renders it, and
 * a core rule splits each text token that is outside links into text and link tokens, so escaping
 * stays markdown-it's. Code (inline, fenced, indented), existing links (Markdown links, autolinks, bare
 * URLs) and image descriptions are left alone. Where spans of two linkers overlap, the earlier linker
 * wins; a span whose URL markdown-it would refuse (`javascript:`, `vbscript:`, `file:`, `data:` but
 * images) is dropped. A link is `<a href="URL">text</a>`, nothing more, whatever linker made it.
 * @example renderMessage('see #12.', [linkifierLinker(linkifiers)])
 * // '<p>see <a href="https://github.com/example/project/issues/12">#12</a>.</p>'
 */
export function renderMessage(content: string, linkers: readonly TextLinker[], directory?: MessageDirectory): string {
  return renderWithMentions(content, linkers, directory).html
}

/** Who and what a message may name: people and groups it mentions, and (where given) channels it links. */
export type MessageDirectory = MentionDirectory & Partial<ChannelDirectory>

/**
 * As renderMessage, and what the message mentions (parsed once, in the same pass): people and groups of
 * `directory`, and wildcards. Without a directory only wildcards are mentions, and no channel is linked.
 */
export function renderWithMentions(
  content: string,
  linkers: readonly TextLinker[],
  directory?: MessageDirectory,
): { readonly html: string; readonly mentions: Mentions } {
  const mentions = noMentions()
  const channels = directory?.channel === undefined ? undefined : directory
  const env = { [LINKERS]: linkers, [MENTION_DIRECTORY]: directory, [MENTIONS_FOUND]: mentions, [CHANNEL_DIRECTORY]: channels }
  const html = markdown.render(content, env).trimEnd()
  return { html, mentions }
}

/** A link of a message's topic (chat-events.md `topic_links`). */
export interface TopicLink {
  readonly text: string
  readonly url: string
}

/**
 * The links of a topic name, in order, for the `topic_links` of message events: the linkers' spans
 * (earlier linkers first) and, where they leave room, bare URLs as markdown-it would link them.
 * @example topicLinks('crash in #12', [linkifierLinker(linkifiers)]) // [{ text: '#12', url: 'https://…/12' }]
 */
export function topicLinks(topic: string, linkers: readonly TextLinker[]): TopicLink[] {
  const urls = (markdown.linkify.match(topic) ?? []).flatMap((m): TextLink[] => {
    const url = markdown.normalizeLink(m.url)
    return isLinkableUrl(url) ? [{ start: m.index, end: m.lastIndex, url }] : []
  })
  return mergeLinks(findLinks(topic, linkers), urls, topic.length).map((link) => ({ text: topic.slice(link.start, link.end), url: link.url }))
}
