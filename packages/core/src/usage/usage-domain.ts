// How a property's declared domain fits the subject being written: from the bundled knowledge tier
// (rdfs:domain, schema:domainIncludes, superclasses) and the workspace's own definitions.

import { SortedIris } from './sorted-iris.js'
import type { Usage } from './usage.js'

/** What domain evidence reads of the bundled data (the knowledge tier, `loadKnowledge()`). */
export interface DomainFacts {
  facts(iri: string): TermDomainFacts | undefined
}

/** A term's domain, range and superclasses, and (a class) the properties whose domain names it. */
export interface TermDomainFacts {
  readonly domain: readonly string[]
  readonly range: readonly string[]
  readonly superClasses: readonly string[]
  readonly domainOf: readonly string[]
}

/**
 * How a property fits the subject by its declared domain: 2 the domain names one of the subject's types, a
 * superclass of one, or a class every subject is ({@link EVERY_SUBJECT}); 1 no domain is declared; 0 it names
 * only other classes.
 */
export type DomainFit = 0 | 1 | 2

export interface SubjectDomains {
  /** The bundled data's properties of fit 2 (the workspace's are among its terms), sorted for the block a query starts. */
  readonly applicable: SortedIris
  /** Per property of fit 2, the subject's class its domain names (the nearest). */
  readonly via: ReadonlyMap<string, string>
  /** The subject's types and their superclasses, as far as they were followed. */
  readonly reached: ReadonlySet<string>
  fit(iri: string): DomainFit
}

/** Every resource is one (RDF Semantics §9.2.1: rdfs:Resource; OWL 2: owl:Thing): a domain naming them fits any subject. */
export const UNIVERSAL: readonly string[] = ['http://www.w3.org/2000/01/rdf-schema#Resource', 'http://www.w3.org/2002/07/owl#Thing']
/**
 * schema.org's root, "the most generic type of item": every schema.org type is a subclass of it, and the
 * properties it takes (name, description, url, identifier, sameAs, image…) are the ones schema.org gives any
 * item. Its own class still (a subject typed with it alone, or a range naming it, is described by it).
 */
export const SCHEMA_THING = 'http://schema.org/Thing'
/** The classes a domain may name and fit any subject whose type is known: {@link UNIVERSAL} and {@link SCHEMA_THING}. */
export const EVERY_SUBJECT: readonly string[] = [...UNIVERSAL, SCHEMA_THING]
/** Superclass steps followed above the subject's types (a cycle or a deep tree stops there). */
const DEPTH = 8
/** Type sets remembered per usage and knowledge (one editor session writes few): then the cache starts again. */
const CACHE_SIZE = 256

interface Memo {
  readonly bySubject: Map<string, SubjectDomains | undefined>
  /** Per property, the classes its range names (bounded by the properties asked about). */
  readonly ranges: Map<string, readonly string[]>
  /** Whether a property declares a domain at all, as asked (bounded by the terms of the data and the workspace). */
  readonly hasDomain: Map<string, boolean>
}
const NO_KNOWLEDGE: DomainFacts = { facts: () => undefined }
/** Both keyed by a usage's definitionsKey: all they remember follows from its definitions (and the knowledge). */
const memos = new WeakMap<object, WeakMap<DomainFacts, Memo>>()
const workspaceDomains = new WeakMap<object, Map<string, string[]>>()

/**
 * How properties fit a subject of `types` by their domains, or undefined when that says nothing: no types
 * known, or none that the knowledge or the workspace describes (an unknown class may be a subclass of any
 * domain). Remembered per type set: the first keystroke on a subject pays for it.
 */
export function subjectDomains(usage: Usage, knowledge: DomainFacts = NO_KNOWLEDGE, types: readonly string[] = []): SubjectDomains | undefined {
  if (types.length === 0) return undefined
  const memo = memoOf(usage, knowledge)
  // One type (the usual case) is its own key: its hash is kept on the string, where a joined key is hashed anew.
  const key = types.length === 1 ? types[0]! : types.join(' ')
  const known = memo.bySubject.get(key)
  if (known !== undefined || memo.bySubject.has(key)) return known
  if (memo.bySubject.size >= CACHE_SIZE) memo.bySubject.clear()
  const found = collect(usage, knowledge, types)
  memo.bySubject.set(key, found)
  return found
}

/**
 * The subject's types, with the classes that the range of the property it is the object of names (RDF
 * Semantics §9.2.1, rdfs3: `[` after sh:property opens a sh:PropertyShape), by the knowledge and the
 * workspace's definitions; the same array when that adds nothing. Literal datatypes and the universal
 * classes are left out: they say nothing of a subject.
 */
