// Drafts: checking a draft object (chat-api.md §2.5) against the organization, and reading a user's drafts.

import { canAccessChannel, channelById } from './channels.js'
import { badRequest, notFound } from '../common/chat-error.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import { invalid } from '../common/params.js'
import { realmSettings } from './realm.js'
import type { User } from './users.js'

export type DraftType = '' | 'stream' | 'private'

/** A draft as the API shows it (GET /drafts, `drafts` events). */
export interface Draft {
  readonly id: number
  readonly type: DraftType
  readonly to: readonly number[]
  readonly topic: string
  readonly content: string
  readonly timestamp: number
}

/** A checked draft, ready to store. */
export type DraftInput = Omit<Draft, 'id'>

const TYPES: ReadonlySet<unknown> = new Set(['', 'stream', 'private'])

/** C0 controls (line breaks and tabs among them) and DEL: no topic holds one, as POST /messages rules. */
const TOPIC_CONTROL = /[\u0000-\u001f\u007f]/u

/**
 * Checks one draft object sent by `user`; `name` is how errors call it (`drafts[0]`, `draft`).
 * Shape errors are REQUEST_VARIABLE_INVALID naming the field (`Invalid drafts[0].to`); the rules of
 * §2.5 and chat-behaviour.md are BAD_REQUEST with their messages. Fields outside §2.5 are ignored.
 * What is stored: `to` is `[channel]` for a channel draft, the sorted distinct user IDs for a direct
 * one and `[]` for an unaddressed one; `topic` is kept only for channel drafts ("ignored" otherwise).
 * @example await checkDraft(db, user, { type: '', to: [], topic: '', content: 'hi' }, 'draft', 1763700000)
 */
export async function checkDraft(db: Sql, user: User, value: unknown, name: string, now: number): Promise<DraftInput> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(name, 'expected a draft object')
  const draft = value as Record<string, unknown>
  const field = (key: string): unknown => {
    if (!(key in draft)) throw invalid(`${name}.${key}`, 'missing')
    return draft[key]
  }
  const type = field('type')
  if (!TYPES.has(type)) throw invalid(`${name}.type`, "expected '', 'stream' or 'private'")
  const to = field('to')
  if (!Array.isArray(to) || !to.every((id) => Number.isSafeInteger(id))) throw invalid(`${name}.to`, 'expected a list of integers')
  const topic = field('topic')
  if (typeof topic !== 'string') throw invalid(`${name}.topic`, 'expected a string')
  const content = field('content')
  if (typeof content !== 'string') throw invalid(`${name}.content`, 'expected a string')
  const timestamp = draft.timestamp ?? null
  if (timestamp !== null && !Number.isSafeInteger(timestamp)) throw invalid(`${name}.timestamp`, 'expected an integer')

  // §2.5: neither text field may hold a null byte; checked even where the topic is then dropped.
  if (topic.includes('\0')) throw badRequest('Topic must not contain null bytes')
  if (content.includes('\0')) throw badRequest('Content must not contain null bytes')
  if (timestamp !== null && (timestamp as number) < 0) throw badRequest('Timestamp must not be negative.')
  // The topic rules of POST /messages, which trims a topic before it stores it: the limit (chat-api.md
  // §8.1) counts code points of the trimmed topic, and it holds no control character. The draft keeps
  // the topic as typed.
  const trimmedTopic = topic.trim()
  const max = (await realmSettings(db)).max_topic_length
  if ([...trimmedTopic].length > max) throw invalid(`${name}.topic`, `longer than ${max} characters`)
  if (TOPIC_CONTROL.test(trimmedTopic)) throw invalid(`${name}.topic`, 'it contains a control character')

  const ids = to as number[]
  const base = { content, timestamp: timestamp === null ? Math.floor(now) : (timestamp as number) }
  if (type === 'stream') {
    // §8.2: a channel draft names exactly one channel.
    if (ids.length !== 1) throw badRequest('Must specify exactly 1 channel ID for channel messages')
    const channel = await channelById(db, ids[0]!)
    // An archived channel takes no messages, so a draft for it could never be sent.
    if (channel === undefined || channel.is_archived || !(await canAccessChannel(db, channel, user))) throw badRequest('Invalid channel ID')
    return { ...base, type, to: [channel.id], topic }
  }
  if (type === 'private') {
    const distinct = [...new Set(ids)].sort((a, b) => a - b)
    // json_each keeps the query to one bound value however many recipients there are.
    const found = (await db.get(
      'SELECT count(*) AS n FROM users WHERE is_active = 1 AND id IN (SELECT value FROM json_each(?))',
      JSON.stringify(distinct),
    )) as { n: number }
    if (found.n !== distinct.length) throw badRequest('Invalid user ID')
    return { ...base, type, to: distinct, topic: '' }
  }
  return { ...base, type: '', to: [], topic: '' }
}

