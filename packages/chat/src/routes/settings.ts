// PATCH /settings (and its legacy aliases /settings/display, /settings/notifications), and GET /settings/confirm_email.

import { ok, type ChatContext, type ChatRouter, type ChatServices } from './context.js'
import { badRequest } from '../common/chat-error.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import { confirmEmailChange, MAX_EMAIL_LENGTH, requestEmailChange, validEmail } from '../org/email-change.js'
import { LANGUAGES } from '../org/languages.js'
import { invalid, type Params } from '../common/params.js'
import { hashPasswordAsync, passwordMatchesAsync } from '../org/secrets.js'
import { readSettings, settingValue, writeSetting, type SettingValue } from '../org/settings.js'
import { checkTargetUsers, resolveTargetUsers } from '../org/target-users.js'
import { activeUserIds, requireAdministrator, type User } from '../org/users.js'

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
  const { db } = services
  const { params, user } = ctx.state

  if (params.has('target_users')) {
    requireAdministrator(user)
    const target = params.json('target_users', checkTargetUsers, { required: true })
    const refused = PERSONAL_ONLY.find((name) => params.has(name))
    if (refused !== undefined) throw badRequest(`${refused} cannot be changed for other users`)
    const values = readSettings(params)
    await services.changes.write(async (emit, db) => {
      const targets = await resolveTargetUsers(db, target)
      const edited = new Set(((await db.all('SELECT id FROM users WHERE settings_edited = 1')) as Array<{ id: number }>).map((r) => r.id))
      for (const id of targets) {
        if (target.skip_if_already_edited && edited.has(id)) continue
        await applySettings(db, emit, id, values)
      }
    })
    ok(ctx)
    return
  }

  const values = readSettings(params)
  const password = await readNewPassword(db, params, user)
  const newEmail = readNewEmail(params, user)
  await services.changes.write(async (emit, db) => {
    // old_password was checked outside (scrypt is slow); the hash it matched must still be the one
    // stored, or another request (another process) changed the password meanwhile.
    if (password !== undefined && (await storedPasswordHash(db, user.id)) !== password.checkedAgainst) throw badRequest('Wrong password!')
    const changed = await applySettings(db, emit, user.id, values)
    // Marks the user for skip_if_already_edited of later bulk edits (per user: the schema has one flag).
    if (changed > 0) await db.run('UPDATE users SET settings_edited = 1 WHERE id = ?', user.id)
    if (password !== undefined) await db.run('UPDATE users SET password_hash = ? WHERE id = ?', password.hash, user.id)
    if (newEmail !== undefined) await requestEmailChange(db, user, newEmail, services.now(), services.baseUrl)
  })
  if (newEmail !== undefined) services.flushMail()
  ok(ctx)
}

/**
 * Writes the values that differ from the user's current ones, each with its user_settings event
 * (chat-events.md); returns how many changed. Side effects: draft synchronization turned off deletes
 * the user's drafts with no drafts event (§3); a new name or time zone is also a realm_user update
 * for everyone, since other users show them.
 */
async function applySettings(db: Sql, emit: Emit, userId: number, values: ReadonlyMap<string, SettingValue>): Promise<number> {
  let changed = 0
  for (const [name, value] of values) {
    if ((await settingValue(db, userId, name)) === value) continue
    await writeSetting(db, userId, name, value)
    changed++
    emit([userId], {
      type: 'user_settings',
      op: 'update',
      property: name,
      value,
      ...(name === 'default_language' && { language_name: LANGUAGES.get(String(value)) }),
    })
    if (name === 'enable_drafts_synchronization' && value === false) await db.run('DELETE FROM drafts WHERE user_id = ?', userId)
    if (name === 'full_name') emit(await activeUserIds(db), { type: 'realm_user', op: 'update', person: { user_id: userId, full_name: value } })
    if (name === 'timezone') {
      const email = ((await db.get('SELECT email FROM users WHERE id = ?', userId)) as { email: string }).email
      emit(await activeUserIds(db), { type: 'realm_user', op: 'update', person: { user_id: userId, email, timezone: value } })
    }
  }
  return changed
}

/**
 * The scrypt hash of new_password, checked against old_password (§4.1 rule 2); undefined without
 * new_password. old_password alone is not read, so it is reported in ignored_parameters_unsupported.
 * Hashing happens here, before the transaction, and off the main thread: scrypt takes ~80 ms, which
 * would otherwise stall every other request.
 */
async function readNewPassword(db: Sql, params: Params, user: User): Promise<{ readonly hash: string; readonly checkedAgainst: string | null } | undefined> {
  const newPassword = params.string('new_password', { maxLength: MAX_PASSWORD_LENGTH })
  if (newPassword === undefined) return undefined
  const oldPassword = params.string('old_password', { required: true, maxLength: MAX_PASSWORD_LENGTH })
  if ([...newPassword].length < MIN_PASSWORD_LENGTH) throw invalid('new_password', `it is shorter than ${MIN_PASSWORD_LENGTH} characters`)
  const stored = await storedPasswordHash(db, user.id)
  // A user without a password (bots) has none to match.
  if (!(await passwordMatchesAsync(oldPassword, stored))) throw badRequest('Wrong password!')
  return { hash: await hashPasswordAsync(newPassword), checkedAgainst: stored }
}

async function storedPasswordHash(db: Sql, userId: number): Promise<string | null> {
  return ((await db.get('SELECT password_hash FROM users WHERE id = ?', userId)) as { password_hash: string | null }).password_hash
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
