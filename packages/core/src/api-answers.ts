// The JSON answers of the resolver's /api/v1, as @prefixd/server writes them and the pages read them: types only, written once.

import type { GradeReason, PrefixQuality } from './model.js'

// No code here: a bundle that imports these types gets nothing from this module. `GET /api/v1/term`
// answers a `TermDescription` (knowledge/knowledge.ts) as it is.
// The server's OpenAPI schemas (packages/server/src/openapi-schemas.ts) must describe these very types:
// test/server/openapi-schemas.test.ts reads each schema as a type and compares, and checks real answers.

/** A term as `GET /api/v1/search` and `GET /api/v1/prefixes/{prefix}` list it. */
export interface ApiTermEntry {
  /** The name shrink gives it, or `null` when none fits. */
  readonly prefixed: string | null
  readonly iri: string
  readonly label: string | null
  /** Its `rdf:type`s as IRIs, and the same as prefixed names where they can be written so. */
  readonly types: readonly string[]
  readonly typeNames: readonly string[]
}

/** A suggestion of `GET /api/v1/autocomplete?detail=true`: the value of the plain answer and what is known of it. */
export interface ApiSuggestion {
  /** The suggestion as the plain answer gives it: `foaf:Person`, `foaf:` or an IRI. */
  readonly value: string
  readonly kind: 'prefix' | 'term'
  readonly iri: string
  /** The prefix the value is written with and its namespace, when it is a prefixed name. */
  readonly prefix: string | null
  readonly namespace: string | null
  /** The term's label, or the vocabulary's title for a prefix. */
  readonly label: string | null
  readonly types: readonly string[]
  readonly typeNames: readonly string[]
  /** What the term means (the knowledge tier), or the vocabulary's description for a prefix. */
  readonly definition: string | null
  /** The definition as safe Markdown (HTML escaped, web links kept) when the vocabulary wrote more than text. */
  readonly definitionMarkdown: string | null
  /** Whether its vocabulary deprecates the term (it is then ranked after the live ones), and the IRIs of its replacements. */
  readonly deprecated: boolean
  readonly replacedBy: readonly string[]
  /** With a workspace's usage (`prefixd serve --usage`): how the workspace uses the term, when it does. */
  readonly usage?: string
}

/**
 * A result of `GET /api/v1/search`: a term, or a prefix whose namespace the query names, shaped like a term
 * (`prefixed` is `foaf:`, `iri` its namespace, `label` its title) so that lists show both alike.
 */
export type ApiSearchResult =
  | (ApiTermEntry & { readonly kind: 'term' })
  | (ApiTermEntry & { readonly kind: 'prefix'; readonly prefix: string; readonly namespace: string; readonly score: number })

/** `GET /api/v1/prefixes/{prefix}`: one prefix, what is known of its vocabulary, and its terms grouped by kind. */
export interface ApiVocabulary {
  readonly prefix: string
  readonly namespace: string
  readonly title: string | null
  readonly description: string | null
  readonly homepage: string | null
  readonly publisher: string | null
  readonly version: string | null
  readonly modified: string | null
  readonly license: string | null
  /** The prefix shrink writes for the namespace (the prefix itself when preferred). */
  readonly preferredPrefix: string
  readonly prefixSynonyms: readonly string[]
  /** Those of `prefixSynonyms` that are typo aliases (`shema` among schema's). */
  readonly typoAliases: readonly string[]
  readonly curated: boolean
  readonly popularity: number | null
  readonly quality: PrefixQuality | null
  /** For a typo alias: the prefix usually written for the namespace. */
  readonly usually: string | null
  /** The grading rule that decided, if one beyond popularity did (data/README.md). */
  readonly reason: GradeReason | null
  /** For a retired vocabulary: its successor's prefix. */
  readonly successor: string | null
  /** Namespaces a registry proposes for this prefix, which the table binds elsewhere (prefix.cc's, beside a curated one). */
  readonly otherNamespaces: ReadonlyArray<{ readonly namespace: string; readonly source: string }>
  /** Whether the lists were cut (at 5,000 terms). */
  readonly truncated: boolean
  readonly classes: readonly ApiTermEntry[]
  readonly properties: readonly ApiTermEntry[]
  readonly others: readonly ApiTermEntry[]
}

/** A row of `GET /api/v1/prefixes?grades=true`: a prefix, its namespace and how far it is trusted. */
export interface ApiPrefixRow {
  readonly prefix: string
  readonly namespace: string
  /** Absent for a user's own prefix (trusted). */
  readonly quality?: PrefixQuality
  readonly reason?: GradeReason
  readonly usually?: string
  /** Whether completion offers it: what the page shows by default. */
  readonly offered: boolean
}

