// IRIs sorted for prefix searches, case-folded or not: the workspace terms completion looks through.

import { fold } from '../names/fold.js'
import { prefixRange } from '../structures/sorted-range.js'

/** IRIs in code-point order, and the same by case-folded IRI, for the block that starts with a query. */
export class SortedIris {
  readonly #exact: string[]
  readonly #foldedKeys: string[]
  readonly #foldedIris: string[]

  constructor(iris: Iterable<string>) {
    this.#exact = [...iris].sort(compare)
    const pairs = this.#exact.map((iri) => [fold(iri), iri] as const).sort(byPair)
    this.#foldedKeys = pairs.map((pair) => pair[0])
    this.#foldedIris = pairs.map((pair) => pair[1])
  }

  /**
   * These IRIs and `added` (in any order; those already here are skipped), merged in rather than all sorted and
   * case-folded again: a language server's next snapshot of a workspace adds a few terms to a few thousand.
   */
  with(added: Iterable<string>): SortedIris {
    const fresh = [...new Set(added)].filter((iri) => !this.#has(iri)).sort(compare)
    if (fresh.length === 0) return this
    const pairs = fresh.map((iri) => [fold(iri), iri] as const).sort(byPair)
    const next = new SortedIris([])
    next.#exact.push(...merge(this.#exact, fresh, compare))
    for (const [key, iri] of merge(
      this.#foldedKeys.map((key, i) => [key, this.#foldedIris[i]!] as const),
      pairs,
      byPair,
    )) {
      next.#foldedKeys.push(key)
      next.#foldedIris.push(iri)
    }
    return next
  }

  #has(iri: string): boolean {
    const [from, to] = prefixRange(this.#exact, iri)
    return from < to && this.#exact[from] === iri
  }

  get all(): readonly string[] {
    return this.#exact
  }

  /** Calls `each` with every IRI that starts with `start` (case-folded unless `caseSensitive`), until it returns false. */
  forEachStartingWith(start: string, caseSensitive: boolean, each: (iri: string) => boolean | void): void {
    const keys = caseSensitive ? this.#exact : this.#foldedKeys
    const iris = caseSensitive ? this.#exact : this.#foldedIris
    const [from, to] = prefixRange(keys, caseSensitive ? start : fold(start))
    for (let i = from; i < to; i++) if (each(iris[i]!) === false) return
  }
}

export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

const byPair = (a: readonly [string, string], b: readonly [string, string]): number => compare(a[0], b[0]) || compare(a[1], b[1])

/** Two sorted lists as one sorted list. */
function merge<T>(a: readonly T[], b: readonly T[], order: (x: T, y: T) => number): T[] {
  const out: T[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) out.push(order(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!)
  while (i < a.length) out.push(a[i++]!)
  while (j < b.length) out.push(b[j++]!)
  return out
}
