// GET /api/v1/term: what a term means — definition, domain, range, hierarchy, deprecation and its vocabulary.

import { loadKnowledge } from '@prefixd/core'
import { requiredQuery } from '../query-params.js'
import { respond } from '../respond.js'
import type { ServerRouter } from '../server-state.js'

export function addTermRoute(router: ServerRouter): void {
  router.get('/api/v1/term', async (ctx) => {
    const q = requiredQuery(ctx, '/api/v1/term?q=foaf:Person (a prefixed name or an IRI)')
    // Read on the first request that asks (a few hundred ms), shared by every later one.
    const knowledge = await loadKnowledge()
    respond(ctx, `term\0${q}`, (index) => {
      const described = knowledge.describe(index, q)
      if (described === undefined) return [404, { success: false, error: { code: 'NOT_FOUND', message: `no term '${q.slice(0, 200)}' is known` } }]
      return [200, described]
    })
  })
}
