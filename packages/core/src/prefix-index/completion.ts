// Completion: prefixes, namespaces and vocabulary terms for a partial name, best first, and the names it writes.

import { fold } from '../names/fold.js'
import { looksLikeIri } from '../names/iri.js'
import { readLocalName } from '../names/pn-local.js'
import type { NamespaceTrie } from '../structures/namespace-trie.js'
import { prioritiesOf, RangeBest } from '../structures/range-best.js'
import { lowerBoundNumber, prefixRange } from '../structures/sorted-range.js'
import type { TermIndex } from '../terms/term-index.js'
import { caseBit, type TermRecord } from '../terms/term-record.js'
import { Answer, readOptions, tiersFor, unescapePartial, type AutocompleteOptions, type Completions, type ReadOptions } from './completion-query.js'
import { NameChunks } from './name-chunks.js'
import { ReadyAnswers } from './ready-answers.js'
import type { TableCaches } from './prefix-table.js'
import { tableOrders, type TableOrders } from './table-orders.js'
import type { PrefixEntry, VocabularyInfo } from '../model.js'

/** What completion reads of the index it serves. */
export interface CompletionParts {
  /** The table in preference order. */
  readonly entries: readonly PrefixEntry[]
  readonly byPrefix: ReadonlyMap<string, PrefixEntry>
  /** The preferred entry of each namespace. */
  readonly byNamespace: Pick<NamespaceTrie<PrefixEntry>, 'longest' | 'get'>
  readonly vocabularies: ReadonlyMap<string, VocabularyInfo>
  readonly terms: TermIndex
  /** 0 for an entry completion offers, else its demotion (prefix-index/demotion.ts). */
  readonly demotion: (entry: PrefixEntry) => number
  /** The index's shrink, for terms found by IRI. */
  readonly shrink: (iri: string) => string | undefined
  /**
   * The namespace whose terms serve a prefix's namespace: the one a namespace synonym stands for (`sdo:`,
   * https://schema.org/, is offered schema.org's terms as `sdo:` names), else the namespace itself.
   */
  readonly termsNamespace?: (namespace: string) => string
  /** Where the table's orders and rankings are kept once made: with the table, for every index on it. */
  readonly caches: TableCaches
}

/**
 * Completion over one index (see {@link PrefixIndex.complete}): the prefix and namespace orders it
 * searches, their rankings, and the prefixed names it has written, cached in chunks.
 */
export class Completion {
  readonly #termsNamespace: ((namespace: string) => string) | undefined
  readonly #byPrefix: ReadonlyMap<string, PrefixEntry>
  readonly #byNamespace: Pick<NamespaceTrie<PrefixEntry>, 'longest' | 'get'>
  readonly #vocabularies: ReadonlyMap<string, VocabularyInfo>
  readonly #terms: TermIndex
  readonly #demotion: (entry: PrefixEntry) => number
  readonly #shrink: (iri: string) => string | undefined
  readonly #entries: readonly PrefixEntry[]
  /**
   * Made when first read, and kept with the table: its orders and case-folded lookups ({@link TableOrders}),
   * prefix completion's rankings of prefixOrder and namespaceOrder, and the positions in prefixOrder of long-tail
   * prefixes that stand for an offered one (see #addStandIns).
   */
  readonly #caches: TableCaches
  /** The names written so far (see {@link NameChunks}). */
  readonly #names: NameChunks
  /** Term completions' answers made ahead, per prefix and options asked often (none in a browser bundle). */
  readonly #ready: ReadyAnswers<EntryTerms>
  /** What a term query through each prefix entry reads (see #entryTermsOf): one per entry of the table at most. */
  readonly #entryTerms = new Map<PrefixEntry, EntryTerms | null>()

