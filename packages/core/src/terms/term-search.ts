// Finds terms by local name or label ("person" → foaf:Person, schema:Person …) through sorted keys.

import { fold } from '../names/fold.js'
import { prefixRange } from '../structures/sorted-range.js'
import { localNameLength } from './term-record.js'

/** How well a key matched, lower is better (plain numbers: a TypeScript enum is an object in the browser bundle). */
const NAME_EXACT = 0
const LABEL_EXACT = 1
const NAME_PREFIX = 2
const LABEL_PREFIX = 3
const WORD_PREFIX = 4

/** Which part of a term a key was taken from: its local name, its label, a later word of its label. */
const NAME = 0
const LABEL = 1
const WORD = 2

/** Candidates examined per query at most: a one-letter query over a million terms stays bounded. */
export const MAX_SEARCH_CANDIDATES = 20_000

export interface SearchableTerm {
  readonly iri: string
  readonly label?: string
}

/**
 * Every term's local name, label and later label words, case-folded, in one sorted array. A query
 * takes the block of keys that start with it (two binary searches), scores each candidate by which
 * field matched and how, and keeps the best `limit` (exact before prefix, name before label, then
 * `rankBias` — e.g. curated vocabularies first — then shorter names, then alphabetical).
 */
export class TermSearch<T extends SearchableTerm> {
  readonly #keys: string[]
  readonly #owners: Int32Array
  readonly #fields: Uint8Array
  readonly #terms: readonly T[]

  constructor(terms: readonly T[]) {
    this.#terms = terms
    const entries: Array<{ key: string; owner: number; field: number }> = []
    terms.forEach((term, owner) => {
      const name = fold(localName(term.iri))
      if (name !== '') entries.push({ key: name, owner, field: NAME })
      const label = term.label === undefined ? undefined : fold(term.label).trim()
      if (label === undefined || label === '' || label === name) return
      entries.push({ key: label, owner, field: LABEL })
      // Later words of a label ("date of birth" → "of birth", "birth") so that "birth" finds it.
      for (const match of label.matchAll(/[\s\-_/(]+/g)) {
        const rest = label.slice(match.index + match[0].length)
        if (rest !== '') entries.push({ key: rest, owner, field: WORD })
      }
    })
    entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.owner - b.owner))
    this.#keys = entries.map((e) => e.key)
    this.#owners = Int32Array.from(entries, (e) => e.owner)
    this.#fields = Uint8Array.from(entries, (e) => e.field)
  }

  /**
   * The best `limit` terms for `query` (case-insensitive). `rankBias(term, position)` (its position
   * in the list given to the constructor) breaks ties between equally good matches: lower first.
   */
  search(query: string, limit: number, rankBias: (term: T, position: number) => number): T[] {
    const q = fold(query.trim())
    if (q === '' || limit <= 0) return []
    const [start, rangeEnd] = prefixRange(this.#keys, q)
    const end = Math.min(rangeEnd, start + MAX_SEARCH_CANDIDATES)
    const best = new Map<number, number>()
    for (let i = start; i < end; i++) {
      const exact = this.#keys[i]!.length === q.length
      const field = this.#fields[i]!
      const match = field === NAME ? (exact ? NAME_EXACT : NAME_PREFIX) : field === LABEL ? (exact ? LABEL_EXACT : LABEL_PREFIX) : WORD_PREFIX
      const owner = this.#owners[i]!
      const seen = best.get(owner)
      if (seen === undefined || match < seen) best.set(owner, match)
    }
    const scored = Array.from(best, ([owner, match]) => {
      const term = this.#terms[owner]!
      return { term, match, bias: rankBias(term, owner), name: localName(term.iri) }
    })
    scored.sort(
      (a, b) => a.match - b.match || a.bias - b.bias || a.name.length - b.name.length || (a.term.iri < b.term.iri ? -1 : a.term.iri > b.term.iri ? 1 : 0),
    )
    return scored.slice(0, limit).map((s) => s.term)
  }
}

/** The part of an IRI after its last `#`, `/` or `:`: what people call a term by. */
export function localName(iri: string): string {
  return iri.slice(iri.length - localNameLength(iri))
}
