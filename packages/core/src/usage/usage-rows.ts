// UsageRows: one usage's counts as rows of numbers over a list of its IRIs — the form a usage crosses between
// threads in (its rows' buffer moved, not copied) and the form UsageSet keeps each usage in.

import { UsageCounts, type Definition } from './usage-counts.js'
import { Usage } from './usage.js'
import { iriNumbers } from './iri-numbers.js'

/** The count maps of a {@link UsageCounts}, in the order rows hold them: flat (term → n), then nested (context → term → n). */
export const FLAT = ['classes', 'properties'] as const
export const NESTED = ['classProperties', 'follows', 'prefixes'] as const
const INT32_MAX = 2 ** 31 - 1

/**
 * A usage as numbers: (term, n) rows for each flat map, then (context, term, n) rows for each nested one (`ends[i]`:
 * where map i's rows end), terms and contexts numbered by their place in `iris` ('' and prefixes among them); its
 * definitions (few, in the files that define terms) as they are. Made on the reading thread, it crosses to the
 * server's as one structured clone of some strings and a buffer transferred ({@link transferOf}), where the
 * `prefixd-usage/1` JSON text it replaces was parsed there into objects, then into maps, then into rows — garbage
 * of every file read that the server's thread collected while completions waited.
 */
export interface UsageRows {
  readonly files: readonly string[]
  readonly triples: number
  readonly iris: readonly string[]
  /** 32-bit where every count fits (a file's always do), else 64-bit floats: a usage of a whole dump may count billions. */
  readonly rows: Int32Array | Float64Array
  readonly ends: readonly number[]
  readonly definitions: ReadonlyArray<readonly [string, Definition]>
}

/** `usage` as rows over its own list of IRIs. */
export function usageRows(usage: Usage): UsageRows {
  const counts = Usage.countsOf(usage)
  const { iris, id } = iriNumbers()
  return { files: [...counts.files], triples: counts.triples, iris, ...rowsOf(counts, id), definitions: [...counts.definitions] }
}

/** What to transfer with {@link UsageRows} in a `postMessage`: its rows' buffer, which the sender then no longer holds. */
export function transferOf(rows: UsageRows): ArrayBuffer[] {
  return [rows.rows.buffer as ArrayBuffer]
}

/** The rows of `counts`' maps, IRIs numbered by `id`. */
export function rowsOf(counts: UsageCounts, id: (iri: string) => number): { rows: Int32Array | Float64Array; ends: number[] } {
  const rows: number[] = []
  const ends: number[] = []
  for (const field of FLAT) {
    for (const [iri, n] of counts[field]) rows.push(id(iri), n)
    ends.push(rows.length)
  }
  for (const field of NESTED) {
    for (const [outer, inner] of counts[field]) {
      const context = id(outer)
      for (const [iri, n] of inner) rows.push(context, id(iri), n)
    }
    ends.push(rows.length)
  }
  return { rows: rows.every((n) => n <= INT32_MAX) ? Int32Array.from(rows) : Float64Array.from(rows), ends }
}

/** Calls `add` with each row's map, IRIs (by `iris`) and count, in the order of the rows. */
export function forEachRow(
  { rows, ends }: Pick<UsageRows, 'rows' | 'ends'>,
  iris: readonly string[],
  flat: (field: (typeof FLAT)[number], iri: string, n: number) => void,
  nested: (field: (typeof NESTED)[number], outer: string, iri: string, n: number) => void,
): void {
  let i = 0
  for (const [k, field] of FLAT.entries()) for (; i < ends[k]!; i += 2) flat(field, iris[rows[i]!]!, rows[i + 1]!)
  for (const [k, field] of NESTED.entries()) for (; i < ends[FLAT.length + k]!; i += 3) nested(field, iris[rows[i]!]!, iris[rows[i + 1]!]!, rows[i + 2]!)
}

/** `rows` as a Usage (its definitions' files and all): what {@link usageRows} was made from, for callers that read one usage. */
export function usageOfRows(rows: UsageRows): Usage {
  const counts = new UsageCounts()
  counts.files.push(...rows.files)
  counts.triples = rows.triples
  forEachRow(
    rows,
    rows.iris,
    (field, iri, n) => counts[field].set(iri, n),
    (field, outer, iri, n) => {
      let inner = counts[field].get(outer)
      if (inner === undefined) counts[field].set(outer, (inner = new Map()))
      inner.set(iri, n)
    },
  )
  for (const [iri, definition] of rows.definitions) counts.definitions.set(iri, definition)
  return new Usage(counts)
}
