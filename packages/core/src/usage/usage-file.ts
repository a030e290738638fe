// The `prefixd-usage/1` file: usage counts as JSON, each IRI written once and named by its position.

import { UsageCounts, type Definition } from './usage-counts.js'
import { bitsOf, kindsOf, type UsageKind } from './usage-vocab.js'
import { iriNumbers } from './iri-numbers.js'

export const USAGE_FORMAT = 'prefixd-usage/1'

/** A definition in the file: IRIs as positions in `iris`, the file as a position in `files`. */
export interface UsageFileDefinition {
  readonly iri: number
  readonly kinds: readonly UsageKind[]
  readonly label?: string
  readonly comment?: string
  readonly domain?: readonly number[]
  readonly range?: readonly number[]
  readonly supers?: readonly number[]
  readonly deprecated?: boolean
  readonly file?: number
  readonly line?: number
}

/**
 * The usage file. Counts are flat lists of numbers: `classes` and `properties` pairs (IRI, count),
 * `classProperties` triples (class, property, count), `follows` triples (previous property or -1 for a
 * subject's first, property, count). Loaders check `format` and refuse another version.
 */
export interface UsageFile {
  readonly format: typeof USAGE_FORMAT
  readonly files: readonly string[]
  readonly triples: number
  readonly iris: readonly string[]
  readonly classes: readonly number[]
  readonly properties: readonly number[]
  readonly classProperties: readonly number[]
  readonly follows: readonly number[]
  /** [prefix, namespace, files declaring it so]. */
  readonly prefixes: ReadonlyArray<readonly [string, string, number]>
  readonly definitions: readonly UsageFileDefinition[]
}

export function writeUsageFile(counts: UsageCounts): UsageFile {
  const { iris, id } = iriNumbers()
  const flat = (map: ReadonlyMap<string, number>) => [...map].flatMap(([iri, n]) => [id(iri), n])
  const nested = (map: ReadonlyMap<string, ReadonlyMap<string, number>>) =>
    [...map].flatMap(([outer, inner]) => [...inner].flatMap(([iri, n]) => [outer === '' ? -1 : id(outer), id(iri), n]))
  const definitions = [...counts.definitions].map(([iri, d]) => writeDefinition(id(iri), d, id))
  return {
    format: USAGE_FORMAT,
    files: [...counts.files],
    triples: counts.triples,
    classes: flat(counts.classes),
    properties: flat(counts.properties),
    classProperties: nested(counts.classProperties),
    follows: nested(counts.follows),
    prefixes: [...counts.prefixes].flatMap(([prefix, namespaces]) => [...namespaces].map(([namespace, n]) => [prefix, namespace, n] as const)),
    definitions,
    iris,
  }
}

function writeDefinition(iri: number, d: Definition, id: (iri: string) => number): UsageFileDefinition {
  return {
    iri,
    kinds: kindsOf(d.kinds),
    ...(d.label !== undefined && { label: d.label }),
    ...(d.comment !== undefined && { comment: d.comment }),
    ...(d.domain !== undefined && { domain: d.domain.map(id) }),
    ...(d.range !== undefined && { range: d.range.map(id) }),
    ...(d.supers !== undefined && { supers: d.supers.map(id) }),
    ...(d.deprecated === true && { deprecated: true }),
    ...(d.file !== undefined && { file: d.file, line: d.line ?? 1 }),
  }
}

