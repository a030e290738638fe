// GET, PUT and DELETE /bot_storage: a bot's (or any user's) own string key-value store, as the bot framework's StateHandler uses it.

import { badRequest } from '../common/chat-error.js'
import { ok, type ChatRouter, type ChatServices } from './context.js'
import { invalid, is } from '../common/params.js'

/**
 * Most characters one user's storage holds, keys and values together (the reference server's
 * USER_STATE_SIZE_LIMIT): a bot that keeps writing new keys is refused rather than filling the database.
 */
export const BOT_STORAGE_LIMIT = 10_000_000

export function addBotStorageRoutes(router: ChatRouter, services: ChatServices): void {
  const { db } = services

  router.get('/api/v1/bot_storage', async (ctx) => {
    const { params, user } = ctx.state
    const keys = params.json('keys', is.stringArray)
    const rows = await db.all<{ key: string; value: string }>('SELECT key, value FROM bot_storage WHERE user_id = ? ORDER BY key', user.id)
    const stored = new Map(rows.map((r) => [r.key, r.value]))
    if (keys === undefined) return ok(ctx, { storage: Object.fromEntries(stored) })
    const storage: Record<string, string> = {}
    for (const key of keys) {
      const value = stored.get(key)
      if (value === undefined) throw badRequest('Key does not exist.')
      storage[key] = value
    }
    ok(ctx, { storage })
  })

  router.put('/api/v1/bot_storage', async (ctx) => {
    const { params, user } = ctx.state
    const entries = params.json('storage', stringMap, { required: true })
    await services.changes.write(async (_emit, tx) => {
      // The size after the change, counted in the transaction that makes it (so two writers cannot both pass).
      const current = await tx.all<{ key: string; size: number }>('SELECT key, length(key) + length(value) AS size FROM bot_storage WHERE user_id = ?', user.id)
      const sizes = new Map(current.map((r) => [r.key, Number(r.size)]))
      for (const [key, value] of entries) sizes.set(key, key.length + value.length)
      let total = 0
      for (const size of sizes.values()) total += size
      if (total > BOT_STORAGE_LIMIT)
        throw badRequest(`Request exceeds storage limit by ${total - BOT_STORAGE_LIMIT} characters. The limit is ${BOT_STORAGE_LIMIT} characters.`)
      for (const [key, value] of entries) {
        await tx.run(
          'INSERT INTO bot_storage (user_id, key, value) VALUES (?, ?, ?) ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value',
          user.id,
          key,
          value,
        )
      }
    })
    ok(ctx)
  })

  router.delete('/api/v1/bot_storage', async (ctx) => {
    const { params, user } = ctx.state
    const keys = params.json('keys', is.stringArray)
    await services.changes.write(async (_emit, tx) => {
      if (keys === undefined) return void (await tx.run('DELETE FROM bot_storage WHERE user_id = ?', user.id))
      for (const key of new Set(keys)) {
        const { changes } = await tx.run('DELETE FROM bot_storage WHERE user_id = ? AND key = ?', user.id, key)
        if (changes === 0) throw badRequest('Key does not exist.') // (rolls back the keys deleted before it)
      }
    })
    ok(ctx)
  })
}

/** `storage`: a JSON object of strings to strings (the bot framework stores its values JSON-encoded). */
function stringMap(value: unknown, name: string): Array<[string, string]> {
  const object = is.object(value, name)
  const entries = Object.entries(object)
  for (const [key, v] of entries) {
    if (typeof v !== 'string') throw invalid(`${name}[${JSON.stringify(key.slice(0, 100))}]`, 'expected a string')
    if (key.includes('\0') || v.includes('\0')) throw invalid(name, 'it contains a null byte')
  }
  return entries as Array<[string, string]>
}
