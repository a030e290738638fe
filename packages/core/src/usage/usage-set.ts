// UsageSet: usages by key (a workspace's files), their sum kept current as one is read again or goes.

import { UsageCounts } from './usage-counts.js'
import { Usage } from './usage.js'

/**
 * Usages by key — one per file of a workspace, say — and their sum, kept current as each is set again or
 * deleted: the sum changes by that file's counts alone, not by merging them all again. `usage` is the sum
 * as a {@link Usage}, made afresh after a change (its sorted terms and totals are made when first read).
 */
export class UsageSet {
  readonly #parts = new Map<string, UsageCounts>()
  readonly #sum = new UsageCounts()
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
    this.#parts.set(key, counts)
    this.#sum.add(counts)
    this.#usage = undefined
  }

  delete(key: string): boolean {
    const counts = this.#parts.get(key)
    if (counts === undefined) return false
    this.#parts.delete(key)
    this.#sum.subtract(counts)
    // A term it defined is defined again by what the others say of it, if anything.
    for (const iri of counts.definitions.keys()) {
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
}
