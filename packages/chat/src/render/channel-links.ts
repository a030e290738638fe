// Channel, topic and message links, `#**channel**`, `#**channel>topic**` and `#**channel>topic@123**`, as a
// markdown-it inline rule: a link to the narrow where the channel is one the writer may name, the text
// unchanged otherwise.

import type { MarkdownIt, StateInline } from 'markdown-it'
import { narrowFragment } from './narrow-urls.js'

/** A channel a message may link. */
export interface LinkableChannel {
  readonly id: number
  readonly name: string
}

/** The channels a message may link, by exact name (the reference renderer's match). */
export interface ChannelDirectory {
  channel(name: string): LinkableChannel | undefined
}

/** Where a render's channel directory travels to the rule (markdown-it hands `env` to every rule). */
export const CHANNEL_DIRECTORY = Symbol('channel directory')

/** What an empty topic reads as (the reference clients' name for it). */
const EMPTY_TOPIC = 'general chat'

// The reference syntax: like a mention, after the start of the text, whitespace or one of ' " ( , : <.
const MAY_PRECEDE = /[\s'"(,:<]/u
// A message link is a topic link whose topic ends in `@` and the message's id; tried first, as the reference
// renderer does, so that `topic@12` is not read as a topic of that name.
const MESSAGE_LINK = /^#\*\*([^*>\n]+)>([^*\n]*)@(\d{1,15})\*\*/
const TOPIC_LINK = /^#\*\*([^*>\n]+)>([^*\n]*)\*\*/
const CHANNEL_LINK = /^#\*\*([^*\n]+)\*\*/

/**
 * The channel names a text may link, found before rendering so that a send reads only those channels: the
 * name before the first `>` (a topic link's channel, as the rule reads it), else the whole.
 */
export function channelLinkCandidates(content: string): string[] {
  const names = new Set<string>()
  for (const m of content.matchAll(/#\*\*([^*\n]+)\*\*/g)) {
    const inner = m[1]!
    const cut = inner.indexOf('>')
    names.add(cut > 0 ? inner.slice(0, cut) : inner)
  }
  return [...names].slice(0, 1000)
}

/** Adds the channel-link rule to `md`, before emphasis, which would otherwise read `**name**` as bold. */
export function channelLinkPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', 'channel_link', channelLinkRule)
}

function channelLinkRule(state: StateInline, silent: boolean): boolean {
  const start = state.pos
  if (state.src.charCodeAt(start) !== 0x23 /* # */ || state.src.charCodeAt(start + 1) !== 0x2a /* * */) return false
  if (start > 0 && !MAY_PRECEDE.test(state.src[start - 1]!)) return false
  const directory = state.env[CHANNEL_DIRECTORY] as ChannelDirectory | undefined
  if (directory === undefined) return false
  const rest = state.src.slice(start, Math.min(state.posMax, start + 300))
  const messageLink = MESSAGE_LINK.exec(rest)
  const topicLink = messageLink === null ? TOPIC_LINK.exec(rest) : null
  const match = messageLink ?? topicLink ?? CHANNEL_LINK.exec(rest)
  if (match === null) return false
  const channel = directory.channel(match[1]!)
  if (channel === undefined) return false
  if (!silent) {
    if (messageLink !== null) pushMessageLink(state, channel, messageLink[2]!, messageLink[3]!)
    else pushLink(state, channel, topicLink === null ? undefined : topicLink[2]!)
  }
  state.pos = start + match[0].length
  return true
}

/** `<a class="stream-topic" data-stream-id="2" href="/#narrow/…">#name &gt; topic</a>`, as markdown-it tokens. */
function pushLink(state: StateInline, channel: LinkableChannel, topic: string | undefined): void {
  const open = state.push('link_open', 'a', 1)
  open.attrs = [
    ['class', topic === undefined ? 'stream' : 'stream-topic'],
    ['data-stream-id', String(channel.id)],
    ['href', `/${narrowFragment(channel, topic)}`],
  ]
  open.markup = 'channel'
  if (topic === undefined) state.push('text', '', 0).content = `#${channel.name}`
  else pushTopicText(state, channel, topic)
  state.push('link_close', 'a', -1).markup = 'channel'
}

/**
 * `<a class="message-link" href="/#narrow/…/near/12">#name &gt; topic @ 💬</a>`: the reference renderer's message
 * link, with no `data-stream-id`. The id is not looked up (the reference renderer does not either): a link to a
 * message the reader cannot see opens its topic, as any narrow does, and tells nothing the text did not.
 */
function pushMessageLink(state: StateInline, channel: LinkableChannel, topic: string, messageId: string): void {
  const open = state.push('link_open', 'a', 1)
  open.attrs = [
    ['class', 'message-link'],
    ['href', `/${narrowFragment(channel, topic)}/near/${messageId}`],
  ]
  open.markup = 'channel'
  pushTopicText(state, channel, topic)
  state.push('text', '', 0).content = ' @ 💬'
  state.push('link_close', 'a', -1).markup = 'channel'
}

/** `#name > topic`, or `#name > ` and the empty topic's name in emphasis. */
function pushTopicText(state: StateInline, channel: LinkableChannel, topic: string): void {
  if (topic !== '') {
    state.push('text', '', 0).content = `#${channel.name} > ${topic}`
    return
  }
  state.push('text', '', 0).content = `#${channel.name} > `
  state.push('em_open', 'em', 1)
  state.push('text', '', 0).content = EMPTY_TOPIC
  state.push('em_close', 'em', -1)
}
