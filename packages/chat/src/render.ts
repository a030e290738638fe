// Message rendering: markdown-it, then text linkers (linkifiers, prefix glue) on the text outside code and links.

import MarkdownIt, { type StateCore, type Token } from 'markdown-it'
import { mergeLinks } from './linkify.js'
import type { TextLink, TextLinker } from './text-linker.js'

/** Where a render's linkers travel to the core rule: markdown-it hands `env` to every rule. */
const LINKERS = Symbol('text linkers')

/** CommonMark, raw HTML escaped (never passed through), bare URLs linked. */
const md = new MarkdownIt({ html: false, linkify: true, breaks: false })
// After text_join (the last core rule), so that each linker sees a whole text run: the inline parser
// cuts text at characters such as `#` and `:` into pieces that text_join puts back together.
md.core.ruler.push('text_linkers', linkTextTokens)

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
export function renderMessage(content: string, linkers: readonly TextLinker[]): string {
  return md.render(content, { [LINKERS]: linkers }).trimEnd()
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
  const urls = (md.linkify.match(topic) ?? []).flatMap((m): TextLink[] => {
    const url = md.normalizeLink(m.url)
    return md.validateLink(url) ? [{ start: m.index, end: m.lastIndex, url }] : []
  })
  return mergeLinks(findLinks(topic, linkers), urls, topic.length).map((link) => ({ text: topic.slice(link.start, link.end), url: link.url }))
}

/** The spans of all linkers in one text, earlier linkers winning, with URLs markdown-it accepts. */
function findLinks(text: string, linkers: readonly TextLinker[]): TextLink[] {
  let links: TextLink[] = []
  for (const linker of linkers) {
    const found = linker(text).filter((link) => md.validateLink(link.url))
    if (found.length > 0) links = mergeLinks(links, found, text.length)
  }
  return links
}

/**
 * The core rule: text tokens outside links become text and link tokens. The linkers run once over all
 * of a message's eligible text, the tokens joined by newlines (a boundary for every linker, and no span
 * may cross one): a hundred linkifiers then scan the message once each, not once per text token.
 */
function linkTextTokens(state: StateCore): void {
  const linkers = state.env[LINKERS] as readonly TextLinker[] | undefined
  if (linkers === undefined || linkers.length === 0) return
  const eligible: Array<{ readonly start: number }> = []
  const parts: string[] = []
  let offset = 0
  for (const block of state.tokens) {
    if (block.type !== 'inline' || block.children === null) continue
    let inLink = 0
    for (const token of block.children) {
      if (token.type === 'link_open') inLink += 1
      else if (token.type === 'link_close') inLink -= 1
      if (token.type !== 'text' || inLink !== 0 || token.content === '') continue
      eligible.push({ start: offset })
      parts.push(token.content)
      offset += token.content.length + 1
    }
  }
  if (eligible.length === 0) return
  const links = findLinks(parts.join('\n'), linkers)
  // Each link to the token it starts in, relative to that token; one that runs past its token is dropped.
  const byToken = new Map<number, TextLink[]>()
  let at = 0
  for (const link of links) {
    while (at + 1 < eligible.length && eligible[at + 1]!.start <= link.start) at++
    const { start } = eligible[at]!
    const length = parts[at]!.length
    if (link.end > start + length) continue
    const list = byToken.get(at) ?? []
    list.push({ start: link.start - start, end: link.end - start, url: link.url })
    byToken.set(at, list)
  }
  // Second walk, the same tokens in the same order: split those that got links.
  let position = 0
  for (const block of state.tokens) {
    if (block.type !== 'inline' || block.children === null) continue
    let inLink = 0
    let children: Token[] | undefined
    for (const [index, token] of block.children.entries()) {
      if (token.type === 'link_open') inLink += 1
      else if (token.type === 'link_close') inLink -= 1
      const isEligible = token.type === 'text' && inLink === 0 && token.content !== ''
      const found = isEligible ? byToken.get(position++) : undefined
      if (found === undefined) {
        children?.push(token)
        continue
      }
      children ??= block.children.slice(0, index)
      splitText(state, token, found, children)
    }
    if (children !== undefined) block.children = children
  }
}

/** Pushes `token`'s text as text and link tokens, as markdown-it's own linkify rule builds them. */
function splitText(state: StateCore, token: Token, links: readonly TextLink[], out: Token[]): void {
  const text = token.content
  const { level } = token
  const pushText = (content: string, at: number): void => {
    const part = new state.Token('text', '', 0)
    part.content = content
    part.level = at
    out.push(part)
  }
  let last = 0
  for (const link of links) {
    if (link.start > last) pushText(text.slice(last, link.start), level)
    const open = new state.Token('link_open', 'a', 1)
    open.attrs = [['href', link.url]]
    open.level = level
    open.markup = 'linker'
    open.info = 'auto'
    out.push(open)
    pushText(text.slice(link.start, link.end), level + 1)
    const close = new state.Token('link_close', 'a', -1)
    close.level = level
    close.markup = 'linker'
    close.info = 'auto'
    out.push(close)
    last = link.end
  }
  if (last < text.length) pushText(text.slice(last), level)
}
