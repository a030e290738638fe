// Removing a message: who may (DELETE /messages/{id}), its rows, the links to its files, and the delete_message
// event of the reference API.

import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import { badRequest } from '../common/chat-error.js'
import { isAdministrator, type User } from '../org/users.js'
import { unlinkAttachments } from './attachments.js'
import { visibleMessages } from './visibility.js'

/** What a removal needs to know of the message. */
export interface RemovedMessage {
  readonly id: number
  readonly type: string
  readonly stream_id: number | null
  readonly topic: string
}

/**
 * Deletes `message` in `db` (a write transaction). Its recipients and `actorId` hear one `delete_message`
 * event with both forms of the reference API (`message_id` for clients without bulk_message_deletion,
 * `message_ids` for those with it; the acting user since feature level 274); the uploaders of the files it
 * linked hear which messages still link them.
 */
export async function removeMessage(db: Sql, emit: Emit, message: RemovedMessage, actorId: number): Promise<void> {
  const recipients = (await db.all<{ user_id: number }>('SELECT user_id FROM user_messages WHERE message_id = ?', message.id)).map((r) => Number(r.user_id))
  await unlinkAttachments(db, emit, [message.id])
  await db.run('DELETE FROM user_messages WHERE message_id = ?', message.id)
  await db.run('DELETE FROM messages WHERE id = ?', message.id)
  emit([...new Set([...recipients, actorId])], {
    type: 'delete_message',
    message_id: message.id,
    message_ids: [message.id],
    message_type: message.type,
    ...(message.type === 'stream' && { stream_id: Number(message.stream_id), topic: message.topic }),
  })
}

/** Deletes message `id` for `user`: its sender or an administrator, among the messages they may see. */
export async function deleteMessage(db: Sql, emit: Emit, user: User, id: number): Promise<void> {
  const [message] = await visibleMessages(db, user, [id])
  if (message === undefined) throw badRequest('Invalid message(s)')
  if (message.sender_id !== user.id && !isAdministrator(user)) throw badRequest("You don't have permission to delete this message")
  await removeMessage(db, emit, message, user.id)
}
