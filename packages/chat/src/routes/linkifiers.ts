// Linkifier administration: add, list, replace, delete and reorder (chat-api.md §2.6, §4.8; chat-behaviour.md "Linkifiers").

import { ok, type ChatRouter, type ChatServices } from './context.js'
import type { Emit } from '../store/changes.js'
import { badRequest, ChatError } from '../common/chat-error.js'
import type { Sql } from '../store/store.js'
import { checkLinkifier, firstError, type LinkifierValue } from '../linkify/linkifier-rules.js'
import {
  addLinkifier,
  deleteLinkifier,
  linkifierCount,
  linkifierExists,
  listLinkifiers,
  MAX_LINKIFIERS,
  reorderLinkifiers,
  updateLinkifier,
} from '../linkify/linkifiers.js'
import { is, type Params } from '../common/params.js'
import { pathId } from '../common/path-ids.js'
import { activeUserIds, requireAdministrator } from '../org/users.js'

const NOT_FOUND = 'Linkifier not found.'

export function addLinkifierRoutes(router: ChatRouter, services: ChatServices): void {
  const { db, changes } = services

  router.get('/api/v1/realm/linkifiers', async (ctx) => {
    ok(ctx, { linkifiers: await listLinkifiers(db) })
  })

  router.post('/api/v1/realm/filters', async (ctx) => {
    requireAdministrator(ctx.state.user)
    const value = readLinkifier(ctx.state.params)
    const id = await changes.write(async (emit, db) => {
      // Counted inside the transaction, so concurrent additions cannot pass the bound together.
      if ((await linkifierCount(db)) >= MAX_LINKIFIERS) throw badRequest(`An organization can have at most ${MAX_LINKIFIERS} linkifiers.`)
      const id = await addLinkifier(db, value)
      await announce(db, emit)
      return id
    })
    ok(ctx, { id })
  })

  router.patch('/api/v1/realm/filters/:filter_id', async (ctx) => {
    requireAdministrator(ctx.state.user)
    const id = pathId(ctx.params.filter_id, () => badRequest(NOT_FOUND))
    // An unknown id answers before the fields are read: there is nothing to replace.
    if (!(await linkifierExists(db, id))) throw badRequest(NOT_FOUND)
    const value = readLinkifier(ctx.state.params)
    await changes.write(async (emit, db) => {
      if (!(await updateLinkifier(db, id, value))) throw badRequest(NOT_FOUND)
      await announce(db, emit)
    })
    ok(ctx)
  })

  router.delete('/api/v1/realm/filters/:filter_id', async (ctx) => {
    requireAdministrator(ctx.state.user)
    const id = pathId(ctx.params.filter_id, () => badRequest(NOT_FOUND))
    await changes.write(async (emit, db) => {
      if (!(await deleteLinkifier(db, id))) throw badRequest(NOT_FOUND)
      await announce(db, emit)
    })
    ok(ctx)
  })

  router.patch('/api/v1/realm/linkifiers', async (ctx) => {
    requireAdministrator(ctx.state.user)
    const ids = ctx.state.params.json('ordered_linkifier_ids', is.intArray, { required: true })
    await changes.write(async (emit, db) => {
      if (new Set(ids).size !== ids.length) throw badRequest('The ordered list must not contain duplicated linkifiers')
      const existing = new Set((await listLinkifiers(db)).map((l) => l.id))
      if (ids.length !== existing.size || !ids.every((id) => existing.has(id))) {
        throw badRequest('The ordered list must enumerate all existing linkifiers exactly once')
      }
      await reorderLinkifiers(db, ids)
      // Announced even when the order is unchanged: the request is a change of the whole list.
      await announce(db, emit)
    })
    ok(ctx)
  })
}

/** The fields of POST and PATCH (a PATCH replaces them all), checked by the rules of linkifier-rules.ts. */
function readLinkifier(params: Params): LinkifierValue {
  const input = {
    pattern: params.string('pattern', { required: true }),
    url_template: params.string('url_template', { required: true }),
    example_input: params.string('example_input'),
    reverse_template: params.string('reverse_template'),
    alternative_url_templates: params.json('alternative_url_templates', is.stringArray),
  }
  const checked = checkLinkifier(input)
  if (!checked.ok) throw new ChatError('BAD_REQUEST', firstError(checked.errors), { extra: { errors: checked.errors } })
  return checked.value
}

/** Every change tells every active user the whole list, in order (chat-behaviour.md). */
async function announce(db: Sql, emit: Emit): Promise<void> {
  emit(await activeUserIds(db), { type: 'realm_linkifiers', realm_linkifiers: await listLinkifiers(db) })
}
