// User groups as the service reads and writes them: records, direct and effective membership, the subgroup graph,
// and the rules of changing them — who may do what to a group, and what a change of its members or subgroups
// must hold (chat-api.md §2.2, §4.3–4.4); a change of its name and settings is group-updates.ts's.

import { badRequest } from '../common/chat-error.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import { GROUP_SETTING_NAMES, holdsGroupSetting, REACHABLE_GROUPS, settingForApi, type GroupSettingName, type GroupSettingValue } from './group-settings.js'
import { activeUserIds, isAdministrator, userById, type User } from './users.js'

export interface UserGroup {
  readonly id: number
  readonly name: string
  readonly description: string
  readonly is_system_group: boolean
  readonly creator_id: number | null
  readonly date_created: number | null
  readonly deactivated: boolean
  readonly settings: Readonly<Record<GroupSettingName, GroupSettingValue>>
}

/** The fields PATCH /user_groups/{id} may change (chat-api.md §4.2). */
export type GroupChanges = Partial<Record<'name' | 'description', string> & Record<GroupSettingName, GroupSettingValue> & { deactivated: boolean }>

type GroupRow = Omit<UserGroup, 'is_system_group' | 'deactivated' | 'settings'> & { is_system_group: number; deactivated: number } & Record<
    GroupSettingName,
    string
  >

const COLUMNS = `id, name, description, is_system_group, creator_id, date_created, deactivated, ${GROUP_SETTING_NAMES.join(', ')}`

function fromRow(row: GroupRow): UserGroup {
  const settings = Object.fromEntries(GROUP_SETTING_NAMES.map((name) => [name, JSON.parse(row[name]) as GroupSettingValue])) as Record<
    GroupSettingName,
    GroupSettingValue
  >
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    is_system_group: row.is_system_group === 1,
    creator_id: row.creator_id,
    date_created: row.date_created,
    deactivated: row.deactivated === 1,
    settings,
  }
}

export async function groupById(db: Sql, id: number): Promise<UserGroup | undefined> {
  const row = (await db.get(`SELECT ${COLUMNS} FROM user_groups WHERE id = ?`, id)) as GroupRow | undefined
  return row === undefined ? undefined : fromRow(row)
}

/** The group with this name, compared without regard to case (names are unique that way). */
export async function groupByName(db: Sql, name: string): Promise<UserGroup | undefined> {
  const row = (await db.get(`SELECT ${COLUMNS} FROM user_groups WHERE lower(name) = lower(?)`, name)) as GroupRow | undefined
  return row === undefined ? undefined : fromRow(row)
}

/** The ID of the system group `role:nobody`, the canonical empty group-setting value. */
export async function nobodyGroupId(db: Sql): Promise<number | undefined> {
  return ((await db.get(`SELECT id FROM user_groups WHERE name = 'role:nobody' AND is_system_group = 1`)) as { id: number } | undefined)?.id
}

/** Every group as GET /user_groups lists it (chat-api.md §2.2), by ID; deactivated ones only when asked. */
export async function describeGroups(db: Sql, includeDeactivated: boolean): Promise<Record<string, unknown>[]> {
  const groups = ((await db.all(`SELECT ${COLUMNS} FROM user_groups ${includeDeactivated ? '' : 'WHERE deactivated = 0'} ORDER BY id`)) as GroupRow[]).map(
    fromRow,
  )
  const active = new Set(await activeUserIds(db))
  const members = collect((await db.all('SELECT group_id AS g, user_id AS id FROM group_members ORDER BY user_id')) as Array<{ g: number; id: number }>)
  const subgroups = collect(
    (await db.all('SELECT group_id AS g, subgroup_id AS id FROM group_subgroups ORDER BY subgroup_id')) as Array<{ g: number; id: number }>,
  )
  const isActive = (id: number): boolean => active.has(id)
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    description: group.description,
    is_system_group: group.is_system_group,
    // Deactivated users are not group members for clients (chat-events.md, realm_user deactivation).
    members: (members.get(group.id) ?? []).filter(isActive),
    direct_subgroup_ids: subgroups.get(group.id) ?? [],
    creator_id: group.creator_id,
    date_created: group.date_created,
    ...Object.fromEntries(GROUP_SETTING_NAMES.map((name) => [name, settingForApi(group.settings[name], isActive)])),
    deactivated: group.deactivated,
  }))
}

function collect(rows: ReadonlyArray<{ g: number; id: number }>): Map<number, number[]> {
  const byGroup = new Map<number, number[]>()
  for (const { g, id } of rows) {
    const list = byGroup.get(g)
    if (list === undefined) byGroup.set(g, [id])
    else list.push(id)
  }
  return byGroup
}

export async function isDirectMember(db: Sql, groupId: number, userId: number): Promise<boolean> {
  return (await db.get('SELECT 1 FROM group_members WHERE group_id = ? AND user_id = ?', groupId, userId)) !== undefined
}

export async function isDirectSubgroup(db: Sql, groupId: number, subgroupId: number): Promise<boolean> {
  return (await db.get('SELECT 1 FROM group_subgroups WHERE group_id = ? AND subgroup_id = ?', groupId, subgroupId)) !== undefined
}

