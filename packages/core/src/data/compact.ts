// The compact JSON form of an index: what `npm run build:data` writes and `PrefixIndex.loadDefault` reads.

import { PrefixError } from '../errors.js'
import type { IndexDraft } from '../draft/draft.js'
import type { DataProvenance, PrefixEntry, PrefixRecord, TermInfo, VocabularyInfo } from '../model.js'
import type { TermRecord } from '../terms/term-record.js'
import { DEPRECATED_TYPES } from '../terms/vocab.js'

export const COMPACT_FORMAT = 'prefixd-index/1'

/**
 * An index as plain JSON. Type IRIs are stored once in `types` and referred to by position, which
 * keeps the default data small and quick to parse.
 */
export interface CompactIndex {
  readonly format: typeof COMPACT_FORMAT
  /** [prefix, namespace] in preference order. */
  readonly prefixes: ReadonlyArray<readonly [string, string]>
  readonly vocabularies: Readonly<Record<string, VocabularyInfo>>
  readonly types: readonly string[]
  /** [iri, type positions, label?] */
  readonly terms: ReadonlyArray<readonly [string, readonly number[], string?]>
  /** [subclass, superclass] as positions in `types`. */
  readonly subClassOf: ReadonlyArray<readonly [number, number]>
  /**
   * Optional: the prefix.cc popularity of each entry of `prefixes` (0 for none), as differences from the
   * entry before; `vocabularies` then leaves it out. Both default tiers are written so, which makes the
   * prefixes tier a fifth smaller gzipped (popularity follows table order, so the differences are mostly 1).
   */
  readonly popularityDeltas?: readonly number[]
  /** Optional, likewise: the quality grade of each entry of `prefixes` (`null` for none), out of `vocabularies`. */
  readonly qualities?: ReadonlyArray<VocabularyInfo['quality'] | null>
  /** What the data was built from; optional (an index written by `toCompact` has none). */
  readonly provenance?: DataProvenance
  /** [term position, how often other terms refer to it] for the terms that are referred to (ranking). */
  readonly references?: ReadonlyArray<readonly [number, number]>
  /**
   * Optional: `references` as one flat list of pairs [position minus the previous pair's position, count],
   * positions ascending. The full tier is written so: a quarter of the gzipped size of `references`.
   */
  readonly referenceDeltas?: readonly number[]
  /** Positions of deprecated terms. */
  readonly deprecated?: readonly number[]
  /**
   * Optional: the ranking of the terms (the relevance position of each, 0 first), as the index that wrote
   * the file ranked them. An index loaded from the file with nothing layered on it takes it instead of
   * ranking its terms again on its first query.
   */
  readonly termPriorities?: readonly number[]
  /** Optional: [synonym, namespace] — IRIs in the synonym shrink as if in the namespace (`https://schema.org/`). */
  readonly namespaceSynonyms?: ReadonlyArray<readonly [string, string]>
}

/** What {@link toCompact} reads of a PrefixIndex. */
export interface CompactSource {
  entries(): readonly PrefixEntry[]
  /** `[synonym, namespace]` pairs: a synonym that is a namespace of the table too is in no record. */
  namespaceSynonyms(): ReadonlyArray<readonly [string, string]>
  vocabulary(prefix: string): VocabularyInfo | undefined
  terms(): readonly TermInfo[]
  subClassStatements(): Iterable<[string, string]>
  /** The ranking of `terms()` (see {@link CompactIndex.termPriorities}), when the source has one. */
  termPriorities?(): ArrayLike<number>
}

/** Writes an index in compact form. */
export function toCompact(index: CompactSource): CompactIndex {
  const types: string[] = []
  const position = new Map<string, number>()
  const at = (iri: string): number => {
    let i = position.get(iri)
    if (i === undefined) {
      position.set(iri, (i = types.length))
      types.push(iri)
    }
    return i
  }
  const vocabularies: Record<string, VocabularyInfo> = {}
  for (const { prefix } of index.entries()) {
    const info = index.vocabulary(prefix)
    if (info !== undefined) vocabularies[prefix] = info
  }
  const namespaceSynonyms = [...index.namespaceSynonyms()]
  const references: Array<readonly [number, number]> = []
  const deprecated: number[] = []
  index.terms().forEach((t, i) => {
    if (t.references !== undefined) references.push([i, t.references])
    if (t.deprecated) deprecated.push(i)
  })
  return {
    format: COMPACT_FORMAT,
    prefixes: index.entries().map((e) => [e.prefix, e.namespace] as const),
    vocabularies,
    terms: index.terms().map((t) => {
      const typeAt = t.types.map(at)
      return t.label === undefined ? ([t.iri, typeAt] as const) : ([t.iri, typeAt, t.label] as const)
    }),
    subClassOf: Array.from(index.subClassStatements(), ([sub, sup]) => [at(sub), at(sup)] as const),
    types,
    references,
    deprecated,
    ...(namespaceSynonyms.length > 0 && { namespaceSynonyms }),
    ...(index.termPriorities !== undefined && index.terms().length > 0 && { termPriorities: Array.from(index.termPriorities()) }),
  }
}

