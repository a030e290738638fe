// Channels and who may see what in them.

import { badRequest } from '../common/chat-error.js'
import type { Sql } from '../store/store.js'
import type { User } from './users.js'

export interface Channel {
  readonly id: number
  readonly name: string
  readonly invite_only: boolean
  readonly history_public_to_subscribers: boolean
  readonly is_archived: boolean
}

export async function channelById(db: Sql, id: number): Promise<Channel | undefined> {
  const row = (await db.get('SELECT id, name, invite_only, history_public_to_subscribers, is_archived FROM channels WHERE id = ?', id)) as
    { id: number; name: string; invite_only: number; history_public_to_subscribers: number; is_archived: number } | undefined
  if (row === undefined) return undefined
  return {
    id: row.id,
    name: row.name,
    invite_only: row.invite_only === 1,
    history_public_to_subscribers: row.history_public_to_subscribers === 1,
    is_archived: row.is_archived === 1,
  }
}

/** When `user` subscribed to the channel, or undefined when not subscribed. */
export async function subscribedAt(db: Sql, channelId: number, userId: number): Promise<number | undefined> {
  const row = (await db.get('SELECT subscribed_at FROM subscriptions WHERE stream_id = ? AND user_id = ?', channelId, userId)) as
    { subscribed_at: number } | undefined
  return row?.subscribed_at
}

/** Whether `user` may see the channel at all: public channels to everyone but guests, private ones to subscribers. */
export async function canAccessChannel(db: Sql, channel: Channel, user: User): Promise<boolean> {
  if ((await subscribedAt(db, channel.id, user.id)) !== undefined) return true
  return !channel.invite_only && user.role !== 'guest'
}

/**
 * The channel `id`, if `user` may see it: unknown channels and private ones they are not subscribed to
 * answer alike (chat-api.md §7 "Invalid channel ID"), and guests see only their subscriptions. Archived
 * channels count (feature level 480).
 */
export async function accessibleChannel(db: Sql, id: number, user: User): Promise<Channel> {
  const channel = await channelById(db, id)
  if (channel === undefined || !(await canAccessChannel(db, channel, user))) throw badRequest('Invalid channel ID')
  return channel
}

export async function subscriberIds(db: Sql, channelId: number): Promise<number[]> {
  return (
    (await db.all(
      'SELECT s.user_id AS id FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE s.stream_id = ? AND u.is_active = 1',
      channelId,
    )) as Array<{ id: number }>
  ).map((r) => r.id)
}
