// Linkifier administration: add, list, replace, delete and reorder (chat-api.md §2.6, §4.8; chat-behaviour.md "Linkifiers").

import { badRequest, ChatError } from '../common/chat-error.js'
import { is, type Params } from '../common/params.js'
import { pathId } from '../common/path-ids.js'
import { checkLinkifier, firstError, type LinkifierValue } from '../linkify/linkifier-rules.js'
import { linkifierExists, listLinkifiers } from '../linkify/linkifiers.js'
import { createLinkifier, LINKIFIER_NOT_FOUND, orderLinkifiers, removeLinkifier, replaceLinkifier } from '../org/linkifier-changes.js'
import { requireAdministrator } from '../org/users.js'
import { ok, type ChatRouter, type ChatServices } from './context.js'

export function addLinkifierRoutes(router: ChatRouter, services: ChatServices): void {
  const { db, changes } = services

  router.get('/api/v1/realm/linkifiers', async (ctx) => {
    ok(ctx, { linkifiers: await listLinkifiers(db) })
  })

  router.post('/api/v1/realm/filters', async (ctx) => {
    requireAdministrator(ctx.state.user)
    const value = readLinkifier(ctx.state.params)
    ok(ctx, { id: await changes.write((emit, tx) => createLinkifier(tx, emit, value)) })
  })

  router.patch('/api/v1/realm/filters/:filter_id', async (ctx) => {
    requireAdministrator(ctx.state.user)
    const id = pathId(ctx.params.filter_id, () => badRequest(LINKIFIER_NOT_FOUND))
    // An unknown id answers before the fields are read: there is nothing to replace.
    if (!(await linkifierExists(db, id))) throw badRequest(LINKIFIER_NOT_FOUND)
    const value = readLinkifier(ctx.state.params)
    await changes.write((emit, tx) => replaceLinkifier(tx, emit, id, value))
    ok(ctx)
  })

  router.delete('/api/v1/realm/filters/:filter_id', async (ctx) => {
    requireAdministrator(ctx.state.user)
    const id = pathId(ctx.params.filter_id, () => badRequest(LINKIFIER_NOT_FOUND))
    await changes.write((emit, tx) => removeLinkifier(tx, emit, id))
    ok(ctx)
  })

  router.patch('/api/v1/realm/linkifiers', async (ctx) => {
    requireAdministrator(ctx.state.user)
    const ids = ctx.state.params.json('ordered_linkifier_ids', is.intArray, { required: true })
    await changes.write((emit, tx) => orderLinkifiers(tx, emit, ids))
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
