// Changing a user's email (chat-api.md §4.1 rule 3): a pending change, a mailed single-use link, and its confirmation.

import { badRequest } from '../common/chat-error.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import { queueMail } from './mailer.js'
import { invalid } from '../common/params.js'
import { hashToken, newToken } from './secrets.js'
import { activeUserIds, type User } from './users.js'

/** How long a confirmation link works: 24 hours. */
export const EMAIL_CHANGE_TTL_SECONDS = 24 * 3600

/** Longest address (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254

// A dot-atom local part (RFC 5322 atext: nothing that could break a mail header) and a dotted domain
// of letters, digits and hyphens. Deliberately simple: the confirmation mail is the real test.
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/

/** The address checked for shape, or REQUEST_VARIABLE_INVALID "Invalid email". */
export function validEmail(value: string): string {
  const email = value.trim()
  if (email.length > MAX_EMAIL_LENGTH || email.indexOf('@') > 64 || !EMAIL.test(email)) throw invalid('email')
  return email
}

async function requireFree(db: Sql, email: string, userId: number): Promise<void> {
  const owner = (await db.get('SELECT id FROM users WHERE email = ?', email)) as { id: number } | undefined
  if (owner !== undefined && owner.id !== userId) throw badRequest(`Email '${email}' is already in use`)
}

/**
 * Records a pending change to `newEmail` and queues the confirmation mail to the new address, in the
 * caller's transaction; the caller flushes mail after the commit. A new request replaces the user's
 * earlier pending ones, so only the latest link works.
 */
export async function requestEmailChange(db: Sql, user: User, newEmail: string, now: number, baseUrl: string): Promise<void> {
  await requireFree(db, newEmail, user.id)
  await db.run('DELETE FROM email_changes WHERE user_id = ? OR created_at <= ?', user.id, Math.floor(now) - EMAIL_CHANGE_TTL_SECONDS)
  const { token, hash } = newToken()
  await db.run('INSERT INTO email_changes (token_hash, user_id, new_email, created_at) VALUES (?, ?, ?, ?)', hash, user.id, newEmail, Math.floor(now))
  const link = `${baseUrl}/api/v1/settings/confirm_email?token=${encodeURIComponent(token)}`
  const body = [
    `Hello ${user.full_name},`,
    '',
    `Someone (hopefully you) asked to change the email address of your account from ${user.email} to ${newEmail}.`,
    'To confirm, open this link within 24 hours:',
    '',
    link,
    '',
    'If you did not ask for this, ignore this message: nothing changes until the link is opened.',
  ].join('\r\n')
  await queueMail(db, newEmail, 'Confirm your new email address', body, Math.floor(now))
}

/**
 * Applies the pending change named by `token`, once: the row is removed, the address updated and a
 * realm_user update (chat-events.md, "API email change") sent to every active user. Unknown, used or
 * expired tokens, and an address taken meanwhile, are 400s that change nothing.
 */
export async function confirmEmailChange(db: Sql, emit: Emit, token: string, now: number): Promise<{ readonly userId: number; readonly email: string }> {
  const hash = hashToken(token)
  const pending = (await db.get('SELECT user_id, new_email, created_at FROM email_changes WHERE token_hash = ?', hash)) as
    { user_id: number; new_email: string; created_at: number } | undefined
  const active =
    pending === undefined ? undefined : ((await db.get('SELECT is_active FROM users WHERE id = ?', pending.user_id)) as { is_active: number } | undefined)
  if (pending === undefined || active?.is_active !== 1) throw badRequest('Invalid confirmation link: it is unknown or has already been used')
  if (pending.created_at + EMAIL_CHANGE_TTL_SECONDS <= now) throw badRequest('Confirmation link expired: request the email change again')
  await requireFree(db, pending.new_email, pending.user_id)
  await db.run('DELETE FROM email_changes WHERE token_hash = ?', hash)
  await db.run('UPDATE users SET email = ? WHERE id = ?', pending.new_email, pending.user_id)
  emit(await activeUserIds(db), { type: 'realm_user', op: 'update', person: { user_id: pending.user_id, new_email: pending.new_email } })
  return { userId: pending.user_id, email: pending.new_email }
}
