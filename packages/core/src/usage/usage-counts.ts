// The counts a usage reading collects: one mutable set of maps, bounded by distinct terms and pairs, never by triples.

/** A term the data defines, as the reader collects it. */
export interface Definition {
  /** CLASS | PROPERTY | SHAPE bits (usage-vocab.ts). */
  kinds: number
  label?: string
  /** The rank of the label's predicate (usage-vocab.ts LABELS): a better one replaces it. */
  labelRank?: number
  comment?: string
  commentRank?: number
  domain?: string[]
  range?: string[]
  supers?: string[]
  deprecated?: boolean
  /** Where the defining statement is: the file's position in `files`, and its line (1-based). */
  file?: number
  line?: number
}

/** The longest comment kept, in UTF-16 units: memory stays bounded by terms, not by prose. */
export const MAX_COMMENT = 400
/** The most values kept of a term's domain, range or super-terms. */
export const MAX_VALUES = 8

export class UsageCounts {
  /** The files read, in order; a definition names its file by position. */
  readonly files: string[] = []
  triples = 0
  /** Instances per class (objects of rdf:type, VoID class partitions). */
  readonly classes = new Map<string, number>()
  /** Statements per predicate. */
  readonly properties = new Map<string, number>()
  /** Per class: how many of its instances carry each property (and SHACL shapes' properties of a target class). */
  readonly classProperties = new Map<string, Map<string, number>>()
  /** Per property: how often each property is written next in the same subject's statements; '' is a subject's first. */
  readonly follows = new Map<string, Map<string, number>>()
  /** Per declared prefix: per namespace, in how many files it is declared so. */
  readonly prefixes = new Map<string, Map<string, number>>()
  readonly definitions = new Map<string, Definition>()
  /** Each file's position in `files`, so that a file read again keeps its place. */
  readonly #fileIndex = new Map<string, number>()

  /** The position of `file` in `files`, added at the end if it is not there. */
  fileIndex(file: string): number {
    if (this.#fileIndex.size !== this.files.length) for (const [i, name] of this.files.entries()) this.#fileIndex.set(name, i)
    let index = this.#fileIndex.get(file)
    if (index === undefined) {
      index = this.files.push(file) - 1
      this.#fileIndex.set(file, index)
    }
    return index
  }

  /** Adds another reading's counts to these (its files after these ones, a file already here keeping its place). */
  add(other: UsageCounts): void {
    const places = other.files.map((file) => this.fileIndex(file))
    this.triples += other.triples
    addCounts(this.classes, other.classes)
    addCounts(this.properties, other.properties)
    addNested(this.classProperties, other.classProperties)
    addNested(this.follows, other.follows)
    addNested(this.prefixes, other.prefixes)
    for (const [iri, definition] of other.definitions) this.addDefinition(iri, definition, places)
  }

  /** Adds what another reading says of `iri` (its file numbered by `places`). */
  addDefinition(iri: string, definition: Definition, places: readonly number[]): void {
    const moved = definition.file === undefined ? definition : { ...definition, file: places[definition.file]! }
    const mine = this.definitions.get(iri)
    if (mine === undefined)
      this.definitions.set(iri, {
        ...moved,
        ...(moved.domain && { domain: [...moved.domain] }),
        ...(moved.range && { range: [...moved.range] }),
        ...(moved.supers && { supers: [...moved.supers] }),
      })
    else mergeDefinition(mine, moved)
  }

  /** The number of distinct terms and (context, term) pairs held: what memory is bounded by. */
  get size(): number {
    let pairs = 0
    for (const inner of this.classProperties.values()) pairs += inner.size
    for (const inner of this.follows.values()) pairs += inner.size
    const terms = new Set([...this.classes.keys(), ...this.properties.keys(), ...this.definitions.keys()])
    return terms.size + pairs
  }
}

export function increment(map: Map<string, number>, key: string, by = 1): void {
  map.set(key, (map.get(key) ?? 0) + by)
}

export function incrementPair(map: Map<string, Map<string, number>>, outer: string, inner: string, by = 1): void {
  let counts = map.get(outer)
  if (counts === undefined) map.set(outer, (counts = new Map()))
  counts.set(inner, (counts.get(inner) ?? 0) + by)
}

function addCounts(into: Map<string, number>, from: ReadonlyMap<string, number>): void {
  for (const [key, n] of from) increment(into, key, n)
}

function addNested(into: Map<string, Map<string, number>>, from: ReadonlyMap<string, ReadonlyMap<string, number>>): void {
  for (const [outer, inner] of from) for (const [key, n] of inner) incrementPair(into, outer, key, n)
}

/** Fills what `into` lacks from `from`: the first reading's label, comment and place stay. */
export function mergeDefinition(into: Definition, from: Definition): void {
  into.kinds |= from.kinds
  if (from.label !== undefined && (into.label === undefined || from.labelRank! < into.labelRank!)) {
    into.label = from.label
    into.labelRank = from.labelRank
  }
  if (from.comment !== undefined && (into.comment === undefined || from.commentRank! < into.commentRank!)) {
    into.comment = from.comment
    into.commentRank = from.commentRank
  }
  for (const key of ['domain', 'range', 'supers'] as const) {
    for (const value of from[key] ?? []) addValue(into, key, value)
  }
  if (from.deprecated) into.deprecated = true
  if (into.file === undefined && from.file !== undefined) {
    into.file = from.file
    into.line = from.line
  }
}

export function addValue(definition: Definition, key: 'domain' | 'range' | 'supers', value: string): void {
  const values = (definition[key] ??= [])
  if (values.length < MAX_VALUES && !values.includes(value)) values.push(value)
}
