// Term completion's answers made ahead, for every start of every local name of a namespace. Node.js only: a
// browser bundle maps this module to ready-answers.browser.ts (package.json "browser"), which makes none — the same
// answers, made per query, and the bundle within issue 28's 15 KB.

import { NameStarts } from '../structures/name-starts.js'
import type { TermIndex } from '../terms/term-index.js'
import type { TermRecord } from '../terms/term-record.js'
import { unescapePartial, type Completions, type ReadOptions } from './completion-query.js'
import { ReadyTable } from './ready-table.js'

/** The largest limit answered ready: each answer keeps its best READY_LIMIT names (an editor shows 10–20). */
export const READY_LIMIT = 20
/** Queries through one prefix with one set of options before its answers are made: a one-off query pays nothing. */
export const READY_HOT = 16
/**
 * Bytes the starts and tables kept may take, as estimated (see #hold), before all are forgotten and made again as asked:
 * schema.org's starts take ~1.3 MB, a table of them 0.2–1.5 MB; the 15,104 queries of bench/core.ts make 62 tables.
 */
const MAX_HELD = 32 << 20
/** What a start of NameStarts takes: its string (most are slices of a name), a place in its table, its end. */
const STARTS_BYTES = 56
/** A namespace of more terms is not made ahead (a user's table of a million terms under one namespace). */
const MAX_NAMES = 50_000

/**
 * One prefix with one set of options: how often it was asked, then its answer per start. A class, every field set from
 * the start, so that every slot has one shape and the lookup stays optimized (fields added later made V8 deoptimize it).
 */
class Slot {
  asked = 0
  starts: NameStarts | undefined = undefined
  table: ReadyTable | undefined = undefined
}

/** What the answers of one prefix are made with (see `EntryTerms` in completion.ts). */
export interface ReadyTerms {
  /** The prefix's entry: its namespace begins an answer's IRIs (option `expand`). */
  readonly entry: { readonly namespace: string }
  /** The namespace whose terms it completes. */
  readonly base: string
  /** The name of the term at a rank: null where no local name writes it, undefined where it is not in the namespace. */
  readonly nameAt: (rank: number) => string | null | undefined
}

/** What completion gives ReadyAnswers to make answers with (see `Completion`). */
export interface ReadyParts<T> {
  /** What completing terms through a prefix as typed reads; undefined for no prefix, null for one offering no terms. */
  readonly termsOf: (prefix: string, caseSensitive: boolean) => T | null | undefined
  /** The type IRIs a `type` option names. */
  readonly typesOf: (type: string, caseSensitive: boolean) => readonly string[]
  /** An answer made the usual way (with READY_LIMIT's limit): the table's of ''. */
  readonly make: (terms: T, partial: string, read: ReadOptions, types: readonly string[] | undefined) => Completions
}

/**
 * The answers of a prefix's term completions, by the local name typed, made ahead for every start of every local name
 * of its namespace once that prefix has been completed {@link READY_HOT} times with the same options (a table per prefix
 * and options, see ReadyTable; the starts of two first units are made together when one of them is first asked): such
 * a query then costs a lookup and a copy, whatever its letters — the answer of `schema:BodyMeasurementT` is not searched
 * for in a family of names sharing 15 letters. A start no name has (a typo, another case) is answered the usual way.
 * Each answer keeps its best {@link READY_LIMIT} names; most are narrowed from a shorter start's (schema.org, plain:
 * ~1,200 of its 26,036 starts are answered the usual way).
 */
export class ReadyAnswers<T extends ReadyTerms> {
  readonly #terms: TermIndex
  readonly #parts: ReadyParts<T>
  readonly #starts = new Map<string, NameStarts>()
  readonly #slots = new Map<T, Array<Map<string, Slot> | undefined>>()
  /** Bytes held by the starts and tables kept, as estimated. */
  #held = 0
  /**
   * The prefix and slot asked last, and what for: an editor asks through one prefix with the same options keystroke
   * after keystroke, so they are kept at hand.
   */
  readonly #last = new Last<T>()

  constructor(terms: TermIndex, parts: ReadyParts<T>) {
    this.#terms = terms
    this.#parts = parts
  }

