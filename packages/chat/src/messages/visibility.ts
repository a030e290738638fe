// Which messages a user may see: those they received (a row in user_messages), and those of channels whose
// whole history is open to them (public history, and a public channel for a non-guest or one they are in).

import type { User } from '../org/users.js'
import type { Sql } from '../store/store.js'
import { MESSAGE_COLUMNS, type MessageRow } from './describe.js'
import type { MessageFilter } from './narrow.js'

/** The SQL condition (on `m`, `um`) of a visible message; its parameters: the user's role, then id. */
export const VISIBLE = `(um.user_id IS NOT NULL OR (m.type = 'stream' AND m.stream_id IN (SELECT c.id FROM channels c WHERE c.history_public_to_subscribers = 1
  AND ((c.invite_only = 0 AND ? != 'guest') OR EXISTS (SELECT 1 FROM subscriptions s WHERE s.stream_id = c.id AND s.user_id = ?)))))`

export type VisibleRow = MessageRow & { readonly user_flags: number | null }

/** The messages of `ids` that `user` may see (and that `filter` keeps), by id; the others are left out. */
export async function visibleMessages(db: Sql, user: User, ids: readonly number[], filter?: MessageFilter): Promise<VisibleRow[]> {
  if (ids.length === 0) return []
  const where = ['m.id IN (SELECT value FROM json_each(?))', VISIBLE, ...(filter?.where ?? []).map((c) => c.replaceAll('{id}', 'm.id'))].join(' AND ')
  return db.all<VisibleRow>(
    `SELECT ${MESSAGE_COLUMNS}, um.flags AS user_flags FROM messages m LEFT JOIN user_messages um ON um.message_id = m.id AND um.user_id = ? WHERE ${where} ORDER BY m.id`,
    user.id,
    JSON.stringify(ids),
    user.role,
    user.id,
    ...(filter?.params ?? []),
  )
}
