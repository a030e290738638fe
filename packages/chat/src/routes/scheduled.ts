// Messages for later: DELETE /scheduled_messages/{id}, GET /reminders and DELETE /reminders/{id}, each the caller's own.

import { notFound } from '../common/chat-error.js'
import { pathId } from '../common/path-ids.js'
import { deleteReminder, deleteScheduledMessage, remindersOf } from '../messages/scheduled.js'
import { ok, type ChatRouter, type ChatServices } from './context.js'

export function addScheduledRoutes(router: ChatRouter, services: ChatServices): void {
  router.delete('/api/v1/scheduled_messages/:scheduled_message_id', async (ctx) => {
    const id = pathId(ctx.params.scheduled_message_id, () => notFound('Scheduled message does not exist'))
    await services.changes.write((emit, tx) => deleteScheduledMessage(tx, emit, ctx.state.user.id, id))
    ok(ctx)
  })

  router.get('/api/v1/reminders', async (ctx) => {
    ok(ctx, { reminders: await remindersOf(services.db, ctx.state.user.id) })
  })

  router.delete('/api/v1/reminders/:reminder_id', async (ctx) => {
    // The caller's own item (chat-behaviour.md): a malformed id, a missing, delivered or someone else's
    // reminder all answer the same 404.
    const id = pathId(ctx.params.reminder_id, () => notFound('Reminder does not exist'))
    await services.changes.write((emit, tx) => deleteReminder(tx, emit, ctx.state.user.id, id))
    ok(ctx)
  })
}
