// Editing a message (PATCH /messages/{id}): its content, with the checks of a new message and the mention flags and
// files worked out again; its topic and channel, with the messages a move takes along and the notices of the move;
// and the update_message events of the reference API.

import { badRequest } from '../common/chat-error.js'
import type { TextLinker } from '../linkify/text-linker.js'
import { canAccessChannel, channelById, subscriberIds } from '../org/channels.js'
import { realmSettings, type RealmSettings } from '../org/realm.js'
import { linkedPathIds } from '../org/uploads.js'
import { isModeratorOrAbove, type User } from '../org/users.js'
import { topicLinks } from '../render/render.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import { linkAttachments, unlinkAttachments } from './attachments.js'
import type { RenderedContent } from './compose.js'
import { checkContentEdit, checkMoveLimits } from './edit-limits.js'
import { FLAG_BITS, flagNames } from './flags.js'
import { checkGroupMentions, checkWildcardMentions, mentionFlags, topicParticipants } from './message-directory.js'
import { postMoveNotices, type NoticeContext, type Place } from './move-notices.js'
import { cleanTopic } from './recipients.js'
import { visibleMessages, type VisibleRow } from './visibility.js'

/** What PATCH /messages/{id} asks, parsed: at least one of the content, the topic and the channel. */
export interface MessageEdit {
  readonly editor: User
  readonly id: number
  /** The new content (pasted IRIs already written as prefixed names) and its rendering, made outside the transaction. */
  readonly content?: { readonly text: string; readonly rendered: RenderedContent }
  /** The new topic as given (cleaned here, by the organization's rules). */
  readonly rawTopic?: string
  readonly newStreamId?: number
  readonly propagateMode: string
  /** Where notices of a move go: the old topic, the new one (the reference API's defaults: no and yes). */
  readonly notify: { readonly toOld: boolean; readonly toNew: boolean }
  /** UNIX seconds, whole. */
  readonly now: number
  readonly linkers: readonly TextLinker[]
}

/**
 * Applies `edit` in `db` (a write transaction): the message must be one the editor may see; its recipients and
 * the editor hear `update_message`, and a move posts its notices. Answers the editor's files no message links
 * any more (feature level 285's `detached_uploads`).
 */
export async function editMessage(db: Sql, emit: Emit, edit: MessageEdit, notices: NoticeContext): Promise<Array<Record<string, unknown>>> {
  const { editor: user, id, now } = edit
  const [message] = await visibleMessages(db, user, [id])
  if (message === undefined) throw badRequest('Invalid message(s)')
  const realm = await realmSettings(db)
  const event: Record<string, unknown> = { type: 'update_message', user_id: user.id, edit_timestamp: now, message_id: id, rendering_only: false }
  const change = { now, realm, event, history: { user_id: user.id, timestamp: now } as Record<string, unknown> }
  const content = edit.content
  const detached = content === undefined ? [] : await editContent(db, emit, user, message, { content: content.text, rendered: content.rendered }, change)
  let moved: Awaited<ReturnType<typeof moveMessages>> | undefined
  if (edit.rawTopic !== undefined || edit.newStreamId !== undefined) {
    if (message.type === 'private')
      throw badRequest(edit.newStreamId !== undefined ? 'Direct messages cannot be moved to channels.' : 'Direct messages cannot have topics.')
    moved = await moveMessages(
      db,
      user,
      message,
      { rawTopic: edit.rawTopic, newStreamId: edit.newStreamId, propagateMode: edit.propagateMode, ...change },
      emit,
    )
  }
  const previous = message.edit_history === null ? [] : (JSON.parse(message.edit_history) as unknown[])
  await db.run('UPDATE messages SET edit_history = ? WHERE id = ?', JSON.stringify([change.history, ...previous]), id)
  event.message_ids = moved?.ids ?? [id]
  if (event.subject !== undefined) event.topic_links = topicLinks(String(event.subject), edit.linkers)
  await emitToRecipients(db, emit, id, user.id, event)
  if (moved !== undefined) {
    const move = { ...moved, mover: user, messageId: id, propagateMode: edit.propagateMode, contentEdited: content !== undefined, linkers: edit.linkers }
    await postMoveNotices(db, emit, notices, move, edit.notify)
  }
  return detached
}

