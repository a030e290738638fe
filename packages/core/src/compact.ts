// The compact JSON form of an index: what `npm run build:data` writes and `PrefixIndex.loadDefault` reads.

import { readFile } from 'node:fs/promises'
import { PrefixIndexBuilder } from './builder.js'
import { PrefixError } from './errors.js'
import type { PrefixIndex, VocabularyInfo } from './prefix-index.js'

export const COMPACT_FORMAT = 'prefixd-index/1'

/** Where the default index is built (the repository's `data/`, relative to `packages/core/dist`). */
export const DEFAULT_INDEX_FILE = new URL('../../../data/default-index.json', import.meta.url)

/**
 * An index as plain JSON. Type IRIs are stored once in `types` and referred to by position, which
 * keeps the default data small and quick to parse.
 */
export interface CompactIndex {
  readonly format: typeof COMPACT_FORMAT
  /** [prefix, namespace] in preference order. */
  readonly prefixes: ReadonlyArray<readonly [string, string]>
  readonly vocabularies: Readonly<Record<string, VocabularyInfo>>
  readonly types: readonly string[]
  /** [iri, type positions, label?] */
  readonly terms: ReadonlyArray<readonly [string, readonly number[], string?]>
  /** [subclass, superclass] as positions in `types`. */
  readonly subClassOf: ReadonlyArray<readonly [number, number]>
}

/** Writes an index in compact form. */
export function toCompact(index: PrefixIndex): CompactIndex {
  const types: string[] = []
  const position = new Map<string, number>()
  const at = (iri: string): number => {
    let i = position.get(iri)
    if (i === undefined) {
      position.set(iri, (i = types.length))
      types.push(iri)
    }
    return i
  }
  const vocabularies: Record<string, VocabularyInfo> = {}
  for (const { prefix } of index.entries()) {
    const info = index.vocabulary(prefix)
    if (info !== undefined) vocabularies[prefix] = info
  }
  return {
    format: COMPACT_FORMAT,
    prefixes: index.entries().map((e) => [e.prefix, e.namespace] as const),
    vocabularies,
    terms: index.terms().map((t) => {
      const typeAt = t.types.map(at)
      return t.label === undefined ? ([t.iri, typeAt] as const) : ([t.iri, typeAt, t.label] as const)
    }),
    subClassOf: Array.from(index.subClassStatements(), ([sub, sup]) => [at(sub), at(sup)] as const),
    types,
  }
}

/** Adds an index written by {@link toCompact} to a builder, so that more data can be layered on it. */
export function addCompact(builder: PrefixIndexBuilder, data: unknown, source = 'compact index'): PrefixIndexBuilder {
  const compact = data as CompactIndex
  const wellFormed =
    typeof compact === 'object' &&
    compact !== null &&
    compact.format === COMPACT_FORMAT &&
    [compact.prefixes, compact.types, compact.terms, compact.subClassOf].every(Array.isArray) &&
    typeof compact.vocabularies === 'object'
  if (!wellFormed) throw new PrefixError('INVALID_SOURCE', `${source} is not a ${COMPACT_FORMAT} file`)
  builder.addPrefixes(compact.prefixes, { source })
  for (const [prefix, info] of Object.entries(compact.vocabularies)) builder.describeVocabulary(prefix, info)
  const typeAt = (i: number): string => compact.types[i]!
  for (const [sub, sup] of compact.subClassOf) builder.addSubClassOf(typeAt(sub), typeAt(sup))
  for (const [iri, types, label] of compact.terms) {
    const labels = label === undefined ? undefined : { '': label }
    builder.addTerm({ iri, types: types.map(typeAt), ...(labels && { labels }) }, source)
  }
  return builder
}

/** Reads an index written by {@link toCompact}. */
export function fromCompact(data: unknown, source = 'compact index'): PrefixIndex {
  return addCompact(new PrefixIndexBuilder(), data, source).build()
}

/** Reads a compact index file into a new builder. */
export async function readCompactFile(file: string | URL = DEFAULT_INDEX_FILE): Promise<PrefixIndexBuilder> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const hint = file === DEFAULT_INDEX_FILE ? ' (run `npm run build:data` to build the default index)' : ''
    throw new PrefixError('INVALID_SOURCE', `cannot read ${String(file)}: ${(error as Error).message}${hint}`)
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new PrefixError('INVALID_SOURCE', `${String(file)} is not JSON: ${(error as Error).message}`)
  }
  return addCompact(new PrefixIndexBuilder(), data, String(file))
}
