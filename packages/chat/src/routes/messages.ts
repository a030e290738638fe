// POST /messages (send to a channel topic or as a direct message) and POST /messages/render, linkified.

import { ok, type ChatRouter, type ChatServices } from './context.js'
import { canAccessChannel, channelById, subscriberIds } from '../org/channels.js'
import { badRequest } from '../common/chat-error.js'
import { renderWithMentions, topicLinks, type TopicLink } from '../render/render.js'
import { messageLinkers, withPrefixedNames } from './linkers.js'
import { invalid, type Params } from '../common/params.js'
import { checkGroupMentions, checkWildcardMentions, messageDirectory, mentionFlags } from '../messages/message-directory.js'
import { channelIdOf, channelRef, cleanTopic, peopleRefs, resolvePeople, topicParam } from '../messages/recipients.js'
import { FLAG_BITS, flagNames } from '../messages/flags.js'
import { conversationId } from '../messages/describe.js'
import { realmSettings } from '../org/realm.js'
import type { User } from '../org/users.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import { linkAttachments } from './uploads.js'

/** Longest message content, in characters. */
export const MAX_MESSAGE_LENGTH = 10_000

export function addMessageRoutes(router: ChatRouter, services: ChatServices): void {
  router.post('/api/v1/messages/render', async (ctx) => {
    const content = withPrefixedNames(services, ctx.state.params.string('content', { required: true, maxLength: MAX_MESSAGE_LENGTH }))
    ok(ctx, { rendered: renderWithMentions(content, await messageLinkers(services), await messageDirectory(services.db, content, ctx.state.user)).html })
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
    // Rendered outside the transaction (no lock held meanwhile), mentions found in the same pass.
    const { html: rendered, mentions } = renderWithMentions(content, linkers, await messageDirectory(services.db, content, user))
    const timestamp = Math.floor(services.now())
    const id = await services.changes.write(
      async (emit, db) => {
        // Who may receive it is checked inside the transaction, so that it still holds at commit (a channel
        // archived or a user deactivated meanwhile, through another process).
        const target = toChannel ? await channelTarget(db, services, params, user) : await directTarget(db, params, user)
        if (target.type === 'stream')
          await checkWildcardMentions(db, user, { streamId: target.streamId!, topic: target.topic, audienceSize: target.audience.length }, mentions)
        await checkGroupMentions(db, user.id, mentions)
        const inserted = await db.get<{ id: number }>(
          'INSERT INTO messages (type, stream_id, topic, recipients, sender_id, content, rendered_content, timestamp) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
          target.type,
          target.streamId,
          target.topic,
          JSON.stringify(target.recipients),
          user.id,
          content,
          rendered,
          timestamp,
        )
        const messageId = inserted!.id
        await linkAttachments(db, emit, user, messageId, content) // its readers may now read the files it links
        const message = await describeMessage(db, services, user, target, {
          id: messageId,
          content,
          rendered,
          timestamp,
          topicLinks: target.type === 'stream' ? topicLinks(target.topic, linkers) : [],
        })
        // Each recipient's flags: the sender's message is read; mentions flag those they name.
        const flags = await mentionFlags(db, mentions, target.audience, () => topicParticipants(db, target, user.id))
        flags.set(user.id, (flags.get(user.id) ?? 0) | FLAG_BITS.read)
        const byFlags = groupByFlags(target.audience, flags)
        await insertRecipientRows(db, messageId, byFlags)
        const shared = { type: 'message', message, raw_content: content, ...(target.public && { public_channel: true }) }
        const sentBy = localId !== undefined && queueId !== undefined ? { local_message_id: localId, sender_queue_id: queueId } : {}
        emitMessageEvents(emit, shared, byFlags, user.id, flags.get(user.id)!, sentBy)
        return messageId
        // Shared: sends run beside each other (they add a message and lock, in order, the queues they write
        // to); what they check is changed only by changes that take the lock alone.
      },
      { shared: true },
    )
    ok(ctx, { id })
  })
}

