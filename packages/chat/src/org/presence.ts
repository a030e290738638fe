// Presence: when each user was last active and last connected, in the reference API's two formats (by user id, and the older one by email).

import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import { activeUserIds, type User } from './users.js'

/** A user whose clients last reported more than this many seconds ago is offline (the reference API's threshold). */
export const OFFLINE_THRESHOLD_SECS = 140
/** Presence older than this many days is not listed (the reference API's presence_history_limit_days default). */
export const PRESENCE_HISTORY_DAYS = 14

export interface PresenceRow {
  readonly user_id: number
  readonly email: string
  readonly active_timestamp: number | null
  readonly idle_timestamp: number | null
  readonly update_id: number
}

/** The presence of every active user heard from since `since` (UNIX seconds) and after `afterUpdateId`. */
export async function presenceRows(db: Sql, since: number, afterUpdateId = -1): Promise<PresenceRow[]> {
  const rows = await db.all<PresenceRow>(
    'SELECT p.user_id, u.email, p.active_timestamp, p.idle_timestamp, p.update_id FROM presence p JOIN users u ON u.id = p.user_id WHERE u.is_active = 1 AND coalesce(p.idle_timestamp, p.active_timestamp) >= ? AND p.update_id > ? ORDER BY p.user_id',
    since,
    afterUpdateId,
  )
  return rows.map((r) => ({
    ...r,
    user_id: Number(r.user_id),
    active_timestamp: nullableNumber(r.active_timestamp),
    idle_timestamp: nullableNumber(r.idle_timestamp),
    update_id: Number(r.update_id),
  }))
}

export async function presenceOf(db: Sql, userId: number): Promise<PresenceRow | undefined> {
  return (
    await db.all<PresenceRow>(
      'SELECT p.user_id, u.email, p.active_timestamp, p.idle_timestamp, p.update_id FROM presence p JOIN users u ON u.id = p.user_id WHERE p.user_id = ?',
      userId,
    )
  ).map((r) => ({
    ...r,
    user_id: Number(r.user_id),
    active_timestamp: nullableNumber(r.active_timestamp),
    idle_timestamp: nullableNumber(r.idle_timestamp),
    update_id: Number(r.update_id),
  }))[0]
}

const nullableNumber = (value: number | null): number | null => (value === null ? null : Number(value))

/** The modern format (feature level 263, `slim_presence`): `{active_timestamp, idle_timestamp}`. */
export function modernPresence(row: PresenceRow): Record<string, unknown> {
  return { active_timestamp: row.active_timestamp ?? 0, idle_timestamp: row.idle_timestamp ?? row.active_timestamp ?? 0 }
}

/**
 * The older format, per client: `active` when the user was active within the offline threshold of their
 * last report, else `idle`; `timestamp` the last report. This service knows one client per user (`website`).
 */
export function legacyPresence(row: PresenceRow): Record<string, unknown> {
  const timestamp = Math.max(row.active_timestamp ?? 0, row.idle_timestamp ?? 0)
  const status = row.active_timestamp !== null && timestamp - row.active_timestamp < OFFLINE_THRESHOLD_SECS ? 'active' : 'idle'
  return { website: { client: 'website', status, timestamp, pushable: false }, aggregated: { client: 'website', status, timestamp } }
}

/**
 * Records that `user`'s clients report `status` at `now`, in `tx` (a write transaction; each report takes the
 * next update id). Others hear of it when what they would show changes: the user comes online, or turns active
 * or idle.
 */
export async function reportPresence(tx: Sql, emit: Emit, user: User, status: 'active' | 'idle', now: number): Promise<void> {
  const before = await presenceOf(tx, user.id)
  const next = (await tx.get<{ id: number }>('SELECT coalesce(max(update_id), 0) + 1 AS id FROM presence'))!.id
  const active = status === 'active' ? now : (before?.active_timestamp ?? null)
  await tx.run(
    'INSERT INTO presence (user_id, active_timestamp, idle_timestamp, update_id) VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET active_timestamp = excluded.active_timestamp, idle_timestamp = excluded.idle_timestamp, update_id = excluded.update_id',
    user.id,
    active,
    now,
    Number(next),
  )
  if (before === undefined || visibleStatus(before, now) !== status) {
    emit(
      (await activeUserIds(tx)).filter((id) => id !== user.id),
      {
        type: 'presence',
        user_id: user.id,
        email: user.email,
        server_timestamp: now,
        presence: { website: { client: 'website', status, timestamp: now, pushable: false } },
      },
    )
  }
}

/** What other users see of `row` at `now`: offline past the threshold, else its status. */
function visibleStatus(row: PresenceRow, now: number): 'active' | 'idle' | 'offline' {
  const last = Math.max(row.active_timestamp ?? 0, row.idle_timestamp ?? 0)
  if (now - last >= OFFLINE_THRESHOLD_SECS) return 'offline'
  return row.active_timestamp !== null && now - row.active_timestamp < OFFLINE_THRESHOLD_SECS ? 'active' : 'idle'
}
