// GET /users, GET /users/{id} and GET /users/{email}: the organization's people and bots (POST /users: refused).

import { badRequest } from '../common/chat-error.js'
import { ok, type ChatRouter, type ChatServices } from './context.js'
import { is, type Params } from '../common/params.js'
import { allUsers, describeUser, requireAdministrator, userByPath, type User } from '../org/users.js'

export function addUserRoutes(router: ChatRouter, services: ChatServices): void {
  const { db } = services

  router.get('/api/v1/users', async (ctx) => {
    const { params } = ctx.state
    const profile = readOptions(params)
    const ids = params.json('user_ids', is.intArray)
    const wanted = ids === undefined ? undefined : new Set(ids)
    const members = (await allUsers(db)).filter((u) => wanted === undefined || wanted.has(u.id)).map((u) => describe(u, profile))
    ok(ctx, { members })
  })

  // Creating users needs, in the reference API, an administrator who also holds the server-level
  // can_create_users permission; no user holds it here, so administrators are refused too.
  router.post('/api/v1/users', (ctx) => {
    requireAdministrator(ctx.state.user)
    throw badRequest('User not authorized to create users')
  })

  // /users/me is GET /users/me (routes/server.ts, added first); a path with `@` names a user by email.
  router.get('/api/v1/users/:user', async (ctx) => {
    const profile = readOptions(ctx.state.params)
    const user = await userByPath(db, ctx.params.user ?? '')
    if (user === undefined) throw badRequest('No such user')
    ok(ctx, { user: describe(user, profile) })
  })
}

/** include_custom_profile_fields (the organization has no custom fields: an empty profile) and client_gravatar (no avatars here). */
function readOptions(params: Params): boolean {
  params.bool('client_gravatar')
  return params.bool('include_custom_profile_fields') ?? false
}

function describe(user: User, profile: boolean): Record<string, unknown> {
  return { ...describeUser(user), ...(profile && { profile_data: {} }) }
}
