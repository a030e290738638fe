// The data model shared by the index, its draft, the loaders and the sources: entries, grades, records, terms, problems.

import type { TermRecord } from './terms/term-record.js'
import type { TypeHierarchy } from './terms/type-hierarchy.js'

/**
 * How far a prefix is trusted (see data/README.md): `curated` vocabulary packages, `popular` and
 * `long-tail` prefix.cc entries, and `suspect` ones (typo aliases, example.com namespaces,
 * near-duplicates). Long-tail and suspect prefixes expand but are not offered by completion, and
 * shrink never writes them (where only such a prefix fits, it gives no name).
 */
export type PrefixQuality = 'curated' | 'popular' | 'long-tail' | 'suspect'

/**
 * Why a prefix got its grade where a rule beyond popularity decided it (data/README.md): its namespace
 * is on a test or placeholder host, on a site that serves no vocabulary, or on prefix.cc itself; its name
 * is a placeholder, a typo alias or a near-duplicate of a well-known prefix; its namespace is a document
 * (`…/ECMA-404.pdf#`) or a personal test page (`http://www.ashutosh.com/test/`); (`long-tail`) its
 * namespace is a host's root that holds other vocabularies' namespaces; or (`retired`, with the grade kept)
 * its vocabulary was withdrawn by its publisher for a successor (`successor`).
 */
export type GradeReason =
  | 'placeholder-host'
  | 'no-vocabulary-host'
  | 'prefix-cc'
  | 'placeholder-name'
  | 'typo-alias'
  | 'near-duplicate'
  | 'document'
  | 'test-page'
  | 'umbrella'
  | 'retired'

/** What is known of a vocabulary beyond its namespace. */
export interface VocabularyInfo {
  readonly title?: string
  /** Whether the prefix comes from a curated vocabulary package rather than a crowd-sourced list. */
  readonly curated?: boolean
  /** Position in prefix.cc's popularity list (1 = most used), when listed there. */
  readonly popularity?: number
  /** The prefix's grade; absent (a user's own table) counts as trusted. */
  readonly quality?: PrefixQuality
  /** For a typo alias: the prefix usually written for the same namespace (`shema` → `schema`). */
  readonly usually?: string
  /** The rule behind a `suspect` grade, or behind a `long-tail` one despite popularity; `retired` beside any grade. */
  readonly reason?: GradeReason
  /** For a retired vocabulary: the prefix of the vocabulary that replaced it (`v` → `schema`). */
  readonly successor?: string
}

/** A prefix and its namespace, as the table holds it. */
export interface PrefixEntry {
  readonly prefix: string
  readonly namespace: string
}

/**
 * A prefix with its synonyms: a record of an extended prefix map (curies, bioregistry). `expand` takes
 * any of its prefixes to `namespace`; `shrink` writes `prefix` for an IRI in any of its namespaces.
 */
export interface PrefixRecord {
  /** The preferred prefix (EPM `prefix`). */
  readonly prefix: string
  /** The preferred namespace (EPM `uri_prefix`). */
  readonly namespace: string
  /** Other prefixes for the same namespace (EPM `prefix_synonyms`), in preference order. */
  readonly prefixSynonyms?: readonly string[]
  /** Other namespaces meaning the same (EPM `uri_prefix_synonyms`): `https://schema.org/` for `http://schema.org/`. */
  readonly namespaceSynonyms?: readonly string[]
  /** EPM's optional regular expression for local identifiers: kept through import and export, not used. */
  readonly pattern?: string
}

/** A namespace that starts an IRI, as `PrefixIndex.namespacesOf` lists them. */
export interface NamespaceOf {
  /** The prefix shrink writes for it. */
  readonly prefix: string
  readonly namespace: string
  /** For a namespace synonym, the namespace it stands for. */
  readonly standsFor?: string
}

/** What {@link PrefixIndex} is made of; produced by {@link PrefixIndexBuilder}. */
export interface PrefixIndexParts {
  /** In preference order: for a namespace with several prefixes, the first one is used by shrink. */
  readonly entries: readonly PrefixEntry[]
  /** Terms outside every namespace of `entries`, or equal to one, are left out. */
  readonly terms: Iterable<TermRecord>
  readonly hierarchy: TypeHierarchy
  readonly vocabularies: ReadonlyMap<string, VocabularyInfo>
  /** Where the loaded data sets came from (the default data records its sources and a checksum). */
  readonly provenance?: readonly DataProvenance[]
  /** [synonym, namespace]: IRIs in the synonym shrink as if in the namespace (which an entry must have). */
  readonly namespaceSynonyms?: ReadonlyArray<readonly [string, string]>
  /** Default `false`: long-tail and suspect prefixes are kept out of completion and shrink. `true` uses every prefix alike. */
  readonly wholeTable?: boolean
  /**
   * The ranking of `terms` in the order given (a file's `termPriorities`), taken only when every term is
   * kept in that very order; else the index ranks its terms itself.
   */
  readonly termPriorities?: ArrayLike<number>
  /**
   * @internal Default `false`: the index answers a few requests only (readDefault's index of some namespaces),
   * so what serves many (shrink's namespace trie) is made only if they come.
   */
  readonly fewRequests?: boolean
}

/** A term of the index, as returned by {@link PrefixIndex.term}. */
export interface TermInfo {
  readonly iri: string
  /** The shortest Turtle name, when the IRI can be shrunk. */
  readonly prefixed?: string
  readonly types: readonly string[]
  readonly label?: string
  /** How often the vocabularies refer to the term (domain, range, superclass, superproperty). */
  readonly references?: number
  readonly deprecated?: boolean
}

/** A vocabulary term: its IRI, `rdf:type`s and labels by language tag (`''` for none). */
export interface Term {
  readonly iri: string
  readonly types?: readonly string[]
  readonly labels?: Readonly<Record<string, string>>
  /** How often other terms name this one as a domain, range, superclass or superproperty (added up). */
  readonly references?: number
  /** Deprecated or superseded: ranked last among equals. */
  readonly deprecated?: boolean
}

/** An entry that could not be loaded, with where it came from. */
export interface LoadProblem {
  /** The file or table the entry came from. */
  readonly source: string
  /** The entry itself, e.g. `foaf: http://xmlns.com/foaf/0.1/`. */
  readonly entry: string
  readonly message: string
  /** Where in the source text, when the parser says (1-based). */
  readonly line?: number
  readonly column?: number
}

/** Where a data set came from: written by the data build, kept by the index that loads it. */
export interface DataProvenance {
  /** The data package, e.g. `@prefixd/data`. */
  readonly name: string
  readonly version: string
  /** `full` (prefixes and terms) or `prefixes` (the table alone). */
  readonly tier: string
  /** `sha256-` and the hex digest of this tier's file without its `provenance` field. */
  readonly checksum: string
  /**
   * The npm packages the data was built from, with their versions; and the data package's own files written from
   * specifications (the XSD facets' `xsd-facets.nt`), with the data package's version and those `specifications`.
   */
  readonly sources: ReadonlyArray<{ readonly name: string; readonly version: string; readonly specifications?: readonly string[] }>
}
