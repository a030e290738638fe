// GET, POST /drafts, PATCH and DELETE /drafts/{draft_id}: a user's drafts, announced to that user only.

import { ok, type ChatRouter, type ChatServices } from './context.js'
import { notFound } from '../common/chat-error.js'
import { checkDraft, draftOf, draftsOf, insertDraft, requireDraftSynchronization } from '../org/drafts.js'
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
    const drafts = await services.changes.write(async (emit, db) => {
      // Every draft is checked before any is stored (in the transaction, so that the recipients it
      // checks still hold at commit): a batch is created whole or not at all.
      const checked = []
      for (const [index, draft] of list.entries()) checked.push(await checkDraft(db, user, draft, `drafts[${index}]`, now))
      const created = []
      for (const draft of checked) created.push(await insertDraft(db, user.id, draft))
      if (created.length > 0) emit([user.id], { type: 'drafts', op: 'add', drafts: created })
      return created
    })
    ok(ctx, { ids: drafts.map((draft) => draft.id) })
  })

  router.patch('/api/v1/drafts/:draft_id', async (ctx) => {
    const { params, user } = ctx.state
    await requireDraftSynchronization(db, user.id)
    const id = pathId(ctx.params.draft_id, () => invalid('draft_id'))
    // A full replacement: an absent timestamp becomes now, as on creation.
    const given = params.json('draft', is.any, { required: true })
    await services.changes.write(async (emit, db) => {
      const draft = { id, ...(await checkDraft(db, user, given, 'draft', services.now())) }
      const changed = (
        await db.run(
          'UPDATE drafts SET type = ?, recipients = ?, topic = ?, content = ?, timestamp = ? WHERE id = ? AND user_id = ?',
          draft.type,
          JSON.stringify(draft.to),
          draft.topic,
          draft.content,
          draft.timestamp,
          id,
          user.id,
        )
      ).changes
      // Someone else's draft is missing too (chat-behaviour.md): the answer must not tell them apart.
      if (changed === 0) throw notFound('Draft does not exist')
      emit([user.id], { type: 'drafts', op: 'update', draft })
    })
    ok(ctx)
  })

  router.delete('/api/v1/drafts/:draft_id', async (ctx) => {
    const { user } = ctx.state
    await requireDraftSynchronization(db, user.id)
    const id = pathId(ctx.params.draft_id, () => invalid('draft_id'))
    await services.changes.write(async (emit, db) => {
      if ((await draftOf(db, user.id, id)) === undefined) throw notFound('Draft does not exist')
      await db.run('DELETE FROM drafts WHERE id = ? AND user_id = ?', id, user.id)
      emit([user.id], { type: 'drafts', op: 'remove', draft_id: id })
    })
    ok(ctx)
  })
}
