// File uploads: POST /user_uploads, the files at /user_uploads/<path id> (to whoever may read them), GET /attachments, DELETE /attachments/{id}, and linking files to the messages that name them.

import { badRequest, ChatError, notFound } from '../common/chat-error.js'
import { ok, type ChatContext, type ChatRouter, type ChatServices } from './context.js'
import { invalid } from '../common/params.js'
import { pathId } from './path-ids.js'
import {
  attachmentById,
  attachmentByPath,
  attachmentsOf,
  describeAttachment,
  linkedPathIds,
  linkingMessages,
  newPathId,
  servedType,
  uploadName,
  uploadSpaceUsed,
  type AttachmentRow,
} from '../org/uploads.js'
import { visibleMessages } from '../messages/visibility.js'
import type { User } from '../org/users.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'

export function addUploadRoutes(router: ChatRouter, services: ChatServices): void {
  const { db, uploadLimits: limits } = services

  router.post('/api/v1/user_uploads', async (ctx) => {
    const { user } = ctx.state
    const files = ctx.state.files ?? []
    if (files.length === 0) throw badRequest('You must specify a file to upload')
    if (files.length > 1) throw badRequest('You may only upload one file at a time')
    const [file] = files
    if (file!.bytes.length > limits.maxFileBytes) throw badRequest(`Uploaded file is larger than the allowed limit of ${mib(limits.maxFileBytes)} MiB`)
    const name = uploadName(file!.filename)
    const path = newPathId(name)
    await services.changes.write(async (emit, tx) => {
      // The limits are checked in the transaction that stores the file: two uploads at once cannot both pass.
      const count = Number((await tx.get<{ n: number }>('SELECT count(*) AS n FROM attachments WHERE owner_id = ?', user.id))!.n)
      if (count >= limits.maxFilesPerUser) throw badRequest(`You have uploaded the most files allowed (${limits.maxFilesPerUser}); delete some first`)
      const used = await uploadSpaceUsed(tx)
      if (used + file!.bytes.length > limits.quotaBytes) throw badRequest("Upload would exceed your organization's upload quota.")
      const row = await tx.get<{ id: number }>(
        'INSERT INTO attachments (owner_id, path_id, name, content_type, size, create_time, content) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
        user.id,
        path,
        name,
        servedType(name).contentType,
        file!.bytes.length,
        Math.floor(services.now()),
        file!.bytes,
      )
      const attachment = { id: Number(row!.id), owner_id: user.id, path_id: path, name, size: file!.bytes.length, create_time: Math.floor(services.now()) }
      emit([user.id], { type: 'attachment', op: 'add', attachment: await describeAttachment(tx, attachment), upload_space_used: used + file!.bytes.length })
    })
    const url = `/user_uploads/${path}`
    // `uri` is the name before feature level 272, kept for clients that read it (the Python client's example does).
    ok(ctx, { uri: url, url, filename: name })
  })

  // Served to whoever may read the file, with the API's credentials; an unknown file and one the caller
  // may not read answer alike.
  router.get('/user_uploads/*path', async (ctx) => {
    const attachment = await attachmentByPath(db, decodeURIComponentSafe(ctx.params.path ?? ''))
    if (attachment === undefined || !(await canReadAttachment(db, ctx.state.user, attachment))) throw new ChatError('NOT_FOUND', 'File not found')
    await serveAttachment(ctx, db, attachment)
  })

  router.get('/api/v1/attachments', async (ctx) => {
    const attachments: Array<Record<string, unknown>> = []
    for (const a of await attachmentsOf(db, ctx.state.user.id)) {
      const messages: Array<{ id: number; date_sent: number }> = []
      for (const id of await linkingMessages(db, a.id)) {
        const sent = await db.get<{ timestamp: number }>('SELECT timestamp FROM messages WHERE id = ?', id)
        if (sent !== undefined) messages.push({ id, date_sent: Number(sent.timestamp) })
      }
      attachments.push({ id: a.id, name: a.name, path_id: a.path_id, size: a.size, create_time: a.create_time, messages })
    }
    ok(ctx, { attachments, upload_space_used: await uploadSpaceUsed(db) })
  })

  router.delete('/api/v1/attachments/:attachment_id', async (ctx) => {
    const { user } = ctx.state
    const id = pathId(ctx.params.attachment_id, () => invalid('attachment_id'))
    await services.changes.write(async (emit, tx) => {
      const { changes } = await tx.run('DELETE FROM attachments WHERE id = ? AND owner_id = ?', id, user.id)
      if (changes === 0) throw notFound('Invalid attachment')
      emit([user.id], { type: 'attachment', op: 'remove', attachment: { id }, upload_space_used: await uploadSpaceUsed(tx) })
    })
    ok(ctx)
  })
}

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

/** Answers with the file's bytes, served so that nothing uploaded can run as a page of the service. */
export async function serveAttachment(ctx: ChatContext, db: Sql, attachment: AttachmentRow): Promise<void> {
  const row = await db.get<{ content: Uint8Array }>('SELECT content FROM attachments WHERE id = ?', attachment.id)
  const { contentType, inline } = servedType(attachment.name)
  ctx.set('Content-Type', contentType)
  ctx.set('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(attachment.name)}`)
  // Never sniffed into something else, never a page that runs anything (a PDF viewer needs no sandbox
  // flag to stay inert under default-src 'none'; everything else is sandboxed too).
  ctx.set('X-Content-Type-Options', 'nosniff')
  ctx.set('Content-Security-Policy', contentType === 'application/pdf' ? "default-src 'none'" : "default-src 'none'; sandbox")
  ctx.set('Cache-Control', 'private, no-cache')
  ctx.status = 200
  ctx.body = Buffer.from(row!.content)
}

/** Whether `user` may read the file: its uploader, or someone who may see a message linking it (messages/visibility.ts's rule). */
export async function canReadAttachment(db: Sql, user: User, attachment: AttachmentRow): Promise<boolean> {
  if (attachment.owner_id === user.id) return true
  return (await visibleMessages(db, user, await linkingMessages(db, attachment.id))).length > 0
}

const mib = (bytes: number): string => String(Math.round((bytes / 1024 / 1024) * 100) / 100)

export function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return ''
  }
}
