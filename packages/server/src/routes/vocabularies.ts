// GET /api/v1/vocabularies: the vocabularies a home page leads to — every curated one and the most popular others.

import { loadKnowledge, type ApiFeatured, type ApiFeaturedVocabulary, type Knowledge, type PrefixIndex } from '@prefixd/core'
import { respond } from '../respond.js'
import type { ServerRouter } from '../server-state.js'

/** Popular prefixes listed beside the curated ones: a screenful, not prefix.cc's thousands. */
export const FEATURED_POPULAR = 30
/** Terms counted per vocabulary at most (schema.org has about 3,000). */
const MAX_COUNTED = 10_000

type Featured = ApiFeaturedVocabulary

export function addVocabulariesRoute(router: ServerRouter): void {
  router.get('/api/v1/vocabularies', async (ctx) => {
    // Titles come from the knowledge tier (loaded once, on the first request that needs it), as on the vocabulary pages.
    const knowledge = await loadKnowledge()
    respond(ctx, 'vocabularies', (index) => [200, featured(index, knowledge)])
  })
}

/**
 * Curated vocabularies by prefix, then the popular prefixes (not curated) by prefix.cc rank — each namespace once:
 * a popular prefix for a namespace already listed (dc: for dc11:'s, dct: for dcterms:') is a synonym, not another
 * vocabulary.
 */
function featured(index: PrefixIndex, knowledge: Knowledge): ApiFeatured {
  const row = (prefix: string, namespace: string): Featured => ({
    prefix,
    namespace,
    title: knowledge.describeVocabulary(index, prefix)?.title ?? index.vocabulary(prefix)?.title ?? null,
    terms: index.termsOf(prefix, { limit: MAX_COUNTED })?.length ?? 0,
  })
  const curated: Featured[] = []
  const popular: Array<readonly [rank: number, prefix: string, namespace: string]> = []
  for (const { prefix, namespace } of index.entries()) {
    const info = index.vocabulary(prefix)
    if (info === undefined || !index.isOffered(prefix)) continue
    if (info.curated) curated.push(row(prefix, namespace))
    else if (info.quality === 'popular' && info.popularity !== undefined) popular.push([info.popularity, prefix, namespace])
  }
  // Terms are counted for the few listed only.
  popular.sort((a, b) => a[0] - b[0])
  curated.sort((a, b) => (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0))
  const listed = new Set(curated.map((v) => v.namespace))
  const distinct = popular.filter(([, , namespace]) => !listed.has(namespace) && listed.add(namespace))
  return { curated, popular: distinct.slice(0, FEATURED_POPULAR).map(([, prefix, namespace]) => row(prefix, namespace)) }
}
