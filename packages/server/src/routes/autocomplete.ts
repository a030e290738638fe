// GET /api/v1/autocomplete: prefixes, namespaces and terms for a partial name (spec §4).

import type Router from '@koa/router'
import { booleanParam, limitParam, optionalParam, requiredQuery } from '../query-params.js'
import { respond } from '../respond.js'

/** Most suggestions in one answer; `q=` lists every prefix, which is fewer. */
export const MAX_SUGGESTIONS = 10_000

const HELP = '/api/v1/autocomplete?q=…[&type=…][&case=true][&expand=true]'

export function addAutocompleteRoute(router: Router): void {
  router.get('/api/v1/autocomplete', (ctx) => {
    const q = requiredQuery(ctx, HELP, true)
    const caseSensitive = booleanParam(ctx, 'case')
    const expand = booleanParam(ctx, 'expand')
    const type = optionalParam(ctx, 'type')
    const limit = limitParam(ctx, MAX_SUGGESTIONS, MAX_SUGGESTIONS)
    const key = `autocomplete\0${q}\0${caseSensitive}\0${expand}\0${type ?? ''}\0${limit}`
    respond(ctx, key, (index) => {
      const results = index.autocomplete(q, { caseSensitive, expand, limit, ...(type !== undefined && { type }) })
      return results === undefined ? [404, { success: false }] : [200, results]
    })
  })
}
