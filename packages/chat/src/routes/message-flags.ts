// POST /messages/flags (update_message_flags), /mark_all_as_read, /mark_stream_as_read, /mark_topic_as_read:
// the caller's own flags of messages they received, each change told to their queues.

import { ok, type ChatRouter, type ChatServices } from './context.js'
import { badRequest } from '../common/chat-error.js'
import { invalid, is } from '../common/params.js'
import { EDITABLE_FLAGS, FLAG_BITS, isFlag } from '../messages/flags.js'
import { topicParam } from '../messages/recipients.js'
import { canAccessChannel, channelById } from '../org/channels.js'
import type { Emit } from '../store/changes.js'
import type { Sql, SqlValue } from '../store/store.js'

export function addMessageFlagRoutes(router: ChatRouter, services: ChatServices): void {
  router.post('/api/v1/messages/flags', async (ctx) => {
    const { params, user } = ctx.state
    const ids = params.json('messages', is.intArray, { required: true })
    const op = params.string('op', { required: true })
    if (op !== 'add' && op !== 'remove') throw invalid('op', "expected 'add' or 'remove'")
    const flag = params.string('flag', { required: true, maxLength: 100 })
    if (!isFlag(flag)) throw badRequest(`Invalid flag: '${flag}'`)
    if (!EDITABLE_FLAGS.has(flag)) throw badRequest(`Flag not editable: '${flag}'`)
    const changed = await services.changes.write((emit, db) =>
      changeFlags(db, emit, user.id, op, flag, 'message_id IN (SELECT value FROM json_each(?))', [JSON.stringify(ids)], false),
    )
    ok(ctx, { messages: changed })
  })

  router.post('/api/v1/mark_all_as_read', async (ctx) => {
    const { user } = ctx.state
    await services.changes.write((emit, db) => changeFlags(db, emit, user.id, 'add', 'read', 'true', [], true))
    ok(ctx, { complete: true })
  })

  router.post('/api/v1/mark_stream_as_read', async (ctx) => {
    const { params, user } = ctx.state
    const streamId = params.int('stream_id', { required: true, min: 0 })
    await services.changes.write(async (emit, db) => {
      const channel = await channelById(db, streamId)
      if (channel === undefined || !(await canAccessChannel(db, channel, user))) throw badRequest('Invalid channel ID')
      await changeFlags(db, emit, user.id, 'add', 'read', 'message_id IN (SELECT id FROM messages WHERE stream_id = ?)', [streamId], false)
    })
    ok(ctx)
  })

  router.post('/api/v1/mark_topic_as_read', async (ctx) => {
    const { params, user } = ctx.state
    const streamId = params.int('stream_id', { required: true, min: 0 })
    // `topic_name` as the reference API names it; `topic` and `subject` are taken too.
    const topic = params.string('topic_name', { maxLength: 1000 }) ?? topicParam(params, { required: false })
    if (topic === undefined) throw invalid('topic_name', 'it is missing')
    await services.changes.write(async (emit, db) => {
      const channel = await channelById(db, streamId)
      if (channel === undefined || !(await canAccessChannel(db, channel, user))) throw badRequest('Invalid channel ID')
      await changeFlags(
        db,
        emit,
        user.id,
        'add',
        'read',
        'message_id IN (SELECT id FROM messages WHERE stream_id = ? AND lower(topic) = lower(?))',
        [streamId, topic.trim()],
        false,
      )
    })
    ok(ctx)
  })
}

/**
 * Sets or clears `flag` on the caller's rows that `which` selects (only messages they received have
 * flags), and tells their queues in an update_message_flags event (Zulip's format, with `all` for
 * mark_all_as_read, and `message_details` when messages become unread). Returns the ids changed.
 */
async function changeFlags(
  db: Sql,
  emit: Emit,
  userId: number,
  op: 'add' | 'remove',
  flag: string,
  which: string,
  whichParams: readonly SqlValue[],
  all: boolean,
): Promise<number[]> {
  const bit = FLAG_BITS[flag as keyof typeof FLAG_BITS]
  const rows =
    op === 'add'
      ? await db.all<{ id: number }>(
          `UPDATE user_messages SET flags = flags | ? WHERE user_id = ? AND (flags & ?) = 0 AND ${which} RETURNING message_id AS id`,
          bit,
          userId,
          bit,
          ...whichParams,
        )
      : await db.all<{ id: number }>(
          `UPDATE user_messages SET flags = flags & ? WHERE user_id = ? AND (flags & ?) != 0 AND ${which} RETURNING message_id AS id`,
          ~bit,
          userId,
          bit,
          ...whichParams,
        )
  const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b)
  const event: Record<string, unknown> = { type: 'update_message_flags', op, operation: op, flag, messages: all ? [] : ids, all }
  if (op === 'remove' && flag === 'read' && ids.length > 0) event.message_details = await unreadDetails(db, userId, ids)
  emit([userId], event)
  return ids
}

/** What a client needs to count a message that became unread again (the reference API's message_details). */
async function unreadDetails(db: Sql, userId: number, ids: readonly number[]): Promise<Record<string, unknown>> {
  const rows = await db.all<{ id: number; type: string; stream_id: number | null; topic: string; recipients: string; flags: number }>(
    'SELECT m.id, m.type, m.stream_id, m.topic, m.recipients, um.flags FROM messages m JOIN user_messages um ON um.message_id = m.id AND um.user_id = ? WHERE m.id IN (SELECT value FROM json_each(?))',
    userId,
    JSON.stringify(ids),
  )
  const mentionBits = FLAG_BITS.mentioned | FLAG_BITS.wildcard_mentioned
  return Object.fromEntries(
    rows.map((m) => [
      m.id,
      m.type === 'stream'
        ? {
            type: 'stream',
            stream_id: Number(m.stream_id),
            topic: m.topic,
            unmuted_stream_msg: true,
            ...((m.flags & mentionBits) !== 0 && { mentioned: true }),
          }
        : {
            type: 'private',
            user_ids: (JSON.parse(m.recipients) as number[]).filter((id) => id !== userId),
            ...((m.flags & mentionBits) !== 0 && { mentioned: true }),
          },
    ]),
  )
}
