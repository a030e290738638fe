// Bot keys, push tokens, allowed domains and export consents (scheduled messages and reminders: scheduled.ts).

import { ok, type ChatRouter, type ChatServices } from './context.js'
import { badRequest } from '../common/chat-error.js'
import { invalid } from '../common/params.js'
import { pathId } from '../common/path-ids.js'
import { newApiKey } from '../org/secrets.js'
import { activeUserIds, regenerateBotKey, requireAdministrator, requireOwner } from '../org/users.js'

/** Longest push token a device may hand in; chat-api.md §4.11 leaves the bound to the service. */
export const MAX_PUSH_TOKEN_LENGTH = 4096

/** The email address visibility an account has before it says otherwise: 1, everyone. */
const DEFAULT_EMAIL_VISIBILITY = 1

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
      await changes.write(async (_emit, db) => {
        const removed = await db.run('DELETE FROM push_tokens WHERE user_id = ? AND kind = ? AND token = ?', caller.id, kind, token)
        if (removed.changes === 0) throw badRequest('Token does not exist')
      })
      ok(ctx)
    })
  }

  router.delete('/api/v1/realm/domains/:domain', async (ctx) => {
    requireOwner(ctx.state.user)
    const decoded = decodeSegment(ctx.path.slice('/api/v1/realm/domains/'.length))
    // No domain holds a NUL byte or a control character; checked before trimming, which would hide some.
    if (/\p{Cc}/u.test(decoded)) throw invalid('domain')
    const domain = decoded.trim().toLowerCase()
    await changes.write(async (emit, db) => {
      const removed = await db.run('DELETE FROM allowed_domains WHERE domain = ?', domain)
      if (removed.changes === 0) throw badRequest(`No entry found for domain ${domain.slice(0, 255)}.`)
      emit(await activeUserIds(db), { type: 'realm_domains', op: 'remove', domain })
    })
    ok(ctx)
  })

  router.get('/api/v1/export/realm/consents', async (ctx) => {
    requireAdministrator(ctx.state.user)
    // Every active person: those who never answered have not consented.
    const rows = (await db.all(`SELECT u.id AS user_id, c.consented, c.email_address_visibility FROM users u
         LEFT JOIN export_consents c ON c.user_id = u.id WHERE u.is_active = 1 AND u.is_bot = 0 ORDER BY u.id`)) as Array<{
      user_id: number
      consented: number | null
      email_address_visibility: number | null
    }>
    ok(ctx, {
      export_consents: rows.map((r) => ({
        user_id: r.user_id,
        consented: r.consented === 1,
        email_address_visibility: r.email_address_visibility ?? DEFAULT_EMAIL_VISIBILITY,
      })),
    })
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