// UNION (not UNION ALL) drops groups already reached, so a cycle in the data cannot loop forever.
/** Whether `inner` is `outer` or one of its subgroups at any depth. */
export async function containsGroup(db: Sql, outer: number, inner: number): Promise<boolean> {
  return (await db.get(`${REACHABLE_GROUPS} SELECT 1 FROM reach WHERE id = ? LIMIT 1`, JSON.stringify([outer]), inner)) !== undefined
}

/** Where other groups use this one: as a direct subgroup, or in a permission setting. Empty when unused. */
export async function usesOfGroup(db: Sql, groupId: number): Promise<string[]> {
  const uses: string[] = []
  for (const { name } of (await db.all(
    'SELECT g.name FROM group_subgroups s JOIN user_groups g ON g.id = s.group_id WHERE s.subgroup_id = ? ORDER BY g.id',
    groupId,
  )) as Array<{ name: string }>) {
    uses.push(`subgroup of '${name}'`)
  }
  const others = ((await db.all(`SELECT ${COLUMNS} FROM user_groups WHERE id != ? ORDER BY id`, groupId)) as GroupRow[]).map(fromRow)
  for (const other of others) {
    for (const setting of GROUP_SETTING_NAMES) {
      const value = other.settings[setting]
      const refers = typeof value === 'number' ? value === groupId : value.direct_subgroups.includes(groupId)
      if (refers) uses.push(`${setting} of '${other.name}'`)
    }
  }
  return uses
}

// Writing: callers run these inside `services.changes.write`, after every rule has been checked.

/** Writes `changes` to the group's row (the caller announces them). */
export async function updateGroup(db: Sql, groupId: number, changes: GroupChanges): Promise<void> {
  const columns: string[] = []
  const values: Array<string | number> = []
  for (const [name, value] of Object.entries(changes) as Array<[keyof GroupChanges, GroupChanges[keyof GroupChanges]]>) {
    if (value === undefined) continue
    columns.push(`${name} = ?`)
    values.push(name === 'deactivated' ? (value === true ? 1 : 0) : name === 'name' || name === 'description' ? (value as string) : JSON.stringify(value))
  }
  if (columns.length > 0) await db.run(`UPDATE user_groups SET ${columns.join(', ')} WHERE id = ?`, ...values, groupId)
}

async function addMembers(db: Sql, groupId: number, userIds: readonly number[]): Promise<void> {
  for (const id of userIds) await db.run('INSERT INTO group_members (group_id, user_id) VALUES (?, ?)', groupId, id)
}

async function removeMembers(db: Sql, groupId: number, userIds: readonly number[]): Promise<void> {
  for (const id of userIds) await db.run('DELETE FROM group_members WHERE group_id = ? AND user_id = ?', groupId, id)
}

async function addSubgroups(db: Sql, groupId: number, subgroupIds: readonly number[]): Promise<void> {
  for (const id of subgroupIds) await db.run('INSERT INTO group_subgroups (group_id, subgroup_id) VALUES (?, ?)', groupId, id)
}

async function removeSubgroups(db: Sql, groupId: number, subgroupIds: readonly number[]): Promise<void> {
  for (const id of subgroupIds) await db.run('DELETE FROM group_subgroups WHERE group_id = ? AND subgroup_id = ?', groupId, id)
}

export const INVALID_GROUP = 'Invalid user group'
// chat-behaviour.md: "Group permission failures: 400 Insufficient permission".
export const INSUFFICIENT = 'Insufficient permission'

/** The group `id` names, for a change through the API: an unknown one, and a system group, are refused. */
export async function customGroup(db: Sql, id: number): Promise<UserGroup> {
  const group = await groupById(db, id)
  if (group === undefined) throw badRequest(INVALID_GROUP)
  if (group.is_system_group) throw badRequest('System groups cannot be modified')
  return group
}

/** What `user` may do to a group (groupPermissions). */
export interface GroupPermissions {
  readonly manage: boolean
  readonly addOthers: boolean
  readonly removeOthers: boolean
  readonly join: boolean
  readonly leave: boolean
}

/**
 * What `user` may do to `group`. Administrators may do everything; managers (can_manage_group) may
 * add and remove anyone; adding and removing others have their own settings; joining and leaving
 * are allowed by their settings or by the permission to add or remove others.
 */
export async function groupPermissions(db: Sql, user: User, group: UserGroup): Promise<GroupPermissions> {
  const admin = isAdministrator(user)
  const holds = async (setting: GroupSettingName): Promise<boolean> => admin || (await holdsGroupSetting(db, user.id, group.settings[setting]))
  const manage = await holds('can_manage_group')
  const addOthers = manage || (await holds('can_add_members_group'))
  const removeOthers = manage || (await holds('can_remove_members_group'))
  const join = addOthers || (await holds('can_join_group'))
  const leave = removeOthers || (await holds('can_leave_group'))
  return { manage, addOthers, removeOthers, join, leave }
}