/** The recipients by their flags: most share none, so a message has a few groups, however many recipients. */
function groupByFlags(audience: readonly number[], flags: ReadonlyMap<number, number>): Map<number, number[]> {
  const byFlags = new Map<number, number[]>()
  for (const recipient of audience) {
    const bits = flags.get(recipient) ?? 0
    const group = byFlags.get(bits)
    if (group === undefined) byFlags.set(bits, [recipient])
    else group.push(recipient)
  }
  return byFlags
}

/** One row per recipient, one statement per set of flags. */
async function insertRecipientRows(db: Sql, messageId: number, byFlags: ReadonlyMap<number, readonly number[]>): Promise<void> {
  for (const [bits, users] of byFlags) {
    await db.run(
      'INSERT INTO user_messages (user_id, message_id, flags) SELECT r.value, CAST(? AS BIGINT), CAST(? AS BIGINT) FROM (SELECT value FROM json_each(?)) AS r',
      messageId,
      bits,
      JSON.stringify(users),
    )
  }
}

/**
 * One event per set of flags, not one per recipient: the sender's (read, and the local id for the queue that
 * sent it) and the others'. Each queue gets its own form from the fan-out: rendered or raw content
 * (apply_markdown), and local_message_id only in the sender's queue named by queue_id.
 */
function emitMessageEvents(
  emit: Emit,
  shared: Record<string, unknown>,
  byFlags: ReadonlyMap<number, readonly number[]>,
  senderId: number,
  senderFlags: number,
  sentBy: { local_message_id?: string; sender_queue_id?: string },
): void {
  for (const [bits, users] of byFlags) {
    const others = users.filter((id) => id !== senderId)
    if (others.length > 0) emit(others, { ...shared, flags: flagNames(bits) })
  }
  emit([senderId], { ...shared, flags: flagNames(senderFlags), ...sentBy })
}

/** Who took part in the message's topic (its senders, and this sender); all of a direct conversation. */
async function topicParticipants(db: Sql, target: Target, senderId: number): Promise<ReadonlySet<number>> {
  if (target.type === 'private') return new Set(target.audience)
  const rows = await db.all<{ id: number }>('SELECT DISTINCT sender_id AS id FROM messages WHERE stream_id = ? AND topic = ?', target.streamId, target.topic)
  return new Set([...rows.map((r) => r.id), senderId])
}

/** The message object of chat-events.md, as every recipient's event carries it. */
async function describeMessage(
  db: Sql,
  services: ChatServices,
  sender: User,
  target: Target,
  sent: { id: number; content: string; rendered: string; timestamp: number; topicLinks: readonly TopicLink[] },
): Promise<Record<string, unknown>> {
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
  const people = (await db.all(
    `SELECT id, email, full_name FROM users WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`,
    JSON.stringify(target.recipients),
  )) as Array<{ id: number; email: string; full_name: string }>
  return {
    ...common,
    recipient_id: conversationId(target.recipients),
    subject: '',
    display_recipient: people.map((p) => ({ ...p, is_mirror_dummy: false })),
  }
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
  const channelId = await channelIdOf(db, channelRef(params.string('to', { required: true })))
  const channel = channelId === undefined ? undefined : await channelById(db, channelId)
  if (channel === undefined || !(await canAccessChannel(db, channel, user))) throw badRequest('Invalid channel ID')
  if (channel.is_archived) throw badRequest('Not authorized to send to channel')
  const topic = cleanTopic(topicParam(params, { required: true })!, (await realmSettings(db)).max_topic_length)
  return {
    type: 'stream',
    streamId: channel.id,
    channelName: channel.name,
    topic,
    public: !channel.invite_only,
    recipients: [],
    audience: [...new Set([...(await subscriberIds(db, channel.id)), user.id])],
  }
}

async function directTarget(db: Sql, params: Params, user: User): Promise<Target> {
  const to = await resolvePeople(db, peopleRefs(params.string('to', { required: true })))
  const recipients = [...new Set([...to, user.id])].sort((a, b) => a - b)
  return { type: 'private', streamId: null, topic: '', recipients, audience: recipients }
}
