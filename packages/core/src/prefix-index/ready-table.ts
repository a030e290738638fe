// One prefix's term answers for one set of options, for every start of its namespace's local names (see ready-answers.ts),
// made two first units at a time: the usual way where a start matches more terms than an answer holds, else narrowed down
// from the answer of a shorter start, which lists every term the longer one can match, in the order it wants.

import { fold } from '../names/fold.js'
import type { NameStarts } from '../structures/name-starts.js'
import type { TermIndex } from '../terms/term-index.js'
import { caseBit, type TermRecord } from '../terms/term-record.js'
import { tiersFor, type Completions, type ReadOptions } from './completion-query.js'

/** What a table is made for, and how an answer is made the usual way. */
export interface TableRequest {
  readonly terms: TermIndex
  /** The namespace whose terms are completed. */
  readonly head: string
  readonly starts: NameStarts
  /** The options, with the largest limit a table answers. */
  readonly read: ReadOptions
  readonly types: readonly string[] | undefined
  readonly make: (start: string) => Completions
}

/** An answer that lists every term its start matches, in order, each with its key and its name (`made.suggestions`). */
interface Listed {
  readonly records: readonly TermRecord[]
  /** What the search compares: each term's IRI, case-folded unless the options are case-sensitive. */
  readonly keys: readonly string[]
  readonly made: Completions
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
      } else {
        const made = this.#request.make(start)
        of[i] = answers.push(made) - 1
        // '' answers the prefix itself first; a cut answer does not list every match.
        if (start !== '' && !made.truncated) listed = listOf(this.#request, start, made)
      }
      if (listed?.records.length === 0) {
        of.fill(0, i + 1, end) // nothing below matches either
        i = end - 1
      } else if (listed?.records.length === 1 && this.#request.types === undefined) {
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

/** The terms `start` matches in the order the usual answer `made` gives them, when each has a name there; else undefined. */
function listOf({ terms, head, read, types }: TableRequest, start: string, made: Completions): Listed | undefined {
  const records: TermRecord[] = []
  const tiers = types === undefined ? tiersFor(read.prefer, caseBit(start.charAt(0))) : undefined
  const query = { caseSensitive: read.caseSensitive, wanted: read.limit + 1, ...(types !== undefined && { types }), ...(tiers !== undefined && { tiers }) }
  terms.forEachByRelevance(head, start, query, (record) => records.push(record) <= read.limit)
  // A match no name writes (or in the namespace but for case) is left out of the answer: names no longer follow matches.
  if (records.length !== made.suggestions.length) return undefined
  return { records, keys: records.map(({ iri }) => (read.caseSensitive ? iri : fold(iri))), made }
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
  }
}

const NONE: Completions = { suggestions: [], truncated: false }
/** The units of a start whose longer starts are made together (see ReadyTable.answer). */
const FAMILY = 2
