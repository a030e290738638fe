// Emoji reactions to messages: as message objects list them (oldest first) and as `reaction` events carry them.

import type { Sql } from '../store/store.js'

export interface Reaction {
  readonly emoji_name: string
  readonly emoji_code: string
  readonly reaction_type: string
  readonly user_id: number
}

/**
 * The reactions of each of `messageIds`, oldest first (chat-events.md), for the message objects of
 * GET /messages and of events; a message without any is absent from the map.
 */
export async function reactionsOf(db: Sql, messageIds: readonly number[]): Promise<Map<number, Reaction[]>> {
  const byMessage = new Map<number, Reaction[]>()
  if (messageIds.length === 0) return byMessage
  const rows = await db.all<Reaction & { message_id: number }>(
    'SELECT message_id, emoji_name, emoji_code, reaction_type, user_id FROM reactions WHERE message_id IN (SELECT value FROM json_each(?)) ORDER BY rowid',
    JSON.stringify(messageIds),
  )
  for (const { message_id: id, ...reaction } of rows) {
    const reactionRow = { ...reaction, user_id: Number(reaction.user_id) }
    const list = byMessage.get(Number(id))
    if (list === undefined) byMessage.set(Number(id), [reactionRow])
    else list.push(reactionRow)
  }
  return byMessage
}
