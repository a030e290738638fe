// Usage: what a reading of RDF found — the terms it defines and how the data uses terms — read by completion, hover and files.

import { compare, SortedIris } from './sorted-iris.js'
import { UsageCounts } from './usage-counts.js'
import { readUsageFile, writeUsageFile, type UsageFile } from './usage-file.js'
import { CLASS, kindsOf, PROPERTY, type UsageKind } from './usage-vocab.js'

/** A term the data defines, as {@link Usage.definition} gives it. */
export interface UsageDefinition {
  readonly iri: string
  readonly kinds: readonly UsageKind[]
  readonly label?: string
  readonly comment?: string
  readonly domain?: readonly string[]
  readonly range?: readonly string[]
  /** Superclasses or superproperties. */
  readonly supers?: readonly string[]
  readonly deprecated?: boolean
  /** The file of the defining statements and their first line (1-based), when read from a named document. */
  readonly file?: string
  readonly line?: number
}

/**
 * Terms and their usage read from RDF (see {@link UsageCollector}, `readUsage`): immutable. Merge several
 * (one per file, say) with {@link Usage.merge}; keep one with `JSON.stringify(usage)` and
 * {@link Usage.fromJSON} (the `prefixd-usage/1` format).
 */
export class Usage {
  readonly #counts: UsageCounts
  #sorted: { classes: SortedIris; properties: SortedIris } | undefined
  /** Sums of each context's counts, made when first asked (the conditional frequencies' denominators). */
  readonly #totals = new Map<string, number>()
  /** Per previous property, the sum of its followers' counts, by the IRI itself (a key made of it is hashed anew each keystroke). */
  readonly #followTotals = new Map<string, number>()
  #prefixRows: Array<{ readonly prefix: string; readonly namespace: string; readonly files: number }> | undefined
  /**
   * @internal What is remembered of its definitions (usage-domain.ts) is remembered under: this usage, or an earlier
   * snapshot of the same definitions ({@link UsageSet} sets it, so a snapshot whose definitions did not change does
   * not work out its domains again).
   */
  definitionsKey: object = this

  /** @internal The usages it is read over (a {@link LayeredUsage}'s under and over), so that what is remembered of each is shared; none for one of its own. */
  layers(): readonly [Usage, Usage] | undefined {
    return undefined
  }

  /** @internal Use a collector, `readUsage`, {@link Usage.merge} or {@link Usage.fromJSON}. */
  constructor(counts: UsageCounts) {
    this.#counts = counts
  }

  /**
   * @internal `from`'s sorted classes and properties, if it made them, for `to`: a later snapshot of the same counts
   * whose classes and properties are those and the `added` ones ({@link UsageSet}), merged in. Sorted again per
   * snapshot, they cost the first completion after each of a language server's snapshots (every 250 ms while a
   * workspace is read) 0.7 ms of its 2.
   */
  static carrySortedTerms(to: Usage, from: Usage, added: { readonly classes: Iterable<string>; readonly properties: Iterable<string> }): void {
    const sorted = from.#sorted
    if (sorted !== undefined) to.#sorted ??= { classes: sorted.classes.with(added.classes), properties: sorted.properties.with(added.properties) }
  }

  /** @internal The counts of a usage, for {@link UsageSet}. */
  static countsOf(usage: Usage): UsageCounts {
    return usage.counts()
  }

  /** @internal Its counts as maps; a LayeredUsage (layered-usage.ts) holds none of its own and sums its layers' into new ones. */
  protected counts(): UsageCounts {
    return this.#counts
  }

  static empty(): Usage {
    return new Usage(new UsageCounts())
  }

  /** All of them as one: counts add up; of a term defined twice the first label, comment and place stay. */
  static merge(usages: Iterable<Usage>): Usage {
    const counts = new UsageCounts()
    for (const usage of usages) counts.add(usage.counts())
    return new Usage(counts)
  }

  /** A `prefixd-usage/1` document (parsed JSON) as a Usage; a clear error when it is not one. */
  static fromJSON(value: unknown): Usage {
    return new Usage(readUsageFile(value))
  }

  toJSON(): UsageFile {
    return writeUsageFile(this.counts())
  }

  /** The documents read, in order. */
  get files(): readonly string[] {
    return this.#counts.files
  }

  get triples(): number {
    return this.#counts.triples
  }

  /** Distinct terms plus (context, term) pairs: what the memory it takes grows with. */
  get size(): number {
    return this.#counts.size
  }

  /** How many instances of a class the data has (VoID's `void:entities` included). */
  instances(iri: string): number {
    return this.#counts.classes.get(iri) ?? 0
  }

  /** How many statements use a property. */
  uses(iri: string): number {
    return this.#counts.properties.get(iri) ?? 0
  }

