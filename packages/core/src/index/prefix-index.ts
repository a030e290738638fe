// PrefixIndex: the prefix table and vocabulary terms, answering expand, shrink and autocomplete.

import type { NamedNode, Quad, Term as RdfTerm } from '@rdfjs/types'
import { DataFactory } from 'n3'
import { PrefixError } from '../errors.js'
import { isIriSuffix, looksLikeIri } from '../names/iri.js'
import { NamespaceTrie } from '../structures/namespace-trie.js'
import { ShrinkTable } from './shrink.js'
import { isPnPrefix, localNameProblem, printable, readLocalName, writeLocalName } from '../names/pn-local.js'
import { prefixesFor } from './prefixes-for.js'
import { defaultWeight, TermIndex, type TermRecord } from '../terms/term-index.js'
import { TermSearch } from '../terms/term-search.js'
import type { TypeHierarchy } from '../terms/type-hierarchy.js'
import { loadDefaultParts, type LoadDefaultOptions } from '../data/load-default.js'
import { Completion, type AutocompleteOptions, type Completions } from './completion.js'
import { Demotion } from './demotion.js'
import { IndexDraft } from './draft.js'
import type { DataProvenance, NamespaceOf, PrefixEntry, PrefixIndexParts, PrefixQuality, PrefixRecord, Term, TermInfo, VocabularyInfo } from './model.js'

/** `turtle` (default): names valid in Turtle and SPARQL, with backslash escapes. `curie`: W3C CURIEs, any suffix. */
export type NameSyntax = 'turtle' | 'curie'

export interface ExpandOptions {
  /** Default `'turtle'`: the local part must be a PN_LOCAL. `'curie'` takes it literally. */
  readonly syntax?: NameSyntax
}

export interface ShrinkOptions {
  /** Default `'turtle'`: the result parses in Turtle and SPARQL. `'curie'` allows any suffix. */
  readonly syntax?: NameSyntax
  /**
   * Default `false`: the name expands back to the very IRI, always. `true` writes the IRI's standard form
   * instead ({@link PrefixIndex.standardize}): an IRI in a namespace synonym gets the prefix of the namespace
   * it stands for (`https://schema.org/Person` → `schema:Person`, which expands to `http://schema.org/Person`,
   * another IRI). Ask for it only where changing the IRI is wanted; compare with `standardize(iri)` to tell.
   */
  readonly standardize?: boolean
  /** @deprecated The former name of {@link ShrinkOptions.standardize} (its default was `true`; it is now `false`). */
  readonly synonyms?: boolean
}


/**
 * The prefix table and the vocabulary terms, indexed for expand, shrink and autocomplete.
 * Immutable (its internal caches aside): build one with {@link PrefixIndexBuilder},
 * `PrefixIndex.fromPrefixes` or `PrefixIndex.loadDefault`.
 *
 * @example
 * const index = PrefixIndex.fromPrefixes({ foaf: 'http://xmlns.com/foaf/0.1/' })
 * index.expand('foaf:Person')                     // 'http://xmlns.com/foaf/0.1/Person'
 * index.shrink('http://xmlns.com/foaf/0.1/knows') // 'foaf:knows'
 */
export class PrefixIndex {
  readonly #entries: readonly PrefixEntry[]
  readonly #byPrefix = new Map<string, PrefixEntry>()
  /** The preferred entry of each namespace, and the shrink walk over them (shrink.ts). */
  readonly #byNamespace = new ShrinkTable()
  readonly #terms: TermIndex
  /** Built on the first search: completion never needs it, and it is the costliest part to build. */
  #search: TermSearch<TermRecord> | undefined
  readonly #hierarchy: TypeHierarchy
  readonly #vocabularies: ReadonlyMap<string, VocabularyInfo>
  /** Where the loaded data sets came from: the default data's versions and checksum, if it was loaded. */
  readonly provenance: readonly DataProvenance[]
  /** Entries that completion does not offer: long-tail (1) and suspect (2) prefixes, unless the whole table is kept. */
  readonly #demoted = new Map<PrefixEntry, Demotion>()
  /**
   * Namespace synonyms (curation data): each synonym namespace with the preferred entry of the namespace it
   * stands for. Apart from #byNamespace, so that shrink and expand never see them: only standardize, the
   * records and namespacesOf do (and the terms, which a synonym does not own).
   */
  readonly #synonyms = new NamespaceTrie<Synonym>()
  /** The same, in the order the table gave them. */
  readonly #synonymList: Synonym[] = []
  /** Prefixes, namespaces and terms for a partial name: {@link PrefixIndex.complete} delegates to it. */
  readonly #completion: Completion