/** A change of a group's direct members and subgroups (POST /user_groups/{id}/members), each list without repeats. */
export interface MembershipChange {
  readonly add: readonly number[]
  readonly remove: readonly number[]
  readonly addSubgroups: readonly number[]
  readonly removeSubgroups: readonly number[]
}

/**
 * Changes `group`'s members and subgroups for `user`, in `db` (a write transaction). Every rule is checked
 * against the state before the request, so nothing is written unless all pass; then everyone hears each
 * kind of change (`user_group` events).
 */
export async function changeMembership(db: Sql, emit: Emit, user: User, group: UserGroup, change: MembershipChange): Promise<void> {
  const { add, remove } = change
  const may = await groupPermissions(db, user, group)
  if (add.includes(user.id) && !may.join) throw badRequest(INSUFFICIENT)
  if (add.some((id) => id !== user.id) && !may.addOthers) throw badRequest(INSUFFICIENT)
  if (remove.includes(user.id) && !may.leave) throw badRequest(INSUFFICIENT)
  if (remove.some((id) => id !== user.id) && !may.removeOthers) throw badRequest(INSUFFICIENT)
  if (change.addSubgroups.length + change.removeSubgroups.length > 0 && !may.manage) throw badRequest(INSUFFICIENT)
  await checkMembers(db, group, change)
  await checkSubgroups(db, group, change)
  const everyone = await activeUserIds(db)
  const event = (op: string, field: string, ids: readonly number[]): Record<string, unknown> => ({ type: 'user_group', op, group_id: group.id, [field]: ids })
  if (add.length > 0) {
    await addMembers(db, group.id, add)
    emit(everyone, event('add_members', 'user_ids', add))
  }
  if (remove.length > 0) {
    await removeMembers(db, group.id, remove)
    emit(everyone, event('remove_members', 'user_ids', remove))
  }
  if (change.addSubgroups.length > 0) {
    await addSubgroups(db, group.id, change.addSubgroups)
    emit(everyone, event('add_subgroups', 'direct_subgroup_ids', change.addSubgroups))
  }
  if (change.removeSubgroups.length > 0) {
    await removeSubgroups(db, group.id, change.removeSubgroups)
    emit(everyone, event('remove_subgroups', 'direct_subgroup_ids', change.removeSubgroups))
  }
}

/** Members added are active users not in the group yet (§4.3: IDs must belong to non-deactivated users); those removed are in it. */
async function checkMembers(db: Sql, group: UserGroup, change: MembershipChange): Promise<void> {
  for (const id of change.add) {
    const member = await userById(db, id)
    if (member === undefined) throw badRequest(`Invalid user ID: ${id}`)
    if (!member.is_active) throw badRequest(`User ${id} is deactivated and cannot be added to a group`)
    if (await isDirectMember(db, group.id, id)) throw badRequest(`User ${id} is already a member of this group`)
  }
  for (const id of change.remove) {
    if ((await userById(db, id)) === undefined) throw badRequest(`Invalid user ID: ${id}`)
    if (!(await isDirectMember(db, group.id, id))) throw badRequest(`User ${id} is not a member of this group`)
  }
}

/** Subgroups added are active groups, not subgroups yet, and make no cycle; those removed are subgroups. */
async function checkSubgroups(db: Sql, group: UserGroup, change: MembershipChange): Promise<void> {
  for (const id of change.addSubgroups) {
    const subgroup = await groupById(db, id)
    if (subgroup === undefined) throw badRequest(INVALID_GROUP)
    if (subgroup.id === group.id) throw badRequest('A group cannot be its own subgroup')
    if (subgroup.deactivated) throw badRequest(`User group '${subgroup.name}' is deactivated and cannot be added as a subgroup`)
    if (await isDirectSubgroup(db, group.id, id)) throw badRequest(`User group ${id} is already a subgroup of this group`)
    // New edges all leave this group, so checking each against the existing graph finds every cycle.
    if (await containsGroup(db, id, group.id)) throw badRequest(`User group ${id} contains this group; adding it as a subgroup would create a cycle`)
  }
  for (const id of change.removeSubgroups) {
    if ((await groupById(db, id)) === undefined) throw badRequest(INVALID_GROUP)
    if (!(await isDirectSubgroup(db, group.id, id))) throw badRequest(`User group ${id} is not a subgroup of this group`)
  }
}

/**
 * Deactivates `group` for `user` (a manager). A group another group relies on is not deactivated under it
 * (§2.2: a deactivated group cannot be used in any permission value); the caller removes those uses first.
 */
export async function deactivateGroup(db: Sql, emit: Emit, user: User, group: UserGroup): Promise<void> {
  if (!(await groupPermissions(db, user, group)).manage) throw badRequest(INSUFFICIENT)
  if (group.deactivated) throw badRequest('User group is already deactivated')
  const uses = await usesOfGroup(db, group.id)
  if (uses.length > 0) throw badRequest(`Cannot deactivate user group in use: ${uses.join('; ')}`)
  await updateGroup(db, group.id, { deactivated: true })
  emit(await activeUserIds(db), { type: 'user_group', op: 'update', group_id: group.id, data: { deactivated: true } })
}
