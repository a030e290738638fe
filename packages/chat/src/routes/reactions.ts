// POST and DELETE /messages/{id}/reactions: emoji reactions, announced to everyone who received the message.

import { badRequest } from '../common/chat-error.js'
import { ok, type ChatRouter, type ChatServices } from './context.js'
import type { Params } from '../common/params.js'
import { pathId } from '../common/path-ids.js'
import { EMOJI_NAME, isUnicodeEmojiCode, unicodeEmojiCode } from '../org/emoji.js'
import { addReaction, removeReaction, type EmojiRequest } from '../messages/reacting.js'

export function addReactionRoutes(router: ChatRouter, services: ChatServices): void {
  router.post('/api/v1/messages/:message_id/reactions', async (ctx) => {
    const { params, user } = ctx.state
    const messageId = pathId(ctx.params.message_id, () => badRequest('Invalid message(s)'))
    const emoji = readEmoji(params, true)
    await services.changes.write((emit, tx) => addReaction(tx, emit, user, messageId, emoji))
    ok(ctx)
  })

  // The organization's custom emoji: none (reactions take unicode emoji only).
  router.get('/api/v1/realm/emoji', (ctx) => ok(ctx, { emoji: {} }))

  router.delete('/api/v1/messages/:message_id/reactions', async (ctx) => {
    const { params, user } = ctx.state
    const messageId = pathId(ctx.params.message_id, () => badRequest('Invalid message(s)'))
    const emoji = readEmoji(params, false)
    await services.changes.write((emit, tx) => removeReaction(tx, emit, user, messageId, emoji))
    ok(ctx)
  })
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
