// GET /api/v1/search/results: the search results page's answer — every hit of a query (prefixes and terms), counted,
// filtered by vocabulary, kind and deprecation, one page of them with label, one-line definition and vocabulary.

import {
  loadKnowledge,
  searchNamespaces,
  type ApiHitKind as HitKind,
  type ApiSearchHit as SearchHit,
  type ApiSearchResults as SearchResults,
  type Knowledge,
  type PrefixIndex,
  type TermInfo,
  type Usage,
} from '@prefixd/core'
import { HttpError } from '../http-error.js'
import { choiceParam, limitParam, queryParams, requiredQuery } from '../query-params.js'
import { respond, servedIndex } from '../respond.js'
import { describingUsage } from '../served-index.js'
import type { ServerRouter } from '../server-state.js'

const RDFS_CLASS = 'http://www.w3.org/2000/01/rdf-schema#Class'
const RDF_PROPERTY = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property'
/** Most hits a query counts: past this, the count says “at least” (`truncated`). */
const MAX_HITS = 1000
const MAX_PAGE = 100
const DEFAULT_PAGE = 20
/** A definition shown on one line of a list: its first sentence, cut to this many characters. */
const LINE = 160
/** A query shaped like a prefix: a letter, then letters, digits, `-`, `_` or `.` (no colon, no space). */
const PREFIX_LIKE = /^[A-Za-z][\w.-]*$/
/** A query that may be part of an IRI: a host (`schema.org`) or a path (`xmlns.com/foaf`), no spaces. */
const IRI_PART = /^[^\s]*[./][^\s]*$/

const KINDS = ['prefix', 'class', 'property', 'individual'] as const satisfies readonly HitKind[]
const DEPRECATION = ['include', 'exclude', 'only'] as const

interface Filters {
  readonly vocabulary: string | undefined
  readonly kind: HitKind | undefined
  readonly deprecated: (typeof DEPRECATION)[number]
  readonly offset: number
  readonly limit: number
}

export function addSearchResultsRoute(router: ServerRouter, servedUsage?: Usage): void {
  router.get('/api/v1/search/results', async (ctx) => {
    const q = requiredQuery(ctx, '/api/v1/search/results?q=person[&vocabulary=foaf][&kind=class][&deprecated=exclude][&offset=0][&limit=20]', true)
    const params = queryParams(ctx)
    const offset = params.get('offset') ?? '0'
    if (!/^\d{1,6}$/.test(offset)) throw new HttpError('BAD_PARAMETER', `parameter 'offset' must be a whole number from 0 to 999999`)
    const filters: Filters = {
      vocabulary: params.get('vocabulary') || undefined,
      kind: choiceParam(ctx, 'kind', KINDS),
      deprecated: choiceParam(ctx, 'deprecated', DEPRECATION) ?? 'include',
      offset: Number(offset),
      limit: limitParam(ctx, DEFAULT_PAGE, MAX_PAGE),
    }
    const knowledge = await loadKnowledge()
    const key = `search results\0${filters.vocabulary ?? ''}\0${filters.kind ?? ''}\0${filters.deprecated}\0${filters.offset}\0${filters.limit}\0${q}`
    // A set's vocabulary files, or the served --usage: their comment on a term is its definition where the bundled knowledge has none.
    const vocabularies = describingUsage(servedIndex(ctx), servedUsage)
    respond(ctx, key, (index) => [200, searchResults(index, knowledge, q.trim(), filters, vocabularies)])
  })
}

function searchResults(index: PrefixIndex, knowledge: Knowledge, q: string, filters: Filters, vocabularies: Usage | undefined): SearchResults {
  const all = q === '' ? [] : allHits(index, knowledge, q, vocabularies)
  const kept = all.filter(
    (hit) =>
      (filters.vocabulary === undefined || hit.vocabulary === filters.vocabulary) &&
      (filters.kind === undefined || hit.kind === filters.kind) &&
      (filters.deprecated === 'include' || hit.deprecated === (filters.deprecated === 'only')),
  )
  const byVocabulary = new Map<string, number>()
  const kinds: Record<HitKind, number> = { prefix: 0, class: 0, property: 0, individual: 0 }
  for (const hit of all) {
    kinds[hit.kind]++
    if (hit.vocabulary !== null) byVocabulary.set(hit.vocabulary, (byVocabulary.get(hit.vocabulary) ?? 0) + 1)
  }
  return {
    q,
    total: kept.length,
    truncated: all.length >= MAX_HITS,
    offset: filters.offset,
    limit: filters.limit,
    hits: kept.slice(filters.offset, filters.offset + filters.limit),
    facets: {
      // Most hits first, then by name: the vocabularies a reader most likely means head the list.
      vocabularies: [...byVocabulary].map(([prefix, count]) => ({ prefix, count })).sort((a, b) => b.count - a.count || (a.prefix < b.prefix ? -1 : 1)),
      kinds,
      deprecated: all.filter((hit) => hit.deprecated).length,
    },
  }
}

