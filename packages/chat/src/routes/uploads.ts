// File uploads: POST /user_uploads, the files at /user_uploads/<path id> (to whoever may read them), GET /attachments, DELETE /attachments/{id}.

import { badRequest, ChatError } from '../common/chat-error.js'
import { invalid } from '../common/params.js'
import { decodeURIComponentSafe, pathId } from '../common/path-ids.js'
import { canReadAttachment } from '../messages/attachments.js'
import { attachmentByPath, deleteAttachment, listAttachments, newPathId, servedFile, storeUpload, uploadName, uploadSpaceUsed } from '../org/uploads.js'
import { ok, type ChatRouter, type ChatServices } from './context.js'

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
    await services.changes.write((emit, tx) => storeUpload(tx, emit, user, { name, path, bytes: file!.bytes }, limits, Math.floor(services.now())))
    const url = `/user_uploads/${path}`
    // `uri` is the name before feature level 272, kept for clients that read it (the Python client's example does).
    ok(ctx, { uri: url, url, filename: name })
  })

  // Served to whoever may read the file, with the API's credentials; an unknown file and one the caller
  // may not read answer alike.
  router.get('/user_uploads/*path', async (ctx) => {
    const attachment = await attachmentByPath(db, decodeURIComponentSafe(ctx.params.path ?? ''))
    if (attachment === undefined || !(await canReadAttachment(db, ctx.state.user, attachment))) throw new ChatError('NOT_FOUND', 'File not found')
    const { headers, body } = await servedFile(db, attachment)
    ctx.set(headers)
    ctx.status = 200
    ctx.body = body
  })

  router.get('/api/v1/attachments', async (ctx) => {
    ok(ctx, { attachments: await listAttachments(db, ctx.state.user.id), upload_space_used: await uploadSpaceUsed(db) })
  })

  router.delete('/api/v1/attachments/:attachment_id', async (ctx) => {
    const id = pathId(ctx.params.attachment_id, () => invalid('attachment_id'))
    await services.changes.write((emit, tx) => deleteAttachment(tx, emit, ctx.state.user, id))
    ok(ctx)
  })
}

const mib = (bytes: number): string => String(Math.round((bytes / 1024 / 1024) * 100) / 100)
