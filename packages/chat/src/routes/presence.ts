// POST /users/me/presence, GET /users/{id or email}/presence and GET /realm/presence, with `presence` events when a user's status changes.

import { badRequest } from '../common/chat-error.js'
import { ok, type ChatRouter, type ChatServices } from './context.js'
import { userByPath } from '../org/users.js'
import { legacyPresence, modernPresence, presenceOf, presenceRows, PRESENCE_HISTORY_DAYS, reportPresence } from '../org/presence.js'

export function addPresenceRoutes(router: ChatRouter, services: ChatServices): void {
  const { db } = services

  router.post('/api/v1/users/me/presence', async (ctx) => {
    const { params, user } = ctx.state
    const status = params.string('status', { required: true })
    if (status !== 'active' && status !== 'idle') throw badRequest(`Invalid status: ${status.slice(0, 100)}`)
    const pingOnly = params.bool('ping_only') ?? false
    params.bool('new_user_input')
    const slim = params.bool('slim_presence') ?? false
    const lastUpdateId = params.int('last_update_id', { min: -1 })
    const historyDays = params.int('history_limit_days', { min: 0, max: 365 }) ?? PRESENCE_HISTORY_DAYS
    const now = Math.floor(services.now())
    await services.changes.write((emit, tx) => reportPresence(tx, emit, user, status, now))
    if (pingOnly) return ok(ctx)
    const modern = slim || lastUpdateId !== undefined
    const rows = await presenceRows(db, now - historyDays * 86_400, lastUpdateId ?? -1)
    ok(ctx, {
      presences: Object.fromEntries(rows.map((r) => (modern ? [String(r.user_id), modernPresence(r)] : [r.email, legacyPresence(r)]))),
      server_timestamp: services.now(),
      ...(lastUpdateId !== undefined && { presence_last_update_id: rows.reduce((max, r) => Math.max(max, r.update_id), lastUpdateId) }),
    })
  })

  router.get('/api/v1/users/:user/presence', async (ctx) => {
    const target = await userByPath(db, ctx.params.user ?? '')
    if (target === undefined) throw badRequest('No such user')
    if (target.is_bot) throw badRequest('Presence is not supported for bot users.')
    const row = await presenceOf(db, target.id)
    if (row === undefined || !target.is_active) throw badRequest(`No presence data for ${target.email}`)
    ok(ctx, { presence: legacyPresence(row) })
  })

  router.get('/api/v1/realm/presence', async (ctx) => {
    const slim = ctx.state.params.bool('slim_presence') ?? false
    const now = Math.floor(services.now())
    const rows = await presenceRows(db, now - PRESENCE_HISTORY_DAYS * 86_400)
    ok(ctx, {
      presences: Object.fromEntries(rows.map((r) => (slim ? [String(r.user_id), modernPresence(r)] : [r.email, legacyPresence(r)]))),
      server_timestamp: services.now(),
    })
  })
}
