// Which prefixes a set's vocabulary files declare that serving takes — the one rule, asked by the set's view when it is
// built (set-vocabularies.ts) and by a file's PUT, which says so per prefix without building the view.

import { bindsBeyondItsFile, PrefixIndexBuilder, Usage, type PrefixIndex } from '@prefixd/core'
import { LRUCache } from 'lru-cache'
import type { SetRecord, SetStore, VocabularySummary } from './set-store.js'

/** A file's declared prefixes as its `prefixd-usage/1` document counts them: [prefix, namespace, files declaring it so]. */
export type PrefixCounts = ReadonlyArray<readonly [string, string, number]>

/** Files whose declared prefixes are kept (by set, file and tag): a few per set, small. */
const MAX_FILES = 4096
const NO_COUNTS = { format: 'prefixd-usage/1', files: [], triples: 0, iris: [], classes: [], properties: [], classProperties: [], follows: [] }

/**
 * The prefixes serving takes of those the files declare (`rows`: theirs together, one namespace per prefix, most
 * declared first — `Usage.prefixes()`): each where `bound` (see {@link boundFor}) does not hold it and that may bind
 * beyond its file (core's `bindsBeyondItsFile`: never the empty prefix or a `file:` path, always an entry a table
 * takes). Taken over a binding the served table keeps without offering it.
 */
export function prefixesServed(
  rows: ReadonlyArray<{ readonly prefix: string; readonly namespace: string }>,
  bound: (prefix: string) => boolean,
): Array<readonly [string, string]> {
  return rows.filter((row) => !bound(row.prefix) && bindsBeyondItsFile(row.prefix, row.namespace)).map((row) => [row.prefix, row.namespace] as const)
}

/**
 * What a set's files cannot bind: the set's own prefixes, and under a layered set those the served table offers — one it
 * keeps only for expansion (prefix.cc's long-tail `lv2:`) gives way to the files' (LV2's own), as core's
 * `usageBindings` gives way for a workspace.
 */
export function boundFor(record: SetRecord, served: PrefixIndex): (prefix: string) => boolean {
  const own = new Set(
    new PrefixIndexBuilder()
      .addRecords(record.entries, { source: record.name })
      .entries()
      .map((entry) => entry.prefix),
  )
  return record.standalone ? (prefix) => own.has(prefix) : (prefix) => own.has(prefix) || served.isOffered(prefix)
}

/** The files' prefixes counted together as a Usage counts them (`Usage.prefixes()` then picks each one's namespace). */
function together(files: readonly PrefixCounts[]): Usage {
  return Usage.merge(files.map((prefixes) => Usage.fromJSON({ ...NO_COUNTS, prefixes, definitions: [] })))
}

/**
 * Answers, for a set and its files, which prefix serving binds to which namespace from the files — from each file's
 * declared prefixes, kept by file tag when the file was PUT or read here, else read from the store once.
 */
export class FilePrefixes {
  readonly #counts = new LRUCache<string, PrefixCounts>({ max: MAX_FILES })

  remember(set: string, file: VocabularySummary, counts: PrefixCounts): void {
    this.#counts.set(`${set}\0${file.file}\0${file.etag}`, counts)
  }

  /** What serving binds from the files' declarations: prefix → namespace. `served`: the table a layered set is over. */
  async taken(record: SetRecord, files: readonly VocabularySummary[], store: SetStore, served: PrefixIndex): Promise<ReadonlyMap<string, string>> {
    const counts = await Promise.all(files.map((file) => this.#countsOf(record.name, file, store)))
    return new Map(prefixesServed(together(counts).prefixes(), boundFor(record, served)))
  }

  async #countsOf(set: string, file: VocabularySummary, store: SetStore): Promise<PrefixCounts> {
    const kept = this.#counts.get(`${set}\0${file.file}\0${file.etag}`)
    if (kept !== undefined) return kept
    const row = await store.vocabulary(set, file.file)
    // Gone meanwhile (another request deleted it): it declares nothing now.
    const counts = row === undefined ? [] : ((JSON.parse(row.usage) as { prefixes?: PrefixCounts }).prefixes ?? [])
    if (row !== undefined) this.remember(set, row, counts)
    return counts
  }
}
