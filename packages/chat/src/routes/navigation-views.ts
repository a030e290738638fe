// GET, POST /navigation_views, PATCH and DELETE /navigation_views/{fragment}: a user's views (chat-api.md §2.7, §4.9).

import type { Sql } from '../store/store.js'
import { ok, type ChatRouter, type ChatServices } from './context.js'
import { badRequest, notFound } from '../common/chat-error.js'
import type { Params } from '../common/params.js'

/**
 * The fragments of the built-in views, which carry no name of their own (chat-behaviour.md). Both
 * the short names and the hashes the web client navigates to for the same views are listed.
 */
export const BUILT_IN_FRAGMENTS: ReadonlySet<string> = new Set([
  'inbox',
  'recent',
  'feed',
  'all_messages',
  'drafts',
  'scheduled',
  'reminders',
  'starred',
  'mentions',
  'reactions',
  'narrow/is/starred',
  'narrow/is/mentioned',
  'narrow/has/reaction/sender/me',
])

/** Longest fragment and name; the spec leaves the bounds open (§8.7). */
const MAX_FRAGMENT_LENGTH = 255
const MAX_NAME_LENGTH = 128

interface NavigationView {
  readonly fragment: string
  readonly is_pinned: boolean
  readonly name: string | null
}

/**
 * Adds the navigation-view routes, keyed by (user, fragment): another user's view answers exactly
 * like a missing one (404), and `navigation_view` events go to the owner only.
 * @example addNavigationViewRoutes(router, services) // then POST /api/v1/navigation_views fragment=recent&is_pinned=true
 */
export function addNavigationViewRoutes(router: ChatRouter, services: ChatServices): void {
  const { db } = services
  const find = async (db: Sql, userId: number, fragment: string): Promise<NavigationView | undefined> => {
    const row = (await db.get('SELECT fragment, is_pinned, name FROM navigation_views WHERE user_id = ? AND fragment = ?', userId, fragment)) as
      { fragment: string; is_pinned: number; name: string | null } | undefined
    return row === undefined ? undefined : { ...row, is_pinned: row.is_pinned === 1 }
  }

  router.get('/api/v1/navigation_views', async (ctx) => {
    // In the order they were added (rowid), so a client's list does not reshuffle.
    const rows = (await db.all('SELECT fragment, is_pinned, name FROM navigation_views WHERE user_id = ? ORDER BY rowid', ctx.state.user.id)) as Array<{
      fragment: string
      is_pinned: number
      name: string | null
    }>
    ok(ctx, { navigation_views: rows.map((row) => ({ ...row, is_pinned: row.is_pinned === 1 })) })
  })

  router.post('/api/v1/navigation_views', async (ctx) => {
    const { params, user } = ctx.state
    const fragment = params.string('fragment', { required: true, maxLength: MAX_FRAGMENT_LENGTH })
    const isPinned = params.bool('is_pinned', { required: true })
    // §4.9: a fragment of only whitespace is blank too.
    if (fragment.trim() === '') throw badRequest('fragment cannot be blank')
    const name = checkName(fragment, readName(params))
    const view: NavigationView = { fragment, is_pinned: isPinned, name: name ?? null }
    await services.changes.write(async (emit, db) => {
      if ((await find(db, user.id, fragment)) !== undefined) throw badRequest('Navigation view already exists.')
      await db.run('INSERT INTO navigation_views (user_id, fragment, is_pinned, name) VALUES (?, ?, ?, ?)', user.id, fragment, isPinned ? 1 : 0, view.name)
      emit([user.id], { type: 'navigation_view', op: 'add', navigation_view: view })
    })
    ok(ctx)
  })

  router.patch('/api/v1/navigation_views/:fragment', async (ctx) => {
    const { params, user } = ctx.state
    const fragment = ctx.params.fragment ?? ''
    // No stored fragment holds a NUL byte (POST refuses them; PostgreSQL text cannot hold one).
    if (fragment.includes('\0')) throw notFound('Navigation view does not exist.')
    const isPinned = params.bool('is_pinned')
    const name = readName(params)
    await services.changes.write(async (emit, db) => {
      // Someone else's view is missing too (chat-behaviour.md): the answer must not tell them apart.
      if ((await find(db, user.id, fragment)) === undefined) throw notFound('Navigation view does not exist.')
      // An absent name leaves it as it is; null on a built-in view is "no name", which it already has.
      const newName = name === undefined ? undefined : checkName(fragment, name)
      const data = { ...(isPinned !== undefined && { is_pinned: isPinned }), ...(newName !== undefined && { name: newName }) }
      if (isPinned !== undefined)
        await db.run('UPDATE navigation_views SET is_pinned = ? WHERE user_id = ? AND fragment = ?', isPinned ? 1 : 0, user.id, fragment)
      if (newName !== undefined) await db.run('UPDATE navigation_views SET name = ? WHERE user_id = ? AND fragment = ?', newName, user.id, fragment)
      if (Object.keys(data).length > 0) emit([user.id], { type: 'navigation_view', op: 'update', fragment, data })
    })
    ok(ctx)
  })

  router.delete('/api/v1/navigation_views/:fragment', async (ctx) => {
    const { user } = ctx.state
    const fragment = ctx.params.fragment ?? ''
    // No stored fragment holds a NUL byte (POST refuses them; PostgreSQL text cannot hold one).
    if (fragment.includes('\0')) throw notFound('Navigation view does not exist.')
    await services.changes.write(async (emit, db) => {
      const removed = (await db.run('DELETE FROM navigation_views WHERE user_id = ? AND fragment = ?', user.id, fragment)).changes
      if (removed === 0) throw notFound('Navigation view does not exist.')
      emit([user.id], { type: 'navigation_view', op: 'remove', fragment })
    })
    ok(ctx)
  })
}

/**
 * The `name` parameter: a string, or null written as JSON `null` (the only way a form field can say
 * null, §2.7 "string or null"); undefined when absent.
 */
function readName(params: Params): string | null | undefined {
  const raw = params.string('name', { maxLength: MAX_NAME_LENGTH })
  return raw === 'null' ? null : raw
}

/**
 * The name a view of `fragment` keeps (trimmed), by the rules of chat-behaviour.md: built-in views
 * take none, custom ones need one that is not blank. Undefined stands for "no name".
 */
function checkName(fragment: string, name: string | null | undefined): string | undefined {
  if (BUILT_IN_FRAGMENTS.has(fragment)) {
    if (name !== null && name !== undefined) throw badRequest('Built-in views cannot have a custom name.')
    return undefined
  }
  if (name === null || name === undefined || name.trim() === '') throw badRequest('Custom views must have a valid name.')
  return name.trim()
}