/**
 * A content edit, for the sender only and within the organization's time limit: the checks of a new message
 * (not empty; who may mention a group; the wildcard-mention policy, checked on the edited text as the reference
 * server does), the new text, each recipient's mention flags worked out again, and the files the text links now
 * (and no longer). Answers the editor's files no message links any more.
 */
async function editContent(
  db: Sql,
  emit: Emit,
  user: User,
  message: VisibleRow,
  edit: { content: string; rendered: RenderedContent },
  change: { now: number; realm: RealmSettings; event: Record<string, unknown>; history: Record<string, unknown> },
): Promise<Array<Record<string, unknown>>> {
  const { content, rendered } = edit
  checkContentEdit(change.realm, user, message, change.now)
  if (content.trim() === '') throw badRequest('Message must not be empty')
  await checkGroupMentions(db, user.id, rendered.mentions)
  if (message.type === 'stream') {
    const audience = new Set([...(await subscriberIds(db, Number(message.stream_id))), user.id])
    await checkWildcardMentions(db, user, { streamId: Number(message.stream_id), topic: message.topic, audienceSize: audience.size }, rendered.mentions)
  }
  await db.run('UPDATE messages SET content = ?, rendered_content = ?, last_edit_timestamp = ? WHERE id = ?', content, rendered.html, change.now, message.id)
  await linkAttachments(db, emit, user, message.id, content) // files the new text links become readable by its readers
  const detached = await unlinkAttachments(db, emit, [message.id], linkedPathIds(content), user.id)
  // Mentions follow the new text: each recipient's mention flags are worked out again.
  const recipients = (await db.all<{ user_id: number }>('SELECT user_id FROM user_messages WHERE message_id = ?', message.id)).map((r) => Number(r.user_id))
  const target = { type: message.type, streamId: message.stream_id, topic: message.topic, audience: recipients }
  const flags = await mentionFlags(db, rendered.mentions, recipients, () => topicParticipants(db, target, message.sender_id))
  const mentionBits = FLAG_BITS.mentioned | FLAG_BITS.wildcard_mentioned | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned
  await db.run('UPDATE user_messages SET flags = flags & ? WHERE message_id = ?', ~mentionBits, message.id)
  for (const [recipient, bits] of flags)
    await db.run('UPDATE user_messages SET flags = flags | ? WHERE message_id = ? AND user_id = ?', bits, message.id, recipient)
  Object.assign(change.event, {
    orig_content: message.content,
    orig_rendered_content: message.rendered_content,
    content,
    rendered_content: rendered.html,
    is_me_message: /^\/me\s/u.test(content),
  })
  Object.assign(change.history, { prev_content: message.content, prev_rendered_content: message.rendered_content })
  return detached
}

/**
 * Moves the message (and, by `propagateMode`, the later or all messages of its topic) to a new topic and/or
 * channel. The sender and moderators and above may move (members within the organization's time limits); the
 * new channel must be one the mover can see and send to. New subscribers of a moved-to channel get the messages
 * as read; people who cannot see a private channel it moves to lose them (a delete_message event).
 */
