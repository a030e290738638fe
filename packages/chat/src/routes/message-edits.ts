// PATCH /messages/{message_id} (content, topic with propagate_mode, moving to another channel, with the notices
// of moves) and DELETE.

import { badRequest } from '../common/chat-error.js'
import { invalid } from '../common/params.js'
import { pathId } from '../common/path-ids.js'
import { MAX_MESSAGE_LENGTH, messageLinkers, renderContent, withPrefixedNames } from '../messages/compose.js'
import { editMessage } from '../messages/edits.js'
import { topicParam } from '../messages/recipients.js'
import { deleteMessage } from '../messages/removal.js'
import { ok, type ChatRouter, type ChatServices } from './context.js'

const PROPAGATE_MODES = new Set(['change_one', 'change_later', 'change_all'])

export function addMessageEditRoutes(router: ChatRouter, services: ChatServices): void {
  router.patch('/api/v1/messages/:message_id', async (ctx) => {
    const { params, user } = ctx.state
    const id = pathId(ctx.params.message_id, () => badRequest('Invalid message(s)'))
    const rawContent = params.string('content', { maxLength: MAX_MESSAGE_LENGTH })
    const rawTopic = topicParam(params, { required: false })
    const newStreamId = params.int('stream_id', { min: 0 })
    const propagateMode = params.string('propagate_mode', { maxLength: 20 }) ?? 'change_one'
    if (!PROPAGATE_MODES.has(propagateMode)) throw invalid('propagate_mode', "expected 'change_one', 'change_later' or 'change_all'")
    if (rawContent === undefined && rawTopic === undefined && newStreamId === undefined) throw badRequest('Nothing to change')
    // The reference API's defaults since feature level 152: a notice in the new topic, none in the old one.
    const notify = { toOld: params.bool('send_notification_to_old_thread') ?? false, toNew: params.bool('send_notification_to_new_thread') ?? true }
    const text = rawContent === undefined ? undefined : withPrefixedNames(services, rawContent)
    const linkers = await messageLinkers(services)
    // Rendered outside the transaction, as a send is.
    const content = text === undefined ? undefined : { text, rendered: await renderContent(services.db, text, linkers, user) }
    const edit = { editor: user, id, content, rawTopic, newStreamId, propagateMode, notify, now: Math.floor(services.now()), linkers }
    const detached = await services.changes.write((emit, db) => editMessage(db, emit, edit, services))
    // Files of the editor that no message links any more (feature level 285): a client may offer to delete them.
    ok(ctx, { detached_uploads: detached })
  })

  router.delete('/api/v1/messages/:message_id', async (ctx) => {
    const id = pathId(ctx.params.message_id, () => badRequest('Invalid message(s)'))
    await services.changes.write((emit, db) => deleteMessage(db, emit, ctx.state.user, id))
    ok(ctx)
  })
}
