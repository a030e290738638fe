// The read endpoints of the LOV API v2 (Linked Open Vocabularies) that clients use — YASQE's class and property
// completion among them — answered in LOV's shapes from the served index, its completion and the knowledge tier.
// Shapes as LOV's server writes them (github.com/pyvandenbussche/lov, app/controllers/search.js and vocabularies.js):
// Elasticsearch fields, so every value of a hit is an array.

import { loadKnowledge, searchNamespaces, type Knowledge, type PrefixIndex } from '@prefixd/core'
import { HttpError } from '../http-error.js'
import { queryParams } from '../query-params.js'
import { respond } from '../respond.js'
import type { ServerContext, ServerRouter } from '../server-state.js'

const API = '/dataset/lov/api/v2'
const RDF_PROPERTY = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property'
const RDFS_CLASS = 'http://www.w3.org/2000/01/rdf-schema#Class'
const RDFS_DATATYPE = 'http://www.w3.org/2000/01/rdf-schema#Datatype'
/** LOV's term types, and the type completion filters by for each. */
const TERM_TYPES = { class: 'rdfs:Class', property: 'rdf:Property', datatype: 'rdfs:Datatype', instance: undefined } as const
type TermType = keyof typeof TERM_TYPES
/** Largest page and deepest result: a page is answered by ranking this many, and LOV clients ask for 10–50. */
export const MAX_PAGE_SIZE = 500
export const MAX_RESULTS = 5000

/** `page` and `page_size` as LOV reads them (defaults 1 and 10), bounded. */
function paging(ctx: ServerContext, defaultSize: number): { readonly page: number; readonly size: number } {
  const number = (name: string, fallback: number, max: number) => {
    const value = queryParams(ctx).get(name)
    if (value === undefined || value === '') return fallback
    if (!/^\d{1,6}$/.test(value) || Number(value) < 1 || Number(value) > max)
      throw new HttpError('BAD_PARAMETER', `parameter '${name}' must be a whole number from 1 to ${max}`)
    return Number(value)
  }
  const size = number('page_size', defaultSize, MAX_PAGE_SIZE)
  const page = number('page', 1, Math.max(1, Math.floor(MAX_RESULTS / size)))
  return { page, size }
}

/** `type=class,property`: LOV's types, comma-separated; none means every type. */
function termTypes(ctx: ServerContext): readonly TermType[] {
  const value = queryParams(ctx).get('type')
  if (value === undefined || value === '') return []
  const types = value.split(',')
  for (const type of types) {
    if (!(type in TERM_TYPES)) throw new HttpError('BAD_PARAMETER', `parameter 'type' takes ${Object.keys(TERM_TYPES).join(', ')} (comma-separated)`)
  }
  return types as TermType[]
}

/**
 * A parameter that must be given (else a 400 with `help`). An empty or blank `q` is an answer, as on every search
 * and completion route: what nothing typed finds (no terms; for vocabularies, all of them).
 */
function requiredParam(ctx: ServerContext, name: string, help: string): string {
  const value = queryParams(ctx).get(name)
  if (value === undefined || (name !== 'q' && value.trim() === '')) throw new HttpError('USAGE', `the ${name} parameter is required`, { help })
  return value
}

/** LOV's type of a term: its most specific of datatype, class and property; else an instance. */
function lovType(index: PrefixIndex, iri: string): TermType {
  if (index.hasType(iri, RDFS_DATATYPE)) return 'datatype'
  const isClass = index.hasType(iri, RDFS_CLASS)
  const isProperty = index.hasType(iri, RDF_PROPERTY)
  if (isClass && isProperty) return /^[a-z]/.test(localName(index, iri)) ? 'property' : 'class' // typed both ways: the naming habit decides
  return isClass ? 'class' : isProperty ? 'property' : 'instance'
}

function localName(index: PrefixIndex, iri: string): string {
  const name = index.shrink(iri)
  return name === undefined ? iri.slice(Math.max(iri.lastIndexOf('#'), iri.lastIndexOf('/')) + 1) : name.slice(name.indexOf(':') + 1)
}

interface TermHit {
  readonly iri: string
  readonly name: string
  readonly type: TermType
}

/**
 * Terms for a partial IRI or prefixed name, as the core's completion ranks them (it keeps junk prefixes out);
 * a query without a colon is a name or a label (`Pers`), found by search.
 */
