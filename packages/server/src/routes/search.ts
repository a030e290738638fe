// GET /api/v1/suggest and /api/v1/search: terms ranked by how well their name or label matches.

import type Router from '@koa/router'
import type { PrefixIndex, TermInfo } from '@prefixd/core'
import { limitParam, requiredQuery } from '../query-params.js'
import { respond } from '../respond.js'
import { describeTerm } from './term-details.js'

const DEFAULT_RESULTS = 20
const MAX_RESULTS = 1000

/** An empty query finds nothing; otherwise names and labels are searched. */
function find(index: PrefixIndex, q: string, limit: number): TermInfo[] {
  return q.trim() === '' ? [] : index.search(q, { limit })
}

export function addSearchRoutes(router: Router): void {
  router.get('/api/v1/suggest', (ctx) => {
    const q = requiredQuery(ctx, '/api/v1/suggest?q=…[&limit=N]', true)
    const limit = limitParam(ctx, DEFAULT_RESULTS, MAX_RESULTS)
    respond(ctx, `suggest\0${limit}\0${q}`, (index) => [200, find(index, q, limit).map((t) => t.prefixed ?? t.iri)])
  })
  router.get('/api/v1/search', (ctx) => {
    const q = requiredQuery(ctx, '/api/v1/search?q=…[&limit=N]', true)
    const limit = limitParam(ctx, DEFAULT_RESULTS, MAX_RESULTS)
    respond(ctx, `search\0${limit}\0${q}`, (index) => [
      200,
      find(index, q, limit).map((term) => describeTerm(index, term)),
    ])
  })
}
