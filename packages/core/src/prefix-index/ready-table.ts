// One prefix's term answers for one set of options, for every start of its namespace's local names (see ready-answers.ts),
// made two first units at a time: the usual way where a start matches more terms than an answer holds, else narrowed down
// from the answer of a shorter start, which lists every term the longer one can match, in the order it wants.

import { fold } from '../names/fold.js'
import type { NameStarts } from '../structures/name-starts.js'
import type { TermIndex } from '../terms/term-index.js'
import { caseBit, type TermRecord } from '../terms/term-record.js'
import { tiersFor, type Completions, type ReadOptions } from './completion-query.js'

/** What a table is made for, and how its answers are written. */
export interface TableRequest {
  readonly terms: TermIndex
  /** The namespace whose terms are completed. */
  readonly head: string
  readonly starts: NameStarts
  /** The options, with the largest limit a table answers. */
  readonly read: ReadOptions
  readonly types: readonly string[] | undefined
  /** The answer of '' the usual way (the prefix itself first). */
  readonly make: (start: string) => Completions
  /** What an answer says for a term, as Completion writes it; undefined where it leaves the term out. */
  readonly name: (record: TermRecord, rank: number) => string | undefined
}

/** An answer that lists every term its start matches and names, in order, each with its key and name (`made.suggestions`). */
interface Listed {
  readonly records: readonly TermRecord[]
  /** What the search compares: each term's IRI, case-folded unless the options are case-sensitive. */
  readonly keys: readonly string[]
  readonly made: Completions
  /** Whether every term the start matches has a name (none is left out). */
  readonly named: boolean
}

/**
 * The answers of the starts of `request.starts`, each made with the starts of its first two units when first asked. Where
 * a shorter start's answer lists every term it matches (at most the limit, each written with a name), a longer start's
 * answer is that list narrowed to the terms it matches, in the same order but for the term equal to it in its very case,
 * which goes first — the order a query's tiers or type and the ranking give a range is the same for any part of it.
 * Where nothing below a start matches, nothing more is made.
 */
export class ReadyTable {
  readonly #request: TableRequest
  /** Where a term's key (see Listed) reaches past the namespace. */
  readonly #at: number
  readonly #answers = [NONE]
  /** Per start, its answer in #answers (starts share answers); -1 while not made. */
  readonly #of: Int32Array

  constructor(request: TableRequest) {
    this.#request = request
    this.#at = request.read.caseSensitive ? request.head.length : fold(request.head).length
    this.#of = new Int32Array(request.starts.size).fill(-1)
  }

  /** How many answers are made (they share none of their arrays). */
  get made(): number {
    return this.#answers.length
  }

  /**
   * The answer of start `i`, made when first asked: a start of one or no unit alone; a longer one with every start of its
   * first two units — what one name's keystrokes ask, ~1/400 of schema.org's starts each.
   */
  answer(i: number): Completions {
    if (this.#of[i]! < 0) {
      const { starts } = this.#request
      const start = starts.at(i)
      const first = start.length <= FAMILY ? i : starts.find(start.slice(0, FAMILY))
      this.#make(first, start.length < FAMILY ? first + 1 : starts.end(first))
    }
    return this.#answers[this.#of[i]!]!
  }

  /** Makes the answers of the starts `[from, to)`: a start and all its longer starts, or a start alone. */
  #make(from: number, to: number): void {
    const { starts, head, read } = this.#request
    const answers = this.#answers
    const of = this.#of
    // The starts the current one is longer than, innermost last: where each one's longer starts end, its list, its answer.
    const ends: number[] = []
    const lists: Array<Listed | undefined> = []
    const above: number[] = []
    for (let i = from; i < to; i++) {
      while (ends.length > 0 && ends.at(-1)! <= i) {
        ends.pop()
        lists.pop()
        above.pop()
      }
      const start = starts.at(i)
      const end = starts.end(i)
      const shorter = lists.at(-1)
      let listed: Listed | undefined
      if (shorter !== undefined) {
        listed = narrowed(shorter, head, start, read.caseSensitive ? start : fold(start), this.#at)
        of[i] = listed === shorter ? above.at(-1)! : listed.records.length === 0 ? 0 : answers.push(listed.made) - 1
      } else if (start === '') {
        of[i] = answers.push(this.#request.make(start)) - 1
      } else {
        const made = answerOf(this.#request, start)
        of[i] = answers.push(made.made) - 1
        listed = made.truncated ? undefined : made
      }
      if (listed?.records.length === 0) {
        of.fill(0, i + 1, end) // nothing below is named either
        i = end - 1
      } else if (listed?.records.length === 1 && listed.named && this.#request.types === undefined) {
        // With no type to leave names out, every longer start is one of the name it matches: the same answer.
        of.fill(of[i]!, i + 1, end)
        i = end - 1
      } else {
        ends.push(end)
        lists.push(listed)
        above.push(of[i]!)
      }
    }
  }
}

/**
 * The answer of `start` (not ''), as Completion makes it — the terms it matches best first (`forEachByRelevance` with the
 * tiers its first letter asks for, or the type), each as `name` writes it, at most the limit — and those terms.
 */
function answerOf({ terms, head, read, types, name }: TableRequest, start: string): Listed & { readonly truncated: boolean } {
  const records: TermRecord[] = []
  const suggestions: string[] = []
  let matched = 0
  let truncated = false
  const tiers = types === undefined ? tiersFor(read.prefer, caseBit(start.charAt(0))) : undefined
  const query = { caseSensitive: read.caseSensitive, wanted: read.limit + 1, ...(types !== undefined && { types }), ...(tiers !== undefined && { tiers }) }
  terms.forEachByRelevance(head, start, query, (record, rank) => {
    matched++
    const written = name(record, rank)
    if (written === undefined) return true
    if (suggestions.length === read.limit) {
      truncated = true
      return false
    }
    records.push(record)
    suggestions.push(written)
    return true
  })
  const keys = records.map(({ iri }) => (read.caseSensitive ? iri : fold(iri)))
  return { records, keys, made: { suggestions, truncated }, named: matched === records.length, truncated }
}

/**
 * `above`'s list narrowed to the terms that `start` (longer) matches — `key` as the search compares it, from unit `at` of
 * theirs — the one equal to `head + start` in its very case first; `above` itself when that is the same list.
 */
function narrowed(above: Listed, head: string, start: string, key: string, at: number): Listed {
  const { records, keys } = above
  let count = 0
  let exact = -1
  for (let k = 0; k < records.length; k++) {
    if (!keys[k]!.startsWith(key, at)) continue
    count++
    const iri = records[k]!.iri
    if (iri.length === head.length + start.length && iri.endsWith(start) && iri.startsWith(head)) exact = k
  }
  // Most often (a start matching one term, and every longer start of its name) the same list.
  if (count === records.length && exact <= 0) return above
  const kept = exact < 0 ? [] : [exact]
  for (let k = 0; k < records.length; k++) if (k !== exact && keys[k]!.startsWith(key, at)) kept.push(k)
  return {
    records: kept.map((k) => records[k]!),
    keys: kept.map((k) => keys[k]!),
    made: { suggestions: kept.map((k) => above.made.suggestions[k]!), truncated: false },
    named: above.named,
  }
}

const NONE: Completions = { suggestions: [], truncated: false }
/** The units of a start whose longer starts are made together (see ReadyTable.answer). */
const FAMILY = 2
