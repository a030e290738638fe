// Completion ranked by a workspace's usage: the terms its data uses in this context first, then the index's own order.

import { writeLocalName } from '../names/pn-local.js'
import type { AutocompleteOptions, Completions } from '../prefix-index/completion-query.js'
import type { PrefixIndex } from '../prefix-index/prefix-index.js'
import { defaultWeight } from '../terms/term-record.js'
import { compare } from './sorted-iris.js'
import type { Usage } from './usage.js'
import { usageBindings, usageNamespace } from './usage-index.js'
import { subjectDomains, subjectTypes, type DomainFacts, type DomainFit, type SubjectDomains } from './usage-domain.js'

/** Where the name being completed stands, as the editor reads it. */
export interface UsageContext {
  /** What the position wants: a class after `a`, a property as a predicate (default: `prefer`, else a property). */
  readonly position?: 'class' | 'property'
  /** IRIs of the types the subject has been given so far. */
  readonly types?: readonly string[]
  /** IRI of the property written before in the same subject's statements; '' for its first; absent when unknown. */
  readonly previous?: string
  /** IRIs of the properties the subject already has: a property is rarely written twice. */
  readonly written?: readonly string[]
  /**
   * IRI of the property whose object the subject is, when the editor sees it written just before (`sh:property [`):
   * with `knowledge`, the classes its range names count among the subject's types.
   */
  readonly objectOf?: string
}

/** How much each kind of evidence counts (see {@link scoreTerm}); the defaults are the best of a grid on the tuning packages of bench/usage.ts. */
export interface UsageWeights {
  readonly previous: number
  readonly types: number
  readonly overall: number
  /** The factor for a property the subject already has. */
  readonly repeated: number
}

export const DEFAULT_USAGE_WEIGHTS: UsageWeights = { previous: 1, types: 0.5, overall: 0, repeated: 0.1 }

export interface UsageCompletionOptions extends AutocompleteOptions {
  readonly context?: UsageContext
  /** The document's own prefixes (prefix → namespace), which win over the index's and the workspace's. */
  readonly prefixes?: Readonly<Record<string, string>>
  readonly weights?: UsageWeights
  /**
   * The bundled data's domains and superclasses (the knowledge tier, `loadKnowledge()`). With the subject's
   * types known, a property the workspace has no evidence for is placed by how its declared domain fits the
   * subject (see {@link DomainFit}): one whose domain names the subject's type, a superclass, or a class every
   * subject is (rdfs:Resource, owl:Thing, schema:Thing) comes before one that declares none, which comes
   * before one whose domain names only other classes — bundled
   * properties the workspace never used included, in the index's order among themselves.
   */
  readonly knowledge?: DomainFacts
  /**
   * Usage measured on other RDF than the workspace (see {@link UsagePrior}), for the terms the workspace never
   * uses: at each domain fit, after the workspace's terms, the terms the prior uses — those it has seen in this
   * context (after the previous property, on the subject's types) first, then by its count — before the rest in
   * the index's order. It never moves a term across fits nor above one the workspace uses (chosen on the
   * tuning sides of bench/usage.ts). Only terms the index ships or the workspace defines are offered; without
   * it, nothing changes.
   */
  readonly prior?: UsagePrior
}

/** A usage measured elsewhere, on real-world RDF: `name` says on what, for the explanation ("used 1,356 times in …"). */
export interface UsagePrior {
  readonly usage: Usage
  readonly name: string
}

/** A suggestion the workspace's usage placed, and why it is where it is (`ranked`: those first in `suggestions`). */
export interface UsageSuggestion {
  readonly name: string
  readonly iri: string
  /** How likely it is here, from the workspace's counts (a hair above 0 for a term it defines but does not use). */
  readonly score: number
  /** Statements using it (a property) or its instances (a class) in the workspace. */
  readonly count: number
}

/**
 * {@link PrefixIndex.complete} ranked by `usage`: after `prefix:`, the workspace's terms of that namespace
 * that fit the position, by how often the data writes them in this context (after the previous property,
 * on subjects of these types, then overall), then the index's suggestions in its own order. Deterministic:
 * ties go to the more used term, then code-point order. With `knowledge` and the subject's types, the
 * terms without evidence in this context go by how their domain fits the subject. Bare words and IRIs
 * complete as the index does, with the workspace's declared prefixes first. `ranked` gives the suggestions
 * the workspace knows, in their order among the suggestions, with their score and count.
 */
