// UsageSet: usages by key (a workspace's files), their sum kept current as one is read again or goes.

import { UsageCounts, type Definition } from './usage-counts.js'
import { FLAT, forEachRow, usageRows, type UsageRows } from './usage-rows.js'
import { Usage } from './usage.js'
import { CLASS, PROPERTY } from './usage-vocab.js'

/**
 * One usage as the set keeps it: its rows ({@link UsageRows}) over the set's own numbering of IRIs, in memory the
 * collector does not walk; its definitions (few, and only in the files that define terms) as they came.
 */
interface Part {
  readonly files: readonly string[]
  readonly triples: number
  readonly rows: Int32Array | Float64Array
  readonly ends: readonly number[]
  readonly definitions: ReadonlyMap<string, Definition>
}

const NO_DEFINITIONS: ReadonlyMap<string, Definition> = new Map()

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
  /**
   * The last snapshot made, and what changed since: classes or properties gone (or a definition, which may take a
   * kind away), its definitions, and the classes and properties that may be new (some may be there already).
   */
  #last: Usage | undefined
  #changed = { removed: false, definitions: false }
  #added = { classes: new Set<string>(), properties: new Set<string>() }

  get size(): number {
    return this.#parts.size
  }

  keys(): IterableIterator<string> {
    return this.#parts.keys()
  }

  /** The sum of every usage set: what changed since the last one read shows in this one. */
  get usage(): Usage {
    if (this.#usage !== undefined) return this.#usage
    const next = new Usage(this.#sum)
    // What the last snapshot made of the same terms or definitions is taken over (new terms merged in), not made again.
    if (this.#last !== undefined && !this.#changed.removed) Usage.carrySortedTerms(next, this.#last, this.#added)
    if (this.#last !== undefined && !this.#changed.definitions) next.definitionsKey = this.#last.definitionsKey
    this.#changed = { removed: false, definitions: false }
    this.#added = { classes: new Set(), properties: new Set() }
    return (this.#usage = this.#last = next)
  }

  set(key: string, usage: Usage): void {
    this.setRows(key, usageRows(usage))
  }

  /**
   * Sets a usage given as rows (from a reading thread, say): its rows are numbered again in place, as the set
   * numbers IRIs, and kept — the caller gives them up.
   */
  setRows(key: string, usage: UsageRows): void {
    this.delete(key)
    const ids = usage.iris.map((iri) => this.#id(iri))
    const { rows, ends } = usage
    const flatEnd = ends[FLAT.length - 1]!
    for (let i = 0; i < flatEnd; i += 2) rows[i] = ids[rows[i]!]!
    for (let i = flatEnd; i < rows.length; i += 3) {
      rows[i] = ids[rows[i]!]!
      rows[i + 1] = ids[rows[i + 1]!]!
    }
    const definitions = usage.definitions.length === 0 ? NO_DEFINITIONS : new Map(usage.definitions)
    const part: Part = { files: usage.files, triples: usage.triples, rows, ends, definitions }
    this.#parts.set(key, part)
    this.#add(part)
    this.#usage = undefined
  }

  delete(key: string): boolean {
    const part = this.#parts.get(key)
    if (part === undefined) return false
    this.#parts.delete(key)
    this.#subtract(part)
    if (part.definitions.size > 0) this.#changed = { removed: true, definitions: true }
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

  /** Adds a part's counts to the sum, as UsageCounts.add does a reading's: its files after those there, then its counts and definitions. */
  #add(part: Part): void {
    const sum = this.#sum
    const places = part.files.map((file) => sum.fileIndex(file))
    sum.triples += part.triples
    const added = this.#added
    forEachRow(
      part,
      this.#iris,
      (field, iri, n) => void (add(sum[field], iri, n) && added[field].add(iri)),
      (field, outer, iri, n) => {
        let inner = sum[field].get(outer)
        if (inner === undefined) sum[field].set(outer, (inner = new Map()))
        // A class's property new to it may be a property new to the sorted terms.
        if (add(inner, iri, n) && field === 'classProperties' && !sum.properties.has(iri)) added.properties.add(iri)
      },
    )
    for (const [iri, definition] of part.definitions) {
      sum.addDefinition(iri, definition, places)
      if (definition.kinds & CLASS) added.classes.add(iri)
      if (definition.kinds & PROPERTY) added.properties.add(iri)
    }
    if (part.definitions.size > 0) this.#changed.definitions = true
  }

  /** Takes a part's counts out of the sum (entries that fall to 0 go); its definitions are {@link UsageSet.delete}'s. */
  #subtract(part: Part): void {
    const sum = this.#sum
    sum.triples -= part.triples
    let removed = false
    forEachRow(
      part,
      this.#iris,
      (field, iri, n) => void (subtract(sum[field], iri, n) && (removed = true)),
      (field, outer, iri, n) => {
        const inner = sum[field].get(outer)
        if (inner === undefined) return
        if (subtract(inner, iri, n) && field === 'classProperties') removed = true
        if (inner.size === 0) sum[field].delete(outer)
      },
    )
    if (removed) this.#changed.removed = true
  }
}

/** Adds `n` to `key`'s count; whether `key` is new there. */
function add(into: Map<string, number>, key: string, n: number): boolean {
  const before = into.get(key)
  into.set(key, (before ?? 0) + n)
  return before === undefined
}

/** Takes `n` from `key`'s count (at 0 it goes); whether it went. */
function subtract(from: Map<string, number>, key: string, n: number): boolean {
  const left = (from.get(key) ?? 0) - n
  if (left > 0) from.set(key, left)
  else return from.delete(key)
  return false
}
