// Whom a message goes to: the forms of `to` (channel names or ids; user ids or emails, plain, comma-separated
// or as a JSON list) and of the topic (`topic`, or its older name `subject`), as the reference API takes them.

import { badRequest, ChatError } from '../common/chat-error.js'
import { invalid, type Params } from '../common/params.js'
import type { Sql } from '../store/store.js'

/** Most people a direct message may name. */
export const MAX_DIRECT_RECIPIENTS = 1000

/**
 * A channel as `to` names it: an id (`5`, JSON `5`), a name (`general`, JSON `"general"`), or a JSON list
 * of exactly one of those (`["general"]`). A name that is all digits is read as an id, as the reference
 * server reads it.
 */
export function channelRef(raw: string): number | string {
  let value: unknown = raw
  if (/^\s*[[\d"]/.test(raw)) {
    try {
      value = JSON.parse(raw)
    } catch {
      if (raw.trimStart().startsWith('[')) throw new ChatError('INVALID_JSON', "Argument 'to' is not valid JSON.")
      value = raw // a name that merely starts like a number or a string
    }
  }
  if (Array.isArray(value)) {
    if (value.length !== 1) throw badRequest('Must specify exactly 1 channel ID for channel messages')
    value = value[0]
  }
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value
  if (typeof value === 'string' && value !== '') return /^\d{1,15}$/.test(value) ? Number(value) : value
  throw invalid('to', 'expected a channel name or id')
}

/** The channel id `to` names, or undefined when no channel has that name. */
export async function channelIdOf(db: Sql, ref: number | string): Promise<number | undefined> {
  if (typeof ref === 'number') return ref
  return (await db.get<{ id: number }>('SELECT id FROM channels WHERE name = ?', ref))?.id
}

/**
 * The people `to` names for a direct message: a JSON list of user ids or emails (mixed is allowed), one id,
 * or emails separated by commas (what older clients send). Returns ids and emails apart.
 */
export function peopleRefs(raw: string): { readonly ids: number[]; readonly emails: string[] } {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    if (/^\s*[[{]/.test(raw)) throw new ChatError('INVALID_JSON', "Argument 'to' is not valid JSON.")
    value = raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
  }
  if (typeof value === 'number' || typeof value === 'string') value = [value]
  if (!Array.isArray(value) || value.length > MAX_DIRECT_RECIPIENTS) throw invalid('to', 'expected a list of user ids or emails')
  const ids: number[] = []
  const emails: string[] = []
  for (const item of value) {
    if (typeof item === 'number' && Number.isSafeInteger(item)) ids.push(item)
    else if (typeof item === 'string' && item.trim() !== '' && item.length <= 254) emails.push(item.trim())
    else throw invalid('to', 'expected a list of user ids or emails')
  }
  if (ids.length + emails.length === 0) throw invalid('to', 'no recipient')
  return { ids, emails }
}

/** The active users `refs` names, as sorted distinct ids; an unknown or deactivated one is a 400 naming it. */
export async function resolvePeople(db: Sql, refs: { readonly ids: readonly number[]; readonly emails: readonly string[] }): Promise<number[]> {
  const found = new Set<number>()
  if (refs.ids.length > 0) {
    const rows = await db.all<{ id: number }>('SELECT id FROM users WHERE is_active = 1 AND id IN (SELECT value FROM json_each(?))', JSON.stringify(refs.ids))
    const known = new Set(rows.map((r) => r.id))
    const missing = refs.ids.find((id) => !known.has(id))
    if (missing !== undefined) throw badRequest('Invalid user ID')
    for (const id of known) found.add(id)
  }
  for (const email of new Set(refs.emails.map((e) => e.toLowerCase()))) {
    // (Emails compare without case: the column is NOCASE on SQLite, citext on PostgreSQL.)
    const row = await db.get<{ id: number }>('SELECT id FROM users WHERE is_active = 1 AND email = ?', email)
    if (row === undefined) throw badRequest(`Invalid email '${email.slice(0, 254)}'`)
    found.add(row.id)
  }
  return [...found].sort((a, b) => a - b)
}

/**
 * The topic a request gives, as `topic` or by its older name `subject` (what the Python bindings' bots and
 * `zulip-send` send); both at once must agree. Missing when required: "Missing 'topic' argument".
 */
export function topicParam(params: Params, options: { readonly required: boolean }): string | undefined {
  const topic = params.string('topic')
  const subject = params.string('subject')
  if (topic !== undefined && subject !== undefined && topic !== subject) throw invalid('subject', "it differs from 'topic'")
  const value = topic ?? subject
  if (value === undefined && options.required) throw new ChatError('REQUEST_VARIABLE_MISSING', "Missing 'topic' argument")
  return value
}

/** A topic as stored: trimmed, at most `max` characters, no control characters. */
export function cleanTopic(topic: string, max: number): string {
  const trimmed = topic.trim()
  if ([...trimmed].length > max) throw invalid('topic', `longer than ${max} characters`)
  if (/[\u0000-\u001f\u007f]/u.test(trimmed)) throw invalid('topic', 'it contains a control character')
  return trimmed
}
