// A bot's (or any user's) own string key-value store (GET, PUT and DELETE /bot_storage), as the bot framework's
// StateHandler uses it: bounded in size, read and written by its owner only.

import { badRequest } from '../common/chat-error.js'
import type { Sql } from '../store/store.js'

/**
 * Most characters one user's storage holds, keys and values together (the reference server's
 * USER_STATE_SIZE_LIMIT): a bot that keeps writing new keys is refused rather than filling the database.
 */
export const BOT_STORAGE_LIMIT = 10_000_000

/** `userId`'s entries, all of them or those of `keys` (each must exist). */
export async function readBotStorage(db: Sql, userId: number, keys: readonly string[] | undefined): Promise<Record<string, string>> {
  const rows = await db.all<{ key: string; value: string }>('SELECT key, value FROM bot_storage WHERE user_id = ? ORDER BY key', userId)
  const stored = new Map(rows.map((r) => [r.key, r.value]))
  if (keys === undefined) return Object.fromEntries(stored)
  const storage: Record<string, string> = {}
  for (const key of keys) {
    const value = stored.get(key)
    if (value === undefined) throw badRequest('Key does not exist.')
    storage[key] = value
  }
  return storage
}

/** Writes `entries` into `userId`'s storage, in `tx` (a write transaction), if the whole stays within the limit. */
export async function writeBotStorage(tx: Sql, userId: number, entries: ReadonlyArray<readonly [string, string]>): Promise<void> {
  // The size after the change, counted in the transaction that makes it (so two writers cannot both pass).
  const current = await tx.all<{ key: string; size: number }>('SELECT key, length(key) + length(value) AS size FROM bot_storage WHERE user_id = ?', userId)
  const sizes = new Map(current.map((r) => [r.key, Number(r.size)]))
  for (const [key, value] of entries) sizes.set(key, key.length + value.length)
  let total = 0
  for (const size of sizes.values()) total += size
  if (total > BOT_STORAGE_LIMIT)
    throw badRequest(`Request exceeds storage limit by ${total - BOT_STORAGE_LIMIT} characters. The limit is ${BOT_STORAGE_LIMIT} characters.`)
  for (const [key, value] of entries) {
    await tx.run(
      'INSERT INTO bot_storage (user_id, key, value) VALUES (?, ?, ?) ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value',
      userId,
      key,
      value,
    )
  }
}

/** Deletes `keys` (each must exist) or, without keys, all of `userId`'s storage. */
export async function deleteBotStorage(tx: Sql, userId: number, keys: readonly string[] | undefined): Promise<void> {
  if (keys === undefined) return void (await tx.run('DELETE FROM bot_storage WHERE user_id = ?', userId))
  for (const key of new Set(keys)) {
    const { changes } = await tx.run('DELETE FROM bot_storage WHERE user_id = ? AND key = ?', userId, key)
    if (changes === 0) throw badRequest('Key does not exist.') // (rolls back the keys deleted before it)
  }
}
