// Group-setting values (chat-api.md §2.1): their shape, their canonical form, and who holds one.

import type { Sql } from '../store/store.js'
import { invalid } from '../common/params.js'

/** A group's ID, or an anonymous group of users and subgroups (chat-api.md §2.1). */
export type GroupSettingValue = number | { readonly direct_members: readonly number[]; readonly direct_subgroups: readonly number[] }

/** The permission settings of a user group (chat-api.md §2.2), in the order of the spec's table. */
export const GROUP_SETTING_NAMES = [
  'can_add_members_group',
  'can_join_group',
  'can_leave_group',
  'can_manage_group',
  'can_mention_group',
  'can_remove_members_group',
] as const

export type GroupSettingName = (typeof GROUP_SETTING_NAMES)[number]

/** System groups a setting may never be set to (chat-api.md §2.2); the other settings have none. */
export const FORBIDDEN_GROUPS: Readonly<Partial<Record<GroupSettingName, readonly string[]>>> = {
  can_manage_group: ['role:internet', 'role:everyone'],
  can_mention_group: ['role:internet', 'role:owners'],
}

/** Longest list of users or subgroups in one anonymous group. */
export const MAX_SETTING_IDS = 1000

/** An update of one setting: the new value and, optionally, the value the client believes is current. */
export interface GroupSettingChange {
  readonly new: GroupSettingValue
  readonly old: GroupSettingValue | undefined
}

/** Checks the shape of a group-setting value (not whether its IDs exist); throws `invalid(name)`. */
export function parseGroupSettingValue(value: unknown, name: string): GroupSettingValue {
  if (Number.isSafeInteger(value)) return value as number
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(name, 'expected a group ID or {direct_members, direct_subgroups}')
  const keys = Object.keys(value)
  const record = value as Record<string, unknown>
  if (keys.length !== 2 || !('direct_members' in record) || !('direct_subgroups' in record)) {
    throw invalid(name, 'an anonymous group has exactly the keys direct_members and direct_subgroups')
  }
  return { direct_members: idList(record.direct_members, name), direct_subgroups: idList(record.direct_subgroups, name) }
}

/** The `{new, old?}` object of PATCH /user_groups/{id} (chat-api.md §4.2); only this form is accepted. */
export function parseGroupSettingChange(value: unknown, name: string): GroupSettingChange {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(name, 'expected an object {new, old}')
  const record = value as Record<string, unknown>
  if (!('new' in record)) throw invalid(name, "'new' is required")
  if (Object.keys(record).some((key) => key !== 'new' && key !== 'old')) throw invalid(name, 'only the keys new and old are allowed')
  return { new: parseGroupSettingValue(record.new, name), old: 'old' in record ? parseGroupSettingValue(record.old, name) : undefined }
}

function idList(value: unknown, name: string): number[] {
  if (!Array.isArray(value) || value.length > MAX_SETTING_IDS || !value.every((id) => Number.isSafeInteger(id))) {
    throw invalid(name, `expected lists of at most ${MAX_SETTING_IDS} integer IDs`)
  }
  return value as number[]
}

/**
 * The one spelling of a value, so that equal values compare equal: sorted unique IDs; an anonymous
 * group of exactly one subgroup is that group; an empty one is `nobodyId` (role:nobody) when given.
 */
export function canonicalSetting(value: GroupSettingValue, nobodyId?: number): GroupSettingValue {
  if (typeof value === 'number') return value
  const members = sortedUnique(value.direct_members)
  const subgroups = sortedUnique(value.direct_subgroups)
  if (members.length === 0 && subgroups.length === 1) return subgroups[0]!
  if (members.length === 0 && subgroups.length === 0 && nobodyId !== undefined) return nobodyId
  return { direct_members: members, direct_subgroups: subgroups }
}

/** Whether two values name the same holders (after canonicalization). */
export function sameSetting(a: GroupSettingValue, b: GroupSettingValue, nobodyId?: number): boolean {
  return JSON.stringify(canonicalSetting(a, nobodyId)) === JSON.stringify(canonicalSetting(b, nobodyId))
}

/** The groups a value refers to: the group itself, or the anonymous group's subgroups. */
export function groupsOf(value: GroupSettingValue): readonly number[] {
  return typeof value === 'number' ? [value] : value.direct_subgroups
}

/** The users a value names directly (none for a group ID). */
export function usersOf(value: GroupSettingValue): readonly number[] {
  return typeof value === 'number' ? [] : value.direct_members
}

/** Whether the user holds the permission `value` grants: named directly, or an effective member of a group it names. */
export async function holdsGroupSetting(db: Sql, userId: number, value: GroupSettingValue): Promise<boolean> {
  if (usersOf(value).includes(userId)) return true
  for (const groupId of groupsOf(value)) if (await isEffectiveMember(db, userId, groupId)) return true
  return false
}

/** The value as clients see it: since feature level 303 `direct_members` does not list deactivated users. */
export function settingForApi(value: GroupSettingValue, isActive: (userId: number) => boolean): GroupSettingValue {
  if (typeof value === 'number') return value
  return { direct_members: value.direct_members.filter(isActive), direct_subgroups: [...value.direct_subgroups] }
}

// UNION (not UNION ALL) drops groups already reached, so a cycle in the data cannot loop forever.
/**
 * `reach(id)`: the groups whose ids are in the JSON list bound first, and all their subgroups at any
 * depth. UNION (not UNION ALL) stops at groups already reached, so a cycle of subgroups cannot loop.
 */
export const REACHABLE_GROUPS =
  'WITH RECURSIVE reach(id) AS (SELECT value FROM json_each(?) UNION SELECT s.subgroup_id FROM group_subgroups s JOIN reach r ON s.group_id = r.id)'

/** The active users who are effective members of any of `groupIds` (through subgroups), sorted. */
export async function effectiveMembers(db: Sql, groupIds: readonly number[]): Promise<number[]> {
  const rows = (await db.all(
    `${REACHABLE_GROUPS} SELECT DISTINCT u.id FROM reach r JOIN group_members m ON m.group_id = r.id JOIN users u ON u.id = m.user_id WHERE u.is_active = 1 ORDER BY u.id`,
    JSON.stringify(groupIds),
  )) as Array<{ id: number }>
  return rows.map((r) => r.id)
}

/**
 * Whether the user is an effective member of the group: a direct member of it or of any of its
 * subgroups, recursively (fixtures/README.md). Deactivated users are members of nothing.
 */
export async function isEffectiveMember(db: Sql, userId: number, groupId: number): Promise<boolean> {
  return (
    (await db.get(
      `${REACHABLE_GROUPS} SELECT 1 FROM group_members m JOIN reach r ON m.group_id = r.id JOIN users u ON u.id = m.user_id WHERE m.user_id = ? AND u.is_active = 1 LIMIT 1`,
      JSON.stringify([groupId]),
      userId,
    )) !== undefined
  )
}

function sortedUnique(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b)
}
