// Message flags: each recipient's own state of a message (read, starred, mentioned …), kept as bits in
// `user_messages.flags`, one row per recipient and message; changing one's own (POST /messages/flags, the
// mark-as-read endpoints), each change told to one's queues.

import { accessibleChannel } from '../org/channels.js'
import type { User } from '../org/users.js'
import type { Emit } from '../store/changes.js'
import type { Sql, SqlValue } from '../store/store.js'

/** The bit of each flag. `wildcard_mentioned` is set with either wildcard flag (feature level 224 kept it for older clients). */
export const FLAG_BITS = {
  read: 1,
  starred: 2,
  mentioned: 4,
  wildcard_mentioned: 8,
  has_alert_word: 16,
  stream_wildcard_mentioned: 32,
  topic_wildcard_mentioned: 64,
} as const

export type MessageFlag = keyof typeof FLAG_BITS

/** The flags a user may set and clear (POST /messages/flags); the others follow from the message. */
export const EDITABLE_FLAGS: ReadonlySet<string> = new Set(['read', 'starred'])

const NAMES = Object.keys(FLAG_BITS) as MessageFlag[]

export function isFlag(name: string): name is MessageFlag {
  return Object.hasOwn(FLAG_BITS, name)
}

/** The names of the flags in `bits`, in a fixed order. */
export function flagNames(bits: number): string[] {
  return NAMES.filter((name) => (bits & FLAG_BITS[name]) !== 0)
}

export function flagBits(names: Iterable<string>): number {
  let bits = 0
  for (const name of names) if (isFlag(name)) bits |= FLAG_BITS[name]
  return bits
}

/**
 * Gives every message without recipients' rows its rows: those subscribed to its channel when it was sent
 * (a row makes a message visible, so no row for history older than a subscription), the people of a direct
 * message, and the sender (read).
 */
export async function backfillUserMessages(tx: Sql): Promise<void> {
  await tx.run(BACKFILL[tx.dialect])
}

const BACKFILL = {
  sqlite: `INSERT INTO user_messages (user_id, message_id, flags)
    SELECT s.user_id, m.id, CASE WHEN s.user_id = m.sender_id THEN 1 ELSE 0 END FROM messages m JOIN subscriptions s ON s.stream_id = m.stream_id
      WHERE m.type = 'stream' AND m.timestamp >= s.subscribed_at AND NOT EXISTS (SELECT 1 FROM user_messages u WHERE u.message_id = m.id)
    UNION SELECT r.value, m.id, CASE WHEN r.value = m.sender_id THEN 1 ELSE 0 END FROM messages m, json_each(m.recipients) r
      WHERE m.type = 'private' AND NOT EXISTS (SELECT 1 FROM user_messages u WHERE u.message_id = m.id)
    UNION SELECT m.sender_id, m.id, 1 FROM messages m WHERE NOT EXISTS (SELECT 1 FROM user_messages u WHERE u.message_id = m.id)
    ON CONFLICT DO NOTHING`,
  postgres: `INSERT INTO user_messages (user_id, message_id, flags)
    SELECT s.user_id, m.id, CASE WHEN s.user_id = m.sender_id THEN 1 ELSE 0 END FROM messages m JOIN subscriptions s ON s.stream_id = m.stream_id
      WHERE m.type = 'stream' AND m.timestamp >= s.subscribed_at AND NOT EXISTS (SELECT 1 FROM user_messages u WHERE u.message_id = m.id)
    UNION SELECT r.value::bigint, m.id, CASE WHEN r.value::bigint = m.sender_id THEN 1 ELSE 0 END FROM messages m, json_array_elements_text(m.recipients::json) r
      WHERE m.type = 'private' AND NOT EXISTS (SELECT 1 FROM user_messages u WHERE u.message_id = m.id)
    UNION SELECT m.sender_id, m.id, 1 FROM messages m WHERE NOT EXISTS (SELECT 1 FROM user_messages u WHERE u.message_id = m.id)
    ON CONFLICT DO NOTHING`,
} as const

/**
 * Sets or clears `flag` on the caller's rows that `which` selects (only messages they received have
 * flags), and tells their queues in an update_message_flags event (Zulip's format, with `all` for
 * mark_all_as_read, and `message_details` when messages become unread). Returns the ids changed.
 */
