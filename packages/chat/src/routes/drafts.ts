// GET, POST /drafts, PATCH and DELETE /drafts/{draft_id}: a user's drafts, announced to that user only.

import { ok, type ChatRouter, type ChatServices } from './context.js'
import { createDrafts, deleteDraft, draftsOf, replaceDraft, requireDraftSynchronization } from '../org/drafts.js'
import { invalid, is } from '../common/params.js'
import { pathId } from '../common/path-ids.js'

/**
 * Adds the draft routes. Drafts are the caller's own: another user's draft answers exactly like a
 * missing one (404), and `drafts` events go to the owner only (chat-behaviour.md). A user who turned
 * off draft synchronization is refused by every one of them, before anything else is looked at.
 * @example addDraftRoutes(router, services) // then POST /api/v1/drafts with drafts=[{...}]
 */
export function addDraftRoutes(router: ChatRouter, services: ChatServices): void {
  const { db } = services

  router.get('/api/v1/drafts', async (ctx) => {
    await requireDraftSynchronization(db, ctx.state.user.id)
    const drafts = await draftsOf(db, ctx.state.user.id)
    ok(ctx, { count: drafts.length, drafts })
  })

  router.post('/api/v1/drafts', async (ctx) => {
    const { params, user } = ctx.state
    await requireDraftSynchronization(db, user.id)
    // chat-api.md §4.7: `drafts` is optional; none given creates none.
    const given = params.json('drafts', is.any)
    const list = given === undefined ? [] : given
    if (!Array.isArray(list)) throw invalid('drafts', 'expected a list of drafts')
    const now = services.now()
    // Every draft is checked before any is stored: a batch is created whole or not at all.
    const drafts = await services.changes.write((emit, tx) => createDrafts(tx, emit, user, list, now))
    ok(ctx, { ids: drafts.map((draft) => draft.id) })
  })

  router.patch('/api/v1/drafts/:draft_id', async (ctx) => {
    const { params, user } = ctx.state
    await requireDraftSynchronization(db, user.id)
    const id = pathId(ctx.params.draft_id, () => invalid('draft_id'))
    // A full replacement: an absent timestamp becomes now, as on creation.
    const given = params.json('draft', is.any, { required: true })
    await services.changes.write((emit, tx) => replaceDraft(tx, emit, user, id, given, services.now()))
    ok(ctx)
  })

  router.delete('/api/v1/drafts/:draft_id', async (ctx) => {
    const { user } = ctx.state
    await requireDraftSynchronization(db, user.id)
    const id = pathId(ctx.params.draft_id, () => invalid('draft_id'))
    await services.changes.write((emit, tx) => deleteDraft(tx, emit, user.id, id))
    ok(ctx)
  })
}
