// GET /linkifiers/reverse (an extension of this service): the linkifier text for a pasted URL.

import { ok, type ChatRouter, type ChatServices } from './context.js'
import { listLinkifiers } from '../linkify/linkifiers.js'
import { reverseLinkify } from '../linkify/reverse-linkify.js'

/** Longest URL read back (longer ones are a 400 like any over-long parameter). */
const MAX_URL_LENGTH = 10_000

/**
 * `GET /api/v1/linkifiers/reverse?url=URL` (authenticated, any user): `{ text }`, the text a client may
 * put in place of a pasted URL (`#123` for `https://github.com/example/project/issues/123`), or `null`
 * when no linkifier with a reverse_template has a URL template (url_template or an alternative one)
 * matching the URL. Not in chat-api.md: the reference API leaves reverse linkification to clients,
 * which this saves from implementing template matching themselves.
 */
export function addLinkifierReverseRoutes(router: ChatRouter, services: ChatServices): void {
  router.get('/api/v1/linkifiers/reverse', async (ctx) => {
    const url = ctx.state.params.string('url', { required: true, maxLength: MAX_URL_LENGTH })
    ok(ctx, { text: reverseLinkify(url, await listLinkifiers(services.db)) ?? null })
  })
}
