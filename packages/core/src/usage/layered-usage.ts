// LayeredUsage: one usage read over another as if merged, without copying the one under — a set's files over the
// resolver's `--usage`, held once however many sets layer over it.

import { fold } from '../names/fold.js'
import { compare } from './sorted-iris.js'
import { incrementPair, UsageCounts } from './usage-counts.js'
import { Usage, type UsageDefinition } from './usage.js'

/** Contexts whose merged counts are kept (both layers count in them): a bound, not a copy of the one under. */
const MAX_MERGED_CONTEXTS = 1024

/**
 * `Usage.merge([under, over])` answered from the two: counts add up at each question, a term's definition is merged
 * when asked (the one under first, as `merge` does), and only what is small is made once — the declared prefixes and
 * the list of files. `under` is shared, never copied, so a large one layered under many costs nothing per layer;
 * `over` should be the small one. `JSON.stringify`, `Usage.merge` and `UsageSet` read it as the merged counts.
 */
export class LayeredUsage extends Usage {
  readonly #under: Usage
  readonly #over: Usage
  readonly #counts: readonly [UsageCounts, UsageCounts]
  /** Holds the merged list of files, and one definition at a time as `merge` would merge it. */
  readonly #scratch = new UsageCounts()
  readonly #scratchUsage = new Usage(this.#scratch)
  /** Where each layer's files are in the merged list (the positions its definitions are moved to). */
  readonly #places: readonly [readonly number[], readonly number[]]
  readonly #merged = new Map<string, ReadonlyMap<string, number>>()
  #prefixes: ReturnType<Usage['prefixes']> | undefined

  constructor(under: Usage, over: Usage) {
    super(new UsageCounts())
    this.#under = under
    this.#over = over
    this.#counts = [Usage.countsOf(under), Usage.countsOf(over)]
    this.#places = [this.#counts[0].files.map((file) => this.#scratch.fileIndex(file)), this.#counts[1].files.map((file) => this.#scratch.fileIndex(file))]
    this.#scratch.triples = under.triples + over.triples
  }

