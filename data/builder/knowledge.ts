// Builds the knowledge tier of @prefixd/data: what each term means (definition, domain, range, super-classes
// and -properties, deprecation) and what each vocabulary is (title, description, homepage, publisher, version,
// licence), read from the curated @vocabulary/* packages. Not part of the package (see README.md).

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DataFactory, Parser, type Quad, type Term } from 'n3'
import type { KnowledgeFile, KnowledgeTermEntry, KnowledgeVocabularyEntry } from '@prefixd/core'
import { repairDefinition, tidy } from './definition-source.js'

const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#'
const RDFS = 'http://www.w3.org/2000/01/rdf-schema#'
const OWL = 'http://www.w3.org/2002/07/owl#'
const SKOS = 'http://www.w3.org/2004/02/skos/core#'
const DCT = 'http://purl.org/dc/terms/'
const DC11 = 'http://purl.org/dc/elements/1.1/'
const SCHEMA = 'http://schema.org/'
const FOAF = 'http://xmlns.com/foaf/0.1/'
const CC = 'http://creativecommons.org/ns#'

/** Longest definition kept, in characters (a few QUDT entries run to pages; a hover needs a paragraph). */
export const MAX_DEFINITION = 1500

// Definitions in order of preference: a definition says what a term means, a comment often only how to use it.
// QUDT's plain-text description comes before its dcterms:description, which holds LaTeX and HTML.
const DEFINITION = [SKOS + 'definition', 'http://qudt.org/schema/qudt/plainTextDescription', RDFS + 'comment', DCT + 'description', DC11 + 'description']
const DOMAIN = new Set([RDFS + 'domain', SCHEMA + 'domainIncludes'])
const RANGE = new Set([RDFS + 'range', SCHEMA + 'rangeIncludes'])
const REPLACED_BY = new Set([SCHEMA + 'supersededBy', DCT + 'isReplacedBy'])
/** A term the same as another, often in another vocabulary (schema:Dataset ≡ dcat:Dataset). */
const EQUIVALENT = new Set([OWL + 'equivalentClass', OWL + 'equivalentProperty', OWL + 'sameAs', SKOS + 'exactMatch', SCHEMA + 'sameAs'])
const DEPRECATED_TYPES = new Set([OWL + 'DeprecatedClass', OWL + 'DeprecatedProperty'])
const TITLE = [DCT + 'title', DC11 + 'title', RDFS + 'label', SKOS + 'prefLabel']
const DESCRIPTION = [DCT + 'description', DC11 + 'description', RDFS + 'comment', DCT + 'abstract', SKOS + 'definition']
const HOMEPAGE = [FOAF + 'homepage', 'http://usefulinc.com/ns/doap#homepage', SCHEMA + 'url', FOAF + 'page']
const PUBLISHER = [DCT + 'publisher', DC11 + 'publisher']
const VERSION = [OWL + 'versionInfo', SCHEMA + 'schemaVersion', OWL + 'versionIRI']
const MODIFIED = [DCT + 'modified', DCT + 'issued', DC11 + 'date', DCT + 'date']
const LICENSE = [DCT + 'license', CC + 'license', CC + 'licence', DCT + 'rights', DC11 + 'rights']
const NAME = [FOAF + 'name', RDFS + 'label', SCHEMA + 'name', SKOS + 'prefLabel']

/** A vocabulary package as the build found it. */
export interface VocabularySource {
  readonly prefix: string
  readonly namespace: string
  readonly dir: string
  readonly dataFile: string
  /** `@vocabulary/foaf@1.0.0`. */
  readonly package: string
  /** An N-Triples file of terms the package lacks, written from their specifications (build.ts's SUPPLEMENTS). */
  readonly supplement?: string
}

/**
 * Facts a vocabulary package leaves out, for the vocabularies no user can do without (schema.org's and
 * XSD's files have no ontology header). Written here from the publishers' own pages, cited by `homepage`.
 */
