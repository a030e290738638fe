// Whether the names a document writes are terms of their vocabularies, with a did-you-mean for those that
// are not: remembered across passes and documents, as a document repeats its names.

import { writeLocalName } from '../names/pn-local.js'
import type { PrefixIndex } from '../prefix-index/prefix-index.js'
import { vocabularyNamespace } from './vocabulary-namespace.js'

/** A prefixed name as written: `foaf:nmae` is prefix `foaf`, local `nmae` (escapes kept). */
export interface WrittenName {
  readonly prefix: string
  /** The local part as written (escapes kept). */
  readonly local: string
  /** `prefix:local` as written. */
  readonly written: string
}

/**
 * A name's check: `undefined` when it is fine (or its namespace has no terms to check against), {@link DEPRECATED}
 * for a deprecated term, else an unknown one's did-you-mean (`null`: no guess).
 */
export type TermCheck = string | null | undefined | typeof DEPRECATED

/** The check of a term its vocabulary marks deprecated (or superseded). */
export const DEPRECATED: unique symbol = Symbol('deprecated')

/** The successors a vocabulary names for a deprecated term (`schema:supersededBy`, `dcterms:isReplacedBy`): the knowledge tier's `replacedBy`. */
export type ReplacedBy = (iri: string) => readonly string[] | undefined

/** A deprecated term's successor: its IRI, and the name for it written with the same prefix when it lies in the same vocabulary. */
export interface Successor {
  readonly iri: string
  readonly name?: string
}

/** Names whose check is remembered at most (then the memory starts afresh). */
const MAX_CHECKED_NAMES = 100_000

/** A local name as written, its escapes (`\.`, `\/`) read: the IRI's part it stands for. */
export function unescapeLocal(local: string): string {
  return local.replace(/\\(.)/gsu, '$1')
}

/**
 * Whether names are terms of their vocabularies, remembered across passes and documents: a document
 * repeats its names, and an edit leaves most of them be.
 */
export class TermChecks {
  /** Namespace → name as written → the check's result. */
  readonly #names = new Map<string, Map<string, TermCheck>>()
  #size = 0
  /**
   * Namespace → the namespace whose terms the index holds for it and the table's prefix for that, else `null`
   * (no terms to check against): worked out once a namespace, not once a name (a first pass checks thousands).
   */
  readonly #vocabularies = new Map<string, { readonly namespace: string; readonly tablePrefix: string } | null>()

  /** `replacedBy`: a deprecated term's successors, when known (the language server passes the knowledge tier's, once read). */
  constructor(
    readonly index: PrefixIndex,
    readonly replacedBy?: ReplacedBy,
  ) {}

  /**
   * The successor of a term whose check gave {@link DEPRECATED}, when `replacedBy` knows one: written with the name's
   * prefix when it lies in the same vocabulary (`schema:Code` → `schema:SoftwareSourceCode`). Not remembered: the
   * knowledge may come in after the first pass.
   */
  successorOf(namespace: string, name: WrittenName): Successor | undefined {
    const iri = this.replacedBy?.(this.iriOf(namespace, name))?.[0]
    if (iri === undefined) return undefined
    const vocabulary = this.#vocabularies.get(namespace)?.namespace ?? namespace
    const local = iri.startsWith(vocabulary) ? writeLocalName(iri.slice(vocabulary.length)) : undefined
    return { iri, ...(local !== undefined && { name: `${name.prefix}:${local}` }) }
  }

  /**
   * For a name whose namespace holds vocabulary terms but not this one: the term meant (`null` when
   * there is no guess); {@link DEPRECATED} for a deprecated term; `undefined` when the name is fine or its
   * namespace has no terms to check against.
   */
  check(namespace: string, name: WrittenName): TermCheck {
    let vocabulary = this.#vocabularies.get(namespace)
    if (vocabulary === undefined) this.#vocabularies.set(namespace, (vocabulary = this.#vocabularyOf(namespace)))
    if (vocabulary === null) return undefined
    let names = this.#names.get(namespace)
    if (names === undefined) this.#names.set(namespace, (names = new Map()))
    if (names.has(name.written)) return names.get(name.written)
    if (++this.#size > MAX_CHECKED_NAMES) {
      this.#names.clear()
      this.#size = 1
      this.#names.set(namespace, (names = new Map()))
    }
    const result = this.#check(vocabulary.namespace, vocabulary.tablePrefix, name)
    names.set(name.written, result)
    return result
  }

  /** The namespace whose terms the index holds for `namespace` (itself or the one it is a synonym of) and the table's prefix for exactly that, if it holds terms in it. */
  #vocabularyOf(declared: string): { readonly namespace: string; readonly tablePrefix: string } | null {
    const namespace = vocabularyNamespace(this.index, declared)
    const name = this.index.shrink(namespace, { synonyms: false })
    if (name === undefined || !name.endsWith(':')) return null
    return (this.index.autocomplete(name, { limit: 2 }) ?? []).length < 2 ? null : { namespace, tablePrefix: name }
  }

  /** The IRI of the term whose check gave {@link DEPRECATED}: its vocabulary's (the namespace a synonym stands for). */
  iriOf(namespace: string, name: WrittenName): string {
    const vocabulary = this.#vocabularies.get(namespace)
    return (vocabulary ? vocabulary.namespace : namespace) + unescapeLocal(name.local)
  }

  #check(namespace: string, tablePrefix: string, name: WrittenName): TermCheck {
    const local = unescapeLocal(name.local)
    if (local === '') return undefined
    const term = this.index.term(namespace + local)
    if (term !== undefined) return term.deprecated ? DEPRECATED : undefined
    // The same name but for case (foaf:person → foaf:Person), else one a letter or two off among those sharing its start.
    const lower = local.toLowerCase()
    const sameStart = this.index.autocomplete(tablePrefix + local.slice(0, 1), { expand: true, limit: 2000 }) ?? []
    let best: string | undefined
    let bestDistance = Math.max(2, Math.floor(local.length / 4)) + 1
    for (const iri of sameStart) {
      if (!iri.startsWith(namespace)) continue
      const candidate = iri.slice(namespace.length)
      const distance = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase(), bestDistance)
      if (distance < bestDistance) {
        best = candidate
        bestDistance = distance
      }
    }
    const written = best === undefined ? undefined : writeLocalName(best)
    return written === undefined ? null : `${name.prefix}:${written}`
  }
}

/**
 * Edit distance with a swap of two neighbouring letters counted as one edit (optimal string alignment), or `limit`
 * once it is sure to reach it: `weigth` is one edit from `weight`, two from `width`, as a reader would rank them.
 */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1)
      current.push(value)
      rowMin = Math.min(rowMin, value)
    }
    // A row's least is at most one below the row before it, so a swap from two rows back cannot come in under `limit` either.
    if (rowMin >= limit) return limit
    before = previous
    previous = current
  }
  return Math.min(previous[b.length]!, limit)
}
