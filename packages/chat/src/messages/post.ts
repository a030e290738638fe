// Posting a message, the one way a message is added: its row, the files it links, each recipient's flags and the
// message events — for POST /messages (sendMessage, with a person's checks), the Notification Bot's notices and
// any other bot or system message (postMessage).

import { badRequest } from '../common/chat-error.js'
import type { TextLinker } from '../linkify/text-linker.js'
import { canAccessChannel, channelById, subscriberIds, type Channel } from '../org/channels.js'
import { realmSettings } from '../org/realm.js'
import type { User } from '../org/users.js'
import type { Mentions } from '../render/mentions.js'
import { topicLinks } from '../render/render.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import { linkAttachments } from './attachments.js'
import type { RenderedContent } from './compose.js'
import { conversationId } from './describe.js'
import { FLAG_BITS, flagNames } from './flags.js'
import { checkGroupMentions, checkWildcardMentions, mentionFlags, topicParticipants } from './message-directory.js'
import { channelIdOf, channelRef, cleanTopic, peopleRefs, resolvePeople } from './recipients.js'

/** Where a message goes, and who receives it. */
export interface Target {
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

/** A message to post, rendered already (a send renders outside the transaction: no lock held meanwhile). */
export interface Posting {
  readonly sender: User
  readonly target: Target
  readonly content: string
  readonly html: string
  /** What flags its recipients (`mentioned`, wildcards); none for a notice, whose one mention (the mover's) is silent. */
  readonly mentions?: Mentions
  /** UNIX time in seconds. */
  readonly timestamp: number
  /** The linkers of its topic's `topic_links`. */
  readonly linkers: readonly TextLinker[]
  /** Who has it as read from the start: the sender of a send, the mover for the notice of a move. */
  readonly readBy: number
  /** Whether the files its text links become readable by its readers: a person's message does; a notice links none. */
  readonly linksFiles: boolean
  /** The sending queue and the client's id of the message, given back in the sender's event of that queue. */
  readonly sentBy?: { readonly local_message_id: string; readonly sender_queue_id: string }
}

/**
 * Adds `posting` in `db` (a write transaction) and answers its id: the message, its files, one row per
 * recipient (one statement per set of flags), and one event per set of flags, not one per recipient. Each
 * queue gets its own form from the fan-out: rendered or raw content (apply_markdown), and local_message_id only
 * in the sender's queue named by queue_id.
 */
export async function postMessage(db: Sql, emit: Emit, posting: Posting): Promise<number> {
  const { sender, target, content } = posting
  const inserted = await db.get<{ id: number }>(
    'INSERT INTO messages (type, stream_id, topic, recipients, sender_id, content, rendered_content, timestamp) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
    target.type,
    target.streamId,
    target.topic,
    JSON.stringify(target.recipients),
    sender.id,
    content,
    posting.html,
    posting.timestamp,
  )
  const id = Number(inserted!.id)
  if (posting.linksFiles) await linkAttachments(db, emit, sender, id, content) // its readers may now read the files it links
  const message = await describePosted(db, id, posting)
  const flags =
    posting.mentions === undefined
      ? new Map<number, number>()
      : await mentionFlags(db, posting.mentions, target.audience, () => topicParticipants(db, target, sender.id))
  flags.set(posting.readBy, (flags.get(posting.readBy) ?? 0) | FLAG_BITS.read)
  const byFlags = groupByFlags(target.audience, flags)
  await insertRecipientRows(db, id, byFlags)
  const shared = { type: 'message', message, raw_content: content, ...(target.public && { public_channel: true }) }
  for (const [bits, users] of byFlags) {
    const others = users.filter((user) => user !== sender.id)
    if (others.length > 0) emit(others, { ...shared, flags: flagNames(bits) })
  }
  if (target.audience.includes(sender.id)) emit([sender.id], { ...shared, flags: flagNames(flags.get(sender.id) ?? 0), ...posting.sentBy })
  return id
}

/** What POST /messages sends, parsed: `to` and the topic as given, the content rendered. */
export interface Send {
  readonly sender: User
  readonly toChannel: boolean
  readonly to: string
  /** The topic parameter, read (and refused when missing) once the channel is known to be one the sender may use. */
  readonly topic: () => string
  readonly content: string
  readonly rendered: RenderedContent
  readonly timestamp: number
  readonly linkers: readonly TextLinker[]
  readonly sentBy?: Posting['sentBy']
}

/**
 * A person's message: who may receive it is checked inside the transaction, so that it still holds at commit
 * (a channel archived or a user deactivated meanwhile, through another process), then who may be mentioned.
 */
export async function sendMessage(db: Sql, emit: Emit, send: Send): Promise<number> {
  const { sender, rendered } = send
  const target = send.toChannel ? await channelTarget(db, sender, send.to, send.topic) : await directTarget(db, sender, send.to)
  if (target.type === 'stream')
    await checkWildcardMentions(db, sender, { streamId: target.streamId!, topic: target.topic, audienceSize: target.audience.length }, rendered.mentions)
  await checkGroupMentions(db, sender.id, rendered.mentions)
  return postMessage(db, emit, { ...send, target, html: rendered.html, mentions: rendered.mentions, readBy: sender.id, linksFiles: true })
}

/** A channel's topic as the target of a notice: its subscribers receive it (the sender only if subscribed). */
export async function channelAudience(db: Sql, channel: Channel, topic: string): Promise<Target> {
  const audience = await subscriberIds(db, channel.id)
  return { type: 'stream', streamId: channel.id, channelName: channel.name, topic, public: !channel.invite_only, recipients: [], audience }
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

/** The message object of chat-events.md, as every recipient's event carries it. */
async function describePosted(db: Sql, id: number, posting: Posting): Promise<Record<string, unknown>> {
  const { sender, target } = posting
  const common = {
    id,
    type: target.type,
    sender_id: sender.id,
    sender_email: sender.email,
    sender_full_name: sender.full_name,
    sender_realm_str: (await realmSettings(db)).name,
    avatar_url: null,
    client: 'API',
    is_me_message: /^\/me\s/u.test(posting.content),
    content: posting.html,
    content_type: 'text/html',
    timestamp: posting.timestamp,
    reactions: [],
    submessages: [],
    topic_links: target.type === 'stream' ? topicLinks(target.topic, posting.linkers) : [],
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

async function channelTarget(db: Sql, sender: User, to: string, topicParam: () => string): Promise<Target> {
  const channelId = await channelIdOf(db, channelRef(to))
  const channel = channelId === undefined ? undefined : await channelById(db, channelId)
  if (channel === undefined || !(await canAccessChannel(db, channel, sender))) throw badRequest('Invalid channel ID')
  if (channel.is_archived) throw badRequest('Not authorized to send to channel')
  const topic = cleanTopic(topicParam(), (await realmSettings(db)).max_topic_length)
  return {
    type: 'stream',
    streamId: channel.id,
    channelName: channel.name,
    topic,
    public: !channel.invite_only,
    recipients: [],
    audience: [...new Set([...(await subscriberIds(db, channel.id)), sender.id])],
  }
}

async function directTarget(db: Sql, sender: User, to: string): Promise<Target> {
  const people = await resolvePeople(db, peopleRefs(to))
  const recipients = [...new Set([...people, sender.id])].sort((a, b) => a - b)
  return { type: 'private', streamId: null, topic: '', recipients, audience: recipients }
}
