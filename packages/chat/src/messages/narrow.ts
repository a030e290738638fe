// Narrows of GET /messages and the flag endpoints: `[[operator, operand], …]` or `[{operator, operand, negated}]`
// read into SQL conditions on `messages m` and the reader's `user_messages um`, with full-text search in each
// store's own engine (SQLite FTS5, PostgreSQL tsvector).

import { ChatError } from '../common/chat-error.js'
import { invalid } from '../common/params.js'
import { canAccessChannel, channelById, type Channel } from '../org/channels.js'
import type { User } from '../org/users.js'
import type { Sql, SqlValue } from '../store/store.js'
import { FLAG_BITS } from './flags.js'
import { channelIdOf, peopleRefs, resolvePeople } from './recipients.js'

export interface NarrowTerm {
  readonly operator: string
  readonly operand: unknown
  readonly negated: boolean
}

/** Most terms a narrow may have. */
const MAX_TERMS = 20

/** The operators understood; `stream`, `subject` and `pm-with` are the older names of `channel`, `topic` and `dm`. */
export const MESSAGE_NARROW_OPERATORS: ReadonlySet<string> = new Set([
  'channel',
  'stream',
  'topic',
  'subject',
  'sender',
  'dm',
  'pm-with',
  'dm-including',
  'is',
  'search',
  'id',
])

/** The narrow as clients send it (a JSON list of pairs or of objects), checked for shape. */
export function parseNarrow(value: unknown, name: string): NarrowTerm[] {
  if (!Array.isArray(value) || value.length > MAX_TERMS) throw invalid(name, `expected a list of at most ${MAX_TERMS} [operator, operand] terms`)
  return value.map((term): NarrowTerm => {
    const [operator, operand, negated] = Array.isArray(term)
      ? [term[0], term[1], false]
      : typeof term === 'object' && term !== null
        ? [(term as { operator?: unknown }).operator, (term as { operand?: unknown }).operand, (term as { negated?: unknown }).negated ?? false]
        : []
    if (typeof operator !== 'string' || operand === undefined || typeof negated !== 'boolean')
      throw invalid(name, 'expected a list of [operator, operand] terms')
    if (!MESSAGE_NARROW_OPERATORS.has(operator)) throw badNarrow(`Invalid narrow operator: unknown operator ${operator.slice(0, 40)}`)
    return { operator, operand, negated }
  })
}

export function badNarrow(message: string): ChatError {
  return new ChatError('BAD_NARROW', message)
}

/** A narrow as SQL over `messages m` joined with the reader's `user_messages um`. */
export interface MessageFilter {
  /** Conditions joined with AND, each with its `?` parameters in order; `{id}` stands for the message id column. */
  readonly where: readonly string[]
  readonly params: readonly SqlValue[]
  /**
   * The channel whose whole history the reader may read (a channel narrow on a channel with public
   * history): then messages the reader never received count too (LEFT JOIN); otherwise only received ones.
   */
  readonly historyOf: number | undefined
}

/** The filter of `terms` for `user`; an unknown channel, person or `is:` operand is a 400 BAD_NARROW. */
export async function narrowFilter(db: Sql, user: User, terms: readonly NarrowTerm[]): Promise<MessageFilter> {
  const where: string[] = []
  const params: SqlValue[] = []
  let historyOf: number | undefined
  const add = (negated: boolean, sql: string, ...values: SqlValue[]): void => {
    where.push(negated ? `NOT (${sql})` : sql)
    params.push(...values)
  }
  for (const { operator, operand, negated } of terms) {
    switch (operator) {
      case 'channel':
      case 'stream': {
        const channel = await narrowChannel(db, user, operand)
        add(negated, 'm.stream_id = ?', channel.id)
        if (!negated && historyOf === undefined && (await readsWholeHistory(db, channel, user))) historyOf = channel.id
        break
      }
      case 'topic':
      case 'subject':
        if (typeof operand !== 'string') throw badNarrow('Invalid narrow operand: topic must be a string')
        add(negated, "m.type = 'stream' AND lower(m.topic) = lower(?)", operand.trim())
        break
      case 'sender':
        add(negated, 'm.sender_id = ?', (await narrowPeople(db, operand))[0]!)
        break
      case 'dm':
      case 'pm-with': {
        const people = [...new Set([...(await narrowPeople(db, operand)), user.id])].sort((a, b) => a - b)
        // Direct messages store their sorted participants, sender included (routes/messages.ts).
        add(negated, "m.type = 'private' AND m.recipients = ?", JSON.stringify(people))
        break
      }
      case 'dm-including': {
        const [person] = await narrowPeople(db, operand)
        add(negated, "m.type = 'private' AND EXISTS (SELECT 1 FROM user_messages x WHERE x.message_id = m.id AND x.user_id = ?)", person!)
        break
      }
      case 'is':
        add(negated, isCondition(operand))
        break
      case 'search': {
        if (typeof operand !== 'string') throw badNarrow('Invalid narrow operand: search must be a string')
        const words = searchWords(operand)
        if (words.length === 0) break // nothing to look for: the term narrows nothing
        if (db.dialect === 'postgres') add(negated, ...(await postgresSearch(db, words.join(' '))))
        // `{id}`: the id column the query is driven by (messages' or the reader's rows), so that SQLite looks the
        // matches up in the index it walks instead of walking it all for a rare word.
        else add(negated, '{id} IN (SELECT rowid FROM message_search WHERE message_search MATCH ?)', words.map((w) => `"${w}"`).join(' '))
        break
      }
      case 'id': {
        const id = typeof operand === 'number' ? operand : typeof operand === 'string' && /^\d{1,15}$/.test(operand) ? Number(operand) : NaN
        if (!Number.isSafeInteger(id)) throw badNarrow('Invalid narrow operand: id must be a message id')
        add(negated, 'm.id = ?', id)
        break
      }
    }
  }
  return { where, params, historyOf }
}