export function completeWithUsage(
  index: PrefixIndex,
  usage: Usage,
  query: string,
  options: UsageCompletionOptions = {},
): (Completions & { readonly ranked: readonly UsageSuggestion[] }) | undefined {
  const limit = options.limit ?? Infinity
  const colon = query.indexOf(':')
  if (colon < 0 || query.startsWith('<') || (query.startsWith('//', colon + 1) && SCHEME.test(query.slice(0, colon))))
    return completePrefix(index, usage, query, options)
  const prefix = query.slice(0, colon)
  const namespace = options.prefixes?.[prefix] ?? usageNamespace(index, usage, prefix)
  const local = query.slice(colon + 1)
  const partial = local.includes('\\') ? local.replace(/\\(.?)/gs, '$1') : local
  const position = options.context?.position ?? options.prefer ?? 'property'
  const written = position === 'property' && (options.context?.written?.length ?? 0) > 0 ? new Set(options.context!.written) : undefined
  // As many more asked as the subject has properties: those go after the others at their fit (see merge).
  const asked = limit + (written?.size ?? 0)
  const fromIndex = indexSuggestions(index, prefix, namespace, query, partial, options, asked + 1)
  if (namespace === undefined) return fromIndex && { ...fromIndex, ranked: [] }
  const given = options.context?.types
  const types = position === 'property' ? subjectTypes(usage, options.knowledge, given, options.context?.objectOf) : given
  const domains = position === 'property' ? subjectDomains(usage, options.knowledge, types) : undefined
  const candidates = rankTerms(index, usage, namespace + partial, position, options, types, domains, asked)
  const prior = options.prior === undefined ? [] : priorTerms(index, usage, options.prior.usage, namespace + partial, position, options, types, domains, asked)
  return merge(index, candidates, prior, fromIndex, domains, { prefix, namespace, expand: options.expand === true, limit, written })
}

/** A URI scheme (RFC 3986 §3.1): before `://`, a query is an IRI being typed, not a prefixed name. */
const SCHEME = /^[a-z][a-z0-9+.-]*$/i

/**
 * The ranked terms and the index's suggestions as one list: the workspace's terms with evidence in this
 * context first; then by domain fit, best first — at one fit the workspace's terms, then the index's in its
 * order, then (at the best fit) the bundled ones the domain brought that the index did not list; at one fit,
 * the subject's properties already written last (rarely written twice: the `repeated` weight of the counts).
 */
function merge(
  index: PrefixIndex,
  { terms, brought }: Candidates,
  prior: readonly PriorTerm[],
  fromIndex: Completions | undefined,
  domains: SubjectDomains | undefined,
  write: { prefix: string; namespace: string; expand: boolean; limit: number; written: ReadonlySet<string> | undefined },
): Completions & { readonly ranked: readonly UsageSuggestion[] } {
  const { prefix, namespace, expand, limit } = write
  const listed = fromIndex?.suggestions ?? []
  const fits = domains === undefined ? undefined : indexFits(index, domains, listed, write)
  const suggestions: string[] = []
  const chosen: UsageSuggestion[] = []
  const seen = new Set<string>()
  let left = terms.length + prior.length + listed.length + brought.length
  /** Adds a name (a term's, when `term`), false once the list is full. */
  const add = (name: string | undefined, term?: Ranked): boolean => {
    if (suggestions.length >= limit) return false
    left--
    if (name === undefined || seen.has(name)) return true
    seen.add(name)
    suggestions.push(name)
    if (term !== undefined) chosen.push({ name, iri: term.iri, score: term.score, count: term.count })
    return true
  }
  const nameOf = (iri: string) => {
    const local = writeLocalName(iri.slice(namespace.length))
    return local === undefined ? undefined : expand ? iri : prefix + ':' + local
  }
  let r = 0
  while (r < terms.length && terms[r]!.score > FLOOR && add(nameOf(terms[r]!.iri), terms[r])) r++
  // The subject's properties already written come second at their fit (the workspace's are last among its terms by their score).
  const again = (iri: string) => write.written?.has(iri) === true
  for (let fit = 2; fit >= 0; fit--) {
    for (const second of write.written === undefined ? [false] : [false, true]) {
      while (r < terms.length && terms[r]!.fit === fit && (second || !again(terms[r]!.iri)) && add(nameOf(terms[r]!.iri), terms[r])) r++
      for (let at = 0; at < prior.length; at++) if (prior[at]!.fit === fit && again(prior[at]!.iri) === second && !add(nameOf(prior[at]!.iri))) break
      for (let at = 0; at < listed.length; at++)
        if ((fits === undefined ? 1 : fits[at]) === fit && again(listedIri(listed[at]!, write)) === second && !add(listed[at])) break
      if (fit === 2) for (const iri of brought) if (again(iri) === second && !add(nameOf(iri))) break
    }
  }
  return { suggestions, truncated: left > 0 || (fromIndex?.truncated ?? false), ranked: chosen }
}