function completeTerms(index: PrefixIndex, q: string, types: readonly TermType[], want: number): TermHit[] {
  const hits: TermHit[] = []
  const take = (iri: string) => {
    const type = lovType(index, iri)
    if (types.length === 0 || types.includes(type)) hits.push({ iri, name: index.shrink(iri) ?? iri, type })
  }
  if (!q.includes(':')) {
    for (const term of index.search(q, { limit: want * 4 })) {
      take(term.iri)
      if (hits.length >= want) break
    }
    return hits
  }
  // One completion per asked type (the core filters by type through the hierarchy), merged in completion order.
  const filters = types.length === 0 ? [undefined] : types.map((t) => TERM_TYPES[t])
  for (const type of filters) {
    const found = index.complete(q, { expand: true, limit: want, ...(type !== undefined && { type }) })
    for (const iri of found?.suggestions ?? []) {
      if (index.term(iri) !== undefined && !hits.some((h) => h.iri === iri)) take(iri)
    }
  }
  return hits.slice(0, want)
}

export function addLovRoutes(router: ServerRouter): void {
  // YASQE asks /autocomplete/terms; LOV's documentation names /term/autocomplete: both answer alike.
  for (const path of [`${API}/autocomplete/terms`, `${API}/term/autocomplete`]) {
    router.get(path, (ctx) => {
      const q = requiredParam(ctx, 'q', `${API}/autocomplete/terms?q=foaf:Pe&type=class|property&page_size=10`)
      const types = termTypes(ctx)
      const { page, size } = paging(ctx, 10)
      respond(ctx, `lov autocomplete\0${page}\0${size}\0${types.join(',')}\0${q}`, (index) => {
        const hits = completeTerms(index, q.trim(), types, page * size + 1)
        const results = hits.slice((page - 1) * size, page * size).map((hit, i) => ({
          uri: [hit.iri],
          prefixedName: [hit.name],
          localName: [localName(index, hit.iri)],
          type: hit.type,
          score: rankScore((page - 1) * size + i),
        }))
        // total_results counts matches up to the next page (ranking every match would cost a page's worth many times).
        return [200, { total_results: hits.length, page, page_size: size, results }]
      })
    })
  }
  router.get(`${API}/term/search`, async (ctx) => {
    const q = requiredParam(ctx, 'q', `${API}/term/search?q=person&type=class`)
    const types = termTypes(ctx)
    const vocab = queryParams(ctx).get('vocab')
    const { page, size } = paging(ctx, 10)
    const knowledge = await loadKnowledge()
    respond(ctx, `lov search\0${page}\0${size}\0${types.join(',')}\0${vocab ?? ''}\0${q}`, (index) => [
      200,
      searchTerms(index, knowledge, q, types, vocab, page, size),
    ])
  })
  router.get(`${API}/vocabulary/list`, async (ctx) => {
    const knowledge = await loadKnowledge()
    respond(ctx, 'lov vocabulary list', (index) => [200, listVocabularies(index, knowledge)])
  })
  router.get(`${API}/vocabulary/info`, async (ctx) => {
    const vocab = requiredParam(ctx, 'vocab', `${API}/vocabulary/info?vocab=foaf (a prefix, URI or namespace)`)
    const knowledge = await loadKnowledge()
    respond(ctx, `lov vocabulary info\0${vocab}`, (index) => {
      const info = vocabularyInfo(index, knowledge, vocab)
      return info === undefined
        ? [404, { success: false, error: { code: 'NOT_FOUND', message: `no vocabulary '${vocab.slice(0, 200)}' is known` } }]
        : [200, info]
    })
  })
  router.get(`${API}/vocabulary/autocomplete`, async (ctx) => {
    const q = requiredParam(ctx, 'q', `${API}/vocabulary/autocomplete?q=geo`)
    const { page, size } = paging(ctx, 10)
    const knowledge = await loadKnowledge()
    respond(ctx, `lov vocabulary autocomplete\0${page}\0${size}\0${q}`, (index) => {
      const prefixes = completeVocabularies(index, q.trim(), page * size + 1)
      const results = prefixes.slice((page - 1) * size, page * size).map((prefix, i) => {
        const header = knowledge.describeVocabulary(index, prefix)!
        return {
          prefix: [prefix],
          uri: [header.namespace],
          ...(header.title !== undefined && { 'http://purl.org/dc/terms/title@en': [header.title] }),
          score: rankScore((page - 1) * size + i),
        }
      })
      return [200, { total_results: prefixes.length, page, page_size: size, results }]
    })
  })
}

/** A score that falls with the rank, as LOV's relevance scores do (clients sort by it or ignore it). */
function rankScore(rank: number): number {
  return Math.round(1000 / (1 + rank)) / 100
}

/** Prefixes completion offers for `q` (a prefix or the start of a namespace), then namespaces that contain it. */
function completeVocabularies(index: PrefixIndex, q: string, want: number): string[] {
  const prefixes: string[] = []
  for (const suggestion of index.complete(q.endsWith(':') ? q.slice(0, -1) : q, { limit: want })?.suggestions ?? []) {
    if (suggestion.endsWith(':')) prefixes.push(suggestion.slice(0, -1))
  }
  if (prefixes.length < want && /[./]/.test(q)) {
    for (const match of searchNamespaces(index, q, { limit: want })) if (!prefixes.includes(match.prefix)) prefixes.push(match.prefix)
  }
  return prefixes.slice(0, want)
}

