// POST and DELETE /messages/{id}/reactions: emoji reactions, announced to everyone who received the message.

import { badRequest } from '../common/chat-error.js'
import { ok, type ChatRouter, type ChatServices } from './context.js'
import type { Params } from '../common/params.js'
import { pathId } from '../common/path-ids.js'
import { EMOJI_NAME, isUnicodeEmojiCode, unicodeEmojiCode } from '../org/emoji.js'
import { visibleMessages, type VisibleRow } from '../messages/visibility.js'
import type { User } from '../org/users.js'
import type { Sql } from '../store/store.js'

export function addReactionRoutes(router: ChatRouter, services: ChatServices): void {
  router.post('/api/v1/messages/:message_id/reactions', async (ctx) => {
    const { params, user } = ctx.state
    const messageId = pathId(ctx.params.message_id, () => badRequest('Invalid message(s)'))
    const emoji = readEmoji(params, true)
    await services.changes.write(async (emit, tx) => {
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
    })
    ok(ctx)
  })

  // The organization's custom emoji: none (reactions take unicode emoji only).
  router.get('/api/v1/realm/emoji', (ctx) => ok(ctx, { emoji: {} }))

  router.delete('/api/v1/messages/:message_id/reactions', async (ctx) => {
    const { params, user } = ctx.state
    const messageId = pathId(ctx.params.message_id, () => badRequest('Invalid message(s)'))
    const emoji = readEmoji(params, false)
    await services.changes.write(async (emit, tx) => {
      const message = await reactable(tx, user, messageId)
      // By code when given (names may differ between clients), else by name.
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
    })
    ok(ctx)
  })
}

interface EmojiRequest {
  readonly emoji_name: string
  readonly emoji_code: string
  readonly reaction_type: string
  /** The request named the emoji by its code (removal then looks it up by code). */
  readonly byCode: boolean
}

/**
 * The emoji of a request. Only unicode emoji exist here (no custom emoji, no extra emoji): a name is
 * looked up when no code is given; a given code must be well formed, and is kept with the name as sent.
 * Removal may name only the code or only the name.
 */
function readEmoji(params: Params, adding: boolean): EmojiRequest {
  const name = adding ? params.string('emoji_name', { required: true, maxLength: 100 }) : params.string('emoji_name', { maxLength: 100 })
  const code = params.string('emoji_code', { maxLength: 100 })
  const type = params.string('reaction_type', { maxLength: 100 }) ?? 'unicode_emoji'
  if (type === 'realm_emoji') throw badRequest('Invalid custom emoji.')
  if (type !== 'unicode_emoji') throw badRequest('Invalid emoji type.')
  if (name === undefined && code === undefined) throw badRequest('At least one of the following arguments must be present: emoji_name, emoji_code')
  if (name !== undefined && !EMOJI_NAME.test(name)) throw badRequest(`Emoji '${name.slice(0, 100)}' does not exist`)
  if (code !== undefined) {
    if (!isUnicodeEmojiCode(code)) throw badRequest('Invalid emoji code.')
    return { emoji_name: name ?? '', emoji_code: code, reaction_type: type, byCode: true }
  }
  const found = unicodeEmojiCode(name!)
  if (found === undefined) throw badRequest(`Emoji '${name!}' does not exist`)
  return { emoji_name: name!, emoji_code: found, reaction_type: type, byCode: false }
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
