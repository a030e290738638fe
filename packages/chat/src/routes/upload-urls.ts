// Temporary URLs of uploaded files: GET /user_uploads/{realm_id_str}/{filename} answers a URL that serves the
// file for 60 s without credentials, and /user_uploads/temporary/{token}/{filename} serves it.

import { badRequest, ChatError } from '../common/chat-error.js'
import { decodeURIComponentSafe } from '../common/path-ids.js'
import { canReadAttachment } from '../messages/attachments.js'
import { attachmentByPath, servedFile } from '../org/uploads.js'
import { signUploadToken, TEMPORARY_URL_SECONDS, uploadUrlKey, verifyUploadToken } from '../org/upload-urls.js'
import { ok, type ChatRouter, type ChatServices } from './context.js'

export function addUploadUrlRoutes(router: ChatRouter, services: ChatServices): void {
  const { db } = services
  let key: Promise<Buffer> | undefined // (made once by a migration: read once per process)

  // For whoever may read the file, as its URL is served to them; an unknown file and one the caller may not read
  // answer alike.
  router.get('/api/v1/user_uploads/:realm_id_str/*filename', async (ctx) => {
    const path = `${ctx.params.realm_id_str}/${decodeURIComponentSafe(ctx.params.filename ?? '')}`
    const attachment = await attachmentByPath(db, path)
    if (attachment === undefined || !(await canReadAttachment(db, ctx.state.user, attachment))) throw new ChatError('NOT_FOUND', 'File not found')
    const token = signUploadToken(await (key ??= uploadUrlKey(db)), path, Math.floor(services.now()) + TEMPORARY_URL_SECONDS)
    ok(ctx, { url: `/user_uploads/temporary/${token}/${path.split('/').pop()!}` })
  })

  // No credentials: the token is the permission (http/app.ts lets these through, counted per address). A token
  // that was altered, has expired or names another file, and a file deleted since, answer alike.
  router.get('/user_uploads/temporary/:token/:filename', async (ctx) => {
    const path = verifyUploadToken(await (key ??= uploadUrlKey(db)), ctx.params.token ?? '', services.now())
    if (path === undefined || path.split('/').pop() !== decodeURIComponentSafe(ctx.params.filename ?? '')) throw badRequest('Invalid token')
    const attachment = await attachmentByPath(db, path)
    if (attachment === undefined) throw badRequest('Invalid token')
    const { headers, body } = await servedFile(db, attachment)
    ctx.set(headers)
    ctx.status = 200
    ctx.body = body
  })
}
