// GET, PUT and DELETE /bot_storage: a bot's (or any user's) own string key-value store, as the bot framework's StateHandler uses it.

import { ok, type ChatRouter, type ChatServices } from './context.js'
import { invalid, is } from '../common/params.js'
import { deleteBotStorage, readBotStorage, writeBotStorage } from '../org/bot-storage.js'

export function addBotStorageRoutes(router: ChatRouter, services: ChatServices): void {
  router.get('/api/v1/bot_storage', async (ctx) => {
    const keys = ctx.state.params.json('keys', is.stringArray)
    ok(ctx, { storage: await readBotStorage(services.db, ctx.state.user.id, keys) })
  })

  router.put('/api/v1/bot_storage', async (ctx) => {
    const entries = ctx.state.params.json('storage', stringMap, { required: true })
    await services.changes.write((_emit, tx) => writeBotStorage(tx, ctx.state.user.id, entries))
    ok(ctx)
  })

  router.delete('/api/v1/bot_storage', async (ctx) => {
    const keys = ctx.state.params.json('keys', is.stringArray)
    await services.changes.write((_emit, tx) => deleteBotStorage(tx, ctx.state.user.id, keys))
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
