// Users as the service reads them, and the role checks of chat-api.md §5.

import { badRequest, ChatError } from '../common/chat-error.js'
import { invalid } from '../common/params.js'
import { pathId } from '../common/path-ids.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import { hashApiKey } from './secrets.js'

export type Role = 'owner' | 'administrator' | 'moderator' | 'member' | 'guest'

export interface User {
  readonly id: number
  readonly email: string
  readonly full_name: string
  readonly role: Role
  readonly is_active: boolean
  readonly is_bot: boolean
  readonly bot_owner_id: number | null
  readonly timezone: string
  readonly date_joined: number
}

interface UserRow extends Omit<User, 'is_active' | 'is_bot'> {
  readonly is_active: number
  readonly is_bot: number
  readonly api_key_hash: string
}

const COLUMNS = 'id, email, full_name, role, is_active, is_bot, bot_owner_id, timezone, date_joined, api_key_hash'

function fromRow(row: UserRow): User & { readonly api_key_hash: string } {
  return { ...row, is_active: row.is_active === 1, is_bot: row.is_bot === 1 }
}

export async function userById(db: Sql, id: number): Promise<User | undefined> {
  const row = (await db.get(`SELECT ${COLUMNS} FROM users WHERE id = ?`, id)) as UserRow | undefined
  return row === undefined ? undefined : fromRow(row)
}

/** The user with this email (case-insensitive) and the hash of their key, for authentication. */
export async function userByEmail(db: Sql, email: string): Promise<(User & { readonly api_key_hash: string }) | undefined> {
  const row = (await db.get(`SELECT ${COLUMNS} FROM users WHERE email = ?`, email)) as UserRow | undefined
  return row === undefined ? undefined : fromRow(row)
}

export function isAdministrator(user: User): boolean {
  return user.role === 'owner' || user.role === 'administrator'
}

/** Moderators and above: those the reference server lets move any message, at any time, and use any wildcard. */
export function isModeratorOrAbove(user: User): boolean {
  return isAdministrator(user) || user.role === 'moderator'
}

export function requireAdministrator(user: User): void {
  if (!isAdministrator(user)) throw new ChatError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator')
}

export function requireOwner(user: User): void {
  if (user.role !== 'owner') throw new ChatError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner')
}

/** Every user of the organization, active or not, by id (the service's own bot is not one: org/system-bots.ts). */
export async function allUsers(db: Sql): Promise<User[]> {
  return ((await db.all(`SELECT ${COLUMNS} FROM users WHERE is_system_bot = 0 ORDER BY id`)) as UserRow[]).map((row) => {
    const { api_key_hash: _, ...user } = fromRow(row)
    return user
  })
}

/** The ids of every active user: who hears about organization-wide changes. */
export async function activeUserIds(db: Sql): Promise<number[]> {
  return ((await db.all('SELECT id FROM users WHERE is_active = 1')) as Array<{ id: number }>).map((r) => r.id)
}

/** The user record of GET /users/me, GET /users and GET /users/{id}. */
export function describeUser(user: User): Record<string, unknown> {
  return {
    user_id: user.id,
    email: user.email,
    delivery_email: user.email,
    full_name: user.full_name,
    role: ROLE_NUMBERS[user.role],
    is_owner: user.role === 'owner',
    is_admin: isAdministrator(user),
    is_guest: user.role === 'guest',
    is_bot: user.is_bot,
    is_active: user.is_active,
    bot_owner_id: user.bot_owner_id,
    // 1: a generic bot, the only kind here; people have none.
    bot_type: user.is_bot ? 1 : null,
    is_billing_admin: false,
    avatar_url: null,
    avatar_version: 1,
    timezone: user.timezone,
    date_joined: new Date(user.date_joined * 1000).toISOString(),
  }
}

/** The role numbers clients of this API family expect in user records. */
const ROLE_NUMBERS: Readonly<Record<Role, number>> = { owner: 100, administrator: 200, moderator: 300, member: 400, guest: 600 }

/** The user a path segment names: an id, or an email (any case); undefined when none. */
export async function userByPath(db: Sql, segment: string): Promise<User | undefined> {
  if (segment.includes('@')) {
    const found = await userByEmail(db, segment)
    if (found === undefined) return undefined
    const { api_key_hash: _, ...user } = found
    return user
  }
  return userById(
    db,
    pathId(segment, () => invalid('user_id')),
  )
}

/**
 * Gives bot `botId` the new key `apiKey`, for `caller` (its owner or an administrator), in `tx` (a write
 * transaction). Only the hash is stored: the old key stops working with this commit. The administrators and the
 * bot's owner hear it (`realm_bot` op `update`).
 */
export async function regenerateBotKey(tx: Sql, emit: Emit, caller: User, botId: number, apiKey: string): Promise<void> {
  const bot = await userById(tx, botId)
  if (bot === undefined || !bot.is_bot) throw badRequest('No such bot')
  if (bot.bot_owner_id !== caller.id && !isAdministrator(caller)) throw badRequest('Insufficient permission')
  await tx.run('UPDATE users SET api_key_hash = ? WHERE id = ?', hashApiKey(apiKey), bot.id)
  const admins = ((await tx.all("SELECT id FROM users WHERE is_active = 1 AND role IN ('owner', 'administrator')")) as Array<{ id: number }>).map((r) => r.id)
  emit([...admins, ...(bot.bot_owner_id === null ? [] : [bot.bot_owner_id])], { type: 'realm_bot', op: 'update', bot: { user_id: bot.id, api_key: apiKey } })
}

/** Forgets a device's push token of `kind` for `userId` (one they registered). */
export async function removePushToken(tx: Sql, userId: number, kind: 'android' | 'ios', token: string): Promise<void> {
  const removed = await tx.run('DELETE FROM push_tokens WHERE user_id = ? AND kind = ? AND token = ?', userId, kind, token)
  if (removed.changes === 0) throw badRequest('Token does not exist')
}