  override layers(): readonly [Usage, Usage] {
    return [this.#under, this.#over]
  }

  /** The merged counts, made anew (for `merge`, `toJSON` and `UsageSet`, which need them as maps). */
  protected override counts(): UsageCounts {
    const counts = new UsageCounts()
    counts.add(this.#counts[0])
    counts.add(this.#counts[1])
    return counts
  }

  override get files(): readonly string[] {
    return this.#scratch.files
  }

  override get triples(): number {
    return this.#scratch.triples
  }

  override get size(): number {
    const [under, over] = this.#counts
    const terms = new Set<string>()
    for (const counts of this.#counts) for (const map of [counts.classes, counts.properties, counts.definitions]) for (const iri of map.keys()) terms.add(iri)
    let pairs = 0
    for (const field of ['classProperties', 'follows'] as const) {
      for (const [context, inner] of under[field]) pairs += unionSize(inner, over[field].get(context))
      for (const [context, inner] of over[field]) if (!under[field].has(context)) pairs += inner.size
    }
    return terms.size + pairs
  }

  override instances(iri: string): number {
    return this.#under.instances(iri) + this.#over.instances(iri)
  }

  override uses(iri: string): number {
    return this.#under.uses(iri) + this.#over.uses(iri)
  }

  override propertiesOf(type: string): ReadonlyMap<string, number> | undefined {
    return this.#both('p' + type, this.#under.propertiesOf(type), this.#over.propertiesOf(type))
  }

  override followers(previous: string): ReadonlyMap<string, number> | undefined {
    return this.#both('f' + previous, this.#under.followers(previous), this.#over.followers(previous))
  }

  override followTotal(previous: string): number {
    return this.#under.followTotal(previous) + this.#over.followTotal(previous)
  }

  override get instanceTotal(): number {
    return this.#under.instanceTotal + this.#over.instanceTotal
  }

  override usuallyAfter(iri: string): { readonly previous: string; readonly count: number } | undefined {
    const [under, over] = this.#counts
    let best: { previous: string; count: number } | undefined
    const consider = (previous: string, n: number) => {
      if (n > 0 && (best === undefined || n > best.count || (n === best.count && previous < best.previous))) best = { previous, count: n }
    }
    for (const [previous, followers] of under.follows) consider(previous, (followers.get(iri) ?? 0) + (over.follows.get(previous)?.get(iri) ?? 0))
    for (const [previous, followers] of over.follows) if (!under.follows.has(previous)) consider(previous, followers.get(iri) ?? 0)
    return best
  }

  override definition(iri: string): UsageDefinition | undefined {
    const [under, over] = this.#counts.map((counts) => counts.definitions.get(iri))
    if (under === undefined && over === undefined) return undefined
    // Merged as `merge` merges it (the same code), into the scratch counts that list the merged files.
    const scratch = this.#scratch
    scratch.definitions.clear()
    if (under !== undefined) scratch.addDefinition(iri, under, this.#places[0])
    if (over !== undefined) scratch.addDefinition(iri, over, this.#places[1])
    const merged = this.#scratchUsage.definition(iri)
    scratch.definitions.clear()
    return merged
  }

  override definitions(): UsageDefinition[] {
    const iris = new Set([...this.#counts[0].definitions.keys(), ...this.#counts[1].definitions.keys()])
    return [...iris].sort(compare).map((iri) => this.definition(iri)!)
  }

  override prefixes(): ReturnType<Usage['prefixes']> {
    if (this.#prefixes === undefined) {
      // Declared prefixes are few (not terms): their merged table is made once, by Usage's own rule.
      const table = new UsageCounts()
      for (const counts of this.#counts)
        for (const [prefix, namespaces] of counts.prefixes) for (const [namespace, n] of namespaces) incrementPair(table.prefixes, prefix, namespace, n)
      this.#prefixes = new Usage(table).prefixes()
    }
    return this.#prefixes
  }

  /** Both layers' terms in the order one sorted list of them would give: the one over's (few) gathered, the one under's walked. */
  override forEachStartingWith(start: string, kind: 'class' | 'property', caseSensitive: boolean, each: (iri: string) => boolean | void): void {
    const key = caseSensitive ? (iri: string) => iri : fold
    const before = (a: string, b: string) => (compare(key(a), key(b)) || compare(a, b)) < 0
    const mine: string[] = []
    this.#over.forEachStartingWith(start, kind, caseSensitive, (iri) => void mine.push(iri))
    let i = 0
    let stopped = false
    this.#under.forEachStartingWith(start, kind, caseSensitive, (iri) => {
      for (; i < mine.length && before(mine[i]!, iri); i++) if (each(mine[i]!) === false) return !(stopped = true)
      if (mine[i] === iri) i++
      if (each(iri) === false) return !(stopped = true)
    })
    for (; !stopped && i < mine.length; i++) if (each(mine[i]!) === false) return
  }

  override knows(iri: string, kind: 'class' | 'property'): boolean {
    return this.#under.knows(iri, kind) || this.#over.knows(iri, kind)
  }

  /** A context's counts in both layers: the one map where only one has it, else their sum (kept, up to a bound). */
  #both(key: string, under: ReadonlyMap<string, number> | undefined, over: ReadonlyMap<string, number> | undefined): ReadonlyMap<string, number> | undefined {
    if (under === undefined || over === undefined) return under ?? over
    let merged = this.#merged.get(key)
    if (merged === undefined) {
      const sum = new Map(under)
      for (const [iri, n] of over) sum.set(iri, (sum.get(iri) ?? 0) + n)
      if (this.#merged.size >= MAX_MERGED_CONTEXTS) this.#merged.clear()
      this.#merged.set(key, (merged = sum))
    }
    return merged
  }
}

function unionSize(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number> | undefined): number {
  if (b === undefined) return a.size
  let n = a.size
  for (const key of b.keys()) if (!a.has(key)) n++
  return n
}