interface DraftRow {
  id: number
  type: string
  recipients: string
  topic: string
  content: string
  timestamp: number
}

const COLUMNS = 'id, type, recipients, topic, content, timestamp'

function fromRow(row: DraftRow): Draft {
  return {
    id: row.id,
    type: row.type as DraftType,
    to: JSON.parse(row.recipients) as number[],
    topic: row.topic,
    content: row.content,
    timestamp: row.timestamp,
  }
}

/** The user's drafts, oldest edit first (ties in creation order). */
export async function draftsOf(db: Sql, userId: number): Promise<Draft[]> {
  return ((await db.all(`SELECT ${COLUMNS} FROM drafts WHERE user_id = ? ORDER BY timestamp, id`, userId)) as DraftRow[]).map(fromRow)
}

/** The user's draft `id`; undefined when missing or someone else's (the caller cannot tell which). */
export async function draftOf(db: Sql, userId: number, id: number): Promise<Draft | undefined> {
  const row = (await db.get(`SELECT ${COLUMNS} FROM drafts WHERE id = ? AND user_id = ?`, id, userId)) as DraftRow | undefined
  return row === undefined ? undefined : fromRow(row)
}

/** Stores a checked draft for `userId` and returns it with its new ID. */
export async function insertDraft(db: Sql, userId: number, draft: DraftInput): Promise<Draft> {
  const row = await db.get<{ id: number }>(
    'INSERT INTO drafts (user_id, type, recipients, topic, content, timestamp) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
    userId,
    draft.type,
    JSON.stringify(draft.to),
    draft.topic,
    draft.content,
    draft.timestamp,
  )
  return { id: row!.id, ...draft }
}

/**
 * Refuses every drafts endpoint (GET, POST, PATCH, DELETE) when the user turned off
 * `enable_drafts_synchronization` (default on): chat-behaviour.md states the rule for the drafts
 * endpoints as a whole. The setting is read straight from `user_settings` (JSON value) so drafts do
 * not depend on the settings module.
 */
export async function requireDraftSynchronization(db: Sql, userId: number): Promise<void> {
  const row = (await db.get("SELECT value FROM user_settings WHERE user_id = ? AND name = 'enable_drafts_synchronization'", userId)) as
    { value: string } | undefined
  let enabled: unknown = true
  try {
    if (row !== undefined) enabled = JSON.parse(row.value)
  } catch {
    // A value that is not JSON is not `false`: synchronization stays on.
  }
  if (enabled === false) throw badRequest('User has disabled synchronizing drafts.')
}

/**
 * Creates `user`'s drafts `list` (as given: each is checked, every one before any is stored, in `tx` so that the
 * recipients it checks still hold at commit: a batch is created whole or not at all). They hear `drafts` op `add`.
 */
export async function createDrafts(tx: Sql, emit: Emit, user: User, list: readonly unknown[], now: number): Promise<Draft[]> {
  const checked = []
  for (const [index, draft] of list.entries()) checked.push(await checkDraft(tx, user, draft, `drafts[${index}]`, now))
  const created = []
  for (const draft of checked) created.push(await insertDraft(tx, user.id, draft))
  if (created.length > 0) emit([user.id], { type: 'drafts', op: 'add', drafts: created })
  return created
}

/** Replaces `user`'s draft `id` whole with `given` (an absent timestamp becomes `now`, as on creation). */
export async function replaceDraft(tx: Sql, emit: Emit, user: User, id: number, given: unknown, now: number): Promise<void> {
  const draft = { id, ...(await checkDraft(tx, user, given, 'draft', now)) }
  const changed = (
    await tx.run(
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
}

export async function deleteDraft(tx: Sql, emit: Emit, userId: number, id: number): Promise<void> {
  if ((await draftOf(tx, userId, id)) === undefined) throw notFound('Draft does not exist')
  await tx.run('DELETE FROM drafts WHERE id = ? AND user_id = ?', id, userId)
  emit([userId], { type: 'drafts', op: 'remove', draft_id: id })
}
