// The notices the Notification Bot posts when PATCH /messages/{id} moves messages to another topic or channel
// (send_notification_to_old_thread / _new_thread), and when a topic is marked resolved or unresolved.

import type { TextLinker } from '../linkify/text-linker.js'
import type { Channel } from '../org/channels.js'
import { NOTIFICATION_BOT, notificationBot } from '../org/system-bots.js'
import type { User } from '../org/users.js'
import { channelSlug, hashComponent } from '../render/narrow-urls.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import { renderContent } from './compose.js'
import { channelAudience, postMessage } from './post.js'
import { removeMessage } from './removal.js'
import { VISIBLE } from './visibility.js'

/** The prefix that marks a topic resolved (the reference clients add and remove it). */
export const RESOLVED_TOPIC_PREFIX = '✔ '

export interface Place {
  readonly channel: Channel
  readonly topic: string
}

export interface Move {
  readonly mover: User
  /** The message the request named: "[A message](…)" links to it. */
  readonly messageId: number
  /** Every message moved. */
  readonly ids: readonly number[]
  readonly propagateMode: string
  readonly from: Place
  readonly to: Place
  /** Whether the same request changed the content too (then a resolved topic gets no notice). */
  readonly contentEdited: boolean
  /** The linkers notices are rendered with (read before the transaction: a read outside it would wait for it). */
  readonly linkers: readonly TextLinker[]
}

/** What notices need of the service: its time (UNIX seconds), and its address for links. */
export interface NoticeContext {
  readonly now: () => number
  /** Where the service is (`http://127.0.0.1:9991`): a notice of one moved message links to it. */
  readonly baseUrl: string
}

/**
 * Posts the notices of `move` as the reference server words them: in the new topic (`toNew`, default true) where
 * it came from, in the old one (`toOld`, default false since feature level 152) where it went — "This topic
 * was moved…" when the mover moved every message they can see of it, else "A message…" or "N messages…".
 * Marking a topic resolved (`✔ ` added or removed, nothing else changed) posts "… has marked this topic as
 * resolved." instead of the new-topic notice (or, within a minute of the opposite notice, deletes that one: an
 * undo). The mover has each notice as read.
 */
export async function postMoveNotices(
  tx: Sql,
  emit: Emit,
  context: NoticeContext,
  move: Move,
  notify: { readonly toOld: boolean; readonly toNew: boolean },
): Promise<void> {
  const channelMoved = move.from.channel.id !== move.to.channel.id
  if (!channelMoved && move.from.topic === move.to.topic) return
  const user = `@_**${move.mover.full_name}|${move.mover.id}**`
  const resolution = channelMoved || move.contentEdited ? undefined : resolutionOf(move.from.topic, move.to.topic)
  const posted: number[] = []
  if (resolution !== undefined && !(await undoneResolution(tx, emit, context, move))) {
    posted.push(await post(tx, emit, context, move, move.to, `${user} has marked this topic as ${resolution}.`))
  }
  const count = move.ids.length
  const movedAll = move.propagateMode === 'change_all' || !(await anyVisible(tx, move.mover, move.from, move.ids))
  if (notify.toNew && resolution === undefined) {
    const from = topicLink(move.from)
    const alone = movedAll && !(await anyVisible(tx, move.mover, move.to, [...move.ids, ...posted]))
    const link = `${context.baseUrl}/#narrow/channel/${channelSlug(move.to.channel)}/topic/${hashComponent(move.to.topic)}/near/${move.messageId}`
    const text = alone
      ? `This topic was moved here from ${from} by ${user}.`
      : count === 1
        ? `[A message](${link}) was moved here from ${from} by ${user}.`
        : `${count} messages were moved here from ${from} by ${user}.`
    await post(tx, emit, context, move, move.to, text)
  }
  if (notify.toOld) {
    const to = topicLink(move.to)
    const text = movedAll
      ? `This topic was moved to ${to} by ${user}.`
      : count === 1
        ? `A message was moved from this topic to ${to} by ${user}.`
        : `${count} messages were moved from this topic to ${to} by ${user}.`
    await post(tx, emit, context, move, move.from, text)
  }
}

/** Seconds within which marking a topic resolved and back (or the reverse) is an undo (the reference server's). */
export const RESOLVE_UNDO_GRACE_SECONDS = 60

