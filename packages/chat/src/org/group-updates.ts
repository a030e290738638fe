// A change of a user group's name, description, settings or reactivation (PATCH /user_groups/{id}, chat-api.md
// §4.2), by the rules: who may, what a name may be, which users and groups a setting may name.

import { badRequest } from '../common/chat-error.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import {
  canonicalSetting,
  FORBIDDEN_GROUPS,
  groupsOf,
  sameSetting,
  settingForApi,
  usersOf,
  type GroupSettingChange,
  type GroupSettingName,
  type GroupSettingValue,
} from './group-settings.js'
import {
  groupById,
  groupByName,
  groupPermissions,
  INSUFFICIENT,
  INVALID_GROUP,
  nobodyGroupId,
  updateGroup,
  type GroupChanges,
  type UserGroup,
} from './groups.js'
import { activeUserIds, userById, type User } from './users.js'

/** Longest group name and description, in characters (chat-api.md is silent; the usual limits of this API family). */
export const MAX_GROUP_NAME_LENGTH = 100
export const MAX_GROUP_DESCRIPTION_LENGTH = 1024

/** What PATCH /user_groups/{id} asks, parsed: at least one field given. */
export interface GroupUpdate {
  readonly name?: string
  readonly description?: string
  readonly settings: ReadonlyArray<readonly [GroupSettingName, GroupSettingChange | undefined]>
  readonly deactivated?: boolean
}

/**
 * Applies `update` to `group` for `user` (a manager), in `db` (a write transaction): what changes is written,
 * and everyone hears it (`user_group` op `update`); a value equal to the current one changes nothing.
 */
export async function updateGroupAs(db: Sql, emit: Emit, user: User, group: UserGroup, update: GroupUpdate): Promise<void> {
  if (!(await groupPermissions(db, user, group)).manage) throw badRequest(INSUFFICIENT)
  const changes: GroupChanges = {}
  if (update.name !== undefined) {
    const checked = await checkGroupName(db, group, update.name)
    if (checked !== group.name) changes.name = checked
  }
  if (update.description !== undefined && update.description !== group.description) changes.description = update.description
  // §3: deactivated=false reactivates; deactivated=true does nothing (deactivation has its own endpoint).
  if (update.deactivated === false && group.deactivated) changes.deactivated = false
  const nobody = await nobodyGroupId(db)
  const isActive = await activeUserPredicate(db)
  for (const [setting, change] of update.settings) {
    if (change === undefined) continue
    // `old` is what the client saw in a listing, so it is compared with the listed form of the value.
    if (change.old !== undefined && !sameSetting(change.old, settingForApi(group.settings[setting], isActive), nobody)) {
      throw badRequest(`'old' value of ${setting} does not match its current value`)
    }
    const value = canonicalSetting(change.new, nobody)
    if (sameSetting(value, group.settings[setting], nobody)) continue
    // A group reactivated by this same request counts as active for its own settings.
    await checkSettingValue(db, setting, value, changes.deactivated === false ? group.id : undefined)
    changes[setting] = value
  }
  if (Object.keys(changes).length > 0) {
    await updateGroup(db, group.id, changes)
    emit(await activeUserIds(db), { type: 'user_group', op: 'update', group_id: group.id, data: changes })
  }
}

/** The name to store: trimmed, non-empty, unique without regard to case, not in the reserved spaces. */
async function checkGroupName(db: Sql, group: UserGroup, raw: string): Promise<string> {
  const name = raw.trim()
  if (name === '') throw badRequest('User group name cannot be empty')
  if (/[\p{Cc}]/u.test(name)) throw badRequest('User group name cannot contain control characters')
  // `role:` names system groups and `@` starts a mention, so neither may begin a custom group's name.
  if (/^role:/i.test(name)) throw badRequest("User group name cannot start with 'role:'")
  if (name.startsWith('@')) throw badRequest("User group name cannot start with '@'")
  const other = await groupByName(db, name)
  if (other !== undefined && other.id !== group.id) throw badRequest(`User group '${other.name}' already exists`)
  return name
}

/** Refuses a new setting value naming unknown or deactivated users or groups, or a group forbidden for the setting. */
async function checkSettingValue(db: Sql, setting: GroupSettingName, value: GroupSettingValue, reactivated: number | undefined): Promise<void> {
  for (const id of usersOf(value)) {
    const user = await userById(db, id)
    if (user === undefined) throw badRequest(`Invalid user ID: ${id}`)
    if (!user.is_active) throw badRequest(`User ${id} is deactivated and cannot be used in ${setting}`)
  }
  for (const id of groupsOf(value)) {
    const group = await groupById(db, id)
    if (group === undefined) throw badRequest(INVALID_GROUP)
    if (group.deactivated && group.id !== reactivated) throw badRequest(`User group '${group.name}' is deactivated and cannot be used in ${setting}`)
    if (group.is_system_group && FORBIDDEN_GROUPS[setting]?.includes(group.name))
      throw badRequest(`'${setting}' setting cannot be set to '${group.name}' group`)
  }
}

async function activeUserPredicate(db: Sql): Promise<(id: number) => boolean> {
  const active = new Set(await activeUserIds(db))
  return (id) => active.has(id)
}