async function changeFlags(
  db: Sql,
  emit: Emit,
  userId: number,
  op: 'add' | 'remove',
  flag: string,
  which: string,
  whichParams: readonly SqlValue[],
  all: boolean,
): Promise<number[]> {
  const bit = FLAG_BITS[flag as keyof typeof FLAG_BITS]
  const rows =
    op === 'add'
      ? await db.all<{ id: number }>(
          `UPDATE user_messages SET flags = flags | ? WHERE user_id = ? AND (flags & ?) = 0 AND ${which} RETURNING message_id AS id`,
          bit,
          userId,
          bit,
          ...whichParams,
        )
      : await db.all<{ id: number }>(
          `UPDATE user_messages SET flags = flags & ? WHERE user_id = ? AND (flags & ?) != 0 AND ${which} RETURNING message_id AS id`,
          ~bit,
          userId,
          bit,
          ...whichParams,
        )
  const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b)
  const event: Record<string, unknown> = { type: 'update_message_flags', op, operation: op, flag, messages: all ? [] : ids, all }
  if (op === 'remove' && flag === 'read' && ids.length > 0) event.message_details = await unreadDetails(db, userId, ids)
  emit([userId], event)
  return ids
}

/** What a client needs to count a message that became unread again (the reference API's message_details). */
async function unreadDetails(db: Sql, userId: number, ids: readonly number[]): Promise<Record<string, unknown>> {
  const rows = await db.all<{ id: number; type: string; stream_id: number | null; topic: string; recipients: string; flags: number }>(
    'SELECT m.id, m.type, m.stream_id, m.topic, m.recipients, um.flags FROM messages m JOIN user_messages um ON um.message_id = m.id AND um.user_id = ? WHERE m.id IN (SELECT value FROM json_each(?))',
    userId,
    JSON.stringify(ids),
  )
  const mentionBits = FLAG_BITS.mentioned | FLAG_BITS.wildcard_mentioned
  return Object.fromEntries(
    rows.map((m) => [
      m.id,
      m.type === 'stream'
        ? {
            type: 'stream',
            stream_id: Number(m.stream_id),
            topic: m.topic,
            unmuted_stream_msg: true,
            ...((m.flags & mentionBits) !== 0 && { mentioned: true }),
          }
        : {
            type: 'private',
            user_ids: (JSON.parse(m.recipients) as number[]).filter((id) => id !== userId),
            ...((m.flags & mentionBits) !== 0 && { mentioned: true }),
          },
    ]),
  )
}

/** Sets (`add`) or clears (`remove`) `flag` on the messages `ids` that `userId` received; answers the ids changed. */
export function changeMessageFlags(
  db: Sql,
  emit: Emit,
  userId: number,
  change: { readonly op: 'add' | 'remove'; readonly flag: MessageFlag; readonly ids: readonly number[] },
): Promise<number[]> {
  return changeFlags(db, emit, userId, change.op, change.flag, 'message_id IN (SELECT value FROM json_each(?))', [JSON.stringify(change.ids)], false)
}

/** Marks every message `userId` received as read (the event says `all`). */
export async function markAllRead(db: Sql, emit: Emit, userId: number): Promise<void> {
  await changeFlags(db, emit, userId, 'add', 'read', 'true', [], true)
}

/**
 * Marks as read, for `user`, the messages they received of a channel they may use (`stream_id`), or of one
 * topic of it (compared without case, as given but trimmed).
 */
export async function markChannelRead(db: Sql, emit: Emit, user: User, streamId: number, topic?: string): Promise<void> {
  await accessibleChannel(db, streamId, user)
  if (topic === undefined) {
    await changeFlags(db, emit, user.id, 'add', 'read', 'message_id IN (SELECT id FROM messages WHERE stream_id = ?)', [streamId], false)
  } else {
    const which = 'message_id IN (SELECT id FROM messages WHERE stream_id = ? AND lower(topic) = lower(?))'
    await changeFlags(db, emit, user.id, 'add', 'read', which, [streamId, topic.trim()], false)
  }
}
