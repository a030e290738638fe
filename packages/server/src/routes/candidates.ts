// GET /api/v1/candidates: every prefix that could shrink an IRI, best first, with a score and its reasons.

import { candidates, isAbsoluteIri } from '@prefixd/core'
import { HttpError } from '../http-error.js'
import { requiredQuery } from '../query-params.js'
import { respond } from '../respond.js'
import type { ServerRouter } from '../server-state.js'

export function addCandidatesRoute(router: ServerRouter): void {
  router.get('/api/v1/candidates', (ctx) => {
    const q = requiredQuery(ctx, '/api/v1/candidates?q=IRI (percent-encoded: a # is sent as %23)')
    if (!isAbsoluteIri(q)) throw new HttpError('BAD_PARAMETER', `parameter 'q' must be an absolute IRI such as http://xmlns.com/foaf/0.1/Person`)
    respond(
      ctx,
      `candidates\0${q}`,
      (index) => {
        const found = candidates(index, q)
        return [200, { iri: q, standard: index.standardize(q) ?? null, chosen: found.find((c) => c.chosen)?.name ?? null, candidates: found }]
      },
      true,
    ) // the prefix table is enough: a set need not build its terms
  })
}
