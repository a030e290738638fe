// Changing settings (PATCH /settings): one's own — with a new password checked against the old one, and a new
// email address to confirm — or, by an administrator, other users' (target_users); each change with its events.

import { badRequest } from '../common/chat-error.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import { requestEmailChange } from './email-change.js'
import { LANGUAGES } from './languages.js'
import { hashPasswordAsync, passwordMatchesAsync } from './secrets.js'
import { settingValue, writeSetting, type SettingValue } from './settings.js'
import { resolveTargetUsers, type TargetUsers } from './target-users.js'
import { activeUserIds, type User } from './users.js'

/** A new password, hashed, and the stored hash its old password matched (checked again in the writing transaction). */
export interface PasswordChange {
  readonly hash: string
  readonly checkedAgainst: string | null
}

/**
 * `newPassword`'s scrypt hash, once `oldPassword` matches the stored one (chat-api.md §4.1 rule 2). Run before the
 * transaction, off the main thread: scrypt takes ~80 ms, which would otherwise stall every other request.
 */
export async function checkNewPassword(db: Sql, user: User, oldPassword: string, newPassword: string): Promise<PasswordChange> {
  const stored = await storedPasswordHash(db, user.id)
  // A user without a password (bots) has none to match.
  if (!(await passwordMatchesAsync(oldPassword, stored))) throw badRequest('Wrong password!')
  return { hash: await hashPasswordAsync(newPassword), checkedAgainst: stored }
}

/** What a user changes of their own account in one PATCH /settings. */
export interface OwnChange {
  readonly values: ReadonlyMap<string, SettingValue>
  readonly password: PasswordChange | undefined
  /** A new address, confirmed by a link mailed to it (from `baseUrl`). */
  readonly newEmail: string | undefined
  readonly now: number
  readonly baseUrl: string
}

/** Applies `change` to `user`'s own account, in `tx` (a write transaction). */
export async function changeOwnSettings(tx: Sql, emit: Emit, user: User, change: OwnChange): Promise<void> {
  const { password } = change
  // The hash old_password matched must still be the one stored, or another request (another process) changed
  // the password meanwhile.
  if (password !== undefined && (await storedPasswordHash(tx, user.id)) !== password.checkedAgainst) throw badRequest('Wrong password!')
  const changed = await applySettings(tx, emit, user.id, change.values)
  // Marks the user for skip_if_already_edited of later bulk edits (per user: the schema has one flag).
  if (changed > 0) await tx.run('UPDATE users SET settings_edited = 1 WHERE id = ?', user.id)
  if (password !== undefined) await tx.run('UPDATE users SET password_hash = ? WHERE id = ?', password.hash, user.id)
  if (change.newEmail !== undefined) await requestEmailChange(tx, user, change.newEmail, change.now, change.baseUrl)
}

/** Applies `values` to the users `target` names (an administrator's bulk edit), skipping those who edited their own when asked. */
export async function changeUsersSettings(tx: Sql, emit: Emit, target: TargetUsers, values: ReadonlyMap<string, SettingValue>): Promise<void> {
  const targets = await resolveTargetUsers(tx, target)
  const edited = new Set(((await tx.all('SELECT id FROM users WHERE settings_edited = 1')) as Array<{ id: number }>).map((r) => r.id))
  for (const id of targets) {
    if (target.skip_if_already_edited && edited.has(id)) continue
    await applySettings(tx, emit, id, values)
  }
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

async function storedPasswordHash(db: Sql, userId: number): Promise<string | null> {
  return ((await db.get('SELECT password_hash FROM users WHERE id = ?', userId)) as { password_hash: string | null }).password_hash
}
