// Vocabulary terms sorted by case-folded IRI, with one sorted rank list per RDF type, for prefix queries.

import { fold } from '../names/fold.js'
import { prioritiesOf, RangeBest, rankedAmong } from '../structures/range-best.js'
import { BlockSearch, pairAt } from '../structures/block-search.js'
import { lowerBound, lowerBoundNumber, prefixRange } from '../structures/sorted-range.js'
import type { TypeHierarchy } from './type-hierarchy.js'
import { RDF_PROPERTY, RDFS_CLASS, RDFS_DATATYPE, SCHEMA_DATA_TYPE } from './vocab.js'
import { tierPriorities } from './tier-order.js'
import { caseBit, defaultWeight, IS_CLASS, IS_LIVE, IS_LOWER, IS_PROPERTY, IS_UPPER, localNameLength, type TermRecord } from './term-record.js'

/** Which terms a query wants; see {@link TermIndex.forEachStartingWith}. */
export interface TermQuery {
  readonly caseSensitive: boolean
  /** Exact type IRIs; a term matches if one of them is among its types or their superclasses. */
  readonly types?: readonly string[]
}

/** A {@link TermQuery} answered best first; see {@link TermIndex.forEachByRelevance}. */
export interface RankedQuery extends TermQuery {
  /**
   * Tiers (ignored when `types` is given), each the bits its terms all have (`IS_CLASS | IS_UPPER`): the terms
   * of the first tier first, then those of the second not in the first, and so on; the rest after. Each tier
   * in the precomputed ranking.
   */
  readonly tiers?: readonly number[]
  /** How many results the caller will take, so a range not much larger is sorted whole instead. */
  readonly wanted?: number
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
  /** Searches of #keys within a namespace's block (see {@link TermIndex.forEachStartingWith}). */
  readonly #keyBlocks: BlockSearch
  readonly #ranksByType = new Map<string, Int32Array>()
  readonly #typesByKey = new Map<string, string[]>()
  readonly #weigh: (record: TermRecord) => number
  /** Made on the first ranked query: loading the index does not pay for it. */
  #ranking: RangeBest | undefined
  /** A ranking made before (see the constructor), to make {@link TermIndex.#ranking} from. */
  #given: Int32Array | undefined
  /** Each type's ranks and the ranking restricted to them, made when that type is first asked for. */
  readonly #typedRankings = new Map<string, { list: ArrayLike<number>; best: RangeBest }>()
  /** Per rank: its IS_… bits (made with the ranking). */
  #kinds: Uint8Array | undefined
  /**
   * For case-sensitive queries: the ranks sorted by the IRI itself (code-point order), those IRIs,
   * and the ranking over that order. Filtering the case-folded block instead would walk every
   * name that differs in case (`schema:p` → all of schema:P…), so it gets its own order.
   */
  #exact: { ranks: Int32Array; keys: string[]; best: RangeBest; blocks: BlockSearch } | undefined
  /** Per tier list and order (see #tierOrder): its ranking, and its runs. At most 2 × 8 (tiersFor makes 8 tier lists). */
  readonly #tierOrders = new Map<number, TierOrder>()