  constructor(parts: CompletionParts) {
    this.#byPrefix = parts.byPrefix
    this.#termsNamespace = parts.termsNamespace
    this.#byNamespace = parts.byNamespace
    this.#vocabularies = parts.vocabularies
    this.#terms = parts.terms
    this.#demotion = parts.demotion
    this.#shrink = parts.shrink
    this.#entries = parts.entries
    this.#caches = parts.caches
    this.#names = new NameChunks(parts.terms, parts.termsNamespace)
    this.#ready = new ReadyAnswers(parts.terms, {
      termsOf: (prefix, caseSensitive) => {
        const typed = this.#lookupPrefix(prefix, caseSensitive)
        return typed && this.#entryTermsOf(typed)
      },
      typesOf: (type, caseSensitive) => this.#resolveType(type, caseSensitive),
      make: (terms, partial, read, types) => this.#completeTerms(new Answer(read.limit), terms, partial, read, types),
    })
  }

  /**
   * The orders and lookups over the whole table, made when first read: sorting and folding 3,400 entries
   * cost a language server's first completion of a term, which reads none of them, 10–20 ms of CPU.
   */
  #ordersOf(): TableOrders {
    return (this.#caches.orders ??= tableOrders(this.#entries, this.#byNamespace, this.#byPrefix))
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
    if (typeof query !== 'string') throw new TypeError(`autocomplete: query must be a string, got ${typeof query}`)
    const read = readOptions(options)
    const ready = this.#ready.complete(query, read, options.type)
    if (ready !== undefined) return ready
    const { caseSensitive, expand, limit, alpha } = read
    const answer = new Answer(limit)
    // An unknown type leaves `types` empty: no term matches, but prefixes still complete.
    const types = options.type === undefined ? undefined : this.#resolveType(options.type, caseSensitive)

    if (looksLikeIri(query)) return this.#completeIri(answer, query, caseSensitive, types, expand, alpha)

    const colon = query.indexOf(':')
    if (colon < 0) return this.#completePrefix(answer, query, caseSensitive, expand, alpha)

    const typed = this.#lookupPrefix(query.slice(0, colon), caseSensitive)
    if (typed === undefined) {
      // Not a prefix; maybe the start of a non-hierarchical IRI such as `urn:isbn:`.
      const fromIri = this.#completeIri(answer, query, caseSensitive, types, expand, alpha)
      return fromIri.suggestions.length > 0 ? fromIri : undefined
    }
    const terms = this.#entryTermsOf(typed)
    if (terms === null) return answer.done()
    const partial = unescapePartial(query.slice(colon + 1))
    return this.#completeTerms(answer, terms, partial, read, types)
  }

  /**
   * What completing terms through the prefix `typed` reads, made once per entry: names are written with a prefix
   * completion offers, so a demoted one gives way to the offered prefix of its namespace (`shema:Pers` →
   * `schema:Person`); null when there is none (the name still expands). A synonym's prefix is offered the terms
   * of the namespace it stands for, under its own namespace.
   */
  #entryTermsOf(typed: PrefixEntry): EntryTerms | null {
    let terms = this.#entryTerms.get(typed)
    if (terms !== undefined) return terms
    const entry = this.#demotion(typed) === 0 ? typed : this.#offeredSameNamespace(typed)
    if (entry === undefined) terms = null
    else {
      terms = { entry, base: this.#termsNamespace?.(entry.namespace) ?? entry.namespace, nameAt: this.#names.namerFor(entry) }
    }
    this.#entryTerms.set(typed, terms)
    return terms
  }

  /** The terms of `entry`'s namespace (or the one it stands for) whose local name starts with `partial`, `prefix:` first for an empty one. */
  #completeTerms(answer: Answer, terms: EntryTerms, partial: string, read: ReadOptions, types: readonly string[] | undefined): Completions {
    const { caseSensitive, expand, limit, alpha, prefer } = read
    const { entry, base, nameAt } = terms
    // A term's IRI under the entry's namespace (a synonym's: base is the namespace it stands for).
    const iriOf = (iri: string) => entry.namespace + iri.slice(base.length)
    // What the case of the first letter typed asks for: `vcard:Org` a class, `doap:rep` a name in lower case,
    // and a name in that case before one in the other (`sh:Li`: the individual `sh:Literal` before `sh:limit`).
    const tiers = types === undefined ? tiersFor(prefer, caseBit(partial.charAt(0))) : undefined
    if (partial === '' && types === undefined && !answer.add(expand ? entry.namespace : entry.prefix + ':')) return answer.done()
    if (!alpha) {
      const wanted = limit - answer.suggestions.length + 1
      this.#terms.forEachByRelevance(base, partial, { caseSensitive, types, wanted, tiers }, (record, rank) => {
        const written = nameAt(rank)
        // undefined: the namespace differs in case (not a term of this prefix); null: no local name writes it.
        if (written === undefined || (written === null && !expand)) return true
        return answer.add(expand ? iriOf(record.iri) : written!)
      })
      return answer.done()
    }
    const exact = base + partial
    const results = answer.suggestions
    const start = results.length
    this.#terms.forEachStartingWith(base, partial, { caseSensitive, types }, (record, rank) => {
      const written = nameAt(rank)
      if (written === undefined) return true
      const name = expand ? iriOf(record.iri) : written
      if (name === null) return true // no local name can write it (expand still lists it)
      const full = results.length >= limit
      // Past the limit, keep looking only at names equal to the query but for case (they come first
      // and have its length), so the exact-case one wins a place: `cc:license` before `cc:License`.
      if (full && record.iri.length !== exact.length) {
        answer.truncated = true
        return false
      }
      if (record.iri === exact && results.length > start) {
        results.splice(start, 0, name)
        if (full) results.length = limit
      } else if (!full) {
        results.push(name)
      }
      if (full) answer.truncated = true
      return true
    })
    return answer.done()
  }

  /**
   * Prefixes starting with `query`, best first (or in code-point order): curated ones before the crowd's
   * (see {@link Completion.#cost}). The one typed in full comes first when curated or the user's own
   * (`sh`); a popular one gets a head start of {@link EXACT_HEAD_START} in popularity, so that `dc` still
   * gives `dc:` first, but `fo` `foaf:` before the rarer `fo:` and `sc` `schema:` before `sc:`. Long-tail
   * and suspect prefixes are never offered; one typed in full gives way to the prefix usually meant
   * (`shema` → `schema:`).
   */
  #completePrefix(answer: Answer, query: string, caseSensitive: boolean, expand: boolean, alpha: boolean): Completions {
    const write = (entry: PrefixEntry) => (expand ? entry.namespace : entry.prefix + ':')
    const exact = this.#byPrefix.get(query)
    const first = exact === undefined ? undefined : this.#demotion(exact) > 0 ? this.#offeredFor(exact) : this.#isVouchedFor(exact) || alpha ? exact : undefined
    if (first !== undefined && !answer.add(write(first))) return answer.done()
    // A popular exact match waits for its place: before the first entry that costs more than it.
    let waiting = first === undefined && exact !== undefined && this.#demotion(exact) === 0 ? exact : undefined
    const waitingCost = waiting === undefined ? 0 : this.#cost(waiting) * EXACT_HEAD_START
    const orders = this.#ordersOf()
    const [start, end] = prefixRange(orders.prefixKeys, fold(query))
    this.#visitRange(this.#prefixRankingOf(), start, end, answer, alpha, (i) => {
      const entry = orders.prefixOrder[i]!
      // Best first, the demoted prefixes come last: the first one ends the walk.
      if (this.#demotion(entry) > 0) return alpha
      if (entry === first || entry === exact || (caseSensitive && !entry.prefix.startsWith(query))) return true
      if (waiting !== undefined && waitingCost <= this.#cost(entry)) {
        if (!answer.add(write(waiting))) return false
        waiting = undefined
      }
      return answer.add(expand ? entry.namespace : orders.prefixNames[i]!)
    })
    if (waiting !== undefined) answer.add(write(waiting))
    if (!alpha) this.#addStandIns(answer, start, end, (entry) => !caseSensitive || entry.prefix.startsWith(query), write)
    return answer.done()
  }

  /**
   * After the offered prefixes of `[start, end)`: the offered prefix of each namespace that a long-tail prefix of
   * the range also names, once. Typing towards prefix.cc's `shacl:` (`sha`) offers `sh:`, as `shacl` typed in full
   * does; suspect prefixes stand for nothing here (a typo alias's usual form is offered only when typed in full).
   * Code-point order, until the answer is cut.
   */
  #addStandIns(answer: Answer, start: number, end: number, matches: (entry: PrefixEntry) => boolean, write: (entry: PrefixEntry) => string): void {
    const order = this.#ordersOf().prefixOrder
    // Positions of the long-tail entries whose namespace has an offered prefix, made once: the range's are a run.
    const standIns = (this.#caches.standIns ??= Int32Array.from(order.keys()).filter(
      (i) => this.#vocabularies.get(order[i]!.prefix)?.quality === 'long-tail' && this.#offeredSameNamespace(order[i]!) !== undefined,
    ))
    for (let k = lowerBoundNumber(standIns, start); standIns[k]! < end && !answer.truncated; k++) {
      const name = write(this.#offeredSameNamespace(order[standIns[k]!]!)!)
      if (matches(order[standIns[k]!]!) && !answer.suggestions.includes(name)) answer.add(name)
    }
  }

  /** Curated and live, or from a table with no grades (the user's own): typed in full, it comes first. */
  #isVouchedFor(entry: PrefixEntry): boolean {
    const info = this.#vocabularies.get(entry.prefix)
    return info === undefined || (info.reason !== 'retired' && (info.curated === true || info.quality === undefined || info.quality === 'curated'))
  }

  /** What completion offers for a demoted prefix: its namespace's offered prefix, else the usual form of a typo alias. */
  #offeredFor(entry: PrefixEntry): PrefixEntry | undefined {
    const same = this.#offeredSameNamespace(entry)
    if (same !== undefined) return same
    const usually = this.#vocabularies.get(entry.prefix)?.usually
    const usual = usually === undefined ? undefined : this.#byPrefix.get(usually)
    return usual !== undefined && this.#demotion(usual) === 0 ? usual : undefined
  }

  /** The prefix shrink writes for the namespace of `entry`, when completion offers it. */
  #offeredSameNamespace(entry: PrefixEntry): PrefixEntry | undefined {
    const preferred = this.#ordersOf().preferredOf.get(entry.namespace)
    return preferred !== undefined && this.#demotion(preferred) === 0 ? preferred : undefined
  }

  /** Items `[start, end)` of a sorted array, in index order (`alpha`) or best first, until `visit` or the answer stops. */
  #visitRange(ranking: RangeBest, start: number, end: number, answer: Answer, alpha: boolean, visit: (i: number) => boolean): void {
    if (alpha) {
      for (let i = start; i < end && visit(i); i++);
      return
    }
    ranking.visitFor(answer.limit - answer.suggestions.length + 1, start, end, visit)
  }

  #prefixRankingOf(): RangeBest {
    return (this.#caches.prefixRanking ??= this.#rankEntries(this.#ordersOf().prefixOrder))
  }

  #namespaceRankingOf(): RangeBest {
    return (this.#caches.namespaceRanking ??= this.#rankEntries(this.#ordersOf().namespaceOrder))
  }

  /** Trusted before demoted, then by {@link Completion.#cost}; `entries` is sorted case-folded, which breaks ties. */
  #rankEntries(entries: readonly PrefixEntry[]): RangeBest {
    const scores = Float64Array.from(entries, (entry) => -(this.#demotion(entry) * 1e6 + this.#cost(entry)))
    // Ties in the entries' own order: case-folded, as alphabetical completion lists them.
    return new RangeBest(prioritiesOf(scores, (a, b) => a - b))
  }

  /**
   * How far down a prefix goes (less is better): its position in prefix.cc's popularity order, a tenth
   * of it for a curated one — a documented vocabulary with terms is what a person typing most likely
   * means (`ac` → `acl:` before umbel's `ac:`, `cs` → `csvw:`). A curated prefix missing from prefix.cc
   * counts as 5,000 (500 with the discount); a user's own (no info) like the most popular. A retired
   * vocabulary's prefix comes after every live one (`v` → `vann:`, `vcard:`, … then `v:`).
   */
  #cost(entry: PrefixEntry): number {
    const info = this.#vocabularies.get(entry.prefix)
    if (info === undefined) return 0
    const popularity = info.popularity ?? 5000
    return (info.reason === 'retired' ? RETIRED_COST : 0) + (info.curated === true || info.quality === 'curated' ? popularity * CURATED_DISCOUNT : popularity)
  }

  /** Namespaces whose IRI starts with `query`, then terms once a namespace starts it. */
  #completeIri(answer: Answer, query: string, caseSensitive: boolean, types: readonly string[] | undefined, expand: boolean, alpha: boolean): Completions {
    const folded = fold(query)
    const orders = this.#ordersOf()
    const [start, end] = prefixRange(orders.namespaceKeys, folded)
    let going = true
    this.#visitRange(this.#namespaceRankingOf(), start, end, answer, alpha, (i) => {
      const entry = orders.namespaceOrder[i]!
      if (this.#demotion(entry) > 0) return alpha // best first, the demoted come last
      if (caseSensitive && !entry.namespace.startsWith(query)) return true
      return (going = answer.add(expand ? entry.namespace : entry.prefix + ':'))
    })
    // Terms only once the query has reached a namespace: before that the namespaces are the answer.
    const reached = caseSensitive ? this.#byNamespace.longest(query) : orders.byFoldedNamespace.longest(folded)
    if (!going || reached === undefined) return answer.done()
    // Under a namespace synonym (https://schema.org/), the terms of the namespace it stands for, as IRIs of the synonym.
    const base = this.#termsNamespace?.(reached.namespace) ?? reached.namespace
    const own = base === reached.namespace
    const terms = own ? query : base + query.slice(reached.namespace.length)
    const visit = (record: TermRecord) => {
      const iri = own ? record.iri : reached.namespace + record.iri.slice(base.length)
      const name = expand ? iri : this.#shrink(iri)
      return name === undefined || answer.add(name)
    }
    if (alpha) this.#terms.forEachStartingWith('', terms, { caseSensitive, types }, visit)
    else this.#terms.forEachByRelevance('', terms, { caseSensitive, types, wanted: answer.limit - answer.suggestions.length + 1 }, visit)
    return answer.done()
  }

  /** The exact prefix, else (case-folded) the most preferred prefix equal to it ignoring case. */
  #lookupPrefix(prefix: string, caseSensitive: boolean): PrefixEntry | undefined {
    const exact = this.#byPrefix.get(prefix)
    if (exact !== undefined || caseSensitive) return exact
    return this.#ordersOf().byFoldedPrefix.get(fold(prefix))
  }

  /** The type IRIs of the index that `type` (a prefixed name or an IRI) names; `[]` for none. */
  #resolveType(type: string, caseSensitive: boolean): readonly string[] {
    if (typeof type !== 'string') throw new TypeError('autocomplete: type must be a string')
    let iri = type
    if (!looksLikeIri(type)) {
      const colon = type.indexOf(':')
      const entry = colon < 0 ? undefined : this.#lookupPrefix(type.slice(0, colon), caseSensitive)
      const local = entry === undefined ? undefined : readLocalName(type.slice(colon + 1))
      if (entry !== undefined && local !== undefined) iri = entry.namespace + local
    }
    return this.#terms.knownTypes(iri, caseSensitive)
  }
}

/** What completing terms through one prefix entry reads: see `Completion.#entryTermsOf`. */
interface EntryTerms {
  /** The entry whose prefix writes the names (the offered one). */
  readonly entry: PrefixEntry
  /** The namespace whose terms are offered: the entry's, or the one its namespace is a synonym of. */
  readonly base: string
  readonly nameAt: (rank: number) => string | null | undefined
}

/** Added to a retired prefix's cost (see #cost): more than any popularity, less than a demotion (1e6). */
const RETIRED_COST = 1e5
/** A curated prefix ranks as if this much more popular (see `Completion.#cost`). */
const CURATED_DISCOUNT = 0.1
/** A popular prefix typed in full ranks as if this much more popular (see `Completion.#completePrefix`). */
const EXACT_HEAD_START = 0.2
