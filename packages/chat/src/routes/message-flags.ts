// POST /messages/flags (update_message_flags), /mark_all_as_read, /mark_stream_as_read, /mark_topic_as_read:
// the caller's own flags of messages they received, each change told to their queues.

import { ok, type ChatRouter, type ChatServices } from './context.js'
import { badRequest } from '../common/chat-error.js'
import { invalid, is } from '../common/params.js'
import { changeMessageFlags, EDITABLE_FLAGS, isFlag, markAllRead, markChannelRead } from '../messages/flags.js'
import { topicParam } from '../messages/recipients.js'

export function addMessageFlagRoutes(router: ChatRouter, services: ChatServices): void {
  router.post('/api/v1/messages/flags', async (ctx) => {
    const { params, user } = ctx.state
    const ids = params.json('messages', is.intArray, { required: true })
    const op = params.string('op', { required: true })
    if (op !== 'add' && op !== 'remove') throw invalid('op', "expected 'add' or 'remove'")
    const flag = params.string('flag', { required: true, maxLength: 100 })
    if (!isFlag(flag)) throw badRequest(`Invalid flag: '${flag}'`)
    if (!EDITABLE_FLAGS.has(flag)) throw badRequest(`Flag not editable: '${flag}'`)
    const changed = await services.changes.write((emit, db) => changeMessageFlags(db, emit, user.id, { op, flag, ids }))
    ok(ctx, { messages: changed })
  })

  router.post('/api/v1/mark_all_as_read', async (ctx) => {
    const { user } = ctx.state
    await services.changes.write((emit, db) => markAllRead(db, emit, user.id))
    ok(ctx, { complete: true })
  })

  router.post('/api/v1/mark_stream_as_read', async (ctx) => {
    const { params, user } = ctx.state
    const streamId = params.int('stream_id', { required: true, min: 0 })
    await services.changes.write((emit, db) => markChannelRead(db, emit, user, streamId))
    ok(ctx)
  })

  router.post('/api/v1/mark_topic_as_read', async (ctx) => {
    const { params, user } = ctx.state
    const streamId = params.int('stream_id', { required: true, min: 0 })
    // `topic_name` as the reference API names it; `topic` and `subject` are taken too.
    const topic = params.string('topic_name', { maxLength: 1000 }) ?? topicParam(params, { required: false })
    if (topic === undefined) throw invalid('topic_name', 'it is missing')
    await services.changes.write((emit, db) => markChannelRead(db, emit, user, streamId, topic))
    ok(ctx)
  })
}
