// GET /api/v1/health and /api/v1/openapi.json.

import { OPENAPI_DOCUMENT } from '../openapi.js'
import { withTags } from '../openapi-paths.js'
import { booleanParam } from '../query-params.js'
import { sendJson, servedIndex } from '../respond.js'
import type { ServerRouter } from '../server-state.js'

export function addMetaRoutes(router: ServerRouter): void {
  router.get('/api/v1/health', (ctx) => {
    ctx.set('Cache-Control', 'no-store')
    // "ok" stays the plain answer (v1 keeps its shapes); the detail says what data is being served.
    if (!booleanParam(ctx, 'detail')) return sendJson(ctx, 200, 'ok')
    const { index } = servedIndex(ctx)
    sendJson(ctx, 200, { status: 'ok', prefixes: index.size.prefixes, terms: index.size.terms, data: index.provenance })
  })
  const openapi = JSON.stringify(withTags(OPENAPI_DOCUMENT))
  router.get('/api/v1/openapi.json', (ctx) => {
    ctx.type = 'application/json; charset=utf-8'
    ctx.body = openapi
  })
}