  /** @internal Use {@link PrefixIndexBuilder} or the static factories. */
  constructor(parts: PrefixIndexParts) {
    this.#entries = parts.entries
    this.#vocabularies = parts.vocabularies
    if (!parts.wholeTable) {
      for (const entry of parts.entries) {
        const quality = parts.vocabularies.get(entry.prefix)?.quality
        if (quality === 'long-tail') this.#demoted.set(entry, Demotion.LongTail)
        else if (quality === 'suspect') this.#demoted.set(entry, Demotion.Suspect)
      }
    }
    for (const entry of parts.entries) {
      this.#byPrefix.set(entry.prefix, entry)
      // A namespace's preferred prefix is its first, unless a later one is better graded.
      const preferred = this.#byNamespace.get(entry.namespace)
      if (preferred === undefined || this.#demotion(entry) < this.#demotion(preferred)) this.#byNamespace.set(entry, this.#demotion(entry))
    }
    for (const [synonym, namespace] of parts.namespaceSynonyms ?? []) {
      const target = this.#byNamespace.get(namespace)
      if (target === undefined || synonym === namespace || this.#synonyms.get(synonym) !== undefined) continue
      const entry = { synonym, target }
      this.#synonyms.set(synonym, entry)
      this.#synonymList.push(entry)
    }
    // A term lies inside a namespace of the table and is not the namespace itself.
    this.#terms = new TermIndex(
      parts.terms,
      parts.hierarchy,
      ({ iri }) => {
        const entry = this.#byNamespace.longest(iri)
        // Not in a namespace synonym: the vocabulary's terms are those of the namespace it stands for. In a
        // long-tail or suspect one, only if shrink writes it with another prefix: `w3:` (a host's root over W3C
        // namespaces) does not claim `http://www.w3.org/ns/dcat`, and an IRI only `dbd:` fits has no name to complete.
        if (entry === undefined || entry.namespace.length >= iri.length || this.#inSynonym(iri, entry)) return false
        return this.#demotion(entry) === 0 || this.#byNamespace.shrink(iri, false) !== undefined
      },
      (record) => this.#weigh(record),
      parts.termPriorities,
    )
    this.#hierarchy = parts.hierarchy
    this.provenance = parts.provenance ?? []
    this.#completion = new Completion({
      entries: parts.entries,
      preferred: parts.entries.filter((e) => this.#byNamespace.get(e.namespace) === e),
      byPrefix: this.#byPrefix,
      byNamespace: this.#byNamespace,
      vocabularies: this.#vocabularies,
      terms: this.#terms,
      demotion: (entry) => this.#demotion(entry),
      shrink: (iri) => this.shrink(iri),
      ...(this.#synonymList.length > 0 && { termsNamespace: (namespace: string) => this.#synonyms.get(namespace)?.target.namespace ?? namespace }),
    })
  }

  /**
   * A term's relevance across vocabularies: its own weight (references, shortness, deprecation),
   * plus a large bonus for a curated vocabulary, half of it for a popular one or the user's own,
   * and a smaller one the more popular its prefix is (prefix.cc's order), which orders equally good
   * names across vocabularies: foaf:Person before dbo:Person before schema:Person.
   */
  #weigh(record: TermRecord): number {
    const entry = this.#byNamespace.longest(record.iri)
    const info = entry === undefined ? undefined : this.#vocabularies.get(entry.prefix)
    const quality = info?.curated ? 'curated' : info?.quality
    const bonus = quality === 'curated' ? 200 : quality === undefined || quality === 'popular' ? 100 : 0
    return defaultWeight(record) + bonus - 3 * Math.log2(info?.popularity ?? 4096)
  }

  /** 0 for a prefix that completion offers, else {@link Demotion}. */
  #demotion(entry: PrefixEntry): 0 | Demotion {
    return this.#demoted.get(entry) ?? 0
  }

