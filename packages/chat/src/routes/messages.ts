// POST /messages (send to a channel topic or as a direct message) and POST /messages/render, linkified.

import { badRequest } from '../common/chat-error.js'
import { invalid } from '../common/params.js'
import { MAX_MESSAGE_LENGTH, messageLinkers, renderContent, withPrefixedNames } from '../messages/compose.js'
import { sendMessage } from '../messages/post.js'
import { topicParam } from '../messages/recipients.js'
import { ok, type ChatRouter, type ChatServices } from './context.js'

export function addMessageRoutes(router: ChatRouter, services: ChatServices): void {
  router.post('/api/v1/messages/render', async (ctx) => {
    const content = withPrefixedNames(services, ctx.state.params.string('content', { required: true, maxLength: MAX_MESSAGE_LENGTH }))
    ok(ctx, { rendered: (await renderContent(services.db, content, await messageLinkers(services), ctx.state.user)).html })
  })

  router.post('/api/v1/messages', async (ctx) => {
    const { params, user } = ctx.state
    const type = params.string('type', { required: true })
    const content = withPrefixedNames(services, params.string('content', { required: true, maxLength: MAX_MESSAGE_LENGTH }))
    if (content.trim() === '') throw badRequest('Message must not be empty')
    const localId = params.string('local_id', { maxLength: 100 })
    const queueId = params.string('queue_id', { maxLength: 100 })
    const toChannel = type === 'stream' || type === 'channel'
    if (!toChannel && type !== 'private' && type !== 'direct') throw invalid('type')
    const to = params.string('to', { required: true })
    const linkers = await messageLinkers(services)
    // Rendered outside the transaction (no lock held meanwhile), mentions found in the same pass.
    const rendered = await renderContent(services.db, content, linkers, user)
    const send = {
      sender: user,
      toChannel,
      to,
      topic: () => topicParam(params, { required: true })!,
      content,
      rendered,
      timestamp: Math.floor(services.now()),
      linkers,
      ...(localId !== undefined && queueId !== undefined && { sentBy: { local_message_id: localId, sender_queue_id: queueId } }),
    }
    // Shared: sends run beside each other (they add a message and lock, in order, the queues they write to);
    // what they check is changed only by changes that take the lock alone.
    const id = await services.changes.write((emit, db) => sendMessage(db, emit, send), { shared: true })
    ok(ctx, { id })
  })
}
