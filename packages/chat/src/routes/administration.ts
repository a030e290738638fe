// Bot keys, push tokens, allowed domains and export consents (scheduled messages and reminders: scheduled.ts).

import { ok, type ChatRouter, type ChatServices } from './context.js'
import { badRequest } from '../common/chat-error.js'
import { invalid } from '../common/params.js'
import { pathId } from '../common/path-ids.js'
import { newApiKey } from '../org/secrets.js'
import { exportConsents, removeAllowedDomain } from '../org/realm.js'
import { regenerateBotKey, removePushToken, requireAdministrator, requireOwner } from '../org/users.js'

/** Longest push token a device may hand in; chat-api.md §4.11 leaves the bound to the service. */
export const MAX_PUSH_TOKEN_LENGTH = 4096

export function addAdministrationRoutes(router: ChatRouter, services: ChatServices): void {
  const { db, changes } = services

  router.post('/api/v1/bots/:bot_id/api_key/regenerate', async (ctx) => {
    // A malformed id names no bot: the spec's answer for an invalid bot id (chat-api.md §7).
    const id = pathId(ctx.params.bot_id, () => badRequest('No such bot'))
    const apiKey = newApiKey()
    await changes.write((emit, tx) => regenerateBotKey(tx, emit, ctx.state.user, id, apiKey))
    ok(ctx, { api_key: apiKey })
  })

  for (const [path, kind] of [
    ['/api/v1/users/me/android_push_reg_id', 'android'],
    ['/api/v1/users/me/ios_push_device_token', 'ios'],
  ] as const) {
    router.delete(path, async (ctx) => {
      const caller = ctx.state.user
      if (caller.is_bot) throw badRequest('This endpoint does not accept bot requests.')
      const token = ctx.state.params.string('token', { required: true })
      if (token === '' || token.length > MAX_PUSH_TOKEN_LENGTH) throw badRequest('Empty or invalid length token')
      await changes.write((_emit, tx) => removePushToken(tx, caller.id, kind, token))
      ok(ctx)
    })
  }

  router.delete('/api/v1/realm/domains/:domain', async (ctx) => {
    requireOwner(ctx.state.user)
    const decoded = decodeSegment(ctx.path.slice('/api/v1/realm/domains/'.length))
    // No domain holds a NUL byte or a control character; checked before trimming, which would hide some.
    if (/\p{Cc}/u.test(decoded)) throw invalid('domain')
    const domain = decoded.trim().toLowerCase()
    await changes.write((emit, tx) => removeAllowedDomain(tx, emit, domain))
    ok(ctx)
  })

  router.get('/api/v1/export/realm/consents', async (ctx) => {
    requireAdministrator(ctx.state.user)
    ok(ctx, { export_consents: await exportConsents(db) })
  })
}

function decodeSegment(raw: string): string {
  if (raw.length > 1024) throw invalid('domain', 'too long')
  try {
    return decodeURIComponent(raw)
  } catch {
    throw invalid('domain', 'not valid percent-encoded UTF-8')
  }
}
