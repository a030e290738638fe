// GET, POST /navigation_views, PATCH and DELETE /navigation_views/{fragment}: a user's views (chat-api.md §2.7, §4.9).

import { badRequest, notFound } from '../common/chat-error.js'
import type { Params } from '../common/params.js'
import { addView, listViews, MAX_FRAGMENT_LENGTH, MAX_NAME_LENGTH, removeView, updateView } from '../org/navigation-views.js'
import { ok, type ChatRouter, type ChatServices } from './context.js'

/**
 * Adds the navigation-view routes, keyed by (user, fragment): another user's view answers exactly
 * like a missing one (404), and `navigation_view` events go to the owner only.
 * @example addNavigationViewRoutes(router, services) // then POST /api/v1/navigation_views fragment=recent&is_pinned=true
 */
export function addNavigationViewRoutes(router: ChatRouter, services: ChatServices): void {
  router.get('/api/v1/navigation_views', async (ctx) => {
    ok(ctx, { navigation_views: await listViews(services.db, ctx.state.user.id) })
  })

  router.post('/api/v1/navigation_views', async (ctx) => {
    const { params, user } = ctx.state
    const fragment = params.string('fragment', { required: true, maxLength: MAX_FRAGMENT_LENGTH })
    const isPinned = params.bool('is_pinned', { required: true })
    // §4.9: a fragment of only whitespace is blank too.
    if (fragment.trim() === '') throw badRequest('fragment cannot be blank')
    const name = readName(params)
    await services.changes.write((emit, tx) => addView(tx, emit, user.id, { fragment, isPinned, name }))
    ok(ctx)
  })

  router.patch('/api/v1/navigation_views/:fragment', async (ctx) => {
    const { params, user } = ctx.state
    const fragment = pathFragment(ctx.params.fragment)
    const change = { isPinned: params.bool('is_pinned'), name: readName(params) }
    await services.changes.write((emit, tx) => updateView(tx, emit, user.id, fragment, change))
    ok(ctx)
  })

  router.delete('/api/v1/navigation_views/:fragment', async (ctx) => {
    const fragment = pathFragment(ctx.params.fragment)
    await services.changes.write((emit, tx) => removeView(tx, emit, ctx.state.user.id, fragment))
    ok(ctx)
  })
}

/** The fragment of a path. No stored fragment holds a NUL byte (POST refuses them; PostgreSQL text cannot hold one). */
function pathFragment(raw: string | undefined): string {
  const fragment = raw ?? ''
  if (fragment.includes('\0')) throw notFound('Navigation view does not exist.')
  return fragment
}

/**
 * The `name` parameter: a string, or null written as JSON `null` (the only way a form field can say
 * null, §2.7 "string or null"); undefined when absent.
 */
function readName(params: Params): string | null | undefined {
  const raw = params.string('name', { maxLength: MAX_NAME_LENGTH })
  return raw === 'null' ? null : raw
}