/**
 * The index's own suggestions for the query, written with the query's prefix. When the document binds the
 * prefix to another namespace than the index does (a project's `lv2:` for `…lv2core#`), the index is asked
 * for that namespace's terms by IRI, so that it never offers terms of a namespace the document does not mean.
 */
function indexSuggestions(
  index: PrefixIndex,
  prefix: string,
  namespace: string | undefined,
  query: string,
  partial: string,
  options: UsageCompletionOptions,
  limit: number,
): Completions | undefined {
  const prefer = options.prefer ?? options.context?.position
  // The options the index reads, and no more: spreading all of this call's (context, weights, knowledge, …) into
  // a new object cost each keystroke more than the index's own answer (CPU profile of bench/usage.ts).
  const { caseSensitive, type, expand, sort } = options
  const asked: AutocompleteOptions = { caseSensitive, type, expand, sort, prefer, limit }
  if (namespace === undefined || index.namespace(prefix) === namespace) return index.complete(query, asked)
  const byIri = index.complete(namespace + partial, { caseSensitive, type, expand: true, sort, prefer, limit })
  if (byIri === undefined) return undefined
  const suggestions: string[] = []
  for (const iri of byIri.suggestions) {
    if (!iri.startsWith(namespace)) continue
    const local = writeLocalName(iri.slice(namespace.length))
    if (options.expand === true) suggestions.push(iri)
    else if (local !== undefined && local !== '') suggestions.push(prefix + ':' + local)
  }
  return { suggestions, truncated: byIri.truncated }
}

/** How each of the index's suggestions fits the subject; a class it lists for a property position (after its properties) fits none. */
function indexFits(
  index: PrefixIndex,
  domains: SubjectDomains,
  listed: readonly string[],
  write: { prefix: string; namespace: string; expand: boolean },
): DomainFit[] {
  let classes = classesOf.get(index)
  if (classes === undefined) classesOf.set(index, (classes = new Map()))
  const known = classes
  return listed.map((name) => {
    const iri = listedIri(name, write)
    let isClass = known.get(iri)
    if (isClass === undefined) known.set(iri, (isClass = index.hasType(iri, RDFS_CLASS)))
    return isClass ? 0 : domains.fit(iri)
  })
}

/** The IRI of a name the index listed, written with the query's prefix (or whole, expanded). */
function listedIri(name: string, write: { prefix: string; namespace: string; expand: boolean }): string {
  if (write.expand) return name
  const local = name.slice(write.prefix.length + 1)
  return write.namespace + (local.includes('\\') ? local.replace(/\\(.)/gs, '$1') : local)
}

/** Per index, whether a term it lists is a class (bounded by its terms): asked for each suggestion of each keystroke. */
const classesOf = new WeakMap<PrefixIndex, Map<string, boolean>>()

/** A workspace term: its score here and, for one without evidence here, how its domain fits the subject. */
interface Ranked extends UsageSuggestion {
  readonly fit: DomainFit
}

/** The workspace's terms, best first; the bundled properties the domain brought, by their bundled weight. */
interface Candidates {
  readonly terms: readonly Ranked[]
  readonly brought: readonly string[]
}

const FLOOR = 1e-9
const RDFS_CLASS = 'http://www.w3.org/2000/01/rdf-schema#Class'

/**
 * The workspace's terms under `start` that fit the position, best first (at most `limit`), and the bundled
 * properties under it whose domain names the subject's types (not deprecated, at most `limit`).
 */
