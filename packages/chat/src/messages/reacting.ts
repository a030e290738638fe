// Reacting to a message one may see: adding and removing one's emoji reaction, announced to everyone who received
// the message (POST and DELETE /messages/{id}/reactions).

import { badRequest } from '../common/chat-error.js'
import type { User } from '../org/users.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import { visibleMessages, type VisibleRow } from './visibility.js'

/** The emoji of a request, checked (only unicode emoji exist here). */
export interface EmojiRequest {
  readonly emoji_name: string
  readonly emoji_code: string
  readonly reaction_type: string
  /** The request named the emoji by its code (removal then looks it up by code). */
  readonly byCode: boolean
}

/** Adds `user`'s reaction `emoji` to message `messageId`, in `tx` (a write transaction); the same reaction twice is a 400. */
export async function addReaction(tx: Sql, emit: Emit, user: User, messageId: number, emoji: EmojiRequest): Promise<void> {
  const message = await reactable(tx, user, messageId)
  const existing = await tx.get(
    'SELECT 1 AS x FROM reactions WHERE message_id = ? AND user_id = ? AND reaction_type = ? AND emoji_code = ?',
    messageId,
    user.id,
    emoji.reaction_type,
    emoji.emoji_code,
  )
  if (existing !== undefined) throw badRequest('Reaction already exists.')
  await tx.run(
    'INSERT INTO reactions (message_id, user_id, emoji_name, emoji_code, reaction_type) VALUES (?, ?, ?, ?, ?)',
    messageId,
    user.id,
    emoji.emoji_name,
    emoji.emoji_code,
    emoji.reaction_type,
  )
  emit(await audience(tx, message, user), {
    type: 'reaction',
    op: 'add',
    message_id: messageId,
    user_id: user.id,
    emoji_name: emoji.emoji_name,
    emoji_code: emoji.emoji_code,
    reaction_type: emoji.reaction_type,
  })
}

/** Removes `user`'s reaction `emoji` (by code when the request gave one: names may differ between clients, else by name). */
export async function removeReaction(tx: Sql, emit: Emit, user: User, messageId: number, emoji: EmojiRequest): Promise<void> {
  const message = await reactable(tx, user, messageId)
  const row = await tx.get<{ emoji_name: string; emoji_code: string }>(
    `SELECT emoji_name, emoji_code FROM reactions WHERE message_id = ? AND user_id = ? AND reaction_type = ? AND ${emoji.byCode ? 'emoji_code' : 'emoji_name'} = ?`,
    messageId,
    user.id,
    emoji.reaction_type,
    emoji.byCode ? emoji.emoji_code : emoji.emoji_name,
  )
  if (row === undefined) throw badRequest("Reaction doesn't exist.")
  await tx.run(
    'DELETE FROM reactions WHERE message_id = ? AND user_id = ? AND reaction_type = ? AND emoji_code = ?',
    messageId,
    user.id,
    emoji.reaction_type,
    row.emoji_code,
  )
  emit(await audience(tx, message, user), {
    type: 'reaction',
    op: 'remove',
    message_id: messageId,
    user_id: user.id,
    emoji_name: row.emoji_name,
    emoji_code: row.emoji_code,
    reaction_type: emoji.reaction_type,
  })
}

async function reactable(db: Sql, user: User, messageId: number): Promise<VisibleRow> {
  const [message] = await visibleMessages(db, user, [messageId])
  if (message === undefined) throw badRequest('Invalid message(s)')
  return message
}

/**
 * Everyone who received the message (its people, or the channel's subscribers when it was sent), the
 * channel's subscribers now, and the reacting user (who may read a public channel unsubscribed).
 */
async function audience(db: Sql, message: VisibleRow, user: User): Promise<number[]> {
  const received = await db.all<{ id: number }>('SELECT user_id AS id FROM user_messages WHERE message_id = ?', message.id)
  const subscribers =
    message.type === 'stream'
      ? await db.all<{ id: number }>(
          'SELECT s.user_id AS id FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE s.stream_id = ? AND u.is_active = 1',
          message.stream_id,
        )
      : []
  return [...received, ...subscribers].map((r) => Number(r.id)).concat(user.id)
}
