// A user's navigation views (chat-api.md §2.7, §4.9), keyed by (user, fragment): another user's view is exactly
// like a missing one, and `navigation_view` events go to the owner only.

import { badRequest, notFound } from '../common/chat-error.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'

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
export const MAX_FRAGMENT_LENGTH = 255
export const MAX_NAME_LENGTH = 128

export interface NavigationView {
  readonly fragment: string
  readonly is_pinned: boolean
  readonly name: string | null
}

async function findView(db: Sql, userId: number, fragment: string): Promise<NavigationView | undefined> {
  const row = (await db.get('SELECT fragment, is_pinned, name FROM navigation_views WHERE user_id = ? AND fragment = ?', userId, fragment)) as
    { fragment: string; is_pinned: number; name: string | null } | undefined
  return row === undefined ? undefined : { ...row, is_pinned: row.is_pinned === 1 }
}

/** `userId`'s views in the order they were added (rowid), so a client's list does not reshuffle. */
export async function listViews(db: Sql, userId: number): Promise<NavigationView[]> {
  const rows = (await db.all('SELECT fragment, is_pinned, name FROM navigation_views WHERE user_id = ? ORDER BY rowid', userId)) as Array<{
    fragment: string
    is_pinned: number
    name: string | null
  }>
  return rows.map((row) => ({ ...row, is_pinned: row.is_pinned === 1 }))
}

/** Adds a view of `fragment` (not blank; one per fragment) with the name its kind allows. */
export async function addView(
  tx: Sql,
  emit: Emit,
  userId: number,
  request: { readonly fragment: string; readonly isPinned: boolean; readonly name: string | null | undefined },
): Promise<void> {
  const { fragment, isPinned } = request
  const view: NavigationView = { fragment, is_pinned: isPinned, name: checkName(fragment, request.name) ?? null }
  if ((await findView(tx, userId, fragment)) !== undefined) throw badRequest('Navigation view already exists.')
  await tx.run('INSERT INTO navigation_views (user_id, fragment, is_pinned, name) VALUES (?, ?, ?, ?)', userId, fragment, isPinned ? 1 : 0, view.name)
  emit([userId], { type: 'navigation_view', op: 'add', navigation_view: view })
}

/** Pins or unpins, or renames (an absent name leaves it as it is), `userId`'s view of `fragment`. */
export async function updateView(
  tx: Sql,
  emit: Emit,
  userId: number,
  fragment: string,
  change: { readonly isPinned: boolean | undefined; readonly name: string | null | undefined },
): Promise<void> {
  const { isPinned, name } = change
  // Someone else's view is missing too (chat-behaviour.md): the answer must not tell them apart.
  if ((await findView(tx, userId, fragment)) === undefined) throw notFound('Navigation view does not exist.')
  // Null on a built-in view is "no name", which it already has.
  const newName = name === undefined ? undefined : checkName(fragment, name)
  const data = { ...(isPinned !== undefined && { is_pinned: isPinned }), ...(newName !== undefined && { name: newName }) }
  if (isPinned !== undefined) await tx.run('UPDATE navigation_views SET is_pinned = ? WHERE user_id = ? AND fragment = ?', isPinned ? 1 : 0, userId, fragment)
  if (newName !== undefined) await tx.run('UPDATE navigation_views SET name = ? WHERE user_id = ? AND fragment = ?', newName, userId, fragment)
  if (Object.keys(data).length > 0) emit([userId], { type: 'navigation_view', op: 'update', fragment, data })
}

export async function removeView(tx: Sql, emit: Emit, userId: number, fragment: string): Promise<void> {
  const removed = (await tx.run('DELETE FROM navigation_views WHERE user_id = ? AND fragment = ?', userId, fragment)).changes
  if (removed === 0) throw notFound('Navigation view does not exist.')
  emit([userId], { type: 'navigation_view', op: 'remove', fragment })
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
