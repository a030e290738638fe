// PATCH /settings (and its legacy aliases /settings/display, /settings/notifications), and GET /settings/confirm_email.

import { badRequest } from '../common/chat-error.js'
import { invalid, type Params } from '../common/params.js'
import { confirmEmailChange, MAX_EMAIL_LENGTH, validEmail } from '../org/email-change.js'
import { changeOwnSettings, changeUsersSettings, checkNewPassword, type PasswordChange } from '../org/setting-changes.js'
import { readSettings } from '../org/settings.js'
import { checkTargetUsers } from '../org/target-users.js'
import { requireAdministrator, type User } from '../org/users.js'
import { ok, type ChatContext, type ChatRouter, type ChatServices } from './context.js'

/** Shortest new password; longer ones are refused too, as scrypt input with no use past that. */
export const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 1000

/** Parameters that change one's own account, never other users' (refused with target_users). */
const PERSONAL_ONLY = ['full_name', 'email', 'old_password', 'new_password'] as const

export function addSettingsRoutes(router: ChatRouter, services: ChatServices): void {
  const update = (ctx: ChatContext): Promise<void> => updateSettings(ctx, services)
  router.patch('/api/v1/settings', update)
  // §4.1 rule 4: deprecated aliases of the same endpoint; each takes every setting.
  router.patch('/api/v1/settings/display', update)
  router.patch('/api/v1/settings/notifications', update)

  // Public (app.ts PUBLIC_PATHS): the link is opened from a mail client, without credentials.
  router.get('/api/v1/settings/confirm_email', async (ctx) => {
    const token = ctx.state.params.string('token', { required: true, maxLength: 200 })
    const { email } = await services.changes.write((emit, db) => confirmEmailChange(db, emit, token, services.now()))
    ok(ctx, { email })
  })
}

async function updateSettings(ctx: ChatContext, services: ChatServices): Promise<void> {
  const { params, user } = ctx.state
  if (params.has('target_users')) {
    requireAdministrator(user)
    const target = params.json('target_users', checkTargetUsers, { required: true })
    const refused = PERSONAL_ONLY.find((name) => params.has(name))
    if (refused !== undefined) throw badRequest(`${refused} cannot be changed for other users`)
    const values = readSettings(params)
    await services.changes.write((emit, tx) => changeUsersSettings(tx, emit, target, values))
    return ok(ctx)
  }
  const values = readSettings(params)
  const password = await readNewPassword(services, params, user)
  const newEmail = readNewEmail(params, user)
  await services.changes.write((emit, tx) => changeOwnSettings(tx, emit, user, { values, password, newEmail, now: services.now(), baseUrl: services.baseUrl }))
  if (newEmail !== undefined) services.flushMail()
  ok(ctx)
}

/**
 * The scrypt hash of new_password, checked against old_password (§4.1 rule 2); undefined without
 * new_password. old_password alone is not read, so it is reported in ignored_parameters_unsupported.
 */
async function readNewPassword(services: ChatServices, params: Params, user: User): Promise<PasswordChange | undefined> {
  const newPassword = params.string('new_password', { maxLength: MAX_PASSWORD_LENGTH })
  if (newPassword === undefined) return undefined
  const oldPassword = params.string('old_password', { required: true, maxLength: MAX_PASSWORD_LENGTH })
  if ([...newPassword].length < MIN_PASSWORD_LENGTH) throw invalid('new_password', `it is shorter than ${MIN_PASSWORD_LENGTH} characters`)
  return checkNewPassword(services.db, user, oldPassword, newPassword)
}

/** The new address (shape checked, not the current one), or undefined when absent or unchanged. */
function readNewEmail(params: Params, user: User): string | undefined {
  const raw = params.string('email', { maxLength: MAX_EMAIL_LENGTH + 100 })
  if (raw === undefined) return undefined
  const email = validEmail(raw)
  // The same address as now is a no-op: nothing to confirm (a change of case is a change).
  if (email === user.email) return undefined
  if (user.is_bot) throw badRequest('Bots cannot change their email address')
  return email
}
