// Messages for later: DELETE /scheduled_messages/{id}, GET /reminders and DELETE /reminders/{id}, each the caller's own.

import { notFound } from '../common/chat-error.js'
import { pathId } from '../common/path-ids.js'
import { ok, type ChatRouter, type ChatServices } from './context.js'

export function addScheduledRoutes(router: ChatRouter, services: ChatServices): void {
  const { db, changes } = services

  router.delete('/api/v1/scheduled_messages/:scheduled_message_id', async (ctx) => {
    const caller = ctx.state.user
    const id = pathId(ctx.params.scheduled_message_id, () => notFound('Scheduled message does not exist'))
    await changes.write(async (emit, db) => {
      // Someone else's scheduled message answers exactly as a missing one.
      const removed = await db.run('DELETE FROM scheduled_messages WHERE id = ? AND sender_id = ?', id, caller.id)
      if (removed.changes === 0) throw notFound('Scheduled message does not exist')
      emit([caller.id], { type: 'scheduled_messages', op: 'remove', scheduled_message_id: id })
    })
    ok(ctx)
  })

  router.get('/api/v1/reminders', async (ctx) => {
    const caller = ctx.state.user
    const rows = (await db.all(
      `SELECT id, content, rendered_content, scheduled_delivery_timestamp, reminder_target_message_id, failed
         FROM reminders WHERE user_id = ? AND delivered = 0 ORDER BY scheduled_delivery_timestamp, id`,
      caller.id,
    )) as Array<{
      id: number
      content: string
      rendered_content: string
      scheduled_delivery_timestamp: number
      reminder_target_message_id: number
      failed: number
    }>
    ok(ctx, {
      reminders: rows.map((r) => ({
        reminder_id: r.id,
        type: 'private',
        to: [caller.id],
        content: r.content,
        rendered_content: r.rendered_content,
        scheduled_delivery_timestamp: r.scheduled_delivery_timestamp,
        failed: r.failed === 1,
        reminder_target_message_id: r.reminder_target_message_id,
      })),
    })
  })

  router.delete('/api/v1/reminders/:reminder_id', async (ctx) => {
    const caller = ctx.state.user
    // The caller's own item (chat-behaviour.md): a malformed id, a missing, delivered or someone else's
    // reminder all answer the same 404.
    const id = pathId(ctx.params.reminder_id, () => notFound('Reminder does not exist'))
    await changes.write(async (emit, db) => {
      const removed = await db.run('DELETE FROM reminders WHERE id = ? AND user_id = ? AND delivered = 0', id, caller.id)
      if (removed.changes === 0) throw notFound('Reminder does not exist')
      emit([caller.id], { type: 'reminders', op: 'remove', reminder_id: id })
    })
    ok(ctx)
  })
}
