// Presence: when each user was last active and last connected, in the reference API's two formats (by user id, and the older one by email).

import type { Sql } from '../store/store.js'

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
