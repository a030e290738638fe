// POST /messages (send to a channel topic or as a direct message) and POST /messages/render, linkified.

import { ok, type ChatRouter, type ChatServices } from '../http/context.js'
import { canAccessChannel, channelById, subscriberIds } from '../org/channels.js'
import { badRequest, ChatError } from '../http/chat-error.js'
import { linkifierLinker } from '../linkify/linkify.js'
import { listLinkifiers } from '../linkify/linkifiers.js'
import { wildcardMentions } from '../render/markdown.js'
import { renderMessage, topicLinks, type TopicLink } from '../render/render.js'
import type { TextLinker } from '../linkify/text-linker.js'
import { invalid, is, type Params } from '../http/params.js'
import { realmSettings } from '../org/realm.js'
import type { User } from '../org/users.js'
import type { Sql } from '../store/store.js'
import { linkAttachments } from './uploads.js'

/** Longest message content, in characters. */
export const MAX_MESSAGE_LENGTH = 10_000

export function addMessageRoutes(router: ChatRouter, services: ChatServices): void {
  router.post('/api/v1/messages/render', async (ctx) => {
    const content = withPrefixedNames(services, ctx.state.params.string('content', { required: true, maxLength: MAX_MESSAGE_LENGTH }))
    ok(ctx, { rendered: renderMessage(content, await messageLinkers(services)) })
  })

  router.post('/api/v1/messages', async (ctx) => {
    const { params, user } = ctx.state
    const type = params.string('type', { required: true })
    const content = withPrefixedNames(services, params.string('content', { required: true, maxLength: MAX_MESSAGE_LENGTH }))
    if (content.trim() === '') throw badRequest('Message must not be empty')
    const localId = params.string('local_id', { maxLength: 100 })
    const queueId = params.string('queue_id', { maxLength: 100 })
    const toChannel = type === 'stream' || type === 'channel'
    if (!toChannel && type !== 'private' && type !== 'direct') throw invalid('type')
    const linkers = await messageLinkers(services)
    const rendered = renderMessage(content, linkers) // outside the transaction: no lock held while rendering
    const timestamp = Math.floor(services.now())
    const id = await services.changes.write(async (emit, db) => {
      // Who may receive it is checked inside the transaction, so that it still holds at commit (a channel
      // archived or a user deactivated meanwhile, through another process).
      const target = toChannel ? await channelTarget(db, services, params, user) : await directTarget(db, services, params, user)
      if (target.type === 'stream') await checkWildcardMentions(db, services, user, target, rendered)
      const inserted = await db.get<{ id: number }>(
        'INSERT INTO messages (type, stream_id, topic, recipients, sender_id, content, rendered_content, timestamp) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
        target.type, target.streamId, target.topic, JSON.stringify(target.recipients), user.id, content, rendered, timestamp,
      )
      const messageId = inserted!.id
      await linkAttachments(db, emit, user, messageId, content) // its readers may now read the files it links
      const message = await describeMessage(db, services, user, target, { id: messageId, content, rendered, timestamp, topicLinks: target.type === 'stream' ? topicLinks(target.topic, linkers) : [] })
      // Two events, not one per recipient: the sender's (read, and the local id for the queue that sent
      // it) and everyone else's. Each queue gets its own form from the fan-out: rendered or raw
      // content (apply_markdown), and local_message_id only in the sender's queue named by queue_id.
      const shared = { type: 'message', message, raw_content: content, ...(target.public && { public_channel: true }) }
      emit(
        target.audience.filter((id) => id !== user.id),
        { ...shared, flags: [] },
      )
      emit([user.id], { ...shared, flags: ['read'], ...(localId !== undefined && queueId !== undefined && { local_message_id: localId, sender_queue_id: queueId }) })
      return messageId
      // Shared: sends run beside each other (they add a message and lock, in order, the queues they write
      // to); what they check is changed only by changes that take the lock alone.
    }, { shared: true })
    ok(ctx, { id })
  })
}

/**
 * What links the text of a message: the organization's linkifiers in their order (read at each send; the
 * compiled list is cached while it stays the same), then the service's extra linkers.
 */
async function messageLinkers(services: ChatServices): Promise<TextLinker[]> {
  return [linkifierLinker(await listLinkifiers(services.db)), ...(services.textLinkers ?? [])]
}

/** The content as stored and rendered: with the prefix glue, pasted IRIs become prefixed names. */
function withPrefixedNames(services: ChatServices, content: string): string {
  return services.prefixGlue === undefined ? content : services.prefixGlue.shrink(content)
}

/**
 * The wildcard-mention policy (chat-api.md §7): in a channel (or topic) with more people than the
 * organization's threshold, only moderators and above may notify everyone at once. Mentions are read
 * from the rendered message, so `@**all**` in code or inside a word is not one.
 */