  /** Per property: how many instances of `type` carry it. */
  propertiesOf(type: string): ReadonlyMap<string, number> | undefined {
    return this.#counts.classProperties.get(type)
  }

  /** Per property: how often it is written right after `previous` in one subject's statements ('' for a subject's first). */
  followers(previous: string): ReadonlyMap<string, number> | undefined {
    return this.#counts.follows.get(previous)
  }

  /** How many times any property follows `previous` (the sum of {@link Usage.followers}). */
  followTotal(previous: string): number {
    let total = this.#followTotals.get(previous)
    if (total === undefined) {
      total = 0
      for (const n of this.#counts.follows.get(previous)?.values() ?? []) total += n
      this.#followTotals.set(previous, total)
    }
    return total
  }

  /** Instances of all classes together. */
  get instanceTotal(): number {
    let total = this.#totals.get('c')
    if (total === undefined) {
      total = 0
      for (const n of this.#counts.classes.values()) total += n
      this.#totals.set('c', total)
    }
    return total
  }

  /** The property most often written before `iri`, with the count ('' for first), when any is. */
  usuallyAfter(iri: string): { readonly previous: string; readonly count: number } | undefined {
    let best: { previous: string; count: number } | undefined
    for (const [previous, followers] of this.#counts.follows) {
      const n = followers.get(iri)
      if (n !== undefined && (best === undefined || n > best.count || (n === best.count && previous < best.previous))) best = { previous, count: n }
    }
    return best
  }

  definition(iri: string): UsageDefinition | undefined {
    const definition = this.#counts.definitions.get(iri)
    if (definition === undefined) return undefined
    const { kinds, label, comment, domain, range, supers, deprecated, file, line } = definition
    return {
      iri,
      kinds: kindsOf(kinds),
      ...(label !== undefined && { label }),
      ...(comment !== undefined && { comment }),
      ...(domain !== undefined && { domain: [...domain] }),
      ...(range !== undefined && { range: [...range] }),
      ...(supers !== undefined && { supers: [...supers] }),
      ...(deprecated === true && { deprecated }),
      ...(file !== undefined && { file: this.#counts.files[file]!, line: line ?? 1 }),
    }
  }

  /** Every defined term, in code-point order of IRI. */
  definitions(): UsageDefinition[] {
    return [...this.#counts.definitions.keys()].sort(compare).map((iri) => this.definition(iri)!)
  }

  /**
   * The prefixes the data declares, each with the namespace most files declare it for (ties: the
   * namespace first in code-point order), most declared first: a workspace's own table.
   */
  prefixes(): ReadonlyArray<{ readonly prefix: string; readonly namespace: string; readonly files: number }> {
    return (this.#prefixRows ??= this.#prefixTable())
  }

  #prefixTable(): Array<{ readonly prefix: string; readonly namespace: string; readonly files: number }> {
    const rows = [...this.#counts.prefixes].map(([prefix, namespaces]) => {
      let best = ['', 0] as [string, number]
      for (const [namespace, n] of namespaces) if (n > best[1] || (n === best[1] && namespace < best[0])) best = [namespace, n]
      return { prefix, namespace: best[0], files: best[1] }
    })
    return rows.sort((a, b) => b.files - a.files || compare(a.prefix, b.prefix))
  }

  /** Calls `each` with the terms of a kind whose IRI starts with `start` (case-folded unless `caseSensitive`) until it returns false. */
  forEachStartingWith(start: string, kind: 'class' | 'property', caseSensitive: boolean, each: (iri: string) => boolean | void): void {
    const sorted = (this.#sorted ??= this.#sort())
    ;(kind === 'class' ? sorted.classes : sorted.properties).forEachStartingWith(start, caseSensitive, each)
  }

  /** Whether the data uses or defines `iri` as a term of this kind. */
  knows(iri: string, kind: 'class' | 'property'): boolean {
    const counts = this.#counts
    const defined = counts.definitions.get(iri)
    if (defined !== undefined && (defined.kinds & (kind === 'class' ? CLASS : PROPERTY)) !== 0) return true
    return kind === 'class' ? counts.classes.has(iri) : counts.properties.has(iri)
  }

  #sort(): { classes: SortedIris; properties: SortedIris } {
    const counts = this.#counts
    const classes = new Set(counts.classes.keys())
    const properties = new Set(counts.properties.keys())
    for (const inner of counts.classProperties.values()) for (const iri of inner.keys()) properties.add(iri)
    for (const [iri, definition] of counts.definitions) {
      if (definition.kinds & CLASS) classes.add(iri)
      if (definition.kinds & PROPERTY) properties.add(iri)
    }
    return { classes: new SortedIris(classes), properties: new SortedIris(properties) }
  }
}
