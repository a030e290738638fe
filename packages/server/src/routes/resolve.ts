// GET /{prefix}:{local} outside /api: a 302 to the expanded IRI, a resolver URL to paste into documents; for a
// suspect prefix, an answer (a page for browsers) naming its grade and the IRI instead.

import type { ApiSuspect, PrefixIndex } from '@prefixd/core'
import type { Next } from 'koa'
import { REVALIDATE, servedIndex, sendJson } from '../respond.js'
import { decodePathSegment } from '../query-params.js'
import type { ServerContext } from '../server-state.js'

/** Middleware placed after the router: handles GET/HEAD paths that hold a prefixed name. */
export async function resolvePrefixedPath(ctx: ServerContext, next: Next): Promise<void> {
  if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/')) return next()
  const raw = ctx.path.slice(1)
  const name = decodePathSegment(raw, 'the name')
  if (!name.includes(':')) return next()
  ctx.state.route = '/{prefix}:{local}' // for the metrics: the router did not take this path
  const served = servedIndex(ctx)
  const iri = served.table.expand(name)
  if (iri === undefined) return sendJson(ctx, 404, { success: false })
  const prefix = name.slice(0, name.indexOf(':'))
  if (isSuspect(served.table, prefix)) {
    // No redirect to a third-party host on the word of a suspect entry (`/foaa:x` would land on a shoe shop):
    // the answer names the grade and the target; a browser gets the page saying so (site.ts).
    const { reason, usually } = served.table.vocabulary(prefix) ?? {}
    ctx.state.suspect = true
    ctx.set('Cache-Control', served.scope === '' ? 'public, max-age=300' : REVALIDATE)
    ctx.vary('Accept')
    const answer: ApiSuspect = {
      success: true,
      value: iri,
      quality: 'suspect',
      ...(reason !== undefined && { reason }),
      ...(usually !== undefined && { usually }),
    }
    return sendJson(ctx, 200, answer)
  }
  ctx.set('Location', iriToUri(iri))
  ctx.set('Cache-Control', served.scope === '' ? 'public, max-age=300' : REVALIDATE)
  sendJson(ctx, 302, { success: true, value: iri })
}

/** An IRI as a URI for the Location header (RFC 3987 §3.1): non-ASCII characters percent-encoded as UTF-8. */
function iriToUri(iri: string): string {
  return iri.replace(/[^\x21-\x7e]/gu, (ch) => encodeURIComponent(ch))
}

/** A prefix graded suspect that the index does not use (with the whole table kept, it redirects as any). */
function isSuspect(index: PrefixIndex, prefix: string): boolean {
  return index.quality(prefix) === 'suspect' && !index.isOffered(prefix)
}
