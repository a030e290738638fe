// Reading message history: the messages of a narrow around an anchor (GET /messages), newest or oldest first
// from the anchor outwards, with whether the narrow's ends were reached.

import type { User } from '../org/users.js'
import type { Sql, SqlValue } from '../store/store.js'
import { MESSAGE_COLUMNS, type MessageRow } from './describe.js'
import { FLAG_BITS } from './flags.js'
import type { MessageFilter } from './narrow.js'

/** What `anchor=newest` resolves to: past every message id (the number the reference API answers with). */
export const NEWEST_ANCHOR = 10_000_000_000_000_000

export type Anchor = number | 'newest' | 'oldest' | 'first_unread'

export interface HistoryRequest {
  readonly anchor: Anchor
  readonly numBefore: number
  readonly numAfter: number
  readonly includeAnchor: boolean
}

export interface History {
  readonly anchor: number
  readonly rows: ReadonlyArray<MessageRow & { readonly user_flags: number | null }>
  readonly foundAnchor: boolean
  readonly foundOldest: boolean
  readonly foundNewest: boolean
}

/**
 * The messages of `filter` around the anchor: up to `numBefore` with smaller ids, the anchor itself when
 * asked and present, up to `numAfter` with larger ids, oldest first. One more is read on each side to tell
 * whether the narrow goes on (found_oldest / found_newest).
 */
export async function readHistory(db: Sql, user: User, filter: MessageFilter, request: HistoryRequest): Promise<History> {
  // With a channel's public history every message of it counts (LEFT JOIN, driven by the channel's index);
  // otherwise only the reader's own rows (driven by user_messages' primary key, newest first).
  const history = filter.historyOf !== undefined
  const idColumn = history ? 'm.id' : 'um.message_id'
  const from = history
    ? 'messages m LEFT JOIN user_messages um ON um.message_id = m.id AND um.user_id = ?'
    : 'user_messages um JOIN messages m ON m.id = um.message_id'
  const where = filter.where.map((condition) => condition.replaceAll('{id}', idColumn))
  const base = history ? where : ['um.user_id = ?', ...where]
  const baseParams: SqlValue[] = [user.id, ...filter.params]
  const select = async (
    condition: '<' | '>' | '=' | '>=',
    value: number,
    order: 'ASC' | 'DESC',
    limit: number,
    extra: readonly string[] = [],
  ): Promise<History['rows']> => {
    // No message id reaches NEWEST_ANCHOR nor goes below 1: the reads of `anchor=newest` after and at the
    // anchor (and of `oldest` before it) would find nothing, and are not sent.
    const nothing = condition === '>' ? value >= NEWEST_ANCHOR : condition === '<' ? value <= 0 : condition === '=' && (value <= 0 || value >= NEWEST_ANCHOR)
    if (limit === 0 || nothing) return []
    const conditions = [...base, ...extra, `${idColumn} ${condition} ?`].join(' AND ')
    return db.all(
      `SELECT ${MESSAGE_COLUMNS}, um.flags AS user_flags FROM ${from} WHERE ${conditions} ORDER BY ${idColumn} ${order} LIMIT ?`,
      ...baseParams,
      value,
      limit,
    )
  }
  let anchor: number
  if (request.anchor === 'newest') anchor = NEWEST_ANCHOR
  else if (request.anchor === 'oldest') anchor = 0
  else if (request.anchor === 'first_unread') {
    // The oldest unread message of the narrow (historical ones are read), else the newest.
    const unread = await select('>=', 0, 'ASC', 1, [`(um.flags & ${FLAG_BITS.read}) = 0`])
    anchor = unread[0]?.id ?? NEWEST_ANCHOR
  } else anchor = request.anchor
  const before = await select('<', anchor, 'DESC', request.numBefore + 1)
  const after = await select('>', anchor, 'ASC', request.numAfter + 1)
  const at = request.includeAnchor ? await select('=', anchor, 'ASC', 1) : []
  const foundOldest = before.length <= request.numBefore
  const foundNewest = after.length <= request.numAfter
  return {
    anchor,
    rows: [...before.slice(0, request.numBefore).reverse(), ...at, ...after.slice(0, request.numAfter)],
    foundAnchor: at.length > 0,
    foundOldest,
    foundNewest,
  }
}