const HEADER_GAPS: Readonly<Record<string, Partial<KnowledgeVocabularyEntry>>> = {
  'http://schema.org/': {
    title: 'Schema.org',
    description: 'Types and properties for structured data on the web: people, organisations, places, events, creative works, products and more.',
    homepage: 'https://schema.org/',
    publisher: 'Schema.org Community Group',
    license: 'https://creativecommons.org/licenses/by-sa/3.0/',
  },
  'http://www.w3.org/2001/XMLSchema#': {
    title: 'XML Schema datatypes',
    description:
      'The built-in datatypes of XML Schema, used for typed literals in RDF (xsd:string, xsd:integer, xsd:dateTime, …), and the constraining facets OWL 2 restricts them with (xsd:pattern, xsd:minInclusive, …).',
    homepage: 'https://www.w3.org/TR/xmlschema11-2/',
    publisher: 'W3C',
  },
}

/** The knowledge tier (without provenance) from the vocabulary packages; `isTerm` says which IRIs the full tier holds as terms. */
export function buildKnowledge(vocabularies: readonly VocabularySource[], isTerm: (iri: string) => boolean): Omit<KnowledgeFile, 'provenance'> {
  // term → vocabulary position → its statements about the term, with the statements of that file by subject
  const perTerm = new Map<string, Map<number, FileStatements>>()
  const vocabularyEntries: KnowledgeVocabularyEntry[] = []
  vocabularies.forEach((v, position) => {
    const parse = (file: string) => new Parser({ format: 'N-Quads' }).parse(readFileSync(file, 'utf8'))
    // A supplement's statements count as the vocabulary's own: its terms are in the namespace, defined by the specifications it cites.
    const read = v.supplement === undefined ? parse(v.dataFile) : [...parse(v.dataFile), ...parse(v.supplement)]
    const quads = withRepairedDefinitions(read, v.namespace)
    const bySubject = groupBySubject(quads)
    for (const [subject, statements] of bySubject) {
      if (subject.startsWith('_:') || !isTerm(subject)) continue
      let files = perTerm.get(subject)
      if (files === undefined) perTerm.set(subject, (files = new Map()))
      files.set(position, { statements, bySubject })
    }
    vocabularyEntries.push(describeVocabulary(v, bySubject))
  })

  const iris: string[] = []
  const positions = new Map<string, number>()
  const ref = (iri: string): number => {
    let at = positions.get(iri)
    if (at === undefined) {
      positions.set(iri, (at = iris.length))
      iris.push(iri)
    }
    return at
  }
  const terms: KnowledgeTermEntry[] = []
  for (const iri of [...perTerm.keys()].sort()) {
    const files = perTerm.get(iri)!
    // A vocabulary's word on its own terms: statements from the packages whose namespace holds the term,
    // when they say anything; another vocabulary's remarks only for terms no package of their own describes.
    const own = [...files].filter(([position]) => iri.startsWith(vocabularies[position]!.namespace))
    const chosen = (own.length > 0 ? own : [...files]).map(([, file]) => file)
    const entry = termEntry(chosen, ref)
    // Which files spoke, when none was the term's own vocabulary's: a reader is told whose word it is (ebucore's on dc:Agent).
    if (entry !== undefined) terms.push({ i: ref(iri), ...entry, ...(own.length === 0 && { v: [...files.keys()] }) })
  }
  const { namespaces, written } = shortenIris(iris)
  return { format: 'prefixd-knowledge/2', vocabularies: vocabularyEntries, namespaces, iris: written, terms: withInverses(terms, iris, isTerm) }
}

/**
 * Each entry with its subclasses (`bc`), subproperties (`bp`) and the properties whose domain names it (`dd`):
 * the inverse of `sc`, `sp` and `dm` among the entries, as a reader of the whole file would find them, so that a
 * reader of one line has them too; and equivalences (`eq`) both ways. A term of the full tier that only the
 * inverse names (a class no statement describes but a property's domain) gets an entry of its own.
 */
