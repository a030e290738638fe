// The service's own bot, Notification Bot (the reference server's system bot of that name), which posts the
// notices of moved topics: made the first time it speaks, and kept out of the organization's user lists.

import type { Sql } from '../store/store.js'
import { hashApiKey, newApiKey } from './secrets.js'
import { userById, type User } from './users.js'

export const NOTIFICATION_BOT = { email: 'notification-bot@zulip.com', full_name: 'Notification Bot' } as const

/**
 * The Notification Bot, made in `tx` (a write transaction, so two processes never both make it) if it is not
 * there yet: a bot with `is_system_bot` set (migration 13) and an API key nobody knows.
 */
export async function notificationBot(tx: Sql, now: number): Promise<User> {
  let row = await tx.get<{ id: number }>('SELECT id FROM users WHERE email = ?', NOTIFICATION_BOT.email)
  row ??= await tx.get<{ id: number }>(
    "INSERT INTO users (email, full_name, role, is_active, is_bot, api_key_hash, date_joined, is_system_bot) VALUES (?, ?, 'member', 1, 1, ?, ?, 1) RETURNING id",
    NOTIFICATION_BOT.email,
    NOTIFICATION_BOT.full_name,
    hashApiKey(newApiKey()),
    now,
  )
  return (await userById(tx, Number(row!.id)))!
}