function searchTerms(index: PrefixIndex, knowledge: Knowledge, q: string, types: readonly TermType[], vocab: string | undefined, page: number, size: number) {
  const matches: Array<TermHit & { readonly prefix: string }> = []
  for (const term of q.trim() === '' ? [] : index.search(q, { limit: MAX_RESULTS })) {
    const name = term.prefixed ?? term.iri
    const prefix = term.prefixed === undefined ? '' : term.prefixed.slice(0, term.prefixed.indexOf(':'))
    if (vocab !== undefined && vocab !== '' && prefix !== vocab) continue
    const type = lovType(index, term.iri)
    if (types.length === 0 || types.includes(type)) matches.push({ iri: term.iri, name, type, prefix })
  }
  const buckets = (key: (m: (typeof matches)[number]) => string) => {
    const counts = new Map<string, number>()
    for (const m of matches) counts.set(key(m), (counts.get(key(m)) ?? 0) + 1)
    return {
      buckets: [...counts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 10)
        .map(([key, doc_count]) => ({ key, doc_count })),
    }
  }
  const results = matches.slice((page - 1) * size, page * size).map((m, i) => {
    const facts = knowledge.facts(m.iri)
    return {
      uri: [m.iri],
      prefixedName: [m.name],
      'vocabulary.prefix': [m.prefix],
      type: m.type,
      score: rankScore((page - 1) * size + i),
      ...(facts?.definition !== undefined && { 'http://www.w3.org/2000/01/rdf-schema#comment@en': [facts.definition] }),
      ...(index.term(m.iri)?.label !== undefined && { 'http://www.w3.org/2000/01/rdf-schema#label@en': [index.term(m.iri)!.label] }),
    }
  })
  return {
    total_results: matches.length,
    page,
    page_size: size,
    queryString: q,
    filters: { ...(types.length === 1 && { type: types[0] }), ...(vocab !== undefined && vocab !== '' && { vocab }) },
    aggregations: { types: buckets((m) => m.type), vocabs: buckets((m) => m.prefix) },
    results,
  }
}

/** The vocabularies with a package of their own, by the prefix the index writes for each, sorted as LOV sorts (by prefix). */
function listVocabularies(index: PrefixIndex, knowledge: Knowledge) {
  const listed: Array<{ prefix: string; nsp: string; uri: string; titles: Array<{ value: string; lang: string }> }> = []
  for (const v of knowledge.vocabularies()) {
    const name = index.shrink(v.namespace)
    const prefix = name?.endsWith(':') ? name.slice(0, -1) : index.namespace(v.prefix) === v.namespace ? v.prefix : undefined
    if (prefix === undefined || listed.some((l) => l.prefix === prefix)) continue
    const title = knowledge.describeVocabulary(index, prefix)?.title
    listed.push({ prefix, nsp: v.namespace, uri: v.namespace, titles: title === undefined ? [] : [{ value: title, lang: 'en' }] })
  }
  return listed.sort((a, b) => (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0))
}

/** One vocabulary by prefix, URI or namespace (LOV's `vocab`), in LOV's record shape with what is known. */
function vocabularyInfo(index: PrefixIndex, knowledge: Knowledge, vocab: string) {
  let prefix: string | undefined = index.namespace(vocab) === undefined ? undefined : vocab
  if (prefix === undefined) {
    // A namespace or the vocabulary's URI (the namespace without its last `#` or `/`).
    for (const candidate of [vocab, `${vocab}#`, `${vocab}/`]) {
      const name = index.shrink(candidate)
      if (name?.endsWith(':')) {
        prefix = name.slice(0, -1)
        break
      }
    }
  }
  if (prefix === undefined) return undefined
  const v = knowledge.describeVocabulary(index, prefix)!
  return {
    prefix: v.prefix,
    nsp: v.namespace,
    uri: v.namespace,
    prefixSynonyms: v.prefixSynonyms,
    titles: v.title === undefined ? [] : [{ value: v.title, lang: 'en' }],
    descriptions: v.description === undefined ? [] : [{ value: v.description, lang: 'en' }],
    ...(v.homepage !== undefined && { homepage: v.homepage }),
    ...(v.publisher !== undefined && { publisherIds: [v.publisher] }),
    ...(v.license !== undefined && { license: v.license }),
    versions:
      v.version === undefined && v.modified === undefined
        ? []
        : [{ ...(v.version !== undefined && { name: v.version }), ...(v.modified !== undefined && { issued: v.modified }) }],
    tags: [],
  }
}