function withInverses(terms: readonly KnowledgeTermEntry[], iris: readonly string[], isTerm: (iri: string) => boolean): KnowledgeTermEntry[] {
  const inverse = { bc: new Map<number, number[]>(), bp: new Map<number, number[]>(), dd: new Map<number, number[]>(), eq: new Map<number, number[]>() }
  const push = (map: Map<number, number[]>, key: number, value: number) => {
    const list = map.get(key) ?? map.set(key, []).get(key)!
    if (!list.includes(value)) list.push(value)
  }
  for (const entry of terms) {
    for (const parent of entry.sc ?? []) push(inverse.bc, parent, entry.i)
    for (const parent of entry.sp ?? []) push(inverse.bp, parent, entry.i)
    for (const domain of entry.dm ?? []) push(inverse.dd, domain, entry.i)
    for (const same of entry.eq ?? []) push(inverse.eq, same, entry.i)
  }
  const byPosition = new Map(terms.map((entry) => [entry.i, entry]))
  for (const map of [inverse.bc, inverse.bp, inverse.dd, inverse.eq]) {
    for (const target of map.keys()) if (!byPosition.has(target) && isTerm(iris[target]!)) byPosition.set(target, { i: target })
  }
  return [...byPosition.values()].map((entry) => {
    const bc = inverse.bc.get(entry.i)
    const bp = inverse.bp.get(entry.i)
    const dd = inverse.dd.get(entry.i)
    const eq = [...new Set([...(entry.eq ?? []), ...(inverse.eq.get(entry.i) ?? [])])].filter((same) => same !== entry.i)
    const { eq: _own, ...rest } = entry
    return { ...rest, ...(bc !== undefined && { bc }), ...(bp !== undefined && { bp }), ...(dd !== undefined && { dd }), ...(eq.length > 0 && { eq }) }
  })
}

/**
 * IRIs written as `n|local` where namespace `n` (their part up to the last `#` or `/`) is shared by several:
 * a quarter of the file less to read and parse. An IRI starts with a letter (its scheme), never a digit.
 */
function shortenIris(iris: readonly string[]): { namespaces: string[]; written: string[] } {
  const splitAt = (iri: string) => Math.max(iri.lastIndexOf('#'), iri.lastIndexOf('/')) + 1
  const counts = new Map<string, number>()
  for (const iri of iris) counts.set(iri.slice(0, splitAt(iri)), (counts.get(iri.slice(0, splitAt(iri))) ?? 0) + 1)
  const namespaces = [...counts].filter(([namespace, count]) => count > 1 && namespace !== '').map(([namespace]) => namespace)
  const position = new Map(namespaces.map((namespace, i) => [namespace, i]))
  const written = iris.map((iri) => {
    const at = position.get(iri.slice(0, splitAt(iri)))
    return at === undefined ? iri : `${at}|${iri.slice(splitAt(iri))}`
  })
  return { namespaces, written }
}

function groupBySubject(quads: readonly Quad[]): Map<string, Quad[]> {
  const bySubject = new Map<string, Quad[]>()
  for (const quad of quads) {
    const key = quad.subject.termType === 'BlankNode' ? `_:${quad.subject.value}` : quad.subject.value
    let list = bySubject.get(key)
    if (list === undefined) bySubject.set(key, (list = []))
    list.push(quad)
  }
  return bySubject
}

interface FileStatements {
  readonly statements: readonly Quad[]
  readonly bySubject: ReadonlyMap<string, readonly Quad[]>
}

/** The IRIs a node names: itself, or the members of an `owl:unionOf` list (`rdfs:domain [ owl:unionOf (a b) ]`). */
function namedBy(node: Term, bySubject: ReadonlyMap<string, readonly Quad[]>): string[] {
  if (node.termType === 'NamedNode') return [node.value]
  if (node.termType !== 'BlankNode') return []
  const union = bySubject.get(`_:${node.value}`)?.find((q) => q.predicate.value === OWL + 'unionOf')?.object
  const members: string[] = []
  // At most 100 members: a malformed list with a cycle would otherwise never end.
  for (let item = union; item?.termType === 'BlankNode' && members.length < 100;) {
    const cell = bySubject.get(`_:${item.value}`) ?? []
    const first = cell.find((q) => q.predicate.value === RDF + 'first')?.object
    if (first?.termType === 'NamedNode') members.push(first.value)
    item = cell.find((q) => q.predicate.value === RDF + 'rest')?.object
  }
  return members
}

