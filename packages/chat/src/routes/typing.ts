// POST /typing: typing notifications for a direct conversation or a channel topic, as `typing` events.

import { badRequest } from '../common/chat-error.js'
import { ok, type ChatRouter, type ChatServices } from './context.js'
import { invalid, type Params } from '../common/params.js'
import { canAccessChannel, channelById } from '../org/channels.js'
import { realmSettings } from '../org/realm.js'
import type { User } from '../org/users.js'
import type { Sql } from '../store/store.js'

/**
 * A channel with more subscribers than this gets no typing events (the reference server's default):
 * one keystroke would otherwise write an event into every queue of a large channel.
 */
export const MAX_CHANNEL_SUBSCRIBERS_FOR_TYPING = 100
/** Most people a direct typing notification may name. */
const MAX_TYPING_RECIPIENTS = 100

export function addTypingRoutes(router: ChatRouter, services: ChatServices): void {
  router.post('/api/v1/typing', async (ctx) => {
    const { params, user } = ctx.state
    const op = params.string('op', { required: true })
    if (op !== 'start' && op !== 'stop') throw invalid('op')
    const type = params.string('type') ?? 'direct'
    const sender = { user_id: user.id, email: user.email }
    if (type === 'stream' || type === 'channel') {
      const streamId = params.int('stream_id', { required: true, min: 1 })
      const topic = params.string('topic', { required: true }).trim()
      if ([...topic].length > (await realmSettings(services.db)).max_topic_length) throw invalid('topic')
      await services.changes.write(
        async (emit, tx) => {
          const channel = await channelById(tx, streamId)
          if (channel === undefined || !(await canAccessChannel(tx, channel, user))) throw badRequest('Invalid channel ID')
          const subscribers = await receivers(
            tx,
            'SELECT s.user_id AS id FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE s.stream_id = ? AND u.is_active = 1',
            channel.id,
          )
          if (subscribers.length > MAX_CHANNEL_SUBSCRIBERS_FOR_TYPING) return
          // (The sender's own clients are not told of their typing in a channel.)
          emit(
            subscribers.filter((id) => id !== user.id),
            { type: 'typing', op, message_type: 'stream', sender, stream_id: channel.id, topic },
          )
        },
        { shared: true },
      )
    } else if (type === 'direct' || type === 'private') {
      const to = await directRecipients(services.db, params, user)
      await services.changes.write(
        async (emit, tx) => {
          const people = await tx.all<{ id: number; email: string }>(
            'SELECT id, email FROM users WHERE is_active = 1 AND id IN (SELECT value FROM json_each(?)) ORDER BY id',
            JSON.stringify(to),
          )
          if (people.length !== to.length) throw badRequest('Invalid user ID')
          const listening = await receivers(tx, 'SELECT id FROM users WHERE id IN (SELECT value FROM json_each(?))', JSON.stringify(to))
          // message_type `direct` (feature level 215; `private` before).
          emit(listening, { type: 'typing', op, message_type: 'direct', sender, recipients: people.map((p) => ({ user_id: p.id, email: p.email })) })
        },
        { shared: true },
      )
    } else {
      throw invalid('type')
    }
    ok(ctx)
  })
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
async function directRecipients(db: Sql, params: Params, user: User): Promise<number[]> {
  const raw = params.string('to', { required: true, maxLength: 100_000 })
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
