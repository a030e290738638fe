// GET /api/v1/autocomplete: prefixes, namespaces and terms for a partial name (spec §4).

import type Router from '@koa/router'
import { booleanParam, limitParam, optionalParam, requiredQuery } from '../query-params.js'
import { respond } from '../respond.js'
import { describeSuggestion } from './term-details.js'

/** Most suggestions in one answer; `q=` lists every prefix, which is fewer. */
export const MAX_SUGGESTIONS = 10_000

const HELP = '/api/v1/autocomplete?q=…[&type=…][&case=true][&expand=true][&detail=true]'

export function addAutocompleteRoute(router: Router): void {
  router.get('/api/v1/autocomplete', (ctx) => {
    const q = requiredQuery(ctx, HELP, true)
    const caseSensitive = booleanParam(ctx, 'case')
    const expand = booleanParam(ctx, 'expand')
    const detail = booleanParam(ctx, 'detail')
    const type = optionalParam(ctx, 'type')
    const limit = limitParam(ctx, MAX_SUGGESTIONS, MAX_SUGGESTIONS)
    const key = `autocomplete\0${q}\0${caseSensitive}\0${expand}\0${detail}\0${type ?? ''}\0${limit}`
    respond(ctx, key, (index) => {
      const results = index.autocomplete(q, { caseSensitive, expand, limit, ...(type !== undefined && { type }) })
      if (results === undefined) return [404, { success: false }]
      return [200, detail ? results.map((value) => describeSuggestion(index, value, expand)) : results]
    })
  })
}
