// Messages for later, each its sender's own: scheduled messages and reminders (DELETE /scheduled_messages/{id},
// GET /reminders, DELETE /reminders/{id}); another user's answers exactly as a missing one (chat-behaviour.md).

import { notFound } from '../common/chat-error.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'

/** Deletes `userId`'s scheduled message `id`; they hear `scheduled_messages` op `remove`. */
export async function deleteScheduledMessage(tx: Sql, emit: Emit, userId: number, id: number): Promise<void> {
  const removed = await tx.run('DELETE FROM scheduled_messages WHERE id = ? AND sender_id = ?', id, userId)
  if (removed.changes === 0) throw notFound('Scheduled message does not exist')
  emit([userId], { type: 'scheduled_messages', op: 'remove', scheduled_message_id: id })
}

/** `userId`'s reminders not delivered yet, soonest first, as GET /reminders lists them. */
export async function remindersOf(db: Sql, userId: number): Promise<Array<Record<string, unknown>>> {
  const rows = (await db.all(
    `SELECT id, content, rendered_content, scheduled_delivery_timestamp, reminder_target_message_id, failed
         FROM reminders WHERE user_id = ? AND delivered = 0 ORDER BY scheduled_delivery_timestamp, id`,
    userId,
  )) as Array<{
    id: number
    content: string
    rendered_content: string
    scheduled_delivery_timestamp: number
    reminder_target_message_id: number
    failed: number
  }>
  return rows.map((r) => ({
    reminder_id: r.id,
    type: 'private',
    to: [userId],
    content: r.content,
    rendered_content: r.rendered_content,
    scheduled_delivery_timestamp: r.scheduled_delivery_timestamp,
    failed: r.failed === 1,
    reminder_target_message_id: r.reminder_target_message_id,
  }))
}

/** Deletes `userId`'s reminder `id` (not delivered yet); they hear `reminders` op `remove`. */
export async function deleteReminder(tx: Sql, emit: Emit, userId: number, id: number): Promise<void> {
  const removed = await tx.run('DELETE FROM reminders WHERE id = ? AND user_id = ? AND delivered = 0', id, userId)
  if (removed.changes === 0) throw notFound('Reminder does not exist')
  emit([userId], { type: 'reminders', op: 'remove', reminder_id: id })
}
