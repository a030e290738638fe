// Whether a user may see a message: the one rule reactions and uploads ask (a direct message's people; a channel's readers, by its history setting).

import type { Sql } from '../store/store.js'
import type { User } from './users.js'

/** What the rule needs of a message, and what its users' events need. */
export interface MessageTarget {
  readonly id: number
  readonly type: 'stream' | 'private'
  readonly stream_id: number | null
  readonly recipients: readonly number[]
  readonly timestamp: number
}

/**
 * The message when `user` may see it, else undefined (unknown and hidden alike). A direct message: its
 * people. A channel message: its subscribers — only from when they subscribed where the history is
 * protected — and, in a public channel, everyone but guests.
 */
export async function visibleMessage(db: Sql, user: User, id: number): Promise<MessageTarget | undefined> {
  const row = await db.get<{ id: number; type: 'stream' | 'private'; stream_id: number | null; recipients: string; timestamp: number; invite_only: number | null; history_public_to_subscribers: number | null; subscribed_at: number | null }>(
    `SELECT m.id, m.type, m.stream_id, m.recipients, m.timestamp, c.invite_only, c.history_public_to_subscribers, s.subscribed_at FROM messages m
     LEFT JOIN channels c ON c.id = m.stream_id LEFT JOIN subscriptions s ON s.stream_id = m.stream_id AND s.user_id = ? WHERE m.id = ?`,
    user.id, id,
  )
  if (row === undefined) return undefined
  const message: MessageTarget = { id: row.id, type: row.type, stream_id: row.stream_id, recipients: JSON.parse(row.recipients) as number[], timestamp: Number(row.timestamp) }
  if (row.type === 'private') return message.recipients.includes(user.id) ? message : undefined
  if (row.subscribed_at !== null) return row.history_public_to_subscribers === 1 || Number(row.subscribed_at) <= message.timestamp ? message : undefined
  return row.invite_only === 0 && user.role !== 'guest' ? message : undefined
}

/** Who hears of a change to the message (a reaction): a direct message's people, a channel's active subscribers. */
export async function messageAudience(db: Sql, message: MessageTarget): Promise<number[]> {
  if (message.type === 'private') return [...message.recipients]
  return (await db.all<{ id: number }>('SELECT s.user_id AS id FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE s.stream_id = ? AND u.is_active = 1', message.stream_id)).map((r) => r.id)
}
