// Typing notifications (POST /typing): who hears that someone is typing in a direct conversation or a channel
// topic, as `typing` events — nothing is stored.

import { badRequest } from '../common/chat-error.js'
import { invalid } from '../common/params.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import { accessibleChannel } from './channels.js'
import type { User } from './users.js'

/**
 * A channel with more subscribers than this gets no typing events (the reference server's default):
 * one keystroke would otherwise write an event into every queue of a large channel.
 */
export const MAX_CHANNEL_SUBSCRIBERS_FOR_TYPING = 100
/** Most people a direct typing notification may name. */
const MAX_TYPING_RECIPIENTS = 100

/** Who is typing, as `typing` events name them. */
const senderOf = (user: User): { user_id: number; email: string } => ({ user_id: user.id, email: user.email })

/** Tells the subscribers of a channel `user` may see (but `user`) that they started or stopped typing in `topic`. */
export async function channelTyping(
  tx: Sql,
  emit: Emit,
  user: User,
  op: 'start' | 'stop',
  place: { readonly streamId: number; readonly topic: string },
): Promise<void> {
  const channel = await accessibleChannel(tx, place.streamId, user)
  const subscribers = await receivers(
    tx,
    'SELECT s.user_id AS id FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE s.stream_id = ? AND u.is_active = 1',
    channel.id,
  )
  if (subscribers.length > MAX_CHANNEL_SUBSCRIBERS_FOR_TYPING) return
  // (The sender's own clients are not told of their typing in a channel.)
  emit(
    subscribers.filter((id) => id !== user.id),
    { type: 'typing', op, message_type: 'stream', sender: senderOf(user), stream_id: channel.id, topic: place.topic },
  )
}

/** Tells the people `to` of a direct conversation (active, the sender among them) that `user` started or stopped typing. */
export async function directTyping(tx: Sql, emit: Emit, user: User, op: 'start' | 'stop', to: readonly number[]): Promise<void> {
  const people = await tx.all<{ id: number; email: string }>(
    'SELECT id, email FROM users WHERE is_active = 1 AND id IN (SELECT value FROM json_each(?)) ORDER BY id',
    JSON.stringify(to),
  )
  if (people.length !== to.length) throw badRequest('Invalid user ID')
  const listening = await receivers(tx, 'SELECT id FROM users WHERE id IN (SELECT value FROM json_each(?))', JSON.stringify(to))
  // message_type `direct` (feature level 215; `private` before).
  emit(listening, { type: 'typing', op, message_type: 'direct', sender: senderOf(user), recipients: people.map((p) => ({ user_id: p.id, email: p.email })) })
}

/** Of the users `sql` selects, those who receive typing notifications (the setting's default is true). */
async function receivers(db: Sql, sql: string, ...args: Array<string | number>): Promise<number[]> {
  const ids = (await db.all<{ id: number }>(sql, ...args)).map((r) => Number(r.id))
  const off = new Set(
    (await db.all<{ user_id: number }>("SELECT user_id FROM user_settings WHERE name = 'receives_typing_notifications' AND value = 'false'")).map((r) =>
      Number(r.user_id),
    ),
  )
  return ids.filter((id) => !off.has(id))
}

/**
 * The people of a direct conversation, the sender included: `to` as a JSON list of user ids or emails,
 * or one id or email plain (zulip-js sends a one-person list so).
 */
export async function typingRecipients(db: Sql, raw: string, user: User): Promise<number[]> {
  let list: unknown
  try {
    list = JSON.parse(raw)
  } catch {
    list = raw
  }
  if (!Array.isArray(list)) list = [list]
  const items = list as unknown[]
  if (items.length === 0 || items.length > MAX_TYPING_RECIPIENTS) throw invalid('to', `expected 1 to ${MAX_TYPING_RECIPIENTS} recipients`)
  const ids = new Set<number>([user.id])
  for (const item of items) {
    if (Number.isSafeInteger(item)) ids.add(item as number)
    else if (typeof item === 'string' && item.includes('@')) {
      const row = await db.get<{ id: number }>('SELECT id FROM users WHERE email = ? AND is_active = 1', item)
      if (row === undefined) throw badRequest('Invalid user ID')
      ids.add(Number(row.id))
    } else throw invalid('to', 'expected user ids or emails')
  }
  return [...ids].sort((a, b) => a - b)
}
