// The `target_users` of a bulk settings edit (chat-api.md §4.1): its shape, and the users it names.

import { badRequest } from '../common/chat-error.js'
import type { Sql } from '../store/store.js'
import { effectiveMembers } from './group-settings.js'
import { invalid, is } from '../common/params.js'

export interface TargetUsers {
  readonly user_ids: readonly number[]
  readonly group_ids: readonly number[]
  readonly skip_if_already_edited: boolean
}

const MEMBERS = new Set(['user_ids', 'group_ids', 'skip_if_already_edited'])

/** Checker for `Params.json`: an object with user_ids and/or group_ids, and nothing unknown. */
export function checkTargetUsers(value: unknown, name: string): TargetUsers {
  const object = is.object(value, name)
  const unknown = Object.keys(object).find((key) => !MEMBERS.has(key))
  if (unknown !== undefined) throw invalid(name, `unknown member ${JSON.stringify(unknown).slice(0, 60)}`)
  if (object.user_ids === undefined && object.group_ids === undefined) throw invalid(name, 'it names neither user_ids nor group_ids')
  const skip = object.skip_if_already_edited ?? false
  if (typeof skip !== 'boolean') throw invalid(name, 'skip_if_already_edited is not a boolean')
  return {
    user_ids: object.user_ids === undefined ? [] : is.intArray(object.user_ids, `${name}.user_ids`),
    group_ids: object.group_ids === undefined ? [] : is.intArray(object.group_ids, `${name}.group_ids`),
    skip_if_already_edited: skip,
  }
}

/**
 * The ids of the users `target` names, ascending: each listed user (who must exist and be active:
 * 400 "Invalid user ID" otherwise) and every active member of each listed group, through its
 * subgroups recursively (unknown group: 400 "Invalid user group", chat-api.md §7).
 */
export async function resolveTargetUsers(db: Sql, target: TargetUsers): Promise<number[]> {
  const ids = new Set<number>()
  const userIds = [...new Set(target.user_ids)]
  if (userIds.length > 0) {
    const found = (await db.all(`SELECT id FROM users WHERE is_active = 1 AND id IN (SELECT value FROM json_each(?))`, JSON.stringify(userIds))) as Array<{
      id: number
    }>
    if (found.length !== userIds.length) throw badRequest('Invalid user ID')
    for (const row of found) ids.add(row.id)
  }
  const groupIds = [...new Set(target.group_ids)]
  if (groupIds.length > 0) {
    const known = (await db.get('SELECT count(*) AS n FROM user_groups WHERE id IN (SELECT value FROM json_each(?))', JSON.stringify(groupIds))) as {
      n: number
    }
    if (known.n !== groupIds.length) throw badRequest('Invalid user group')
    for (const id of await effectiveMembers(db, groupIds)) ids.add(id)
  }
  return [...ids].sort((a, b) => a - b)
}
