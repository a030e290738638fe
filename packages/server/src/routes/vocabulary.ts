// GET /api/v1/prefixes/{prefix}: one prefix, what is known of its vocabulary, and its terms grouped by kind.

import { loadKnowledge, type ApiTermEntry, type ApiVocabulary, type Knowledge, type PrefixIndex, type TermInfo } from '@prefixd/core'
import { decodePathSegment } from '../query-params.js'
import { respond } from '../respond.js'
import { similarPrefixes } from './similar-prefixes.js'
import { describeTerm } from './term-details.js'
import type { ServerRouter } from '../server-state.js'

const RDFS_CLASS = 'http://www.w3.org/2000/01/rdf-schema#Class'
const RDF_PROPERTY = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property'

/** Most terms listed for one prefix; a namespace as wide as `http://` could otherwise list them all. */
export const MAX_VOCABULARY_TERMS = 5000

export function addVocabularyRoute(router: ServerRouter): void {
  router.get('/api/v1/prefixes/:prefix', async (ctx) => {
    // Decoded here, so that a malformed escape is a 400 and not the router's 500.
    const prefix = decodePathSegment(ctx.path.slice('/api/v1/prefixes/'.length), 'the prefix')
    const knowledge = await loadKnowledge()
    respond(ctx, `vocabulary\0${prefix}`, (index) => {
      const terms = index.termsOf(prefix, { limit: MAX_VOCABULARY_TERMS + 1 })
      if (terms === undefined) {
        const error = { code: 'NOT_FOUND', message: `unknown prefix '${prefix.slice(0, 100)}'` }
        return [404, { success: false, error, didYouMean: similarPrefixes(index, prefix) }]
      }
      return [200, describeVocabulary(index, knowledge, prefix, terms)]
    })
  })
}

function startsLowerCase(local: string): boolean {
  return local !== local.toUpperCase() && local[0] === local[0]?.toLowerCase()
}

function describeVocabulary(index: PrefixIndex, knowledge: Knowledge, prefix: string, found: TermInfo[]): ApiVocabulary {
  const info = index.vocabulary(prefix)
  const header = knowledge.describeVocabulary(index, prefix)
  const namespaceOf = index.namespace(prefix)!
  const terms = found.slice(0, MAX_VOCABULARY_TERMS)
  const classes: ApiTermEntry[] = []
  const properties: ApiTermEntry[] = []
  const others: ApiTermEntry[] = []
  for (const term of terms) {
    const isClass = index.hasType(term.iri, RDFS_CLASS)
    const isProperty = index.hasType(term.iri, RDF_PROPERTY)
    // Typed both ways (foaf:img is an rdfs:Class and an owl:ObjectProperty — a slip in the vocabulary):
    // the RDF naming habit decides, lower-case properties and capitalised classes.
    const group =
      isClass && isProperty
        ? startsLowerCase(term.iri.slice(namespaceOf.length))
          ? properties
          : classes
        : isClass
          ? classes
          : isProperty
            ? properties
            : others
    group.push(describeTerm(index, term))
  }
  return {
    prefix,
    namespace: namespaceOf,
    title: header?.title ?? info?.title ?? null,
    description: header?.description ?? null,
    homepage: header?.homepage ?? null,
    publisher: header?.publisher ?? null,
    version: header?.version ?? null,
    modified: header?.modified ?? null,
    license: header?.license ?? null,
    preferredPrefix: header?.preferredPrefix ?? prefix,
    prefixSynonyms: header?.prefixSynonyms ?? [],
    // Synonyms that are slips of the preferred prefix, which the page lists apart from the real ones.
    typoAliases: (header?.prefixSynonyms ?? []).filter((p) => index.vocabulary(p)?.reason === 'typo-alias'),
    curated: info?.curated ?? false,
    popularity: info?.popularity ?? null,
    quality: info?.quality ?? null,
    usually: info?.usually ?? null,
    reason: info?.reason ?? null,
    successor: info?.successor ?? null,
    otherNamespaces: header?.otherNamespaces ?? [],
    truncated: found.length > MAX_VOCABULARY_TERMS,
    classes,
    properties,
    others,
  }
}