/**
 * Prefixes first (those the word starts, or whose namespace a partial IRI names), then terms, as ranked by the index.
 * A query with a colon (`foaf:Per`, `http://xmlns.com/foaf/0.1/Per`) is a name or an IRI being written: its hits are
 * what completion offers for it, in completion's order, then the search's by words.
 */
function allHits(index: PrefixIndex, knowledge: Knowledge, q: string, vocabularies: Usage | undefined): SearchHit[] {
  const prefixes = new Set<string>()
  if (PREFIX_LIKE.test(q)) for (const name of index.autocomplete(q, { limit: 20 }) ?? []) if (name.endsWith(':')) prefixes.add(name.slice(0, -1))
  if (IRI_PART.test(q)) for (const match of searchNamespaces(index, q, { limit: 20 })) prefixes.add(match.prefix)
  const completed: Array<[TermInfo, string]> = []
  if (q.includes(':')) {
    for (const name of index.autocomplete(q, { limit: MAX_HITS }) ?? []) {
      if (name.endsWith(':')) {
        prefixes.add(name.slice(0, -1))
        continue
      }
      const term = index.term(index.expand(name) ?? '')
      if (term !== undefined) completed.push([term, name])
    }
  }
  const hits: SearchHit[] = [...prefixes].filter((prefix) => index.namespace(prefix) !== undefined).map((prefix) => prefixHit(index, knowledge, prefix))
  const seen = new Set<string>()
  for (const [term, name] of [...completed, ...index.search(q, { limit: MAX_HITS }).map((t): [TermInfo, string | undefined] => [t, t.prefixed])]) {
    if (hits.length >= MAX_HITS) break
    if (seen.has(term.iri)) continue
    seen.add(term.iri)
    hits.push(termHit(index, knowledge, term, name, vocabularies))
  }
  return hits
}

/** A term's hit, written `prefixed` (as completion wrote it: `sdo:` stays `sdo:`), else unnamed. */
function termHit(index: PrefixIndex, knowledge: Knowledge, term: TermInfo, prefixed: string | undefined, vocabularies: Usage | undefined): SearchHit {
  // A term under a namespace synonym (sdo:Person) means what the term it stands for means, as /api/v1/term says.
  const facts = knowledge.facts(term.iri) ?? knowledge.facts(index.standardize(term.iri) ?? term.iri)
  const own = facts?.definition === undefined ? vocabularies?.definition(term.iri) : undefined
  const colon = prefixed?.indexOf(':') ?? -1
  return {
    kind: index.hasType(term.iri, RDFS_CLASS) ? 'class' : index.hasType(term.iri, RDF_PROPERTY) ? 'property' : 'individual',
    prefixed: prefixed ?? null,
    iri: term.iri,
    label: term.label ?? null,
    definition: oneLine(facts?.definition ?? own?.comment),
    deprecated: facts?.deprecated ?? own?.deprecated ?? false,
    vocabulary: colon < 0 ? null : prefixed!.slice(0, colon),
  }
}

function prefixHit(index: PrefixIndex, knowledge: Knowledge, prefix: string): SearchHit {
  const header = knowledge.describeVocabulary(index, prefix)
  return {
    kind: 'prefix',
    prefixed: `${prefix}:`,
    iri: index.namespace(prefix)!,
    label: header?.title ?? index.vocabulary(prefix)?.title ?? null,
    definition: oneLine(header?.description),
    deprecated: false,
    vocabulary: prefix,
  }
}

/**
 * The first sentence: up to a `.`, `!` or `?` that ends the text or is followed by a space and something other than
 * a lower-case letter, and that does not end a usual abbreviation ("An actor, e.g. one in a film" is one sentence).
 */
const SENTENCE = /^.+?(?<!\b(?:e\.g|i\.e|etc|cf|vs|viz|approx|incl|esp|resp|al|ca|no|Dr|Mr|Mrs|Ms|St))[.!?](?=$|\s+[^\p{Ll}])/u

/** The first sentence of `text` on one line, cut at a word with an ellipsis past {@link LINE} characters. */
export function oneLine(text: string | undefined): string | null {
  if (text === undefined) return null
  const flat = text.replace(/\s+/g, ' ').trim()
  const sentence = SENTENCE.exec(flat)?.[0] ?? flat
  if (sentence.length <= LINE) return sentence
  const cut = sentence.lastIndexOf(' ', LINE - 1)
  return `${sentence.slice(0, cut > LINE / 2 ? cut : LINE - 1)}…`
}