export function subjectTypes(usage: Usage, knowledge: DomainFacts = NO_KNOWLEDGE, types: readonly string[] = [], objectOf?: string): readonly string[] {
  if (objectOf === undefined || objectOf === '') return types
  const { ranges } = memoOf(usage, knowledge)
  let range = ranges.get(objectOf)
  if (range === undefined) {
    const named = [...(knowledge.facts(objectOf)?.range ?? []), ...(usage.definition(objectOf)?.range ?? [])]
    range = [...new Set(named.filter((type) => !UNIVERSAL.includes(type) && !SAYS_NOTHING.test(type)))]
    ranges.set(objectOf, range)
  }
  const added = range.filter((type) => !types.includes(type))
  return added.length === 0 ? types : [...types, ...added]
}

/** Literal datatypes (XML Schema's, rdfs:Literal, rdf:langString and the like): a range a subject never has. */
const SAYS_NOTHING = /^http:\/\/www\.w3\.org\/(2001\/XMLSchema#|2000\/01\/rdf-schema#Literal$|1999\/02\/22-rdf-syntax-ns#(langString|HTML|XMLLiteral|JSON)$)/

function memoOf(usage: Usage, knowledge: DomainFacts): Memo {
  let byKnowledge = memos.get(usage.definitionsKey)
  if (byKnowledge === undefined) memos.set(usage.definitionsKey, (byKnowledge = new WeakMap()))
  let memo = byKnowledge.get(knowledge)
  if (memo === undefined) byKnowledge.set(knowledge, (memo = { bySubject: new Map(), ranges: new Map(), hasDomain: new Map() }))
  return memo
}

function collect(usage: Usage, knowledge: DomainFacts, types: readonly string[]): SubjectDomains | undefined {
  const declared = domainsDeclaredIn(usage)
  const described = (type: string) => !UNIVERSAL.includes(type) && (knowledge.facts(type) !== undefined || usage.definition(type) !== undefined)
  if (!types.some(described)) return undefined
  const via = new Map<string, string>()
  const bundled = new Set<string>()
  const seen = new Set<string>()
  let level = [...new Set(types)]
  for (let depth = 0; depth <= DEPTH && level.length > 0; depth++) {
    const next: string[] = []
    for (const type of level) {
      if (seen.has(type)) continue
      seen.add(type)
      const facts = knowledge.facts(type)
      for (const property of facts?.domainOf ?? []) bundled.add(property)
      for (const property of [...(facts?.domainOf ?? []), ...declared(type)]) if (!via.has(property)) via.set(property, type)
      next.push(...(facts?.superClasses ?? []), ...(usage.definition(type)?.supers ?? []))
    }
    level = next
  }
  for (const type of EVERY_SUBJECT) {
    if (seen.has(type)) continue
    for (const property of knowledge.facts(type)?.domainOf ?? []) bundled.add(property)
    for (const property of [...(knowledge.facts(type)?.domainOf ?? []), ...declared(type)]) if (!via.has(property)) via.set(property, type)
  }
  // Only the bundled data's: a property the workspace declares is among the workspace's terms already.
  const applicable = new SortedIris(bundled)
  const fit = (iri: string): DomainFit => (via.has(iri) ? 2 : declaresDomain(usage, knowledge, iri) ? 0 : 1)
  return { applicable, via, reached: seen, fit }
}

/** Whether the knowledge or the usage gives `iri` a domain: remembered per usage, a layered one's per layer (see below). */
function declaresDomain(usage: Usage, knowledge: DomainFacts, iri: string): boolean {
  const layers = usage.layers()
  if (layers !== undefined) return declaresDomain(layers[0], knowledge, iri) || declaresDomain(layers[1], knowledge, iri)
  const { hasDomain } = memoOf(usage, knowledge)
  let declares = hasDomain.get(iri)
  if (declares === undefined) {
    declares = (knowledge.facts(iri)?.domain.length ?? 0) > 0 || (usage.definition(iri)?.domain?.length ?? 0) > 0
    hasDomain.set(iri, declares)
  }
  return declares
}

/** Per class, the properties the workspace defines with it as their domain. */
function domainsDeclaredIn(usage: Usage): (type: string) => readonly string[] {
  // A layered usage's are its layers' together: the one under is worked out once for every layer over it (a set's files
  // over the resolver's --usage), not copied into each — which merging its definitions per layer did.
  const layers = usage.layers()
  if (layers !== undefined) {
    const [under, over] = layers.map(domainsDeclaredIn) as [(type: string) => readonly string[], (type: string) => readonly string[]]
    return (type) => {
      const below = under(type)
      const above = over(type)
      return above.length === 0 ? below : below.length === 0 ? above : [...below, ...above]
    }
  }
  let found = workspaceDomains.get(usage.definitionsKey)
  if (found === undefined) {
    found = new Map()
    for (const definition of usage.definitions()) {
      for (const type of definition.domain ?? []) {
        const list = found.get(type) ?? found.set(type, []).get(type)!
        list.push(definition.iri)
      }
    }
    workspaceDomains.set(usage.definitionsKey, found)
  }
  const map = found
  return (type) => map.get(type) ?? NONE
}

const NONE: readonly string[] = []
