// GET /user_groups, PATCH /user_groups/{id}, POST /user_groups/{id}/members and /deactivate (chat-api.md §2.2, §3, §4.2–4.4).

import { badRequest } from '../common/chat-error.js'
import { is } from '../common/params.js'
import { pathId } from '../common/path-ids.js'
import { GROUP_SETTING_NAMES, parseGroupSettingChange } from '../org/group-settings.js'
import { MAX_GROUP_DESCRIPTION_LENGTH, MAX_GROUP_NAME_LENGTH, updateGroupAs } from '../org/group-updates.js'
import { changeMembership, customGroup, deactivateGroup, describeGroups, INVALID_GROUP } from '../org/groups.js'
import { ok, type ChatRouter, type ChatServices } from './context.js'

export function addGroupRoutes(router: ChatRouter, services: ChatServices): void {
  router.get('/api/v1/user_groups', async (ctx) => {
    const includeDeactivated = ctx.state.params.bool('include_deactivated_groups') ?? false
    ok(ctx, { user_groups: await describeGroups(services.db, includeDeactivated) })
  })

  // Each change is checked inside its transaction: what the checks read still holds at commit. The group is
  // read before the request's other parameters, so an unknown group is refused first.
  router.patch('/api/v1/user_groups/:id', async (ctx) => {
    const { params, user } = ctx.state
    const id = groupId(ctx.params.id)
    await services.changes.write(async (emit, db) => {
      const group = await customGroup(db, id)
      const update = {
        name: params.string('name', { maxLength: MAX_GROUP_NAME_LENGTH }),
        description: params.string('description', { maxLength: MAX_GROUP_DESCRIPTION_LENGTH }),
        settings: GROUP_SETTING_NAMES.map((setting) => [setting, params.json(setting, parseGroupSettingChange)] as const),
        deactivated: params.bool('deactivated'),
      }
      const { name, description, settings, deactivated } = update
      if (name === undefined && description === undefined && deactivated === undefined && settings.every(([, change]) => change === undefined)) {
        throw badRequest('No new data supplied')
      }
      await updateGroupAs(db, emit, user, group, update)
    })
    ok(ctx)
  })

  router.post('/api/v1/user_groups/:id/members', async (ctx) => {
    const { params, user } = ctx.state
    const id = groupId(ctx.params.id)
    await services.changes.write(async (emit, db) => {
      const group = await customGroup(db, id)
      const change = {
        add: unique(params.json('add', is.intArray) ?? []),
        remove: unique(params.json('delete', is.intArray) ?? []),
        addSubgroups: unique(params.json('add_subgroups', is.intArray) ?? []),
        removeSubgroups: unique(params.json('delete_subgroups', is.intArray) ?? []),
      }
      if (Object.values(change).every((ids) => ids.length === 0)) {
        throw badRequest("Nothing to do. Specify at least one of 'add', 'delete', 'add_subgroups' or 'delete_subgroups'.")
      }
      await changeMembership(db, emit, user, group, change)
    })
    ok(ctx)
  })

  router.post('/api/v1/user_groups/:id/deactivate', async (ctx) => {
    const id = groupId(ctx.params.id)
    await services.changes.write(async (emit, db) => deactivateGroup(db, emit, ctx.state.user, await customGroup(db, id)))
    ok(ctx)
  })
}

/** The group id of a path (a malformed one names no group). */
const groupId = (raw: string | undefined): number => pathId(raw, () => badRequest(INVALID_GROUP))

function unique(ids: readonly number[]): number[] {
  return [...new Set(ids)]
}
