// What the chat bot answers: picks out the messages meant for it and turns `expand`, `shrink`, `complete` into Markdown replies.

import type { PrefixIndex } from '@prefixd/core'

/** The bot's own account, from GET /users/me. */
export interface BotUser {
  readonly user_id: number
  readonly full_name: string
}

/** The fields of a `message` event's message (chat-events.md) the bot reads; content is Markdown source. */
export interface IncomingMessage {
  readonly id: number
  readonly type: string
  readonly sender_id: number
  readonly sender_email?: string
  readonly content: string
  readonly stream_id?: number
  readonly subject?: string
  readonly display_recipient: string | ReadonlyArray<{ readonly id: number }>
}

/** A reply to send with POST /messages, and the command it answers (for the log line). */
export interface BotReply {
  readonly params: Readonly<Record<string, unknown>>
  readonly command: string
}

/** Names, IRIs and completions per reply: one message must stay short. */
const MAX_ITEMS = 10
const MAX_COMPLETIONS = 10

export const HELP = [
  'I know three commands:',
  '- `expand PREFIX:NAME` — the IRI of a prefixed name, e.g. `expand foaf:Person`',
  '- `shrink IRI` — the prefixed name of an IRI, e.g. `shrink http://schema.org/Person`',
  '- `complete QUERY` — names that start with QUERY, e.g. `complete schema:Per`',
].join('\n')

/**
 * The reply to `message`, or undefined when it is not for the bot: its own messages never are; a
 * one-to-one direct message always is; a channel message or a group direct message only when it
 * mentions the bot (`@**Full Name**`, also silently `@_**…**` or with `|id`). A channel reply goes to
 * the same channel and topic; a direct reply to everyone in the conversation but the bot.
 */
export function replyTo(index: PrefixIndex, me: BotUser, message: IncomingMessage): BotReply | undefined {
  if (message.sender_id === me.user_id) return undefined
  const mention = new RegExp(`@_?\\*\\*${escapeRegExp(me.full_name)}(?:\\|${me.user_id})?\\*\\*`, 'gu')
  const text = message.content.replace(mention, ' ')
  const mentioned = text !== message.content
  if (message.type === 'stream') {
    if (!mentioned || message.stream_id === undefined) return undefined
    const { content, command } = answer(index, text)
    return { command, params: { type: 'stream', to: String(message.stream_id), topic: message.subject ?? '', content } }
  }
  if (!Array.isArray(message.display_recipient)) return undefined
  const others = (message.display_recipient as ReadonlyArray<{ readonly id: number }>).map((p) => p.id).filter((id) => id !== me.user_id)
  if (others.length === 0 || (others.length > 1 && !mentioned)) return undefined
  const { content, command } = answer(index, text)
  return { command, params: { type: 'direct', to: others, content } }
}

/**
 * The Markdown answer to a command text: the first word that is a command, applied to the words after
 * it; the help when there is none. The user's words are quoted in code spans, so nothing they write
 * (`@**all**`, links, emphasis) is sent on in the bot's name.
 */
export function answer(index: PrefixIndex, text: string): { readonly content: string; readonly command: string } {
  const words = text.split(/\s+/u).filter((w) => w !== '')
  const at = words.findIndex((w) => COMMANDS.has(w.toLowerCase()))
  if (at < 0) return { content: HELP, command: 'help' }
  const command = words[at]!.toLowerCase()
  // A name in <…> (how Markdown writes a link) is taken without its brackets.
  const items = words.slice(at + 1, at + 1 + MAX_ITEMS).map((w) => w.replace(/^<(.*)>$/su, '$1'))
  if (items.length === 0) return { content: HELP, command }
  const lines = items.map((item) => {
    switch (command) {
      case 'expand': {
        const iri = index.expand(item)
        return `${code(item)} → ${iri === undefined ? plain(index.expandError(item)?.message ?? 'not found') : iriText(iri)}`
      }
      case 'shrink': {
        const name = index.shrink(item)
        return `${code(item)} → ${name === undefined ? plain(index.shrinkError(item)?.message ?? 'not found') : nameText(name)}`
      }
      default: {
        const found = index.autocomplete(item, { limit: MAX_COMPLETIONS + 1 })
        if (found === undefined) return `${code(item)} → unknown prefix`
        if (found.length === 0) return `${code(item)} → no completions`
        const shown = found.slice(0, MAX_COMPLETIONS).map(nameText).join(', ')
        return `${code(item)} → ${shown}${found.length > MAX_COMPLETIONS ? ', …' : ''}`
      }
    }
  })
  return { content: lines.join('\n'), command }
}

const COMMANDS = new Set(['expand', 'shrink', 'complete'])

/** A prefixed name as plain text (so the organization's linkifiers link it) when Markdown leaves it alone. */
function nameText(name: string): string {
  return /^[A-Za-z0-9_.-]*:[A-Za-z0-9_.:-]*$/.test(name) ? name : code(name)
}

/** An IRI as a Markdown autolink (CommonMark §6.5) when it can be one. */
function iriText(iri: string): string {
  return /^[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>\u0000-\u001f]*$/.test(iri) ? `<${iri}>` : code(iri)
}

/** Text shown as it is: every ASCII punctuation backslash-escaped (CommonMark §2.4), as the core's messages quote the user's input. */
function plain(text: string): string {
  return text.replace(/[!-/:-@[-`{-~]/g, '\\$&')
}

/** A CommonMark code span (§6.1): fenced by more backticks than any run inside, padded when it starts or ends with one. */
export function code(text: string): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length))
  const fence = '`'.repeat(longest + 1)
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : ''
  return `${fence}${pad}${text}${pad}${fence}`
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')
}
