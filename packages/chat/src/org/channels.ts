// Channels and who may see what in them.

import type { Db } from '../store/db.js'
import type { User } from './users.js'
import { prepared } from '../store/prepared.js'

export interface Channel {
  readonly id: number
  readonly name: string
  readonly invite_only: boolean
  readonly history_public_to_subscribers: boolean
  readonly is_archived: boolean
}

export function channelById(db: Db, id: number): Channel | undefined {
  const row = prepared(db, 'SELECT id, name, invite_only, history_public_to_subscribers, is_archived FROM channels WHERE id = ?').get(id) as
    | { id: number; name: string; invite_only: number; history_public_to_subscribers: number; is_archived: number }
    | undefined
  if (row === undefined) return undefined
  return { id: row.id, name: row.name, invite_only: row.invite_only === 1, history_public_to_subscribers: row.history_public_to_subscribers === 1, is_archived: row.is_archived === 1 }
}

/** When `user` subscribed to the channel, or undefined when not subscribed. */
export function subscribedAt(db: Db, channelId: number, userId: number): number | undefined {
  const row = prepared(db, 'SELECT subscribed_at FROM subscriptions WHERE stream_id = ? AND user_id = ?').get(channelId, userId) as { subscribed_at: number } | undefined
  return row?.subscribed_at
}

/** Whether `user` may see the channel at all: public channels to everyone but guests, private ones to subscribers. */
export function canAccessChannel(db: Db, channel: Channel, user: User): boolean {
  if (subscribedAt(db, channel.id, user.id) !== undefined) return true
  return !channel.invite_only && user.role !== 'guest'
}

export function subscriberIds(db: Db, channelId: number): number[] {
  return (prepared(db, 'SELECT s.user_id AS id FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE s.stream_id = ? AND u.is_active = 1').all(channelId) as Array<{ id: number }>).map((r) => r.id)
}
