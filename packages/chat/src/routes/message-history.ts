// GET /messages (a narrow around an anchor, or given ids), GET /messages/{message_id} and its edit history.

import { ok, type ChatRouter, type ChatServices } from './context.js'
import { badRequest } from '../common/chat-error.js'
import { invalid, is, type Params } from '../common/params.js'
import { pathId } from '../common/path-ids.js'
import { describeMessages, type DescribeOptions, type MessageRow } from '../messages/describe.js'
import { readHistory, type Anchor } from '../messages/history.js'
import { messageLinkers } from '../messages/compose.js'
import { narrowFilter, parseNarrow, searchWords, type NarrowTerm } from '../messages/narrow.js'
import { highlightHtml, highlightTopic, highlightWords } from '../messages/search-highlight.js'
import { visibleMessages } from '../messages/visibility.js'
import { realmSettings } from '../org/realm.js'
import { topicLinks } from '../render/render.js'

/** Most messages one GET /messages may ask for (num_before + num_after, or message_ids), as the reference API. */
export const MAX_MESSAGES_PER_REQUEST = 5000

export function addMessageHistoryRoutes(router: ChatRouter, services: ChatServices): void {
  router.get('/api/v1/messages', async (ctx) => {
    const { params, user } = ctx.state
    const narrow = params.json('narrow', parseNarrow) ?? []
    const options = await describeOptions(services, params)
    const messageIds = params.json('message_ids', is.intArray)
    if (messageIds !== undefined) {
      if (messageIds.length > MAX_MESSAGES_PER_REQUEST) throw badRequest(`Too many messages requested (maximum ${MAX_MESSAGES_PER_REQUEST}).`)
      const filter = await narrowFilter(services.db, user, narrow)
      const rows = await visibleMessages(services.db, user, messageIds, filter)
      const flags = new Map(rows.map((r) => [r.id, r.user_flags ?? undefined]))
      ok(ctx, { messages: withHighlights(narrow, rows, await describeMessages(services.db, rows, (id) => flags.get(id), options)), history_limited: false })
      return
    }
    const anchor = readAnchor(params)
    const numBefore = params.int('num_before', { required: true, min: 0, max: MAX_MESSAGES_PER_REQUEST })
    const numAfter = params.int('num_after', { required: true, min: 0, max: MAX_MESSAGES_PER_REQUEST })
    if (numBefore + numAfter > MAX_MESSAGES_PER_REQUEST) throw badRequest(`Too many messages requested (maximum ${MAX_MESSAGES_PER_REQUEST}).`)
    const includeAnchor = params.bool('include_anchor') ?? true
    const filter = await narrowFilter(services.db, user, narrow)
    const history = await readHistory(services.db, user, filter, { anchor, numBefore, numAfter, includeAnchor })
    const flags = new Map(history.rows.map((r) => [r.id, r.user_flags ?? undefined]))
    ok(ctx, {
      anchor: history.anchor,
      found_anchor: history.foundAnchor,
      found_oldest: history.foundOldest,
      found_newest: history.foundNewest,
      history_limited: false,
      messages: withHighlights(narrow, history.rows, await describeMessages(services.db, history.rows, (id) => flags.get(id), options)),
    })
  })

  router.get('/api/v1/messages/:message_id', async (ctx) => {
    const { params, user } = ctx.state
    const id = pathId(ctx.params.message_id, () => badRequest('Invalid message(s)'))
    const options = await describeOptions(services, params)
    const [row] = await visibleMessages(services.db, user, [id])
    if (row === undefined) throw badRequest('Invalid message(s)')
    const [message] = await describeMessages(services.db, [row], () => row.user_flags ?? undefined, options)
    ok(ctx, { message, raw_content: row.content })
  })

  router.get('/api/v1/messages/:message_id/history', async (ctx) => {
    const { user } = ctx.state
    const id = pathId(ctx.params.message_id, () => badRequest('Invalid message(s)'))
    const [row] = await visibleMessages(services.db, user, [id])
    if (row === undefined) throw badRequest('Invalid message(s)')
    ok(ctx, { message_history: editSnapshots(row) })
  })
}