async function checkWildcardMentions(db: Sql, services: ChatServices, user: User, target: Target, rendered: string): Promise<void> {
  if (user.role === 'owner' || user.role === 'administrator' || user.role === 'moderator') return
  const mentions = wildcardMentions(rendered)
  const threshold = (await realmSettings(db)).wildcard_mention_large_threshold
  if (mentions.channel && target.audience.length > threshold) {
    throw new ChatError('STREAM_WILDCARD_MENTION_NOT_ALLOWED', 'You do not have permission to use channel wildcard mentions in this channel.')
  }
  if (mentions.topic) {
    const participants = await db.get('SELECT count(DISTINCT sender_id) AS n FROM messages WHERE stream_id = ? AND topic = ?', target.streamId, target.topic) as { n: number }
    if (participants.n > threshold) {
      throw new ChatError('TOPIC_WILDCARD_MENTION_NOT_ALLOWED', 'You do not have permission to use topic wildcard mentions in this topic.')
    }
  }
}

/** The message object of chat-events.md, as every recipient's event carries it. */
async function describeMessage(db: Sql, services: ChatServices, sender: User, target: Target, sent: { id: number; content: string; rendered: string; timestamp: number; topicLinks: readonly TopicLink[] }): Promise<Record<string, unknown>> {
  const common = {
    id: sent.id,
    type: target.type,
    sender_id: sender.id,
    sender_email: sender.email,
    sender_full_name: sender.full_name,
    sender_realm_str: (await realmSettings(db)).name,
    avatar_url: null,
    client: 'API',
    is_me_message: /^\/me\s/u.test(sent.content),
    content: sent.rendered,
    content_type: 'text/html',
    timestamp: sent.timestamp,
    reactions: [],
    submessages: [],
    topic_links: sent.topicLinks,
  }
  if (target.type === 'stream') {
    return { ...common, stream_id: target.streamId, recipient_id: target.streamId, subject: target.topic, display_recipient: target.channelName }
  }
  const people = await db.all(`SELECT id, email, full_name FROM users WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`, JSON.stringify(target.recipients)) as Array<{ id: number; email: string; full_name: string }>
  return {
    ...common,
    recipient_id: conversationId(target.recipients),
    subject: '',
    display_recipient: people.map((p) => ({ ...p, is_mirror_dummy: false })),
  }
}

/** A stable number for a direct-message conversation (its sorted participants), as recipient_id. */
function conversationId(participants: readonly number[]): number {
  let hash = 0x811c9dc5
  for (const char of participants.join(',')) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0
  return hash & 0x7fffffff
}

interface Target {
  readonly type: 'stream' | 'private'
  readonly streamId: number | null
  readonly channelName?: string
  readonly topic: string
  /** A message of a public channel: queues registered with all_public_streams see it too. */
  readonly public?: boolean
  readonly recipients: readonly number[]
  /** Who receives a message event. */
  readonly audience: readonly number[]
}

async function channelTarget(db: Sql, services: ChatServices, params: Params, user: User): Promise<Target> {
  const raw = params.string('to', { required: true })
  const channelId = /^\d{1,15}$/.test(raw) ? Number(raw) : (await db.get('SELECT id FROM channels WHERE name = ?', raw) as { id: number } | undefined)?.id
  const channel = channelId === undefined ? undefined : await channelById(db, channelId)
  if (channel === undefined || !await canAccessChannel(db, channel, user)) throw badRequest('Invalid channel ID')
  if (channel.is_archived) throw badRequest('Not authorized to send to channel')
  const topic = params.string('topic', { required: true }).trim()
  const max = (await realmSettings(db)).max_topic_length
  if ([...topic].length > max) throw invalid('topic', `longer than ${max} characters`)
  if (/[\u0000-\u001f\u007f]/u.test(topic)) throw invalid('topic', 'it contains a control character')
  return { type: 'stream', streamId: channel.id, channelName: channel.name, topic, public: !channel.invite_only, recipients: [], audience: [...new Set([...(await subscriberIds(db, channel.id)), user.id])] }
}

async function directTarget(db: Sql, services: ChatServices, params: Params, user: User): Promise<Target> {
  const to = params.json('to', is.intArray, { required: true })
  if (to.length === 0) throw invalid('to', 'no recipient')
  const found = await db.all('SELECT id FROM users WHERE is_active = 1 AND id IN (SELECT value FROM json_each(?))', JSON.stringify(to)) as Array<{ id: number }>
  if (found.length !== new Set(to).size) throw badRequest('Invalid user ID')
  const recipients = [...new Set([...to, user.id])].sort((a, b) => a - b)
  return { type: 'private', streamId: null, topic: '', recipients, audience: recipients }
}
