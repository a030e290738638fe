// User groups as the service reads and writes them: records, direct and effective membership, the subgroup graph.

import type { Sql } from '../store/store.js'
import { GROUP_SETTING_NAMES, REACHABLE_GROUPS, settingForApi, type GroupSettingName, type GroupSettingValue } from './group-settings.js'
import { activeUserIds } from './users.js'

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

export async function addMembers(db: Sql, groupId: number, userIds: readonly number[]): Promise<void> {
  for (const id of userIds) await db.run('INSERT INTO group_members (group_id, user_id) VALUES (?, ?)', groupId, id)
}

export async function removeMembers(db: Sql, groupId: number, userIds: readonly number[]): Promise<void> {
  for (const id of userIds) await db.run('DELETE FROM group_members WHERE group_id = ? AND user_id = ?', groupId, id)
}

export async function addSubgroups(db: Sql, groupId: number, subgroupIds: readonly number[]): Promise<void> {
  for (const id of subgroupIds) await db.run('INSERT INTO group_subgroups (group_id, subgroup_id) VALUES (?, ?)', groupId, id)
}

export async function removeSubgroups(db: Sql, groupId: number, subgroupIds: readonly number[]): Promise<void> {
  for (const id of subgroupIds) await db.run('DELETE FROM group_subgroups WHERE group_id = ? AND subgroup_id = ?', groupId, id)
}
