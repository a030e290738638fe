// Vocabulary terms sorted by case-folded IRI, with one sorted rank list per RDF type, for prefix queries.

import { lowerBoundNumber, prefixRange } from './sorted-range.js'
import type { TypeHierarchy } from './type-hierarchy.js'

/** One vocabulary term as the index keeps it. */
export interface TermRecord {
  readonly iri: string
  /** The term's own `rdf:type`s (without inferred superclasses). */
  readonly types: readonly string[]
  /** The preferred label (English first), if any. */
  readonly label?: string
}

/** Which terms a query wants; see {@link TermIndex.forEachStartingWith}. */
export interface TermQuery {
  readonly caseSensitive: boolean
  /** Exact type IRIs; a term matches if one of them is among its types or their superclasses. */
  readonly types?: readonly string[]
}

/**
 * All terms in one array sorted by lower-cased IRI (ties by the IRI itself). Terms whose IRI starts
 * with a given string then form one block found by binary search, so a query costs
 * O(log n + block size) whatever the vocabulary size. For each type, the ranks of the terms having
 * it (directly or through a subclass) are kept sorted, so a typed query also costs a binary search
 * plus its own results.
 */
export class TermIndex {
  readonly #records: readonly TermRecord[]
  readonly #keys: readonly string[]
  readonly #rankByIri = new Map<string, number>()
  readonly #ranksByType = new Map<string, Int32Array>()
  readonly #typesByKey = new Map<string, string[]>()

  constructor(records: Iterable<TermRecord>, hierarchy: TypeHierarchy) {
    const keyed = Array.from(records, (record) => ({ record, key: record.iri.toLowerCase() }))
    keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.record.iri < b.record.iri ? -1 : 1))
    this.#records = keyed.map((k) => k.record)
    this.#keys = keyed.map((k) => k.key)

    const ranks = new Map<string, number[]>()
    this.#records.forEach((record, rank) => {
      this.#rankByIri.set(record.iri, rank)
      const all = new Set<string>()
      for (const type of record.types) for (const t of hierarchy.closure(type)) all.add(t)
      for (const t of all) {
        let list = ranks.get(t)
        if (list === undefined) ranks.set(t, (list = []))
        list.push(rank) // ranks arrive in increasing order, so each list is sorted
      }
    })
    for (const [type, list] of ranks) {
      this.#ranksByType.set(type, Int32Array.from(list))
      const key = type.toLowerCase()
      const same = this.#typesByKey.get(key)
      if (same === undefined) this.#typesByKey.set(key, [type])
      else same.push(type)
    }
  }

  get size(): number {
    return this.#records.length
  }

  get(iri: string): TermRecord | undefined {
    const rank = this.#rankByIri.get(iri)
    return rank === undefined ? undefined : this.#records[rank]
  }

  /** Every term, in index order. */
  all(): readonly TermRecord[] {
    return this.#records
  }

  /** The type IRIs that terms carry (directly or by inference) and that equal `type`, case-folded unless asked. */
  knownTypes(type: string, caseSensitive: boolean): readonly string[] {
    if (caseSensitive) return this.#ranksByType.has(type) ? [type] : []
    return this.#typesByKey.get(type.toLowerCase()) ?? []
  }

  /**
   * Calls `visit` for each term whose IRI starts with `prefix` (case-folded unless the query is
   * case-sensitive) and that has one of the query's types, in index order, until `visit` returns false.
   */
  forEachStartingWith(prefix: string, query: TermQuery, visit: (record: TermRecord) => boolean): void {
    const [start, end] = prefixRange(this.#keys, prefix.toLowerCase())
    if (start === end) return
    const accept = (record: TermRecord) => !query.caseSensitive || record.iri.startsWith(prefix)
    if (query.types === undefined) {
      for (let rank = start; rank < end; rank++) {
        const record = this.#records[rank]!
        if (accept(record) && !visit(record)) return
      }
      return
    }
    for (const rank of this.#typedRanks(query.types, start, end)) {
      const record = this.#records[rank]!
      if (accept(record) && !visit(record)) return
    }
  }

  /** Ranks in `[start, end)` of terms having one of `types`, ascending. */
  #typedRanks(types: readonly string[], start: number, end: number): Iterable<number> {
    const slices: Int32Array[] = []
    for (const type of types) {
      const ranks = this.#ranksByType.get(type)
      if (ranks === undefined) continue
      slices.push(ranks.subarray(lowerBoundNumber(ranks, start), lowerBoundNumber(ranks, end)))
    }
    if (slices.length <= 1) return slices[0] ?? []
    // Several types differing only in case: rare, so merging them here is cheap enough.
    return Int32Array.from(new Set(slices.flatMap((s) => Array.from(s)))).sort()
  }
}