function termEntry(files: readonly FileStatements[], ref: (iri: string) => number): Omit<KnowledgeTermEntry, 'i'> | undefined {
  const statements = files.flatMap((f) => f.statements)
  const named = (predicates: ReadonlySet<string>): number[] => {
    const found = new Set<string>()
    for (const { statements: quads, bySubject } of files) {
      for (const q of quads) if (predicates.has(q.predicate.value)) for (const iri of namedBy(q.object, bySubject)) found.add(iri)
    }
    return [...found].map(ref)
  }
  const definition = bestLiteral(statements, DEFINITION)
  const domain = named(DOMAIN)
  const range = named(RANGE)
  const superClasses = named(new Set([RDFS + 'subClassOf']))
  const superProperties = named(new Set([RDFS + 'subPropertyOf']))
  const replacedBy = named(REPLACED_BY)
  const equivalents = named(EQUIVALENT)
  const deprecated = statements.some(
    (q) =>
      (q.predicate.value === OWL + 'deprecated' && q.object.value === 'true') ||
      (q.predicate.value === RDF + 'type' && DEPRECATED_TYPES.has(q.object.value)) ||
      REPLACED_BY.has(q.predicate.value),
  )
  const entry: { -readonly [K in keyof Omit<KnowledgeTermEntry, 'i'>]: Omit<KnowledgeTermEntry, 'i'>[K] } = {}
  if (definition !== undefined) entry.d = clip(definition)
  if (domain.length > 0) entry.dm = domain
  if (range.length > 0) entry.rg = range
  if (superClasses.length > 0) entry.sc = superClasses
  if (superProperties.length > 0) entry.sp = superProperties
  if (replacedBy.length > 0) entry.rb = replacedBy
  if (equivalents.length > 0) entry.eq = equivalents
  if (deprecated) entry.x = 1
  return Object.keys(entry).length > 0 ? entry : undefined
}

/** A package's statements with its definitions as its publisher meant them (see definition-source.ts). */
function withRepairedDefinitions(quads: readonly Quad[], namespace: string): Quad[] {
  const definitions = new Set(DEFINITION)
  return quads.map((q) => {
    if (!definitions.has(q.predicate.value) || q.object.termType !== 'Literal') return q
    const text = repairDefinition(q.object.value, namespace)
    if (text === q.object.value) return q
    const literal = DataFactory.literal(text, q.object.language || q.object.datatype)
    return DataFactory.quad(q.subject, q.predicate, literal, q.graph)
  })
}

/** The first of `predicates` that has a literal, in English or without a language (else any language). */
function bestLiteral(statements: readonly Quad[], predicates: readonly string[]): string | undefined {
  for (const predicate of predicates) {
    const literals = statements.filter((q) => q.predicate.value === predicate && q.object.termType === 'Literal')
    if (literals.length === 0) continue
    const language = (q: Quad) => (q.object as { language?: string }).language ?? ''
    const best =
      literals.find((q) => language(q) === 'en') ??
      literals.find((q) => language(q) === '') ??
      literals.find((q) => language(q).startsWith('en')) ??
      literals[0]!
    const text = tidy(best.object.value)
    if (text !== '') return text
  }
  return undefined
}

function clip(text: string): string {
  if (text.length <= MAX_DEFINITION) return text
  const cut = text.lastIndexOf(' ', MAX_DEFINITION - 1)
  return `${text.slice(0, cut > MAX_DEFINITION / 2 ? cut : MAX_DEFINITION - 1)}…`
}