function rankTerms(
  index: PrefixIndex,
  usage: Usage,
  start: string,
  position: 'class' | 'property',
  options: UsageCompletionOptions,
  types: readonly string[] | undefined,
  domains: SubjectDomains | undefined,
  limit: number,
): Candidates {
  const weights = options.weights ?? DEFAULT_USAGE_WEIGHTS
  const context = options.context ?? {}
  const terms: Ranked[] = []
  const keep = Math.min(limit, 1000)
  const caseSensitive = options.caseSensitive === true
  const score = scorer(usage, position, context.previous, types, context.written, weights)
  // The bundled properties the domains bring under `start` (few, most often none), first: the workspace's pass takes its own out.
  let brought: Set<string> | undefined
  domains?.applicable.forEachStartingWith(start, caseSensitive, (iri) => void (brought ??= new Set()).add(iri))
  usage.forEachStartingWith(start, position, caseSensitive, (iri) => {
    const here = score(iri)
    const count = position === 'class' ? usage.instances(iri) : usage.uses(iri)
    // Only what has no evidence here goes by its fit.
    const fit = domains === undefined || here > FLOOR ? 1 : domains.fit(iri)
    brought?.delete(iri)
    insertBest(terms, { name: '', iri, score: here, count, fit }, keep)
  })
  if (brought === undefined) return { terms, brought: [] }
  const bundled: Array<{ readonly iri: string; readonly weight: number }> = []
  const known = bundledWeights(index)
  for (const iri of brought) {
    let weight = known.get(iri)
    if (weight === undefined) {
      const term = index.term(iri)
      known.set(iri, (weight = term === undefined || term.deprecated === true ? NaN : defaultWeight(term)))
    }
    if (!Number.isNaN(weight)) bundled.push({ iri, weight })
  }
  bundled.sort((a, b) => b.weight - a.weight || compare(a.iri, b.iri))
  return { terms, brought: bundled.slice(0, keep).map((b) => b.iri) }
}

/**
 * Per index, the bundled weight of each property a domain brought (NaN: not shipped, or deprecated), bounded by the
 * properties the knowledge tier names: `index.term` writes a whole TermInfo (its prefixed name shrunk) for one
 * number, 10–60 µs of a keystroke whose subject's type brings a property the workspace never used (doap:d on a
 * doap:Project, bench/usage.ts: the slowest held-out queries).
 */
const weightsOf = new WeakMap<PrefixIndex, Map<string, number>>()
function bundledWeights(index: PrefixIndex): Map<string, number> {
  let weights = weightsOf.get(index)
  if (weights === undefined) weightsOf.set(index, (weights = new Map()))
  return weights
}

/** A term the prior uses: its score in this context there (a hair above 0 when none), its uses there, its fit. */
interface PriorTerm {
  readonly iri: string
  here: number
  readonly uses: number
  readonly fit: DomainFit
}

/** Per index and prior, whether the index ships a term the prior uses (1), not (0), or as deprecated (-1): bounded by the prior's terms. */
const shippedByIndex = new WeakMap<PrefixIndex, WeakMap<Usage, Map<string, number>>>()
function shippedOf(index: PrefixIndex, prior: Usage): Map<string, number> {
  let byPrior = shippedByIndex.get(index)
  if (byPrior === undefined) shippedByIndex.set(index, (byPrior = new WeakMap()))
  let shipped = byPrior.get(prior)
  if (shipped === undefined) byPrior.set(prior, (shipped = new Map()))
  return shipped
}

/** The prior's weights: its evidence in this context, as the workspace's counts it (the uses order the rest). */
const PRIOR_WEIGHTS: UsageWeights = { ...DEFAULT_USAGE_WEIGHTS, overall: 0 }

/**
 * The prior's terms under `start` that the workspace never uses and that the index ships (not deprecated) or
 * the workspace defines: those with evidence in this context there first, by it; then by uses; at most `limit`.
 */
function priorTerms(
  index: PrefixIndex,
  usage: Usage,
  prior: Usage,
  start: string,
  position: 'class' | 'property',
  options: UsageCompletionOptions,
  types: readonly string[] | undefined,
  domains: SubjectDomains | undefined,
  limit: number,
): PriorTerm[] {
  const found: PriorTerm[] = []
  const shipped = shippedOf(index, prior)
  prior.forEachStartingWith(start, position, options.caseSensitive === true, (iri) => {
    const uses = position === 'class' ? prior.instances(iri) : prior.uses(iri)
    if (uses === 0 || (position === 'class' ? usage.instances(iri) : usage.uses(iri)) > 0) return
    let ships = shipped.get(iri)
    if (ships === undefined) {
      const term = index.term(iri)
      shipped.set(iri, (ships = term === undefined ? 0 : term.deprecated === true ? -1 : 1))
    }
    if (ships < 0 || (ships === 0 && !usage.knows(iri, position))) return
    found.push({ iri, here: FLOOR, uses, fit: domains === undefined ? 1 : domains.fit(iri) })
  })
  if (found.length === 0) return found
  // The prior's counts in this context, looked up only when it has a term to place.
  if (position === 'property') {
    const context = options.context ?? {}
    const there = scorer(prior, position, context.previous, types, context.written, PRIOR_WEIGHTS)
    for (const term of found) term.here = there(term.iri)
  }
  found.sort((a, b) => b.here - a.here || b.uses - a.uses || compare(a.iri, b.iri))
  return found.length > limit ? found.slice(0, limit) : found
}