  /**
   * Whether completion offers `prefix` (exact) and shrink may write it freely: false for an unknown
   * prefix and for long-tail and suspect ones (see {@link PrefixQuality}), unless the whole table is kept.
   * Every known prefix expands, offered or not.
   */
  isOffered(prefix: string): boolean {
    const entry = this.#byPrefix.get(prefix)
    return entry !== undefined && this.#demotion(entry) === 0
  }

  /** The grade of `prefix` (exact), when the data gives one. */
  quality(prefix: string): PrefixQuality | undefined {
    return this.#vocabularies.get(prefix)?.quality
  }

  /** Number of prefixes and of vocabulary terms. */
  get size(): { readonly prefixes: number; readonly terms: number } {
    return { prefixes: this.#entries.length, terms: this.#terms.size }
  }

  /** The prefix table `{ prefix: namespace }` in preference order. */
  prefixes(): Record<string, string> {
    const table: Record<string, string> = {}
    for (const { prefix, namespace } of this.#entries) table[prefix] = namespace
    return table
  }

  /** The table entries in preference order. */
  entries(): readonly PrefixEntry[] {
    return this.#entries
  }

  /** The namespace of `prefix` (exact, as in Turtle). */
  namespace(prefix: string): string | undefined {
    return this.#byPrefix.get(prefix)?.namespace
  }

  /** Title and provenance of a prefix's vocabulary, when known. */
  vocabulary(prefix: string): VocabularyInfo | undefined {
    return this.#vocabularies.get(prefix)
  }

  /** The subclass statements the type filter uses, built-in ones included. */
  subClassStatements(): IterableIterator<[string, string]> {
    return this.#hierarchy.statements()
  }

  /**
   * What the index knows of a term. An IRI in a namespace synonym (`https://schema.org/Person`) is described
   * by the term it stands for, under its own IRI and name (`sdo:Person`): the IRI itself is never changed.
   */
  term(iri: string): TermInfo | undefined {
    let record = this.#terms.get(iri)
    if (record === undefined && this.#synonymList.length > 0) {
      const standard = this.#standardIri(iri)
      if (standard !== undefined && standard !== iri) record = this.#terms.get(standard)
      if (record !== undefined) record = { ...record, iri }
    }
    if (record === undefined) return undefined
    const prefixed = this.shrink(iri)
    return { ...record, ...(prefixed === undefined ? {} : { prefixed }) }
  }

  /**
   * The terms in the namespace of `prefix` (exact, as in Turtle), in index order, at most `limit`;
   * `undefined` for an unknown prefix. A binary search for the namespace, then its block of terms.
   * Names are written with `prefix` itself where the shrink would use another prefix of the same
   * namespace (an alias page lists `foaf2:Person`, not `foaf:Person`).
   */
  termsOf(prefix: string, options: { readonly limit?: number } = {}): TermInfo[] | undefined {
    const limit = options.limit ?? Infinity
    if (!(limit === Infinity || (Number.isInteger(limit) && limit >= 0))) throw new TypeError('termsOf: limit must be a whole number ≥ 0')
    const namespace = this.namespace(prefix)
    if (namespace === undefined) return undefined
    const [start, end] = this.#terms.rangeOf(namespace)
    const results: TermInfo[] = []
    for (let rank = start; rank < end && results.length < limit; rank++) {
      const record = this.#terms.at(rank)
      if (!record.iri.startsWith(namespace)) continue // equal to the namespace but for case
      let prefixed = this.shrink(record.iri)
      const colon = prefixed?.indexOf(':') ?? -1
      if (prefixed !== undefined && this.namespace(prefixed.slice(0, colon)) === namespace) prefixed = prefix + prefixed.slice(colon)
      results.push(prefixed === undefined ? record : { ...record, prefixed })
    }
    return results
  }

  /** Whether the term `iri` has type `type`, directly or through rdfs:subClassOf (both full IRIs). */
  hasType(iri: string, type: string): boolean {
    const record = this.#terms.get(iri)
    return record !== undefined && record.types.some((t) => this.#hierarchy.closure(t).includes(type))
  }

  /** Every vocabulary term, sorted case-folded by IRI. */
  terms(): readonly TermInfo[] {
    return this.#terms.all()
  }

  /** @internal The relevance position of each term of {@link PrefixIndex.terms} (0 first), for `toCompact`. */
  termPriorities(): Int32Array {
    return this.#terms.priorities()
  }

  /**
   * Finds terms by what people call them: `person` → schema:Person, foaf:Person … Exact local-name
   * matches first, then exact labels, then names and labels (and words of labels) starting with
   * the query; ties go by the ranking completion uses (trusted vocabularies, how often a term is
   * built on, shorter names). Case-insensitive.
   *
   * @example
   * index.search('person', { limit: 2 }).map((t) => t.prefixed) // ['schema:Person', 'foaf:Person']
   */
  search(query: string, options: { readonly limit?: number } = {}): TermInfo[] {
    if (typeof query !== 'string') throw new TypeError(`search: query must be a string, got ${typeof query}`)
    this.#search ??= new TermSearch(this.#terms.all())
    // A term's rank in the index is its position in the list TermSearch was built from.
    return this.#search.search(query, options.limit ?? 20, (_, rank) => this.#terms.priority(rank)).map((record) => this.term(record.iri)!)
  }

  /**
   * Expands a prefixed name to its IRI: `foaf:Person` → `http://xmlns.com/foaf/0.1/Person`.
   * Splits at the first colon; `prefix:` alone gives the namespace. Backslash escapes in the local
   * part are removed, `%xx` is kept. Returns `undefined` for an unknown prefix or malformed name;
   * {@link PrefixIndex.expandError} tells why.
   */
  expand(name: string, options?: ExpandOptions): string | undefined {
    const result = this.#expand(name, options?.syntax ?? 'turtle')
    return typeof result === 'string' ? result : undefined
  }

  /** Why {@link PrefixIndex.expand} gives `undefined` for `name`, or `undefined` when it does not. */
  expandError(name: string, options?: ExpandOptions): PrefixError | undefined {
    const result = this.#expand(name, options?.syntax ?? 'turtle')
    return typeof result === 'string' ? undefined : result()
  }

  /** {@link PrefixIndex.expand} as an RDF/JS NamedNode (n3's data factory unless given another). */
  expandTerm(
    name: string,
    factory: { namedNode(iri: string): NamedNode } = DataFactory,
    options?: ExpandOptions,
  ): NamedNode | undefined {
    const iri = this.expand(name, options)
    return iri === undefined ? undefined : factory.namedNode(iri)
  }

  // Failures come back as thunks so the hot path (a bulk filter with many misses) builds no Error.
  #expand(name: string, syntax: NameSyntax): string | (() => PrefixError) {
    if (typeof name !== 'string') throw new TypeError(`expand: name must be a string, got ${typeof name}`)
    const colon = name.indexOf(':')
    if (colon < 0) {
      return () => new PrefixError('NOT_A_PREFIXED_NAME', `'${printable(name)}' is not a prefixed name: it has no ':'`)
    }
    const prefix = name.slice(0, colon)
    const entry = this.#byPrefix.get(prefix)
    if (entry === undefined) {
      if (prefix !== '' && !isPnPrefix(prefix)) {
        return () => new PrefixError('INVALID_PREFIX', `'${printable(prefix)}' is not a valid prefix (Turtle PN_PREFIX)`)
      }
      return () => new PrefixError('UNKNOWN_PREFIX', `unknown prefix '${prefix}'`)
    }
    const local = name.slice(colon + 1)
    if (syntax === 'curie') {
      if (isIriSuffix(local)) return entry.namespace + local
      return () => new PrefixError('INVALID_LOCAL_NAME', `'${printable(local)}' cannot be part of an IRI`)
    }
    const suffix = readLocalName(local)
    if (suffix !== undefined) return entry.namespace + suffix
    return () => new PrefixError('INVALID_LOCAL_NAME', `invalid local name '${printable(local)}': ${localNameProblem(local)}`)
  }

  /**
   * Shrinks an IRI to a prefixed name with the longest namespace that leaves a writable local part:
   * `http://xmlns.com/foaf/0.1/Person` → `foaf:Person`. Turtle syntax escapes what PN_LOCAL allows
   * (`ex:a\/b`) and falls back to a shorter namespace when the rest cannot be written. The name always
   * expands back to `iri` itself: `expand(shrink(iri)) === iri`. Only `standardize: true` writes another
   * IRI, the standard form ({@link PrefixIndex.standardize}). Returns `undefined` when no namespace fits.
   */
  shrink(iri: string, options?: ShrinkOptions): string | undefined {
    if (typeof iri !== 'string') throw new TypeError(`shrink: iri must be a string, got ${typeof iri}`)
    const curie = options?.syntax === 'curie'
    if (options !== undefined && (options.standardize ?? options.synonyms) === true) {
      return this.#byNamespace.shrink(this.#standardIri(iri) ?? iri, curie)
    }
    return this.#byNamespace.shrink(iri, curie)
  }

  /** Why {@link PrefixIndex.shrink} gives `undefined` for `iri`, or `undefined` when it does not. */
  shrinkError(iri: string, options?: ShrinkOptions): PrefixError | undefined {
    if (this.shrink(iri, options) !== undefined) return undefined
    const entry = this.#byNamespace.longest(options?.standardize === true || options?.synonyms === true ? (this.#standardIri(iri) ?? iri) : iri)
    if (entry === undefined) return new PrefixError('NO_NAMESPACE', `no known namespace starts '${printable(iri)}'`)
    if (this.#demotion(entry) > 0) {
      const grade = this.#demotion(entry) === Demotion.Suspect ? 'suspect' : 'long-tail'
      return new PrefixError('NO_NAMESPACE', `only the ${grade} prefix '${entry.prefix}:' fits '${printable(iri)}', and shrink does not use long-tail or suspect prefixes`)
    }
    return new PrefixError(
      'UNWRITABLE_LOCAL_NAME',
      `'${printable(iri.slice(entry.namespace.length))}' after namespace <${entry.namespace}> cannot be written as a local name`,
    )
  }

  /** {@link PrefixIndex.shrink} for an RDF/JS term; only NamedNodes shrink. */
  shrinkTerm(term: RdfTerm, options?: ShrinkOptions): string | undefined {
    return term.termType === 'NamedNode' ? this.shrink(term.value, options) : undefined
  }

  /**
   * The preferred form of a prefixed name or an IRI: a prefix synonym gives way to its record's
   * preferred prefix (`dc:title` → `dc11:title` with the default data), an IRI in a namespace synonym
   * to the namespace it stands for (`https://schema.org/Person` → `http://schema.org/Person`), and a name
   * whose namespace is a synonym to the prefix of that namespace (`sdo:Person` → `schema:Person`): this,
   * and `shrink(iri, { standardize: true })`, are the only ways the index changes an IRI. What is
   * preferred already comes back as it is. `undefined` for a name that does not expand, or an IRI in no
   * namespace of the table. Idempotent.
   */
  standardize(nameOrIri: string): string | undefined {
    if (typeof nameOrIri !== 'string') throw new TypeError(`standardize: expected a string, got ${typeof nameOrIri}`)
    if (!looksLikeIri(nameOrIri)) {
      const colon = nameOrIri.indexOf(':')
      const entry = colon < 0 ? undefined : this.#byPrefix.get(nameOrIri.slice(0, colon))
      if (entry !== undefined) {
        const local = nameOrIri.slice(colon + 1)
        if (readLocalName(local) === undefined && !isIriSuffix(local)) return undefined
        const standard = this.#synonyms.get(entry.namespace)?.target ?? this.#preferredOf(entry)
        return standard.prefix + nameOrIri.slice(colon)
      }
      if (!IRI_SCHEME.test(nameOrIri)) return undefined // not an IRI either (`urn:x:y` may be one)
    }
    return this.#standardIri(nameOrIri)
  }

  /** `iri` with a namespace synonym that starts it replaced by the namespace it stands for; `undefined` when no namespace starts it. */
  #standardIri(iri: string): string | undefined {
    const entry = this.#byNamespace.longest(iri)
    const synonym = this.#synonyms.longest(iri)
    // The longer of the two decides: a namespace of the table inside a synonym keeps its IRIs as they are.
    if (synonym !== undefined && (entry === undefined || synonym.synonym.length >= entry.namespace.length)) {
      return synonym.target.namespace + iri.slice(synonym.synonym.length)
    }
    return entry === undefined ? undefined : iri
  }

  /** Whether `iri`, in the namespace of `entry`, lies in a namespace synonym at least as long. */
  #inSynonym(iri: string, entry: PrefixEntry): boolean {
    const synonym = this.#synonymList.length === 0 ? undefined : this.#synonyms.longest(iri)
    return synonym !== undefined && synonym.synonym.length >= entry.namespace.length
  }

