// Message flags: each recipient's own state of a message (read, starred, mentioned …), kept as bits in
// `user_messages.flags`, one row per recipient and message.

import type { Sql } from '../store/store.js'

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