/** The text of a notice that a topic was marked resolved or unresolved. */
const RESOLUTION_NOTICE = /^@_\*\*[^*\n]*\*\* has marked this topic as (?:un)?resolved\.$/

/**
 * An undo: when the topic's last message is the Notification Bot's notice of the opposite change, posted
 * within {@link RESOLVE_UNDO_GRACE_SECONDS}, that notice is deleted (its readers hear `delete_message`) and
 * no new one is posted, as the reference server does, so a misclick leaves no trace in the topic.
 */
async function undoneResolution(tx: Sql, emit: Emit, context: NoticeContext, move: Move): Promise<boolean> {
  const last = await tx.get<{ id: number; type: string; stream_id: number; topic: string; content: string; timestamp: number; email: string }>(
    `SELECT m.id, m.type, m.stream_id, m.topic, m.content, m.timestamp, u.email FROM messages m JOIN users u ON u.id = m.sender_id
     WHERE m.stream_id = ? AND lower(m.topic) = lower(?) ORDER BY m.id DESC LIMIT 1`,
    move.to.channel.id,
    move.to.topic,
  )
  if (last === undefined || last.email !== NOTIFICATION_BOT.email || !RESOLUTION_NOTICE.test(last.content)) return false
  if (context.now() - Number(last.timestamp) > RESOLVE_UNDO_GRACE_SECONDS) return false
  await removeMessage(tx, emit, last, move.mover.id)
  return true
}

/** `resolved` or `unresolved` when a topic only gained or lost the resolved prefix; else undefined. */
function resolutionOf(from: string, to: string): 'resolved' | 'unresolved' | undefined {
  if (to.startsWith(RESOLVED_TOPIC_PREFIX) && !from.startsWith(RESOLVED_TOPIC_PREFIX) && to.slice(RESOLVED_TOPIC_PREFIX.length) === from) return 'resolved'
  if (from.startsWith(RESOLVED_TOPIC_PREFIX) && !to.startsWith(RESOLVED_TOPIC_PREFIX) && from.replace(/^[✔ ]+/u, '') === to) return 'unresolved'
  return undefined
}

/** Whether `user` may see any message of `place` but `except` (so as to say "the topic" only when they moved all of it). */
async function anyVisible(tx: Sql, user: User, place: Place, except: readonly number[]): Promise<boolean> {
  const row = await tx.get(
    `SELECT 1 AS one FROM messages m LEFT JOIN user_messages um ON um.message_id = m.id AND um.user_id = ?
     WHERE m.stream_id = ? AND lower(m.topic) = lower(?) AND m.id NOT IN (SELECT value FROM json_each(?)) AND ${VISIBLE} LIMIT 1`,
    user.id,
    place.channel.id,
    place.topic,
    JSON.stringify(except),
    user.role,
    user.id,
  )
  return row !== undefined
}

/** Posts `content` as the Notification Bot to `place`'s subscribers (read for the mover); answers its id. */
async function post(tx: Sql, emit: Emit, context: NoticeContext, move: Move, place: Place, content: string): Promise<number> {
  const timestamp = Math.floor(context.now())
  const sender = await notificationBot(tx, timestamp)
  const { html } = await renderContent(tx, content, move.linkers, move.mover)
  const target = await channelAudience(tx, place.channel, place.topic)
  return postMessage(tx, emit, { sender, target, content, html, timestamp, linkers: move.linkers, readBy: move.mover.id, linksFiles: false })
}

/** `#**channel>topic**`, or a Markdown link where a name holds what that syntax cannot (the reference rule). */
function topicLink(place: Place): string {
  if (!UNSAFE.test(place.channel.name) && !UNSAFE.test(place.topic)) return `#**${place.channel.name}>${place.topic}**`
  const escape = (text: string): string => text.replace(new RegExp(UNSAFE.source, 'g'), (c) => LINK_ESCAPES[c]!)
  return `[#${escape(place.channel.name)} > ${escape(place.topic === '' ? 'general chat' : place.topic)}](#narrow/channel/${channelSlug(place.channel)}/topic/${hashComponent(place.topic)})`
}

/** What breaks the `#**channel>topic**` syntax. */
const UNSAFE = /[`>*&[\]]|\$\$/
const LINK_ESCAPES: Readonly<Record<string, string>> = { '`': '&#96;', '>': '&gt;', '*': '&#42;', '&': '&amp;', $$: '&#36;&#36;', '[': '&#91;', ']': '&#93;' }
