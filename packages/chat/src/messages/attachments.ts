// The files a message links: linked when it is sent or edited (its readers may then read them), unlinked when it
// is edited or removed, each change told to the file's uploader; and who may read a file.

import { attachmentById, attachmentByPath, describeAttachment, linkedPathIds, linkingMessages, uploadSpaceUsed, type AttachmentRow } from '../org/uploads.js'
import type { User } from '../org/users.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import { visibleMessages } from './visibility.js'

/**
 * Records which uploaded files a new message links (in the message's own transaction), so that its
 * readers may read them: files the sender uploaded or may read already (resharing). The uploader's
 * clients hear of it (`attachment` op `update`).
 */
export async function linkAttachments(tx: Sql, emit: Emit, sender: User, messageId: number, content: string): Promise<void> {
  for (const path of linkedPathIds(content)) {
    const attachment = await attachmentByPath(tx, path)
    if (attachment === undefined || !(await canReadAttachment(tx, sender, attachment))) continue
    const { changes } = await tx.run(
      'INSERT INTO attachment_messages (attachment_id, message_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
      attachment.id,
      messageId,
    )
    if (changes > 0)
      emit([attachment.owner_id], {
        type: 'attachment',
        op: 'update',
        attachment: await describeAttachment(tx, attachment),
        upload_space_used: await uploadSpaceUsed(tx),
      })
  }
}

/**
 * Takes `messageIds` off the files they link (before the messages are deleted, or when an edit drops a link;
 * `keep` the path ids still linked), telling each uploader (`attachment` op `update`, chat-events.md: a change
 * to a file's referencing messages). Answers the files of `owner` that no message links any more (the
 * reference API's `detached_uploads` of an edit).
 */
export async function unlinkAttachments(
  tx: Sql,
  emit: Emit,
  messageIds: readonly number[],
  keep: readonly string[] = [],
  owner?: number,
): Promise<Array<Record<string, unknown>>> {
  const kept: number[] = []
  for (const path of keep) {
    const attachment = await attachmentByPath(tx, path)
    if (attachment !== undefined) kept.push(attachment.id)
  }
  const removed = await tx.all<{ id: number }>(
    `DELETE FROM attachment_messages WHERE message_id IN (SELECT value FROM json_each(?))
     AND attachment_id NOT IN (SELECT value FROM json_each(?)) RETURNING attachment_id AS id`,
    JSON.stringify(messageIds),
    JSON.stringify(kept),
  )
  const detached: Array<Record<string, unknown>> = []
  for (const id of new Set(removed.map((r) => Number(r.id)))) {
    const attachment = await attachmentById(tx, id)
    if (attachment === undefined) continue
    const described = await describeAttachment(tx, attachment)
    emit([attachment.owner_id], { type: 'attachment', op: 'update', attachment: described, upload_space_used: await uploadSpaceUsed(tx) })
    if (attachment.owner_id === owner && (described.message_ids as number[]).length === 0) {
      const { id: _, message_ids: __, ...rest } = described
      detached.push({ id: attachment.id, ...rest, messages: [] })
    }
  }
  return detached
}

/** Whether `user` may read the file: its uploader, or someone who may see a message linking it (messages/visibility.ts's rule). */
export async function canReadAttachment(db: Sql, user: User, attachment: AttachmentRow): Promise<boolean> {
  if (attachment.owner_id === user.id) return true
  return (await visibleMessages(db, user, await linkingMessages(db, attachment.id))).length > 0
}
