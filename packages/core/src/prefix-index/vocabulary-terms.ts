// The vocabulary terms of an index: which it keeps, how it weighs them, and the lookups by IRI, prefix, type and name.

import type { PrefixIndexParts, TermInfo } from '../model.js'
import { TermIndex } from '../terms/term-index.js'
import { defaultWeight, REFERENCES_CAP, type TermRecord } from '../terms/term-record.js'
import { TermSearch } from '../terms/term-search.js'
import type { TypeHierarchy } from '../terms/type-hierarchy.js'
import type { PrefixTable } from './prefix-table.js'
import type { SynonymTable } from './synonym-table.js'

/** The terms and their lookups; names are written by the table's shrink (never with synonyms). */
export class VocabularyTerms {
  readonly index: TermIndex
  readonly hierarchy: TypeHierarchy
  readonly #table: PrefixTable
  readonly #synonyms: SynonymTable
  /** Built on the first search: completion never needs it, and it is the costliest part to build. */
  #search: TermSearch<TermRecord> | undefined
  /** Each term's weight across vocabularies (references capped), by rank, for search: made on the first search. */
  #searchBias: Float64Array | undefined

  constructor(parts: Pick<PrefixIndexParts, 'terms' | 'hierarchy' | 'termPriorities'>, table: PrefixTable, synonyms: SynonymTable) {
    this.#table = table
    this.#synonyms = synonyms
    this.hierarchy = parts.hierarchy
    // A term lies inside a namespace of the table and is not the namespace itself.
    this.index = new TermIndex(
      parts.terms,
      parts.hierarchy,
      ({ iri }) => {
        const entry = table.byNamespace.longest(iri)
        // Not in a namespace synonym: the vocabulary's terms are those of the namespace it stands for. In a
        // long-tail or suspect one, only if shrink writes it with another prefix: `w3:` (a host's root over W3C
        // namespaces) does not claim `http://www.w3.org/ns/dcat`, and an IRI only `dbd:` fits has no name to complete.
        if (entry === undefined || entry.namespace.length >= iri.length || synonyms.covers(iri, entry)) return false
        return table.demotion(entry) === 0 || table.byNamespace.shrink(iri, false) !== undefined
      },
      (record) => this.#weigh(record),
      parts.termPriorities,
    )
  }

  /**
   * A term's relevance: its own weight (references, shortness, deprecation; see {@link defaultWeight} for
   * `cap`), plus a large bonus for a curated vocabulary, half of it for a popular one or the user's own,
   * and a smaller one the more popular its prefix is (prefix.cc's order), which orders equally good names
   * across vocabularies: foaf:Person before dbo:Person before schema:Person.
   */
  #weigh(record: TermRecord, cap?: number): number {
    const entry = this.#table.byNamespace.longest(record.iri)
    const info = entry === undefined ? undefined : this.#table.vocabularies.get(entry.prefix)
    const quality = info?.curated ? 'curated' : info?.quality
    const bonus = quality === 'curated' ? 200 : quality === undefined || quality === 'popular' ? 100 : 0
    return defaultWeight(record, cap) + bonus - 3 * Math.log2(info?.popularity ?? 4096)
  }

  /** See `PrefixIndex.term`. */
  term(iri: string): TermInfo | undefined {
    let record = this.index.get(iri)
    if (record === undefined && this.#synonyms.size > 0) {
      const standard = this.#synonyms.standardIri(iri)
      if (standard !== undefined && standard !== iri) record = this.index.get(standard)
      if (record !== undefined) record = { ...record, iri }
    }
    if (record === undefined) return undefined
    const prefixed = this.#table.byNamespace.shrink(iri, false)
    return { ...record, ...(prefixed === undefined ? {} : { prefixed }) }
  }

  /** See `PrefixIndex.termsOf`. */
  termsOf(prefix: string, limit: number): TermInfo[] | undefined {
    const namespace = this.#table.byPrefix.get(prefix)?.namespace
    if (namespace === undefined) return undefined
    // A namespace synonym's prefix (`sdo:`, https://schema.org/) lists the terms of the namespace it stands for, under its own IRIs.
    const standard = this.#synonyms.size > 0 ? (this.#synonyms.standardIri(namespace) ?? namespace) : namespace
    const [start, end] = this.index.rangeOf(standard)
    const results: TermInfo[] = []
    for (let rank = start; rank < end && results.length < limit; rank++) {
      const found = this.index.at(rank)
      if (!found.iri.startsWith(standard)) continue // equal to the namespace but for case
      const record = standard === namespace ? found : { ...found, iri: namespace + found.iri.slice(standard.length) }
      let prefixed = this.#table.byNamespace.shrink(record.iri, false)
      const colon = prefixed?.indexOf(':') ?? -1
      if (prefixed !== undefined && this.#table.byPrefix.get(prefixed.slice(0, colon))?.namespace === namespace) prefixed = prefix + prefixed.slice(colon)
      results.push(prefixed === undefined ? record : { ...record, prefixed })
    }
    return results
  }

  /** See `PrefixIndex.hasType`. */
  hasType(iri: string, type: string): boolean {
    let record = this.index.get(iri)
    // An IRI in a namespace synonym has the types of the term it stands for (https://schema.org/Person).
    if (record === undefined && this.#synonyms.size > 0) record = this.index.get(this.#synonyms.standardIri(iri) ?? iri)
    return record !== undefined && record.types.some((t) => this.hierarchy.closure(t).includes(type))
  }

  /** See `PrefixIndex.search`. */
  search(query: string, limit: number): TermInfo[] {
    this.#search ??= new TermSearch(this.index.all())
    // Search ranks across vocabularies: references capped (see defaultWeight), not completion's order.
    const bias = (this.#searchBias ??= Float64Array.from(this.index.all(), (record) => -this.#weigh(record, REFERENCES_CAP)))
    // A term's rank in the index is its position in the list TermSearch was built from.
    return this.#search.search(query, limit, (_, rank) => bias[rank]!).map((record) => this.term(record.iri)!)
  }
}
