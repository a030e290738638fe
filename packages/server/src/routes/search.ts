// GET /api/v1/suggest and /api/v1/search: terms ranked by how well their name or label matches; /search
// also finds prefixes by a partial IRI or a host (`xmlns.com/foaf` → foaf).

import { searchNamespaces, type ApiSearchResult, type PrefixIndex, type TermInfo, type Usage } from '@prefixd/core'
import { limitParam, requiredQuery } from '../query-params.js'
import { respond, servedIndex } from '../respond.js'
import { rankingUsage } from '../served-index.js'
import { describeTerm } from './term-details.js'
import type { ServerRouter } from '../server-state.js'

const DEFAULT_RESULTS = 20
const MAX_RESULTS = 1000

/** A query that may be part of an IRI: a host (`schema.org`) or a path (`xmlns.com/foaf`), no spaces. */
const IRI_PART = /^[^\s]*[./][^\s]*$/

/**
 * Prefixes first when the query looks like part of an IRI (reverse search), then terms; a prefix is
 * shaped like a term (`prefixed` is `foaf:`, `iri` its namespace, `label` its title) so lists show both alike.
 */
function search(index: PrefixIndex, q: string, limit: number, usage: Usage | undefined): ApiSearchResult[] {
  const prefixes: ApiSearchResult[] = IRI_PART.test(q.trim())
    ? searchNamespaces(index, q, { limit }).map((m) => ({
        kind: 'prefix',
        prefixed: `${m.prefix}:`,
        iri: m.namespace,
        label: m.title ?? null,
        types: [],
        typeNames: [],
        prefix: m.prefix,
        namespace: m.namespace,
        score: m.score,
      }))
    : []
  const terms = find(index, q, limit - prefixes.length, usage).map((term) => ({ kind: 'term' as const, ...describeTerm(index, term) }))
  return [...prefixes, ...terms]
}

/**
 * An empty query finds nothing; otherwise names and labels are searched. With a workspace's usage, the terms
 * it uses come first, most used first (statements of a property, instances of a class), among four times as
 * many matches as asked for; the others keep their order after them.
 */
function find(index: PrefixIndex, q: string, limit: number, usage: Usage | undefined): TermInfo[] {
  if (q.trim() === '' || limit === 0) return []
  if (usage === undefined) return index.search(q, { limit })
  const uses = (term: TermInfo) => usage.uses(term.iri) + usage.instances(term.iri)
  const found = index.search(q, { limit: Math.min(4 * limit, MAX_RESULTS) }).map((term, rank) => ({ term, rank, uses: uses(term) }))
  found.sort((a, b) => b.uses - a.uses || a.rank - b.rank)
  return found.slice(0, limit).map((entry) => entry.term)
}

/**
 * `servedUsage`: a workspace's (`prefixd serve --usage`), ranking the terms it uses first; with `set=`, the set's
 * vocabulary files' when it has some.
 */
export function addSearchRoutes(router: ServerRouter, servedUsage?: Usage): void {
  router.get('/api/v1/suggest', (ctx) => {
    const q = requiredQuery(ctx, '/api/v1/suggest?q=…[&limit=N]', true)
    const limit = limitParam(ctx, DEFAULT_RESULTS, MAX_RESULTS)
    const usage = rankingUsage(servedIndex(ctx), servedUsage)
    respond(ctx, `suggest\0${limit}\0${q}`, (index) => [200, find(index, q, limit, usage).map((t) => t.prefixed ?? t.iri)])
  })
  router.get('/api/v1/search', (ctx) => {
    const q = requiredQuery(ctx, '/api/v1/search?q=…[&limit=N]', true)
    const limit = limitParam(ctx, DEFAULT_RESULTS, MAX_RESULTS)
    const usage = rankingUsage(servedIndex(ctx), servedUsage)
    respond(ctx, `search\0${limit}\0${q}`, (index) => [200, search(index, q, limit, usage)])
  })
}