/**
 * With a search in the narrow, each message gets `match_content` and `match_subject` (the reference API's): its
 * rendered content and HTML-escaped topic with the searched words highlighted (messages/search-highlight.ts:
 * whole words, case and diacritics ignored, as the search indexes compare them; never inside a tag). Negated
 * search terms highlight nothing.
 */
function withHighlights(narrow: readonly NarrowTerm[], rows: readonly MessageRow[], messages: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  const searches = narrow.filter((term) => term.operator === 'search' && !term.negated && typeof term.operand === 'string')
  if (searches.length === 0) return messages
  const words = highlightWords(searchWords(searches.map((term) => term.operand as string).join(' ')))
  rows.forEach((row, i) =>
    Object.assign(messages[i]!, { match_content: highlightHtml(row.rendered_content, words), match_subject: highlightTopic(row.topic, words) }),
  )
  return messages
}

interface Edit {
  readonly user_id: number
  readonly timestamp: number
  readonly prev_content?: string
  readonly prev_rendered_content?: string
  readonly prev_topic?: string
  readonly prev_stream?: number
  readonly stream?: number
}

/**
 * The message as it was after each edit, oldest first (the reference API's message_history): the original,
 * then one entry per edit with what it changed (`prev_*`). Rebuilt from the current message and its
 * edit_history (newest first), walking the edits back.
 */
function editSnapshots(row: {
  sender_id: number
  timestamp: number
  topic: string
  content: string
  rendered_content: string
  stream_id: number | null
  edit_history: string | null
}): Array<Record<string, unknown>> {
  const edits = row.edit_history === null ? [] : (JSON.parse(row.edit_history) as Edit[])
  let state = { topic: row.topic, content: row.content, rendered: row.rendered_content }
  const entries: Array<Record<string, unknown>> = []
  for (const edit of edits) {
    entries.push({
      topic: state.topic,
      content: state.content,
      rendered_content: state.rendered,
      timestamp: edit.timestamp,
      user_id: edit.user_id,
      ...(edit.prev_content !== undefined && { prev_content: edit.prev_content, prev_rendered_content: edit.prev_rendered_content }),
      ...(edit.prev_topic !== undefined && edit.prev_topic !== state.topic && { prev_topic: edit.prev_topic }),
      ...(edit.prev_stream !== undefined && { prev_stream: edit.prev_stream, stream: edit.stream }),
    })
    state = { topic: edit.prev_topic ?? state.topic, content: edit.prev_content ?? state.content, rendered: edit.prev_rendered_content ?? state.rendered }
  }
  entries.push({
    topic: state.topic,
    content: state.content,
    rendered_content: state.rendered,
    timestamp: Number(row.timestamp),
    user_id: Number(row.sender_id),
  })
  return entries.reverse()
}

/**
 * `anchor`: a message id, `newest`, `oldest` or `first_unread` (or the older `use_first_unread_anchor=true`).
 * Required, as the reference API has it, unless that older flag is given.
 */
function readAnchor(params: Params): Anchor {
  const firstUnread = params.bool('use_first_unread_anchor') ?? false
  const raw = firstUnread ? params.string('anchor', { maxLength: 20 }) : params.string('anchor', { required: true, maxLength: 20 })
  if (raw === undefined) return 'first_unread'
  if (raw === 'newest' || raw === 'oldest' || raw === 'first_unread') return raw
  if (/^\d{1,16}$/.test(raw)) return Number(raw)
  throw invalid('anchor', "expected a message id, 'newest', 'oldest' or 'first_unread'")
}

/** How messages are shown: HTML or Markdown (`apply_markdown`, default true), and the empty topic's name. */
async function describeOptions(services: ChatServices, params: Params): Promise<DescribeOptions> {
  const applyMarkdown = params.bool('apply_markdown') ?? true
  params.bool('client_gravatar') // (avatars are null here: nothing to compute)
  const allowEmptyTopic = params.bool('allow_empty_topic_name') ?? false
  const linkers = await messageLinkers(services)
  const realm = await realmSettings(services.db)
  return {
    applyMarkdown,
    topicLinks: (topic) => topicLinks(topic, linkers),
    realmName: realm.name,
    ...(!allowEmptyTopic && { emptyTopicName: realm.realm_empty_topic_display_name }),
  }
}
