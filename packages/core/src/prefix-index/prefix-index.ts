// PrefixIndex: the prefix table and vocabulary terms, answering expand, shrink and autocomplete.

import type { NamedNode, Quad, Term as RdfTerm } from '../rdf-js.js'
import { PrefixError } from '../errors.js'
import { plainFactory } from '../names/named-node.js'
import { loadDefaultParts, type LoadDefaultOptions } from '../data/load-default.js'
import { IndexDraft } from '../draft/draft.js'
import type { DataProvenance, NamespaceOf, PrefixEntry, PrefixIndexParts, PrefixQuality, PrefixRecord, Term, TermInfo, VocabularyInfo } from '../model.js'
import { Completion } from './completion.js'
import type { AutocompleteOptions, Completions } from './completion-query.js'
import { expandName, type NameSyntax } from './expand.js'
import { prefixesFor } from './prefixes-for.js'
import { PrefixTable } from './prefix-table.js'
import { SynonymTable } from './synonym-table.js'
import { VocabularyTerms } from './vocabulary-terms.js'

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
  /** The entries by prefix and by namespace, their grades, and the shrink walk (prefix-table.ts, shrink.ts). */
  readonly #table: PrefixTable
  /** The table's two maps, read straight by expand and shrink, the hot paths. */
  readonly #byPrefix: PrefixTable['byPrefix']
  readonly #shrinkTable: PrefixTable['byNamespace']
  /** Namespace synonyms, apart from the table so that shrink and expand never see them (synonym-table.ts). */
  readonly #synonyms: SynonymTable
  /** The vocabulary terms and their lookups (vocabulary-terms.ts). */
  readonly #terms: VocabularyTerms
  /** Prefixes, namespaces and terms for a partial name: {@link PrefixIndex.complete} delegates to it. */
  readonly #completion: Completion
  /** Where the loaded data sets came from: the default data's versions and checksum, if it was loaded. */
  readonly provenance: readonly DataProvenance[]

  /**
   * @internal Use {@link PrefixIndexBuilder} or the static factories.
   * @param table The table made of `parts.entries` and `parts.vocabularies` with the same `wholeTable` and
   * `fewRequests` by an earlier index, to share with it: readDefault's indexes of some namespaces share one.
   */
  constructor(parts: PrefixIndexParts, table: PrefixTable = new PrefixTable(parts)) {
    this.#table = table
    this.#byPrefix = table.byPrefix
    this.#shrinkTable = table.byNamespace
    const synonyms = (this.#synonyms = new SynonymTable(table, parts.namespaceSynonyms ?? []))
    this.#terms = new VocabularyTerms(parts, table, synonyms)
    this.provenance = parts.provenance ?? []
    this.#completion = new Completion({
      entries: parts.entries,
      byPrefix: table.byPrefix,
      byNamespace: table.byNamespace,
      vocabularies: table.vocabularies,
      terms: this.#terms.index,
      demotion: (entry) => table.demotion(entry),
      shrink: (iri) => this.shrink(iri),
      ...(synonyms.size > 0 && { termsNamespace: (namespace: string) => synonyms.termsNamespace(namespace) }),
      caches: table,
    })
  }

  /**
   * Whether completion offers `prefix` (exact) and shrink may write it freely: false for an unknown
   * prefix and for long-tail and suspect ones (see {@link PrefixQuality}), unless the whole table is kept.
   * Every known prefix expands, offered or not.
   */
  isOffered(prefix: string): boolean {
    const entry = this.#table.byPrefix.get(prefix)
    return entry !== undefined && this.#table.demotion(entry) === 0
  }

  /** The grade of `prefix` (exact), when the data gives one. */
  quality(prefix: string): PrefixQuality | undefined {
    return this.#table.vocabularies.get(prefix)?.quality
  }

  /** Number of prefixes and of vocabulary terms. */
  get size(): { readonly prefixes: number; readonly terms: number } {
    return { prefixes: this.#table.entries.length, terms: this.#terms.index.size }
  }

  /** The prefix table `{ prefix: namespace }` in preference order. */
  prefixes(): Record<string, string> {
    const table: Record<string, string> = {}
    for (const { prefix, namespace } of this.#table.entries) table[prefix] = namespace
    return table
  }

  /** The table entries in preference order. */
  entries(): readonly PrefixEntry[] {
    return this.#table.entries
  }

  /** The namespace of `prefix` (exact, as in Turtle). */
  namespace(prefix: string): string | undefined {
    return this.#table.byPrefix.get(prefix)?.namespace
  }

  /** Title and provenance of a prefix's vocabulary, when known. */
  vocabulary(prefix: string): VocabularyInfo | undefined {
    return this.#table.vocabularies.get(prefix)
  }

  /** The subclass statements the type filter uses, built-in ones included. */
  subClassStatements(): IterableIterator<[string, string]> {
    return this.#terms.hierarchy.statements()
  }

  /**
   * What the index knows of a term. An IRI in a namespace synonym (`https://schema.org/Person`) is described
   * by the term it stands for, under its own IRI and name (`sdo:Person`): the IRI itself is never changed.
   */
  term(iri: string): TermInfo | undefined {
    return this.#terms.term(iri)
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
    return this.#terms.termsOf(prefix, limit)
  }

  /** Whether the term `iri` has type `type`, directly or through rdfs:subClassOf (both full IRIs). */
  hasType(iri: string, type: string): boolean {
    return this.#terms.hasType(iri, type)
  }

  /** Every vocabulary term, sorted case-folded by IRI. */
  terms(): readonly TermInfo[] {
    return this.#terms.index.all()
  }

  /** @internal The relevance position of each term of {@link PrefixIndex.terms} (0 first), for `toCompact`. */
  termPriorities(): Int32Array {
    return this.#terms.index.priorities()
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
    return this.#terms.search(query, options.limit ?? 20)
  }

  /**
   * Expands a prefixed name to its IRI: `foaf:Person` → `http://xmlns.com/foaf/0.1/Person`.
   * Splits at the first colon; `prefix:` alone gives the namespace. Backslash escapes in the local
   * part are removed, `%xx` is kept. Returns `undefined` for an unknown prefix or malformed name;
   * {@link PrefixIndex.expandError} tells why.
   */
  expand(name: string, options?: ExpandOptions): string | undefined {
    return expandName(this.#byPrefix, name, options?.syntax) as string | undefined
  }

  /** Why {@link PrefixIndex.expand} gives `undefined` for `name`, or `undefined` when it does not. */
  expandError(name: string, options?: ExpandOptions): PrefixError | undefined {
    const result = expandName(this.#byPrefix, name, options?.syntax, true)
    return typeof result === 'string' ? undefined : result
  }

  /**
   * {@link PrefixIndex.expand} as an RDF/JS NamedNode: a plain one (termType, value, equals) unless another
   * factory is given, such as n3's `DataFactory`.
   */
  expandTerm(name: string, factory: { namedNode(iri: string): NamedNode } = plainFactory, options?: ExpandOptions): NamedNode | undefined {
    const iri = this.expand(name, options)
    return iri === undefined ? undefined : factory.namedNode(iri)
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
      return this.#shrinkTable.shrink(this.#synonyms.standardIri(iri) ?? iri, curie)
    }
    return this.#shrinkTable.shrink(iri, curie)
  }

  /** Why {@link PrefixIndex.shrink} gives `undefined` for `iri`, or `undefined` when it does not. */
  shrinkError(iri: string, options?: ShrinkOptions): PrefixError | undefined {
    if (this.shrink(iri, options) !== undefined) return undefined
    const standardize = options?.standardize === true || options?.synonyms === true
    return this.#table.byNamespace.problem(standardize ? (this.#synonyms.standardIri(iri) ?? iri) : iri)
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
    return this.#synonyms.standardize(nameOrIri)
  }

  /** The namespace synonyms, `[synonym, namespace it stands for]`, in the order the table gave them (curation data: see {@link PrefixIndex.standardize}). */
  namespaceSynonyms(): Array<readonly [string, string]> {
    return this.#synonyms.pairs()
  }

  /** The preferred prefix of the record `prefix` belongs to (itself when preferred); `undefined` when unknown. */
  preferredPrefix(prefix: string): string | undefined {
    const entry = this.#table.byPrefix.get(prefix)
    return entry === undefined ? undefined : this.#table.preferredOf(entry).prefix
  }

  /**
   * The table as records with synonyms (an extended prefix map), in preference order: for each
   * namespace, the prefix shrink writes, the other prefixes as its synonyms, and the namespaces that
   * stand for it. `formatPrefixes(index.records(), 'epm')` writes it as curies' JSON.
   */
  records(): PrefixRecord[] {
    return this.#synonyms.records()
  }

  /**
   * The namespaces of the table that start `iri`, shortest first, each with the prefix shrink writes for
   * it and, for a namespace synonym, the namespace it stands for. `candidates(index, iri)` builds on it.
   */
  namespacesOf(iri: string): NamespaceOf[] {
    if (typeof iri !== 'string') throw new TypeError(`namespacesOf: iri must be a string, got ${typeof iri}`)
    const found: NamespaceOf[] = this.#table.byNamespace.matches(iri).map(({ prefix, namespace }) => ({ prefix, namespace }))
    found.push(...this.#synonyms.namespacesOf(iri))
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