/** A vocabulary's header: the package's meta.nt first (Zazuko's curated title), then the ontology's own statements. */
function describeVocabulary(v: VocabularySource, bySubject: ReadonlyMap<string, readonly Quad[]>): KnowledgeVocabularyEntry {
  const meta = groupBySubject(new Parser({ format: 'N-Triples' }).parse(readFileSync(join(v.dir, 'meta.nt'), 'utf8')))
  const metaStatements = [...meta.values()].flat()
  const header = headerOf(v.namespace, bySubject)
  const gaps = HEADER_GAPS[v.namespace] ?? {}
  const literal = (predicates: readonly string[]) => bestLiteral(metaStatements, predicates) ?? bestLiteral(header, predicates)
  const entry: { -readonly [K in keyof KnowledgeVocabularyEntry]: KnowledgeVocabularyEntry[K] } = {
    prefix: v.prefix,
    namespace: v.namespace,
    package: v.package,
  }
  const title = literal(TITLE) ?? gaps.title
  const description = literal(DESCRIPTION) ?? gaps.description
  const homepage = iriOrLiteral(header, HOMEPAGE) ?? gaps.homepage
  const publisher = agentOf(header, PUBLISHER, bySubject) ?? gaps.publisher
  const version = iriOrLiteral(header, VERSION)?.slice(0, 200)
  const modified = iriOrLiteral(header, MODIFIED)
  const license = iriOrLiteral(header, LICENSE) ?? gaps.license
  if (title !== undefined) entry.title = title
  if (description !== undefined) entry.description = clip(description)
  if (homepage !== undefined) entry.homepage = homepage
  if (publisher !== undefined) entry.publisher = publisher
  if (version !== undefined) entry.version = version
  if (modified !== undefined) entry.modified = modified
  if (license !== undefined) entry.license = clip(license)
  return entry
}

/** The statements about the vocabulary itself: its namespace (with or without the `#` or `/`), else its owl:Ontology. */
function headerOf(namespace: string, bySubject: ReadonlyMap<string, readonly Quad[]>): readonly Quad[] {
  const bare = namespace.replace(/[#/]$/, '')
  const isOntology = (statements: readonly Quad[] | undefined) =>
    statements?.some((q) => q.predicate.value === RDF + 'type' && q.object.value === OWL + 'Ontology') ?? false
  for (const candidate of [namespace, bare]) if (isOntology(bySubject.get(candidate))) return bySubject.get(candidate)!
  // Else its owl:Ontology (prov's is prov-o, void's lives at vocab.deri.ie): one starting like the namespace first.
  const ontologies = [...bySubject].filter(([subject, statements]) => !subject.startsWith('_:') && isOntology(statements))
  const found = ontologies.find(([subject]) => subject.startsWith(bare)) ?? ontologies[0]
  return found?.[1] ?? bySubject.get(namespace) ?? bySubject.get(bare) ?? []
}

function iriOrLiteral(statements: readonly Quad[], predicates: readonly string[]): string | undefined {
  for (const predicate of predicates) {
    const found = statements.find((q) => q.predicate.value === predicate && q.object.termType === 'NamedNode')
    if (found !== undefined) return found.object.value
    const text = bestLiteral(statements, [predicate])
    if (text !== undefined) return text
  }
  return undefined
}

/** A publisher: a literal, or the name the file gives the node (else its IRI). */
function agentOf(statements: readonly Quad[], predicates: readonly string[], bySubject: ReadonlyMap<string, readonly Quad[]>): string | undefined {
  for (const predicate of predicates) {
    for (const q of statements) {
      if (q.predicate.value !== predicate) continue
      if (q.object.termType === 'Literal') return tidy(q.object.value)
      const key = q.object.termType === 'BlankNode' ? `_:${q.object.value}` : q.object.value
      const name = bestLiteral(bySubject.get(key) ?? [], NAME)
      if (name !== undefined) return name
      if (q.object.termType === 'NamedNode') return q.object.value
    }
  }
  return undefined
}
