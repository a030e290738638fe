// GET /api/v1/health and /api/v1/openapi.json.

import type Router from '@koa/router'
import { OPENAPI_DOCUMENT } from '../openapi.js'
import { sendJson } from '../respond.js'

export function addMetaRoutes(router: Router): void {
  router.get('/api/v1/health', (ctx) => {
    ctx.set('Cache-Control', 'no-store')
    sendJson(ctx, 200, 'ok')
  })
  const openapi = JSON.stringify(OPENAPI_DOCUMENT)
  router.get('/api/v1/openapi.json', (ctx) => {
    ctx.type = 'application/json; charset=utf-8'
    ctx.body = openapi
  })
}