  /** The namespace synonyms, `[synonym, namespace it stands for]`, in the order the table gave them (curation data: see {@link PrefixIndex.standardize}). */
  namespaceSynonyms(): Array<readonly [string, string]> {
    return this.#synonymList.map(({ synonym, target }) => [synonym, target.namespace] as const)
  }

  /** The preferred prefix of the record `prefix` belongs to (itself when preferred); `undefined` when unknown. */
  preferredPrefix(prefix: string): string | undefined {
    const entry = this.#byPrefix.get(prefix)
    return entry === undefined ? undefined : this.#preferredOf(entry).prefix
  }

  /** The entry shrink writes for the namespace of `entry`: its record's preferred one. */
  #preferredOf(entry: PrefixEntry): PrefixEntry {
    return this.#byNamespace.get(entry.namespace)!
  }

  /**
   * The table as records with synonyms (an extended prefix map), in preference order: for each
   * namespace, the prefix shrink writes, the other prefixes as its synonyms, and the namespaces that
   * stand for it. `formatPrefixes(index.records(), 'epm')` writes it as curies' JSON.
   */
  records(): PrefixRecord[] {
    const byNamespace = new Map<string, { prefix: string; namespace: string; prefixSynonyms: string[]; namespaceSynonyms: string[] }>()
    for (const entry of this.#entries) {
      const preferred = this.#preferredOf(entry)
      let record = byNamespace.get(preferred.namespace)
      if (record === undefined) byNamespace.set(preferred.namespace, (record = { prefix: preferred.prefix, namespace: preferred.namespace, prefixSynonyms: [], namespaceSynonyms: [] }))
      if (entry.prefix !== record.prefix) record.prefixSynonyms.push(entry.prefix)
    }
    // A synonym that is also a namespace of the table has a record of its own (its prefixes expand to it):
    // an extended prefix map cannot hold one namespace twice, so it is left out of the record it stands for.
    for (const { synonym, target } of this.#synonymList) {
      if (!byNamespace.has(synonym)) byNamespace.get(target.namespace)?.namespaceSynonyms.push(synonym)
    }
    return [...byNamespace.values()].map(({ prefixSynonyms, namespaceSynonyms, ...record }) => ({
      ...record,
      ...(prefixSynonyms.length > 0 && { prefixSynonyms }),
      ...(namespaceSynonyms.length > 0 && { namespaceSynonyms }),
    }))
  }

  /**
   * The namespaces of the table that start `iri`, shortest first, each with the prefix shrink writes for
   * it and, for a namespace synonym, the namespace it stands for. `candidates(index, iri)` builds on it.
   */
  namespacesOf(iri: string): NamespaceOf[] {
    if (typeof iri !== 'string') throw new TypeError(`namespacesOf: iri must be a string, got ${typeof iri}`)
    const found: NamespaceOf[] = this.#byNamespace.matches(iri).map(({ prefix, namespace }) => ({ prefix, namespace }))
    const synonyms: Synonym[] = []
    const count = this.#synonyms.matches(iri, synonyms)
    for (const { synonym, target } of synonyms.slice(0, count)) found.push({ prefix: target.prefix, namespace: synonym, standsFor: target.namespace })
    return found.sort((a, b) => a.namespace.length - b.namespace.length)
  }

  /**
   * The prefixes a Turtle writer uses for RDF/JS quads or terms, and no others: for each named node (and
   * each literal's datatype, but for plain and language strings) the prefix of the name `shrink` gives
   * without synonyms, where every major reader takes that name back (else the writer writes the IRI
   * whole); a statement's predicate `rdf:type` is written `a`. Sorted by prefix. Ready for
   * `new N3.Writer({ prefixes })`, a JSON-LD `@context`, or `formatPrefixes(map, 'sparql')`.
   * A dataset is iterable, so `index.prefixesFor(dataset)` works; so does an array of terms.
   *
   * @example
   * index.prefixesFor([quad(namedNode('http://xmlns.com/foaf/0.1/me'), namedNode(RDF_TYPE), namedNode(FOAF_PERSON))])
   * // { foaf: 'http://xmlns.com/foaf/0.1/' }
   */
  prefixesFor(quadsOrTerms: Iterable<Quad | RdfTerm>): Record<string, string> {
    return prefixesFor(this, quadsOrTerms)
  }

  /**
   * Completes a partial name (spec §4):
   * - `fo` → prefixes starting with it, as `foaf:`; `http://xmlns.com/fo` → namespaces (and terms) starting with it;
   * - `foaf:` → `foaf:` itself, then every term of the namespace;
   * - `foaf:Pe` → the terms whose local name starts with `Pe`.
   *
   * Order (see {@link PrefixIndex.complete}): most relevant first; `sort: 'alpha'` gives case-folded
   * code-point order. Returns `undefined` when the query names an unknown prefix (`nosuch:x`), `[]`
   * when nothing matches.
   *
   * @example
   * index.autocomplete('schema:Pers', { type: 'rdfs:Class' }) // ['schema:Person']
   * index.autocomplete('foaf:') // ['foaf:', 'foaf:Person', 'foaf:Agent', …]
   */
  autocomplete(query: string, options: AutocompleteOptions = {}): string[] | undefined {
    return this.complete(query, options)?.suggestions
  }

  /**
   * {@link PrefixIndex.autocomplete}, saying whether the limit cut the answer. Relevance order: an
   * exact match first; then terms of the kind `prefer` asks for; then by a precomputed ranking —
   * how often the vocabularies build on a term (as domain, range, superclass or superproperty),
   * shorter names first, trusted vocabularies over crowd-sourced ones, deprecated terms last, and
   * code-point order only to break ties. Prefixes rank by popularity; long-tail and suspect prefixes
   * are not offered (a suspect one typed in full offers its usual form instead). Each keystroke
   * costs O((limit + log n) log n): the best of the matching block are picked without scanning it.
   */
  complete(query: string, options: AutocompleteOptions = {}): Completions | undefined {
    return this.#completion.complete(query, options)
  }



  /**
   * An index of `table` (`{ prefix: namespace }`, in preference order) and optional terms.
   * Throws a `PrefixError` (`INVALID_SOURCE`) naming every invalid entry; use
   * {@link PrefixIndexBuilder} to load leniently and collect the problems instead.
   *
   * @example
   * PrefixIndex.fromPrefixes({ ex: 'http://example.org/ns#' }, { terms: [{ iri: 'http://example.org/ns#Thing' }] })
   */
  static fromPrefixes(table: Readonly<Record<string, string>>, options: { readonly terms?: Iterable<Term> } = {}): PrefixIndex {
    const draft = new IndexDraft()
    draft.addPrefixes(table, { source: 'fromPrefixes' })
    for (const term of options.terms ?? []) draft.addTerm(term)
    if (draft.problems.length > 0) {
      const list = draft.problems.map((p) => `${p.entry}: ${p.message}`).join('; ')
      throw new PrefixError('INVALID_SOURCE', `invalid prefix table: ${list}`)
    }
    return new PrefixIndex(draft.parts())
  }

  /**
   * The default index from `@prefixd/data`: curated vocabularies and the prefix.cc table.
   * `tier: 'prefixes'` loads the table without the terms (smaller, for browsers); `file` loads
   * another index written by `toCompact`. `wholeTable: true` offers and uses every prefix alike,
   * long-tail and suspect ones included (see {@link PrefixQuality}). To add your own data on top,
   * use `PrefixIndexBuilder.loadDefault()`.
   */
  static loadDefault(options: LoadDefaultOptions & { readonly wholeTable?: boolean } = {}): Promise<PrefixIndex> {
    return loadDefaultParts(options).then((parts) => new PrefixIndex(parts))
  }
}

/** A namespace synonym and the preferred entry of the namespace it stands for. */
interface Synonym {
  readonly synonym: string
  readonly target: PrefixEntry
}

/** An IRI's scheme, as RFC 3986 has it. */
const IRI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/