async function moveMessages(
  db: Sql,
  user: User,
  message: { id: number; sender_id: number; stream_id: number | null; topic: string; timestamp: number },
  move: {
    rawTopic: string | undefined
    newStreamId: number | undefined
    propagateMode: string
    now: number
    realm: RealmSettings
    event: Record<string, unknown>
    history: Record<string, unknown>
  },
  emit: Emit,
): Promise<{ ids: number[]; from: Place; to: Place }> {
  if (message.sender_id !== user.id && !isModeratorOrAbove(user)) throw badRequest("You don't have permission to edit this message")
  const oldStreamId = Number(message.stream_id)
  const oldChannel = (await channelById(db, oldStreamId))!
  const topic = move.rawTopic === undefined ? message.topic : cleanTopic(move.rawTopic, move.realm.max_topic_length)
  let newChannel = oldChannel
  if (move.newStreamId !== undefined && move.newStreamId !== oldStreamId) {
    const channel = await channelById(db, move.newStreamId)
    if (channel === undefined || !(await canAccessChannel(db, channel, user))) throw badRequest('Invalid channel ID')
    if (channel.is_archived) throw badRequest('Not authorized to send to channel')
    newChannel = channel
  }
  const streamId = newChannel.id
  const moving = await messagesToMove(db, message, move.propagateMode)
  checkMoveLimits(move.realm, user, { changesChannel: streamId !== oldStreamId, changesTopic: topic !== message.topic, now: move.now }, message, moving)
  const ids = moving.map((m) => m.id)
  await db.run(
    'UPDATE messages SET stream_id = ?, topic = ?, last_moved_timestamp = ? WHERE id IN (SELECT value FROM json_each(?))',
    streamId,
    topic,
    move.now,
    JSON.stringify(ids),
  )
  Object.assign(move.event, {
    stream_id: oldStreamId,
    stream_name: oldChannel.name,
    orig_subject: message.topic,
    subject: topic,
    propagate_mode: move.propagateMode,
  })
  Object.assign(move.history, { prev_topic: message.topic, topic, ...(streamId !== oldStreamId && { prev_stream: oldStreamId, stream: streamId }) })
  if (streamId !== oldStreamId) {
    move.event.new_stream_id = streamId
    const json = JSON.stringify(ids)
    const channel = (await channelById(db, streamId))!
    if (channel.invite_only) {
      const lost = await db.all<{ user_id: number }>(
        'DELETE FROM user_messages WHERE message_id IN (SELECT value FROM json_each(?)) AND user_id NOT IN (SELECT user_id FROM subscriptions WHERE stream_id = ?) RETURNING user_id',
        json,
        streamId,
      )
      const users = new Set(lost.map((r) => Number(r.user_id)))
      if (users.size > 0)
        emit(users, { type: 'delete_message', message_id: ids[0], message_ids: ids, message_type: 'stream', stream_id: oldStreamId, topic: message.topic })
    }
    await db.run(
      `INSERT INTO user_messages (user_id, message_id, flags) SELECT s.user_id, m.id, CAST(? AS BIGINT) FROM subscriptions s JOIN messages m ON m.id IN (SELECT value FROM json_each(?)) WHERE s.stream_id = ? ON CONFLICT DO NOTHING`,
      FLAG_BITS.read,
      json,
      streamId,
    )
  }
  return { ids, from: { channel: oldChannel, topic: message.topic }, to: { channel: newChannel, topic } }
}

/** The messages a move takes by `propagateMode`, oldest first, with when each was sent. */
async function messagesToMove(
  db: Sql,
  message: { id: number; stream_id: number | null; topic: string },
  propagateMode: string,
): Promise<Array<{ id: number; timestamp: number }>> {
  const columns = 'SELECT id, timestamp FROM messages WHERE'
  const later = propagateMode === 'change_later'
  const rows =
    propagateMode === 'change_one'
      ? await db.all<{ id: number; timestamp: number }>(`${columns} id = ?`, message.id)
      : await db.all<{ id: number; timestamp: number }>(
          `${columns} stream_id = ? AND lower(topic) = lower(?)${later ? ' AND id >= ?' : ''} ORDER BY id`,
          Number(message.stream_id),
          message.topic,
          ...(later ? [message.id] : []),
        )
  return rows.map((r) => ({ id: Number(r.id), timestamp: Number(r.timestamp) }))
}

/** The update_message event to everyone who has the message (and the editor), grouped by their flags of it. */
async function emitToRecipients(db: Sql, emit: Emit, messageId: number, editorId: number, event: Record<string, unknown>): Promise<void> {
  const rows = await db.all<{ user_id: number; flags: number }>('SELECT user_id, flags FROM user_messages WHERE message_id = ?', messageId)
  const byFlags = new Map<number, number[]>()
  for (const row of rows) byFlags.set(Number(row.flags), [...(byFlags.get(Number(row.flags)) ?? []), Number(row.user_id)])
  if (!rows.some((r) => Number(r.user_id) === editorId)) byFlags.set(-1, [...(byFlags.get(-1) ?? []), editorId])
  for (const [bits, users] of byFlags) emit(users, { ...event, flags: bits < 0 ? [] : flagNames(bits) })
}