  /**
   * The answer made ahead for a query, else undefined: for a prefixed name (not an IRI) whose prefix offers terms,
   * relevance order and a limit up to {@link READY_LIMIT}, once its prefix was asked {@link READY_HOT} times with those options, where its
   * local part starts a name.
   */
  complete(query: string, read: ReadOptions, type: string | undefined): Completions | undefined {
    const { caseSensitive, limit } = read
    const colon = query.indexOf(':')
    if (colon < 0 || read.alpha || limit > READY_LIMIT || query.startsWith('//', colon + 1)) return undefined
    const last = this.#last
    if (last.caseSensitive !== caseSensitive || colon !== last.prefix.length || !query.startsWith(last.prefix)) {
      const prefix = query.slice(0, colon)
      const terms = this.#parts.termsOf(prefix, caseSensitive)
      if (terms === undefined || terms === null) return undefined
      last.prefix = prefix
      last.caseSensitive = caseSensitive
      last.terms = terms
      last.options = -1
    }
    const options = +caseSensitive + 2 * +read.expand + (read.prefer === 'class' ? 4 : read.prefer === 'property' ? 8 : 0)
    if (last.options !== options || last.type !== type) {
      last.options = options
      last.type = type
      last.slot = this.#slotOf(last.terms!, options, type)
    }
    const slot = last.slot
    if (slot.table === undefined) {
      if (++slot.asked < READY_HOT) return undefined
      const terms = last.terms!
      const types = type === undefined ? undefined : this.#parts.typesOf(type, caseSensitive)
      const asked = { ...read, limit: READY_LIMIT }
      const starts = this.#startsOf(terms.base)
      slot.starts = starts
      slot.table = new ReadyTable({
        terms: this.#terms,
        head: terms.base,
        starts,
        read: asked,
        types,
        make: (start) => this.#parts.make(terms, start, asked, types),
        name: nameOf(terms, read.expand),
      })
      this.#hold(4 * starts.size) // a number per start
    }
    // No start has a backslash (see #startsOf): a local part is unescaped only when it is not found as typed.
    const local = query.slice(colon + 1)
    let id = slot.starts!.find(local)
    if (id < 0 && local.includes('\\')) id = slot.starts!.find(unescapePartial(local))
    if (id < 0) return undefined
    const table = slot.table
    const before = table.made
    const made = table.answer(id)
    // An answer made: an object, an array, its references.
    if (table.made > before) this.#hold(96 * (table.made - before))
    return { suggestions: made.suggestions.slice(0, limit), truncated: made.truncated || made.suggestions.length > limit }
  }

  /** The slot of one prefix and set of options (`options` as a number, `type` as asked), made when first asked. */
  #slotOf(terms: T, options: number, type: string | undefined): Slot {
    let classes = this.#slots.get(terms)
    if (classes === undefined) this.#slots.set(terms, (classes = []))
    const slots = (classes[options] ??= new Map())
    let slot = slots.get(type ?? '')
    if (slot === undefined) slots.set(type ?? '', (slot = new Slot()))
    return slot
  }

  /** The starts of the local names of the terms in `base` (exactly, not folded), made once per namespace. */
  #startsOf(base: string): NameStarts {
    let starts = this.#starts.get(base)
    if (starts !== undefined) return starts
    const names: string[] = []
    this.#terms.forEachStartingWith(base, '', { caseSensitive: true }, (record) => names.push(record.iri.slice(base.length)) <= MAX_NAMES)
    // Past MAX_NAMES, '' alone. A name with a backslash (no IRI has one) would be found by a local part still escaped.
    starts = new NameStarts(names.length <= MAX_NAMES ? names.filter((name) => !name.includes('\\')) : [])
    this.#hold(STARTS_BYTES * starts.size)
    this.#starts.set(base, starts)
    return starts
  }

  /** Counts `n` more bytes held; past {@link MAX_HELD}, forgets every table and list of starts first. */
  #hold(n: number): void {
    if (this.#held + n > MAX_HELD) {
      this.#starts.clear()
      this.#slots.clear()
      this.#last.caseSensitive = undefined // asked again
      this.#held = 0
    }
    this.#held += n
  }
}

/** See `ReadyAnswers.#last`: a prefix, what its terms are, and a slot of them with the options it was asked for. */
class Last<T> {
  prefix = ''
  /** undefined: nothing asked yet. */
  caseSensitive: boolean | undefined = undefined
  terms: T | undefined = undefined
  options = -1
  type: string | undefined = undefined
  slot = new Slot()
}

/** What Completion's answers say for a term through `terms` (its #completeTerms): its prefixed name, or its IRI. */
function nameOf(terms: ReadyTerms, expand: boolean): (record: TermRecord, rank: number) => string | undefined {
  return (record, rank) => {
    const written = terms.nameAt(rank)
    // undefined: the namespace differs in case (not a term of this prefix); null: no local name writes it.
    if (written === undefined || (written === null && !expand)) return undefined
    return expand ? terms.entry.namespace + record.iri.slice(terms.base.length) : written!
  }
}
