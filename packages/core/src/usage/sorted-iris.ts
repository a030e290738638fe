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
    const pairs = this.#exact.map((iri) => [fold(iri), iri] as const).sort((a, b) => compare(a[0], b[0]) || compare(a[1], b[1]))
    this.#foldedKeys = pairs.map((pair) => pair[0])
    this.#foldedIris = pairs.map((pair) => pair[1])
  }

  get all(): readonly string[] {
    return this.#exact
  }

  /** Calls `each` with every IRI that starts with `start` (case-folded unless `caseSensitive`), until it returns false. */
  forEachStartingWith(start: string, caseSensitive: boolean, each: (iri: string) => boolean | void): void {
    const [keys, iris, query] = caseSensitive ? [this.#exact, this.#exact, start] : [this.#foldedKeys, this.#foldedIris, fold(start)]
    const [from, to] = prefixRange(keys, query)
    for (let i = from; i < to; i++) if (each(iris[i]!) === false) return
  }
}

export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
