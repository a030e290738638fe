// Vocabulary terms sorted by case-folded IRI, with one sorted rank list per RDF type, for prefix queries.

import { fold } from './fold.js'
import { lowerBound, lowerBoundNumber, prefixRange } from './sorted-range.js'
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
  readonly #ranksByType = new Map<string, Int32Array>()
  readonly #typesByKey = new Map<string, string[]>()

  /**
   * Indexes the `records` for which `keep` is true (all by default). `keep` is asked in sorted order,
   * so that neighbours share their namespace and a trie walk per record stays in the CPU cache.
   */
  constructor(records: Iterable<TermRecord>, hierarchy: TypeHierarchy, keep: (record: TermRecord) => boolean = () => true) {
    const input = Array.isArray(records) ? (records as readonly TermRecord[]) : Array.from(records)
    const folded = input.map((record) => fold(record.iri))
    // Sort positions, not objects: a typed array of a million numbers sorts without moving records.
    const order = Int32Array.from(input, (_, i) => i).sort((a, b) => {
      const x = folded[a]!
      const y = folded[b]!
      if (x !== y) return x < y ? -1 : 1
      // Equal but for case: order by the IRI itself, so the result does not depend on loading order.
      return input[a]!.iri < input[b]!.iri ? -1 : input[a]!.iri > input[b]!.iri ? 1 : 0
    })
    const sorted: TermRecord[] = []
    const keys: string[] = []
    for (const i of order) {
      const record = input[i]!
      if (!keep(record)) continue
      sorted.push(record)
      keys.push(folded[i]!)
    }
    this.#records = sorted
    this.#keys = keys

    const ranks = new Map<string, number[]>()
    const add = (type: string, rank: number) => {
      let list = ranks.get(type)
      if (list === undefined) ranks.set(type, (list = []))
      list.push(rank) // ranks arrive in increasing order, so each list is sorted
    }
    sorted.forEach((record, rank) => {
      // One type (the usual case) has a duplicate-free closure already; several need a set.
      if (record.types.length === 1) for (const t of hierarchy.closure(record.types[0]!)) add(t, rank)
      else if (record.types.length > 1) for (const t of new Set(record.types.flatMap((type) => hierarchy.closure(type)))) add(t, rank)
    })
    for (const [type, list] of ranks) {
      this.#ranksByType.set(type, Int32Array.from(list))
      const key = fold(type)
      const same = this.#typesByKey.get(key)
      if (same === undefined) this.#typesByKey.set(key, [type])
      else same.push(type)
    }
  }

  get size(): number {
    return this.#records.length
  }

  /** The term with exactly this IRI: a binary search, so no map of a million IRIs is kept for it. */
  get(iri: string): TermRecord | undefined {
    const key = fold(iri)
    for (let rank = lowerBound(this.#keys, key); this.#keys[rank] === key; rank++) {
      if (this.#records[rank]!.iri === iri) return this.#records[rank]
    }
    return undefined
  }

  /** The ranks `[start, end)` of the terms whose folded IRI starts with `prefix` folded. */
  rangeOf(prefix: string): [number, number] {
    return prefixRange(this.#keys, fold(prefix))
  }

  /** The term at `rank` (its position in index order). */
  at(rank: number): TermRecord {
    return this.#records[rank]!
  }

  /** Every term, in index order. */
  all(): readonly TermRecord[] {
    return this.#records
  }

  /** The type IRIs that terms carry (directly or by inference) and that equal `type`, case-folded unless asked. */
  knownTypes(type: string, caseSensitive: boolean): readonly string[] {
    if (caseSensitive) return this.#ranksByType.has(type) ? [type] : []
    return this.#typesByKey.get(fold(type)) ?? []
  }

  /**
   * Calls `visit` for each term whose IRI starts with `prefix` (case-folded unless the query is
   * case-sensitive) and that has one of the query's types, in index order, until `visit` returns false.
   * `visit` also gets the term's rank (its position in index order, `0 … size-1`), to key caches by.
   */
  forEachStartingWith(prefix: string, query: TermQuery, visit: (record: TermRecord, rank: number) => boolean): void {
    const [start, end] = prefixRange(this.#keys, fold(prefix))
    if (start === end) return
    const accept = (record: TermRecord) => !query.caseSensitive || startsWithFromEnd(record.iri, prefix)
    if (query.types === undefined) {
      for (let rank = start; rank < end; rank++) {
        const record = this.#records[rank]!
        if (accept(record) && !visit(record, rank)) return
      }
      return
    }
    const ranks = this.#typedRanks(query.types, start, end)
    // The type's ranks are sorted: the ones inside [start, end) are one run, found by binary search.
    for (let i = lowerBoundNumber(ranks, start); i < ranks.length && ranks[i]! < end; i++) {
      const rank = ranks[i]!
      const record = this.#records[rank]!
      if (accept(record) && !visit(record, rank)) return
    }
  }

  /** Ranks of the terms having one of `types`, ascending; at least those in `[start, end)`. */
  #typedRanks(types: readonly string[], start: number, end: number): ArrayLike<number> {
    if (types.length === 1) return this.#ranksByType.get(types[0]!) ?? NO_RANKS
    // Several types differing only in case: merge the parts of their lists inside the range.
    const merged = new Set<number>()
    for (const type of types) {
      const ranks = this.#ranksByType.get(type) ?? NO_RANKS
      for (let i = lowerBoundNumber(ranks, start); i < ranks.length && ranks[i]! < end; i++) merged.add(ranks[i]!)
    }
    return Int32Array.from(merged).sort()
  }
}

const NO_RANKS = new Int32Array(0)

/**
 * `s.startsWith(prefix)` for an `s` already known to start with `prefix` case-folded: the two can
 * only differ in case, most often in the last characters typed, so comparing from the end rejects
 * a mismatch at once instead of after the whole shared namespace.
 */
function startsWithFromEnd(s: string, prefix: string): boolean {
  for (let i = prefix.length - 1; i >= 0; i--) if (s.charCodeAt(i) !== prefix.charCodeAt(i)) return false
  return true
}
