// GET /{prefix}:{local} outside /api: a 302 to the expanded IRI, a resolver URL to paste into documents.

import type { Context, Next } from 'koa'
import { REVALIDATE, servedIndex, sendJson } from '../respond.js'
import { decodePathSegment } from '../query-params.js'

/** Middleware placed after the router: handles GET/HEAD paths that hold a prefixed name. */
export async function resolvePrefixedPath(ctx: Context, next: Next): Promise<void> {
  if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/')) return next()
  const raw = ctx.path.slice(1)
  const name = decodePathSegment(raw, 'the name')
  if (!name.includes(':')) return next()
  ctx.state.route = '/{prefix}:{local}' // for the metrics: the router did not take this path
  const served = servedIndex(ctx)
  const iri = served.table.expand(name)
  if (iri === undefined) return sendJson(ctx, 404, { success: false })
  ctx.set('Location', iriToUri(iri))
  ctx.set('Cache-Control', served.scope === '' ? 'public, max-age=300' : REVALIDATE)
  sendJson(ctx, 302, { success: true, value: iri })
}

/** An IRI as a URI for the Location header (RFC 3987 §3.1): non-ASCII characters percent-encoded as UTF-8. */
function iriToUri(iri: string): string {
  return iri.replace(/[^\x21-\x7e]/gu, (ch) => encodeURIComponent(ch))
}
