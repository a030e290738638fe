// What a completion is asked (its options, read and checked) and the answer it collects.

import { IS_CLASS, IS_LIVE, IS_LOWER, IS_PROPERTY, IS_UPPER, type TermKind } from '../terms/term-record.js'

export interface AutocompleteOptions {
  /** Default `false`: the prefix part, the term part and the type are compared case-folded. */
  readonly caseSensitive?: boolean
  /** Keep only terms of this `rdf:type` (prefixed name or IRI), subclasses included. */
  readonly type?: string
  /** Default `false`: return full IRIs instead of prefixed names. */
  readonly expand?: boolean
  /** Default unlimited: the most results to return. */
  readonly limit?: number
  /**
   * Default `'relevance'`: an exact match first, then by how likely a person wants each (see
   * {@link PrefixIndex.complete}). `'alpha'`: case-folded code-point order, as before ranking.
   */
  readonly sort?: 'relevance' | 'alpha'
  /** What the position in the document asks for: terms of this kind first (a predicate wants a property). */
  readonly prefer?: TermKind
}

/** An answer of {@link PrefixIndex.complete}. */
export interface Completions {
  readonly suggestions: string[]
  /** Whether more matched than the limit let through. */
  readonly truncated: boolean
}

/** The options of {@link Completion.complete} as read by {@link readOptions}. */
export interface ReadOptions {
  readonly caseSensitive: boolean
  readonly expand: boolean
  readonly limit: number
  readonly alpha: boolean
  readonly prefer: TermKind | undefined
}

/** The options of {@link Completion.complete} with their defaults; a `TypeError` for a value out of range. */
export function readOptions(options: AutocompleteOptions): ReadOptions {
  const limit = options.limit ?? Infinity
  if (!(limit === Infinity || (Number.isInteger(limit) && limit >= 0))) throw new TypeError('autocomplete: limit must be a whole number ≥ 0')
  const sort = options.sort ?? 'relevance'
  if (sort !== 'relevance' && sort !== 'alpha') throw new TypeError("autocomplete: sort must be 'relevance' or 'alpha'")
  const prefer = options.prefer
  if (prefer !== undefined && prefer !== 'class' && prefer !== 'property') throw new TypeError("autocomplete: prefer must be 'class' or 'property'")
  return { caseSensitive: options.caseSensitive ?? false, expand: options.expand ?? false, limit, alpha: sort === 'alpha', prefer }
}

/** Suggestions collected up to a limit; one more offered past it marks the answer as cut. */
export class Answer {
  readonly suggestions: string[] = []
  truncated = false

  constructor(readonly limit: number) {}

  /** Adds `value` if there is room; false (and marks the answer cut) once there is none. */
  add(value: string): boolean {
    if (this.suggestions.length >= this.limit) {
      this.truncated = true
      return false
    }
    this.suggestions.push(value)
    return true
  }

  done(): Completions {
    return { suggestions: this.suggestions, truncated: this.truncated }
  }
}

/**
 * The tiers of a term query (see `TermIndex.forEachByRelevance`). A position that asks for a kind: that
 * kind first, in the case typed before the other. Else the case typed: an upper-case letter asks for a
 * class (the naming convention of RDFS, OWL and schema.org), then any name in upper case (an individual
 * such as `sh:Literal`); a lower-case one for a name in lower case, a property or a datatype (`rdf:langString`).
 * Each tier holds live terms only, and every live term comes before the deprecated ones (`schema:Cod` gives the
 * individual `schema:COD` and the properties before the deprecated class `schema:Code`); without tiers the
 * ranking itself puts them last.
 */
export function tiersFor(prefer: TermKind | undefined, letter: number): readonly number[] | undefined {
  const kind = prefer === 'class' ? IS_CLASS : prefer === 'property' ? IS_PROPERTY : 0
  if (kind !== 0) return letter === 0 ? [kind | IS_LIVE, IS_LIVE] : [kind | letter | IS_LIVE, kind | IS_LIVE, IS_LIVE]
  return letter === IS_UPPER ? UPPER_TIERS : letter === IS_LOWER ? LOWER_TIERS : undefined
}

const UPPER_TIERS = [IS_CLASS | IS_UPPER | IS_LIVE, IS_UPPER | IS_LIVE, IS_LIVE]
const LOWER_TIERS = [IS_LOWER | IS_LIVE, IS_LIVE]

/** Removes backslash escapes from a partial local name, leniently (it may end in the middle of one). */
export function unescapePartial(partial: string): string {
  return partial.includes('\\') ? partial.replace(/\\(.?)/gs, '$1') : partial
}