  /**
   * Indexes the `records` for which `keep` is true (all by default). `keep` is asked in sorted order,
   * so that neighbours share their namespace and a trie walk per record stays in the CPU cache.
   * `weigh` scores a term for relevance ranking (higher first; see {@link TermIndex.forEachByRelevance}).
   * `given`: the ranking `weigh` gives `records` in their order, made before (a data file keeps it); taken
   * only when every record is kept and already in index order, else ranked again on the first query.
   */
  constructor(
    records: Iterable<TermRecord>,
    hierarchy: TypeHierarchy,
    keep: (record: TermRecord) => boolean = () => true,
    weigh: (record: TermRecord) => number = defaultWeight,
    given?: ArrayLike<number>,
  ) {
    this.#weigh = weigh
    const input = Array.isArray(records) ? (records as readonly TermRecord[]) : Array.from(records)
    const folded = input.map((record) => fold(record.iri))
    // Sort positions, not objects: a typed array of a million numbers sorts without moving records.
    const compare = (a: number, b: number): number => {
      const x = folded[a]!
      const y = folded[b]!
      if (x !== y) return x < y ? -1 : 1
      // Equal but for case: order by the IRI itself, so the result does not depend on loading order.
      return input[a]!.iri < input[b]!.iri ? -1 : input[a]!.iri > input[b]!.iri ? 1 : 0
    }
    const order = Int32Array.from(input, (_, i) => i)
    // Data written in index order (the default data is) needs one pass to see so: V8 merge-sorts a typed
    // array given a comparator, n log n string comparisons even when sorted (60 ms of the default load).
    let inOrder = true
    for (let i = 1; i < order.length && inOrder; i++) inOrder = compare(i - 1, i) <= 0
    if (!inOrder) order.sort(compare)
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
    this.#keyBlocks = new BlockSearch(keys)
    if (given?.length === input.length && sorted.length === input.length && order.every((i, rank) => i === rank)) this.#given = permutation(given)

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
   * Calls `visit` for each term whose IRI starts with `head + tail` (case-folded unless the query is
   * case-sensitive) and that has one of the query's types, in index order, until `visit` returns false.
   * `visit` also gets the term's rank (its position in index order, `0 … size-1`), to key caches by. `head` is
   * `''` or a namespace: its block is found once and kept, and later queries in it search that block alone.
   */
  forEachStartingWith(head: string, tail: string, query: TermQuery, visit: (record: TermRecord, rank: number) => boolean): void {
    const [start, end] = this.#keyBlocks.range(fold(head), fold(tail))
    const prefix = head + tail
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

  /**
   * Like {@link TermIndex.forEachStartingWith} of `head + tail`, best first: the term equal to it in its very case
   * first, then the terms of each of `tiers` (a kind, a case of the first letter), then the rest, each by the precomputed
   * ranking of {@link TermIndex.priorities} — never by scanning the block of matches. `head` is `''` or a namespace,
   * as there.
   */
  forEachByRelevance(head: string, tail: string, query: RankedQuery, visit: (record: TermRecord, rank: number) => boolean): void {
    const wanted = query.wanted ?? Infinity
    if (query.caseSensitive && query.types === undefined) return this.#exactByRelevance(head, tail, query.tiers ?? NO_TIERS, wanted, visit)
    const folded = fold(tail)
    const foldedHead = fold(head) // the same string when head is in lower case already (toLowerCase makes none)
    const [start, end] = this.#keyBlocks.range(foldedHead, folded)
    if (start === end) return
    const prefix = head + tail
    // A key as long as head + tail folded equals it but for case.
    const length = foldedHead.length + folded.length
    const ranking = this.#rankingOf()
    const records = this.#records
    const accept = (rank: number) => !query.caseSensitive || startsWithFromEnd(records[rank]!.iri, prefix)
    // Only the match in the very case typed goes first (`cc:license`): one differing in case takes its
    // rank like any other, so that `sh:NodeS` puts `sh:NodeShape` before `sh:nodes`.
    let exact = -1
    for (let rank = start; rank < end && this.#keys[rank]!.length === length; rank++) if (records[rank]!.iri === prefix) exact = rank
    const emit = (rank: number) => rank === exact || !accept(rank) || visit(records[rank]!, rank)
    if (query.types !== undefined) {
      const [list, best] = this.#typedRanking(query.types, start, end)
      const lo = lowerBoundNumber(list, start)
      const hi = lowerBoundNumber(list, end)
      if (exact >= 0 && list[lowerBoundNumber(list, exact)] === exact && !visit(records[exact]!, exact)) return
      best.visitFor(wanted, lo, hi, (i) => emit(list[i]!))
      return
    }
    if (exact >= 0 && !visit(records[exact]!, exact)) return
    this.#visitTiers(query.tiers ?? NO_TIERS, start, end, wanted, ranking, undefined, emit, this.#keyBlocks, foldedHead, folded)
  }

  /**
   * Items `[lo, hi)` of an order best first: the terms' own order (`ranks` undefined), or code-point order, where
   * `ranks[item]` is an item's rank. The tiers' terms first, each tier by priority (a term of an earlier tier comes in
   * that one), then the rest, by `best` — all one ranking per tier list (see {@link tierPriorities}). `emit` gets each
   * item until it returns false. `blocks`, `head` and `tail`: the search that found the range, for the run of
   * `head`'s block that `tail`'s first two units start (see {@link TermIndex.#runsOf}).
   */
  #visitTiers(
    tiers: readonly number[],
    lo: number,
    hi: number,
    wanted: number,
    best: RangeBest,
    ranks: Int32Array | undefined,
    emit: (item: number) => boolean,
    blocks: BlockSearch,
    head: string,
    tail: string,
  ): void {
    if (hi - lo === 1) return void emit(lo) // one match, the usual case past a few letters: no order to find
    const made = this.#tierOrder(tiers, best, ranks)
    // The range in its run's order, when it is a good part of the run (a two-letter query is all of it): no picking.
    const run = this.#runsOf(made, blocks, head).get(pairAt(tail, 0)) // none for a tail under two units (NaN)
    if (run === undefined || 4 * (hi - lo) < run.length) return made.best.visitFor(wanted, lo, hi, emit)
    for (const item of run) if (item >= lo && item < hi && !emit(item)) return
  }

  /** The ranking of `tiers` over an order (see {@link TermIndex.#visitTiers}), made when first asked. */
  #tierOrder(tiers: readonly number[], best: RangeBest, ranks: Int32Array | undefined): TierOrder {
    // Tier masks are between 1 and 31: the list and the order as one number.
    let key = ranks === undefined ? 1 : 2
    for (const mask of tiers) key = key * 32 + mask
    let made = this.#tierOrders.get(key)
    if (made === undefined)
      this.#tierOrders.set(key, (made = { best: new RangeBest(tierPriorities(tiers, this.#kinds!, best.priority, ranks)), runs: new Map() }))
    return made
  }

  /**
   * The positions of each run of `head`'s block whose tails share their first two units, in `made`'s order: made for
   * the whole block at once (in its every run: it does not depend on a query's letters), when a query in it first
   * reads this tier list. None for the whole index (`head` ''). Together no more numbers than the block has keys.
   */
  #runsOf(made: TierOrder, blocks: BlockSearch, head: string): Map<number, Int32Array> {
    let runs = made.runs.get(head)
    if (runs !== undefined) return runs
    made.runs.set(head, (runs = new Map()))
    if (head === '') return runs
    const { start, runs: found } = blocks.block(head)
    const priority = made.best.priority
    for (const [code, [a, b]] of found)
      runs.set(
        code,
        Int32Array.from({ length: b - a }, (_, i) => start + a + i).sort((x, y) => priority[x]! - priority[y]!),
      )
    return runs
  }

