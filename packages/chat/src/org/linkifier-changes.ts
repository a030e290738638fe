// Changing the organization's linkifiers (chat-api.md §2.6, §4.8; chat-behaviour.md "Linkifiers"): adding within the
// bound, replacing, deleting, reordering — each change telling every active user the whole list, in order.

import { badRequest } from '../common/chat-error.js'
import type { LinkifierValue } from '../linkify/linkifier-rules.js'
import { addLinkifier, deleteLinkifier, linkifierCount, listLinkifiers, MAX_LINKIFIERS, reorderLinkifiers, updateLinkifier } from '../linkify/linkifiers.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import { activeUserIds } from './users.js'

export const LINKIFIER_NOT_FOUND = 'Linkifier not found.'

/** Adds `value` last, in `tx` (a write transaction); answers its id. */
export async function createLinkifier(tx: Sql, emit: Emit, value: LinkifierValue): Promise<number> {
  // Counted inside the transaction, so concurrent additions cannot pass the bound together.
  if ((await linkifierCount(tx)) >= MAX_LINKIFIERS) throw badRequest(`An organization can have at most ${MAX_LINKIFIERS} linkifiers.`)
  const id = await addLinkifier(tx, value)
  await announce(tx, emit)
  return id
}

/** Replaces linkifier `id`'s fields with `value`. */
export async function replaceLinkifier(tx: Sql, emit: Emit, id: number, value: LinkifierValue): Promise<void> {
  if (!(await updateLinkifier(tx, id, value))) throw badRequest(LINKIFIER_NOT_FOUND)
  await announce(tx, emit)
}

export async function removeLinkifier(tx: Sql, emit: Emit, id: number): Promise<void> {
  if (!(await deleteLinkifier(tx, id))) throw badRequest(LINKIFIER_NOT_FOUND)
  await announce(tx, emit)
}

/** Puts the linkifiers in the order of `ids`, which must name each of them once. */
export async function orderLinkifiers(tx: Sql, emit: Emit, ids: readonly number[]): Promise<void> {
  if (new Set(ids).size !== ids.length) throw badRequest('The ordered list must not contain duplicated linkifiers')
  const existing = new Set((await listLinkifiers(tx)).map((l) => l.id))
  if (ids.length !== existing.size || !ids.every((id) => existing.has(id))) {
    throw badRequest('The ordered list must enumerate all existing linkifiers exactly once')
  }
  await reorderLinkifiers(tx, ids)
  // Announced even when the order is unchanged: the request is a change of the whole list.
  await announce(tx, emit)
}

/** Every change tells every active user the whole list, in order (chat-behaviour.md). */
async function announce(db: Sql, emit: Emit): Promise<void> {
  emit(await activeUserIds(db), { type: 'realm_linkifiers', realm_linkifiers: await listLinkifiers(db) })
}
