// GET /user_groups, PATCH /user_groups/{id}, POST /user_groups/{id}/members and /deactivate (chat-api.md §2.2, §3, §4.2–4.4).

import { ok, type ChatRouter, type ChatServices } from './context.js'
import { badRequest } from '../common/chat-error.js'
import type { Sql } from '../store/store.js'
import {
  canonicalSetting,
  FORBIDDEN_GROUPS,
  GROUP_SETTING_NAMES,
  groupsOf,
  holdsGroupSetting,
  parseGroupSettingChange,
  sameSetting,
  settingForApi,
  usersOf,
  type GroupSettingName,
  type GroupSettingValue,
} from '../org/group-settings.js'
import {
  addMembers,
  addSubgroups,
  containsGroup,
  describeGroups,
  groupById,
  groupByName,
  isDirectMember,
  isDirectSubgroup,
  nobodyGroupId,
  removeMembers,
  removeSubgroups,
  updateGroup,
  usesOfGroup,
  type GroupChanges,
  type UserGroup,
} from '../org/groups.js'
import { is } from '../common/params.js'
import { pathId } from './path-ids.js'
import { activeUserIds, isAdministrator, userById, type User } from '../org/users.js'

/** Longest group name and description, in characters (chat-api.md is silent; the usual limits of this API family). */
export const MAX_GROUP_NAME_LENGTH = 100
export const MAX_GROUP_DESCRIPTION_LENGTH = 1024

const INVALID_GROUP = 'Invalid user group'
// chat-behaviour.md: "Group permission failures: 400 Insufficient permission".
const INSUFFICIENT = 'Insufficient permission'
const SYSTEM_GROUP = 'System groups cannot be modified'