/** A parsed usage file as counts; an Error saying what is wrong when it is not a `prefixd-usage/1` file. */
export function readUsageFile(value: unknown): UsageCounts {
  const file = value as Partial<UsageFile> | null
  if (typeof file !== 'object' || file === null || Array.isArray(file)) throw new Error(`not a usage file: expected a JSON object`)
  if (file.format !== USAGE_FORMAT) throw new Error(`not a ${USAGE_FORMAT} file: its format is ${JSON.stringify(file.format)}`)
  const iris = strings(file.iris, 'iris')
  const counts = new UsageCounts()
  counts.files.push(...strings(file.files, 'files'))
  counts.triples = count(file.triples, 'triples')
  const iri = (n: unknown, field: string): string => {
    if (typeof n !== 'number' || iris[n] === undefined) throw new Error(`${USAGE_FORMAT}: ${field} names IRI ${String(n)}, which is not in iris`)
    return iris[n]!
  }
  readFlat(numbers(file.classes, 'classes'), 2, (i, n) => counts.classes.set(iri(i, 'classes'), n))
  readFlat(numbers(file.properties, 'properties'), 2, (i, n) => counts.properties.set(iri(i, 'properties'), n))
  for (const field of ['classProperties', 'follows'] as const) {
    const into = counts[field]
    readFlat(numbers(file[field], field), 3, (outer, inner, n) => {
      const key = outer === -1 && field === 'follows' ? '' : iri(outer, field)
      let map = into.get(key)
      if (map === undefined) into.set(key, (map = new Map()))
      map.set(iri(inner, field), n!)
    })
  }
  for (const row of array(file.prefixes, 'prefixes')) {
    if (!Array.isArray(row) || typeof row[0] !== 'string' || typeof row[1] !== 'string')
      throw new Error(`${USAGE_FORMAT}: a prefixes row is not [prefix, namespace, files]`)
    let map = counts.prefixes.get(row[0])
    if (map === undefined) counts.prefixes.set(row[0], (map = new Map()))
    map.set(row[1], count(row[2], 'prefixes'))
  }
  for (const d of array(file.definitions, 'definitions'))
    counts.definitions.set(iri((d as UsageFileDefinition).iri, 'definitions'), readDefinition(d, iri, counts.files.length))
  return counts
}

function readDefinition(value: unknown, iri: (n: unknown, field: string) => string, files: number): Definition {
  const d = value as UsageFileDefinition
  if (typeof d !== 'object' || d === null || !Array.isArray(d.kinds)) throw new Error(`${USAGE_FORMAT}: a definition is not an object with kinds`)
  const text = (s: unknown) => (typeof s === 'string' ? s : undefined)
  const list = (l: unknown, field: string) => (Array.isArray(l) ? l.map((n) => iri(n, field)) : undefined)
  const definition: Definition = { kinds: bitsOf(d.kinds.map(String)) }
  if (text(d.label) !== undefined) [definition.label, definition.labelRank] = [d.label, 0]
  if (text(d.comment) !== undefined) [definition.comment, definition.commentRank] = [d.comment, 0]
  for (const key of ['domain', 'range', 'supers'] as const) {
    const values = list(d[key], key)
    if (values !== undefined) definition[key] = values
  }
  if (d.deprecated === true) definition.deprecated = true
  if (typeof d.file === 'number' && d.file >= 0 && d.file < files) [definition.file, definition.line] = [d.file, typeof d.line === 'number' ? d.line : 1]
  return definition
}

function readFlat(values: readonly number[], width: number, each: (a: number, b: number, c?: number) => void): void {
  if (values.length % width !== 0) throw new Error(`${USAGE_FORMAT}: a list of counts has ${values.length} numbers, not a multiple of ${width}`)
  for (let i = 0; i < values.length; i += width) {
    // Each row ends with its count: a negative one would rank a term below one never seen.
    if (values[i + width - 1]! < 0) throw new Error(`${USAGE_FORMAT}: a list of counts has ${values[i + width - 1]}, which is not a count`)
    each(values[i]!, values[i + 1]!, values[i + 2])
  }
}

function array(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${USAGE_FORMAT}: ${field} is not a list`)
  return value
}

function strings(value: unknown, field: string): string[] {
  const list = array(value, field)
  if (!list.every((s) => typeof s === 'string')) throw new Error(`${USAGE_FORMAT}: ${field} holds something other than strings`)
  return list as string[]
}

function numbers(value: unknown, field: string): number[] {
  const list = array(value, field)
  if (!list.every((n) => typeof n === 'number' && Number.isSafeInteger(n)))
    throw new Error(`${USAGE_FORMAT}: ${field} holds something other than whole numbers`)
  return list as number[]
}

function count(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new Error(`${USAGE_FORMAT}: ${field} is not a count`)
  return value
}