  /**
   * {@link TermIndex.forEachByRelevance} for a case-sensitive query without types: over the terms in code-point
   * order, where its matches are one block. Filtering the case-folded block instead walks every name that differs
   * in case (`schema:p` → all of schema:P…), a tail of a keystroke's cost; each tier gets a ranking in this order.
   */
  #exactByRelevance(head: string, tail: string, tiers: readonly number[], wanted: number, visit: (record: TermRecord, rank: number) => boolean): void {
    const exact = this.#exactOrder()
    const [lo, hi] = exact.blocks.range(head, tail)
    if (lo === hi) return
    const ranks = exact.ranks
    // Every key of the range starts with head + tail: the one as long is equal to it.
    const first = exact.keys[lo]!.length === head.length + tail.length ? lo : -1
    if (first >= 0 && !visit(this.#records[ranks[first]!]!, ranks[first]!)) return
    const emit = (i: number) => i === first || visit(this.#records[ranks[i]!]!, ranks[i]!)
    this.#visitTiers(tiers, lo, hi, wanted, exact.best, ranks, emit, exact.blocks, head, tail)
  }

  /** The relevance position of each term (0 first), by rank. */
  priorities(): Int32Array {
    return this.#rankingOf().priority
  }

  #rankingOf(): RangeBest {
    if (this.#ranking !== undefined) return this.#ranking
    const records = this.#records
    if (this.#given !== undefined) this.#ranking = new RangeBest(this.#given)
    else {
      const scores = Float64Array.from(records, (record) => this.#weigh(record))
      // Ties in index order: case-folded, then code-point order.
      this.#ranking = new RangeBest(prioritiesOf(scores, (a, b) => a - b))
    }
    const kinds = new Uint8Array(records.length)
    for (const rank of this.#ranksByType.get(RDFS_CLASS) ?? NO_RANKS) kinds[rank]! |= IS_CLASS
    // A class position (`a …`) asks for a class of things: a datatype (xsd:string, schema:Date) types literals.
    for (const type of [RDFS_DATATYPE, SCHEMA_DATA_TYPE]) for (const rank of this.#ranksByType.get(type) ?? NO_RANKS) kinds[rank]! &= ~IS_CLASS
    for (const rank of this.#ranksByType.get(RDF_PROPERTY) ?? NO_RANKS) kinds[rank]! |= IS_PROPERTY
    records.forEach(({ iri, deprecated }, rank) => (kinds[rank]! |= caseBit(iri.charAt(iri.length - localNameLength(iri))) | (deprecated ? 0 : IS_LIVE)))
    this.#kinds = kinds
    return this.#ranking
  }

  #exactOrder(): { ranks: Int32Array; keys: string[]; best: RangeBest; blocks: BlockSearch } {
    if (this.#exact !== undefined) return this.#exact
    const records = this.#records
    const ranks = Int32Array.from(records, (_, i) => i).sort((a, b) => (records[a]!.iri < records[b]!.iri ? -1 : records[a]!.iri > records[b]!.iri ? 1 : 0))
    const priority = this.#rankingOf().priority
    const keys = Array.from(ranks, (rank) => records[rank]!.iri)
    this.#exact = { ranks, keys, best: new RangeBest(Int32Array.from(ranks, (rank) => priority[rank]!)), blocks: new BlockSearch(keys) }
    return this.#exact
  }

  /** The ranks having one of `types` (at least those in `[start, end)`), and their ranking. */
  #typedRanking(types: readonly string[], start: number, end: number): [ArrayLike<number>, RangeBest] {
    const priority = this.#rankingOf().priority
    const make = (list: ArrayLike<number>) => new RangeBest(rankedAmong(Int32Array.from(list, (rank) => priority[rank]!)))
    // Several types differing only in case (owl:DatatypeProperty and a vocabulary's owl:DataTypeProperty)
    // are merged once, whole, and kept like one type: a keystroke must not merge them again.
    const key = types.length === 1 ? types[0]! : '\0' + types.join('\0')
    let cached = this.#typedRankings.get(key)
    if (cached === undefined) {
      const list = types.length === 1 ? (this.#ranksByType.get(key) ?? NO_RANKS) : this.#typedRanks(types, 0, this.#records.length)
      this.#typedRankings.set(key, (cached = { list, best: make(list) }))
    }
    return [cached.list, cached.best]
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

/** A tier list's ranking over an order, and by head its runs in that ranking (see `TermIndex.#runsOf`). */
interface TierOrder {
  readonly best: RangeBest
  readonly runs: Map<string, Map<number, Int32Array>>
}

/** `list` as priorities when it is a permutation of 0 … n-1 (a file could hold anything); else undefined. */
function permutation(list: ArrayLike<number>): Int32Array | undefined {
  const seen = new Uint8Array(list.length)
  const priorities = new Int32Array(list.length)
  for (let i = 0; i < list.length; i++) {
    const p = list[i]!
    if (!Number.isInteger(p) || p < 0 || p >= list.length || seen[p] === 1) return undefined
    seen[p] = 1
    priorities[i] = p
  }
  return priorities
}
const NO_TIERS: readonly number[] = []

/**
 * `s.startsWith(prefix)` for an `s` already known to start with `prefix` case-folded: the two can
 * only differ in case, most often in the last characters typed, so comparing from the end rejects
 * a mismatch at once instead of after the whole shared namespace.
 */
function startsWithFromEnd(s: string, prefix: string): boolean {
  for (let i = prefix.length - 1; i >= 0; i--) if (s.charCodeAt(i) !== prefix.charCodeAt(i)) return false
  return true
}
