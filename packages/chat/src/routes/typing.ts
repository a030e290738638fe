// POST /typing: typing notifications for a direct conversation or a channel topic, as `typing` events.

import { invalid } from '../common/params.js'
import { realmSettings } from '../org/realm.js'
import { channelTyping, directTyping, typingRecipients } from '../org/typing.js'
import { ok, type ChatRouter, type ChatServices } from './context.js'

export function addTypingRoutes(router: ChatRouter, services: ChatServices): void {
  router.post('/api/v1/typing', async (ctx) => {
    const { params, user } = ctx.state
    const op = params.string('op', { required: true })
    if (op !== 'start' && op !== 'stop') throw invalid('op')
    const type = params.string('type') ?? 'direct'
    if (type === 'stream' || type === 'channel') {
      const streamId = params.int('stream_id', { required: true, min: 1 })
      const topic = params.string('topic', { required: true }).trim()
      if ([...topic].length > (await realmSettings(services.db)).max_topic_length) throw invalid('topic')
      await services.changes.write((emit, tx) => channelTyping(tx, emit, user, op, { streamId, topic }), { shared: true })
    } else if (type === 'direct' || type === 'private') {
      const to = await typingRecipients(services.db, params.string('to', { required: true, maxLength: 100_000 }), user)
      await services.changes.write((emit, tx) => directTyping(tx, emit, user, op, to), { shared: true })
    } else {
      throw invalid('type')
    }
    ok(ctx)
  })
}