/** Adds an index written by {@link toCompact} to a builder, so that more data can be layered on it. */
export function addCompact<T extends IndexDraft>(builder: T, data: unknown, source = 'compact index'): T {
  const compact = checkCompact(data, source)
  const decoded = decodeCompact(compact)
  builder.addPrefixes(compact.prefixes, { source })
  if (compact.provenance !== undefined) builder.addProvenance(compact.provenance)
  for (const [prefix, info] of decoded.vocabularies) builder.describeVocabulary(prefix, info)
  for (const [synonym, namespace] of decoded.namespaceSynonyms) builder.addNamespaceSynonym(synonym, namespace, { source })
  for (const [sub, sup] of decoded.subClassOf) builder.addSubClassOf(sub, sup)
  for (const { label, ...term } of decoded.terms) builder.addTerm({ ...term, ...(label !== undefined && { labels: { '': label } }) }, source)
  return builder
}

/** What a compact file holds besides its prefix table, decoded: for a builder and for the straight path alike. */
export interface DecodedCompact {
  /** Every description, with the prefixes tier's quality and popularity columns merged in. */
  readonly vocabularies: Map<string, VocabularyInfo>
  readonly namespaceSynonyms: Array<readonly [string, string]>
  readonly subClassOf: Array<readonly [string, string]>
  /** In the file's order; deprecated also when a type says so. */
  readonly terms: TermRecord[]
}

/**
 * `keep`: only the terms whose IRI it accepts (default all). `positions`: where each of `compact.terms` is in
 * the file it was read from, when only some of them were (tier-text.ts); references and deprecation name those.
 */
export function decodeCompact(compact: CompactIndex, keep?: (iri: string) => boolean, positions?: readonly number[]): DecodedCompact {
  // Each prefix's description copied once, then completed in place (a copy per column cost the first read 5 ms).
  const vocabularies = new Map<string, { -readonly [K in keyof VocabularyInfo]: VocabularyInfo[K] }>()
  const describe = (prefix: string) => {
    let info = vocabularies.get(prefix)
    if (info === undefined) vocabularies.set(prefix, (info = {}))
    return info
  }
  for (const [prefix, info] of Object.entries(compact.vocabularies)) Object.assign(describe(prefix), info)
  compact.qualities?.forEach((quality, i) => {
    const prefix = compact.prefixes[i]?.[0]
    if (quality != null && prefix !== undefined) describe(prefix).quality = quality
  })
  let popularity = 0
  compact.popularityDeltas?.forEach((delta, i) => {
    popularity += delta
    const prefix = compact.prefixes[i]?.[0]
    if (popularity > 0 && prefix !== undefined) describe(prefix).popularity = popularity
  })
  const typeAt = (i: number): string => compact.types[i]!
  // Optional (files written before ranking lack them); a malformed entry is ignored, not fatal.
  const references = new Map<number, number>(Array.isArray(compact.references) ? compact.references : [])
  if (Array.isArray(compact.referenceDeltas)) {
    const deltas = compact.referenceDeltas
    let position = 0
    // Read from part of the file (tier-text.ts): only its terms' counts, not a map of every term's.
    const wanted = positions === undefined ? undefined : new Set(positions)
    for (let i = 0; i + 1 < deltas.length; i += 2) {
      position += deltas[i]!
      if (wanted === undefined || wanted.has(position)) references.set(position, deltas[i + 1]!)
    }
  }
  const deprecated = new Set<number>(Array.isArray(compact.deprecated) ? compact.deprecated : [])
  return {
    vocabularies,
    namespaceSynonyms: (Array.isArray(compact.namespaceSynonyms) ? compact.namespaceSynonyms : []).filter((pair): pair is readonly [string, string] =>
      Array.isArray(pair),
    ),
    subClassOf: compact.subClassOf.map(([sub, sup]) => [typeAt(sub), typeAt(sup)] as const),
    terms: decodeTerms(compact, typeAt, references, deprecated, keep, positions),
  }
}

/** The terms of `compact` that `keep` accepts (all without it), in the file's order; positions key references and deprecation. */
function decodeTerms(
  compact: CompactIndex,
  typeAt: (i: number) => string,
  references: ReadonlyMap<number, number>,
  deprecated: ReadonlySet<number>,
  keep?: (iri: string) => boolean,
  positions?: readonly number[],
): TermRecord[] {
  const terms: TermRecord[] = []
  compact.terms.forEach(([iri, typePositions, label], i) => {
    if (keep !== undefined && !keep(iri)) return
    const at = positions?.[i] ?? i
    const types = [...new Set(typePositions.map(typeAt))]
    const count = references.get(at) ?? 0
    const isDeprecated = deprecated.has(at) || types.some((t) => DEPRECATED_TYPES.has(t))
    terms.push({ iri, types, ...(label !== undefined && { label }), ...(count > 0 && { references: count }), ...(isDeprecated && { deprecated: true }) })
  })
  return terms
}

/** `data` as a compact index, if it has the shape of one; else an INVALID_SOURCE error naming `source`. */
export function checkCompact(data: unknown, source: string): CompactIndex {
  const compact = data as CompactIndex
  const wellFormed =
    typeof compact === 'object' &&
    compact !== null &&
    compact.format === COMPACT_FORMAT &&
    [compact.prefixes, compact.types, compact.terms, compact.subClassOf].every(Array.isArray) &&
    typeof compact.vocabularies === 'object'
  if (!wellFormed) throw new PrefixError('INVALID_SOURCE', `${source} is not a ${COMPACT_FORMAT} file`)
  return compact
}