export function addGroupRoutes(router: ChatRouter, services: ChatServices): void {
  const { db } = services

  router.get('/api/v1/user_groups', async (ctx) => {
    const includeDeactivated = ctx.state.params.bool('include_deactivated_groups') ?? false
    ok(ctx, { user_groups: await describeGroups(db, includeDeactivated) })
  })

  router.patch('/api/v1/user_groups/:id', async (ctx) => {
    const { params, user } = ctx.state
    // Checked inside the transaction: what the checks read still holds at commit.
    await services.changes.write(async (emit, db) => {
      const group = await customGroupFromPath(db, ctx.params.id)
      const name = params.string('name', { maxLength: MAX_GROUP_NAME_LENGTH })
      const description = params.string('description', { maxLength: MAX_GROUP_DESCRIPTION_LENGTH })
      const settings = GROUP_SETTING_NAMES.map((setting) => [setting, params.json(setting, parseGroupSettingChange)] as const)
      const deactivated = params.bool('deactivated')
      if (name === undefined && description === undefined && deactivated === undefined && settings.every(([, change]) => change === undefined)) {
        throw badRequest('No new data supplied')
      }
      if (!(await groupPermissions(db, user, group)).manage()) throw badRequest(INSUFFICIENT)

      const changes: GroupChanges = {}
      if (name !== undefined) {
        const checked = await checkGroupName(db, group, name)
        if (checked !== group.name) changes.name = checked
      }
      if (description !== undefined && description !== group.description) changes.description = description
      // §3: deactivated=false reactivates; deactivated=true does nothing (deactivation has its own endpoint).
      if (deactivated === false && group.deactivated) changes.deactivated = false
      const nobody = await nobodyGroupId(db)
      const isActive = await activeUserPredicate(db)
      for (const [setting, change] of settings) {
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
    })
    ok(ctx)
  })

  router.post('/api/v1/user_groups/:id/members', async (ctx) => {
    const { params, user } = ctx.state
    // Checked inside the transaction: what the checks read still holds at commit.
    await services.changes.write(async (emit, db) => {
      const group = await customGroupFromPath(db, ctx.params.id)
      const add = unique(params.json('add', is.intArray) ?? [])
      const remove = unique(params.json('delete', is.intArray) ?? [])
      const addSub = unique(params.json('add_subgroups', is.intArray) ?? [])
      const removeSub = unique(params.json('delete_subgroups', is.intArray) ?? [])
      if (add.length + remove.length + addSub.length + removeSub.length === 0) {
        throw badRequest("Nothing to do. Specify at least one of 'add', 'delete', 'add_subgroups' or 'delete_subgroups'.")
      }

      const may = await groupPermissions(db, user, group)
      if (add.includes(user.id) && !may.join()) throw badRequest(INSUFFICIENT)
      if (add.some((id) => id !== user.id) && !may.addOthers()) throw badRequest(INSUFFICIENT)
      if (remove.includes(user.id) && !may.leave()) throw badRequest(INSUFFICIENT)
      if (remove.some((id) => id !== user.id) && !may.removeOthers()) throw badRequest(INSUFFICIENT)
      if (addSub.length + removeSub.length > 0 && !may.manage()) throw badRequest(INSUFFICIENT)

      // Every rule is checked against the state before the request, so nothing is written unless all pass.
      for (const id of add) {
        const member = await userById(db, id)
        if (member === undefined) throw badRequest(`Invalid user ID: ${id}`)
        // §4.3: IDs must belong to non-deactivated users.
        if (!member.is_active) throw badRequest(`User ${id} is deactivated and cannot be added to a group`)
        if (await isDirectMember(db, group.id, id)) throw badRequest(`User ${id} is already a member of this group`)
      }
      for (const id of remove) {
        if ((await userById(db, id)) === undefined) throw badRequest(`Invalid user ID: ${id}`)
        if (!(await isDirectMember(db, group.id, id))) throw badRequest(`User ${id} is not a member of this group`)
      }
      for (const id of addSub) {
        const subgroup = await groupById(db, id)
        if (subgroup === undefined) throw badRequest(INVALID_GROUP)
        if (subgroup.id === group.id) throw badRequest('A group cannot be its own subgroup')
        if (subgroup.deactivated) throw badRequest(`User group '${subgroup.name}' is deactivated and cannot be added as a subgroup`)
        if (await isDirectSubgroup(db, group.id, id)) throw badRequest(`User group ${id} is already a subgroup of this group`)
        // New edges all leave this group, so checking each against the existing graph finds every cycle.
        if (await containsGroup(db, id, group.id)) throw badRequest(`User group ${id} contains this group; adding it as a subgroup would create a cycle`)
      }
      for (const id of removeSub) {
        if ((await groupById(db, id)) === undefined) throw badRequest(INVALID_GROUP)
        if (!(await isDirectSubgroup(db, group.id, id))) throw badRequest(`User group ${id} is not a subgroup of this group`)
      }

      {
        const everyone = await activeUserIds(db)
        const event = (op: string, field: string, ids: number[]): Record<string, unknown> => ({ type: 'user_group', op, group_id: group.id, [field]: ids })
        if (add.length > 0) {
          await addMembers(db, group.id, add)
          emit(everyone, event('add_members', 'user_ids', add))
        }
        if (remove.length > 0) {
          await removeMembers(db, group.id, remove)
          emit(everyone, event('remove_members', 'user_ids', remove))
        }
        if (addSub.length > 0) {
          await addSubgroups(db, group.id, addSub)
          emit(everyone, event('add_subgroups', 'direct_subgroup_ids', addSub))
        }
        if (removeSub.length > 0) {
          await removeSubgroups(db, group.id, removeSub)
          emit(everyone, event('remove_subgroups', 'direct_subgroup_ids', removeSub))
        }
      }
    })
    ok(ctx)
  })

  router.post('/api/v1/user_groups/:id/deactivate', async (ctx) => {
    // Checked inside the transaction: what the checks read still holds at commit.
    await services.changes.write(async (emit, db) => {
      const group = await customGroupFromPath(db, ctx.params.id)
      if (!(await groupPermissions(db, ctx.state.user, group)).manage()) throw badRequest(INSUFFICIENT)
      if (group.deactivated) throw badRequest('User group is already deactivated')
      // A group another group relies on is not deactivated under it (§2.2: a deactivated group cannot
      // be used in any permission value); the caller removes those uses first.
      const uses = await usesOfGroup(db, group.id)
      if (uses.length > 0) throw badRequest(`Cannot deactivate user group in use: ${uses.join('; ')}`)
      await updateGroup(db, group.id, { deactivated: true })
      emit(await activeUserIds(db), { type: 'user_group', op: 'update', group_id: group.id, data: { deactivated: true } })
    })
    ok(ctx)
  })
}

/** The group a path names (a malformed id names none). System groups are not changed through the API. */
async function customGroupFromPath(db: Sql, raw: string | undefined): Promise<UserGroup> {
  const group = await groupById(
    db,
    pathId(raw, () => badRequest(INVALID_GROUP)),
  )
  if (group === undefined) throw badRequest(INVALID_GROUP)
  if (group.is_system_group) throw badRequest(SYSTEM_GROUP)
  return group
}

/**
 * What `user` may do to `group`. Administrators may do everything; managers (can_manage_group) may
 * add and remove anyone; adding and removing others have their own settings; joining and leaving
 * are allowed by their settings or by the permission to add or remove others.
 */
async function groupPermissions(db: Sql, user: User, group: UserGroup) {
  const admin = isAdministrator(user)
  const holds = async (setting: GroupSettingName): Promise<boolean> => admin || (await holdsGroupSetting(db, user.id, group.settings[setting]))
  const manage = await holds('can_manage_group')
  const addOthers = manage || (await holds('can_add_members_group'))
  const removeOthers = manage || (await holds('can_remove_members_group'))
  const join = addOthers || (await holds('can_join_group'))
  const leave = removeOthers || (await holds('can_leave_group'))
  return { manage: () => manage, addOthers: () => addOthers, removeOthers: () => removeOthers, join: () => join, leave: () => leave }
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

function unique(ids: readonly number[]): number[] {
  return [...new Set(ids)]
}