/**
 * The words of a search, as both stores' tokenizers split them (letters, digits and underscores; case and
 * diacritics ignored by the index). Every word must occur (in the topic or the content); words are whole
 * words, with no stemming, so both stores find the same messages.
 */
export function searchWords(text: string): string[] {
  return (text.match(/[\p{L}\p{N}_]+/gu) ?? []).slice(0, 20).map((w) => w.toLowerCase())
}

/**
 * Most matches a PostgreSQL search hands to the history query as a list of ids; a search with more runs as
 * a condition on each message's tsvector.
 */
const SEARCH_ID_LIST_MAX = 500

/**
 * A search on PostgreSQL as a condition. Asked for the newest 50 matches with each row's tsvector tested, the
 * planner walks back from the newest message until the 50th match; a rare word's estimate (a word outside its
 * most common ones counts as ~0.1 % of the rows) makes that walk look short, and it reads most of the table
 * (510,000 rows, 3.5 s, for a word in 100 of 1,000,000 messages). So up to SEARCH_ID_LIST_MAX + 1 matches are
 * read first, in no order (from the GIN index, stopping there; at most that many heap pages): when that is
 * all of them, they become a list, and `m.id = ANY(list)` is an ordered scan of the primary key over it that
 * stops at the 50th row the rest of the narrow keeps. With more, the word is common enough for the walk (which
 * reads recent pages, mostly cached, where the list's rows lie anywhere) and the tsvector condition is kept.
 */
async function postgresSearch(db: Sql, query: string): Promise<[string, ...SqlValue[]]> {
  // One row: the ids as an array literal, passed on as it is.
  const found = await db.get<{ n: number; ids: string | null }>(
    "SELECT count(*) AS n, array_agg(id)::text AS ids FROM (SELECT id FROM messages WHERE search @@ plainto_tsquery('simple', ?) LIMIT ?) AS s",
    query,
    SEARCH_ID_LIST_MAX + 1,
  )
  if (found!.n > SEARCH_ID_LIST_MAX) return ["m.search @@ plainto_tsquery('simple', ?)", query]
  return ['m.id = ANY(CAST(? AS bigint[]))', found!.ids ?? '{}']
}

async function narrowChannel(db: Sql, user: User, operand: unknown): Promise<Channel> {
  const ref = typeof operand === 'number' ? operand : typeof operand === 'string' ? (/^\d{1,15}$/.test(operand) ? Number(operand) : operand) : undefined
  const id = ref === undefined ? undefined : await channelIdOf(db, ref)
  const channel = id === undefined ? undefined : await channelById(db, id)
  // Unknown and inaccessible channels answer alike.
  if (channel === undefined || !(await canAccessChannel(db, channel, user))) throw badNarrow('Invalid narrow operand: unknown channel')
  return channel
}

/** Whether `user` reads every message of the channel, received or not: its history is public to them. */
async function readsWholeHistory(db: Sql, channel: Channel, user: User): Promise<boolean> {
  if (!channel.history_public_to_subscribers) return false
  if (!channel.invite_only && user.role !== 'guest') return true
  return (await db.get('SELECT 1 AS one FROM subscriptions WHERE stream_id = ? AND user_id = ?', channel.id, user.id)) !== undefined
}

async function narrowPeople(db: Sql, operand: unknown): Promise<number[]> {
  let raw: string
  if (typeof operand === 'number') raw = String(operand)
  else if (typeof operand === 'string') raw = operand
  else if (Array.isArray(operand)) raw = JSON.stringify(operand)
  else throw badNarrow('Invalid narrow operand: expected users')
  try {
    const ids = await resolvePeople(db, peopleRefs(raw))
    if (ids.length === 0) throw badNarrow('Invalid narrow operand: unknown user')
    return ids
  } catch (error) {
    if (error instanceof ChatError && error.code !== 'BAD_NARROW') throw badNarrow('Invalid narrow operand: unknown user')
    throw error
  }
}

/** `is:` operands: conditions on the kind of message or the reader's flags. */
function isCondition(operand: unknown): string {
  switch (operand) {
    case 'dm':
    case 'private':
      return "m.type = 'private'"
    case 'starred':
      return `(um.flags & ${FLAG_BITS.starred}) != 0`
    case 'mentioned':
      return `(um.flags & ${FLAG_BITS.mentioned | FLAG_BITS.wildcard_mentioned}) != 0`
    case 'alerted':
      return `(um.flags & ${FLAG_BITS.has_alert_word}) != 0`
    case 'unread':
      return `(um.flags & ${FLAG_BITS.read}) = 0`
    default:
      throw badNarrow(`Invalid narrow operand: is:${String(operand).slice(0, 40)}`)
  }
}