/** `GET /api/v1/expand` and `GET /api/v1/shrink` when the name or IRI is known (a 404 answers `{ success: false }`). */
export interface ApiLookup {
  readonly success: true
  readonly value: string
  /** Expand, through a prefix completion does not offer or a retired one: its grade and the rule (`foaa:x` → suspect, no-vocabulary-host). */
  readonly quality?: PrefixQuality
  readonly reason?: GradeReason
  /** Expand, for a prefix that is a typo alias: the prefix usually written (`shema:` → `schema`). */
  readonly usually?: string
  /** Expand, for a retired vocabulary's prefix: its successor's (`v:` → `schema`). */
  readonly successor?: string
  /** Expand: what the grade means, in one sentence (core's `prefixWarning`). */
  readonly warning?: string
  /** Shrink with `standardize=true`: the IRI the name stands for, when it is not the one asked about. */
  readonly standardized?: string
}

/** `GET /{prefix}:{local}` (JSON) for a suspect prefix: its grade and the IRI, where any other prefix redirects. */
export interface ApiSuspect {
  readonly success: true
  readonly value: string
  readonly quality: 'suspect'
  readonly reason?: GradeReason
  readonly usually?: string
}

/** A project prefix set as `GET /api/v1/sets` lists it. */
export interface ApiSetSummary {
  readonly name: string
  /** How many prefixes it holds. */
  readonly prefixes: number
  /** Whether it is served alone, without the default table under it. */
  readonly standalone: boolean
  readonly etag: string
  /** When it was last written (ISO 8601). */
  readonly updated: string
  /** How many vocabulary files it carries (`/api/v1/sets/{name}/vocabularies`). */
  readonly vocabularies: number
}

/** A vocabulary file of a set, as `GET /api/v1/sets/{name}/vocabularies` lists it and its PUT answers. */
export interface ApiVocabularyFile {
  /** Its name in the set (the last path segment of its PUT). */
  readonly file: string
  /** How it was read: `turtle`, `trig`, `n-triples`, `n-quads`, `json-ld`, or `usage` for a `prefixd index` file. */
  readonly format: string
  /** Whether it was sent gzip'd. */
  readonly gzip: boolean
  /** Its size as sent. */
  readonly bytes: number
  /** Statements read. */
  readonly triples: number
  /** Terms it defines (classes, properties, shapes). */
  readonly terms: number
  /** Distinct terms plus (context, term) pairs counted: what it costs to keep (bounded per set). */
  readonly size: number
  /** A strong entity tag of what was read from it. */
  readonly etag: string
  /** When it was last written (ISO 8601). */
  readonly updated: string
}

/** A vocabulary as `GET /api/v1/vocabularies` lists it for the home page. */
export interface ApiFeaturedVocabulary {
  readonly prefix: string
  readonly namespace: string
  readonly title: string | null
  /** How many terms the index knows in its namespace. */
  readonly terms: number
}

/** `GET /api/v1/vocabularies`: every curated vocabulary in table order, and the most popular others. */
export interface ApiFeatured {
  readonly curated: readonly ApiFeaturedVocabulary[]
  readonly popular: readonly ApiFeaturedVocabulary[]
}

/** A prefix of a saved set that the served table binds to another namespace. */
export interface ApiRebindWarning {
  readonly prefix: string
  /** Where the set binds it. */
  readonly namespace: string
  /** Where the served (default) table binds it. */
  readonly served: string
  readonly message: string
}

/** The answer of `PUT /api/v1/sets/{name}` (201 or 200). */
export interface ApiSetWritten {
  readonly success: true
  readonly name: string
  readonly prefixes: number
  readonly standalone: boolean
  readonly etag: string
  readonly updated: string
  /** Its prefixes the served table binds elsewhere (`[]` when none): stored all the same. */
  readonly warnings: readonly ApiRebindWarning[]
}

/** One problem of a refused set body, as a 400 `BAD_BODY` lists them all in `error.problems`. */
export interface ApiBodyProblem {
  readonly message: string
  readonly entry?: string
  readonly line?: number
  readonly column?: number
}

/** What a hit of `GET /api/v1/search/results` is. */
export type ApiHitKind = 'prefix' | 'class' | 'property' | 'individual'

/** One hit of `GET /api/v1/search/results`, as the results page shows it. */
export interface ApiSearchHit {
  readonly kind: ApiHitKind
  /** `foaf:Person`, `foaf:` for a prefix, or `null` when no prefix fits. */
  readonly prefixed: string | null
  readonly iri: string
  readonly label: string | null
  /** The definition's first sentence (or a vocabulary's description), cut to one line. */
  readonly definition: string | null
  readonly deprecated: boolean
  /** The prefix of the vocabulary the hit belongs to (the prefix itself for a prefix). */
  readonly vocabulary: string | null
}

/** The answer of `GET /api/v1/search/results`: the hits of a query, counted, filtered and one page of them. */
export interface ApiSearchResults {
  readonly q: string
  /** Hits after the filters. */
  readonly total: number
  /** Whether the query had more hits than are counted (1,000). */
  readonly truncated: boolean
  readonly offset: number
  readonly limit: number
  readonly hits: readonly ApiSearchHit[]
  /** Counts over every hit of the query before the filters: what each filter would leave. */
  readonly facets: {
    readonly vocabularies: ReadonlyArray<{ readonly prefix: string; readonly count: number }>
    readonly kinds: Readonly<Record<ApiHitKind, number>>
    readonly deprecated: number
  }
}