/**
 * How likely the term is here, from the workspace's counts: for a property, the share of statements after
 * the previous property that are this one, plus the share of instances of the subject's types that carry
 * it, plus its share of all statements, weighted; a property the subject already has counts less. For a
 * class, its share of all instances. A term the workspace defines but never uses scores a hair above 0.
 */
export function scoreTerm(
  usage: Usage,
  iri: string,
  position: 'class' | 'property',
  context: UsageContext,
  weights: UsageWeights = DEFAULT_USAGE_WEIGHTS,
): number {
  return scorer(usage, position, context.previous, context.types, context.written, weights)(iri)
}

/**
 * {@link scoreTerm} for many terms in one context: the context's counts (the previous property's followers and
 * their total, each type's instances and properties) looked up once, each term then a few map lookups.
 */
function scorer(
  usage: Usage,
  position: 'class' | 'property',
  previous: string | undefined,
  subjectTypes: readonly string[] | undefined,
  written: readonly string[] | undefined,
  weights: UsageWeights,
): (iri: string) => number {
  if (position === 'class') {
    const total = usage.instanceTotal
    return (iri) => FLOOR + (total === 0 ? 0 : usage.instances(iri) / total)
  }
  const followTotal = previous === undefined ? 0 : usage.followTotal(previous)
  const followers = followTotal > 0 ? usage.followers(previous!) : undefined
  const types: Array<{ readonly instances: number; readonly carrying: ReadonlyMap<string, number> }> = []
  for (const type of subjectTypes ?? []) {
    const carrying = usage.propertiesOf(type)
    if (carrying !== undefined) types.push({ instances: usage.instances(type), carrying })
  }
  const overall = usage.triples > 0 ? weights.overall / usage.triples : 0
  return (iri) => {
    let score = FLOOR
    if (followers !== undefined) score += (weights.previous * (followers.get(iri) ?? 0)) / followTotal
    let typeShare = 0
    for (const { instances, carrying } of types) {
      const n = carrying.get(iri) ?? 0
      if (n > 0) typeShare = Math.max(typeShare, n / Math.max(instances, n))
    }
    score += weights.types * typeShare
    if (overall !== 0) score += overall * usage.uses(iri)
    if (written !== undefined && written.includes(iri)) score *= weights.repeated
    return score
  }
}

/** Inserts into a list kept best first and at most `keep` long (see {@link before}). */
function insertBest(best: Ranked[], item: Ranked, keep: number): void {
  let i = best.length
  while (i > 0 && before(item, best[i - 1]!)) i--
  if (i >= keep) return
  best.splice(i, 0, item)
  if (best.length > keep) best.pop()
}

/** Evidence here first (by score); then domain fit, score, more uses; then code-point order. */
function before(a: Ranked, b: Ranked): boolean {
  const ea = a.score > FLOOR ? a.score : 0
  const eb = b.score > FLOOR ? b.score : 0
  if (ea !== eb) return ea > eb
  if (a.fit !== b.fit) return a.fit > b.fit
  if (a.score !== b.score) return a.score > b.score
  return a.count !== b.count ? a.count > b.count : a.iri < b.iri
}

/** A bare word: the workspace's declared prefixes that start with it and bind (most declared first), then the index's answer. */
function completePrefix(index: PrefixIndex, usage: Usage, query: string, options: UsageCompletionOptions) {
  const fromIndex = index.complete(query, options)
  if (query.includes(':')) return fromIndex && { ...fromIndex, ranked: [] }
  const limit = options.limit ?? Infinity
  const folded = query.toLowerCase()
  const mine = usageBindings(index, usage)
    .filter((row) => row.prefix.toLowerCase().startsWith(folded))
    .map((row) => (options.expand === true ? row.namespace : row.prefix + ':'))
  const suggestions = [...new Set([...mine, ...(fromIndex?.suggestions ?? [])])]
  return { suggestions: suggestions.slice(0, limit), truncated: suggestions.length > limit || (fromIndex?.truncated ?? false), ranked: [] }
}
