// UsageSet: usages by key (a workspace's files), their sum kept current as one is read again or goes.

import { UsageCounts, type Definition } from './usage-counts.js'
import { Usage } from './usage.js'

/** The count maps of a {@link UsageCounts}: flat (term → n) and nested (context → term → n). */
const FLAT = ['classes', 'properties'] as const
const NESTED = ['classProperties', 'follows', 'prefixes'] as const
const INT32_MAX = 2 ** 31 - 1
const NO_DEFINITIONS: ReadonlyMap<string, Definition> = new Map()

/**
 * One usage as the set keeps it: its counts as rows of numbers over the set's own numbering of IRIs — (term, n)
 * for the flat maps, (context, term, n) for the nested ones, `ends[i]` where map i's rows end — in memory the
 * collector does not walk; its definitions (few, and only in the files that define terms) as they came.
 */
interface Part {
  readonly files: readonly string[]
  readonly triples: number
  /** 32-bit where every count fits (a file's always do), else 64-bit floats: a usage of a whole dump may count billions. */
  readonly rows: Int32Array | Float64Array
  readonly ends: readonly number[]
  readonly definitions: ReadonlyMap<string, Definition>
}

/**
 * Usages by key — one per file of a workspace, say — and their sum, kept current as each is set again or
 * deleted: the sum changes by that file's counts alone, not by merging them all again. `usage` is the sum
 * as a {@link Usage}, made afresh after a change (its sorted terms and totals are made when first read).
 *
 * Each usage's counts are kept compact (see {@link Part}), not as the maps it came with: a language server
 * holds one per file (2,037 for 100 MB of LV2 Turtle), and as maps of strings they were 23 MB of small objects
 * that every major collection of its heap walked while completions waited.
 */
export class UsageSet {
  readonly #parts = new Map<string, Part>()
  readonly #sum = new UsageCounts()
  /** The IRIs (and prefixes) the parts' rows number: distinct terms, never statements. */
  readonly #ids = new Map<string, number>()
  readonly #iris: string[] = []
  #usage: Usage | undefined

  get size(): number {
    return this.#parts.size
  }

  keys(): IterableIterator<string> {
    return this.#parts.keys()
  }

  /** The sum of every usage set: what changed since the last one read shows in this one. */
  get usage(): Usage {
    return (this.#usage ??= new Usage(this.#sum))
  }

  set(key: string, usage: Usage): void {
    this.delete(key)
    const counts = Usage.countsOf(usage)
    this.#parts.set(key, this.#compact(counts))
    this.#sum.add(counts)
    this.#usage = undefined
  }

  delete(key: string): boolean {
    const part = this.#parts.get(key)
    if (part === undefined) return false
    this.#parts.delete(key)
    this.#sum.subtract(this.#expand(part))
    // A term it defined is defined again by what the others say of it, if anything.
    for (const iri of part.definitions.keys()) {
      this.#sum.definitions.delete(iri)
      for (const other of this.#parts.values()) {
        const definition = other.definitions.get(iri)
        if (definition !== undefined)
          this.#sum.addDefinition(
            iri,
            definition,
            other.files.map((file) => this.#sum.fileIndex(file)),
          )
      }
    }
    this.#usage = undefined
    return true
  }

  #id(iri: string): number {
    let id = this.#ids.get(iri)
    if (id === undefined) this.#ids.set(iri, (id = this.#iris.push(iri) - 1))
    return id
  }

  #compact(counts: UsageCounts): Part {
    const rows: number[] = []
    const ends: number[] = []
    for (const field of FLAT) {
      for (const [iri, n] of counts[field]) rows.push(this.#id(iri), n)
      ends.push(rows.length)
    }
    for (const field of NESTED) {
      for (const [outer, inner] of counts[field]) {
        const id = this.#id(outer)
        for (const [iri, n] of inner) rows.push(id, this.#id(iri), n)
      }
      ends.push(rows.length)
    }
    const definitions = counts.definitions.size === 0 ? NO_DEFINITIONS : counts.definitions
    return {
      files: counts.files,
      triples: counts.triples,
      rows: rows.every((n) => n <= INT32_MAX) ? Int32Array.from(rows) : Float64Array.from(rows),
      ends,
      definitions,
    }
  }

  /** A part's counts as maps again (its definitions left out: {@link UsageSet.delete} handles them). */
  #expand(part: Part): UsageCounts {
    const counts = new UsageCounts()
    counts.triples = part.triples
    const { rows, ends } = part
    const iris = this.#iris
    let i = 0
    for (const [k, field] of FLAT.entries()) for (; i < ends[k]!; i += 2) counts[field].set(iris[rows[i]!]!, rows[i + 1]!)
    for (const [k, field] of NESTED.entries()) {
      const into = counts[field]
      for (; i < ends[FLAT.length + k]!; i += 3) {
        const outer = iris[rows[i]!]!
        let inner = into.get(outer)
        if (inner === undefined) into.set(outer, (inner = new Map()))
        inner.set(iris[rows[i + 1]!]!, rows[i + 2]!)
      }
    }
    return counts
  }
}
