// A set's vocabulary files as one serving adds them: their usage merged (and layered over the served `--usage` for
// ranking), the prefixes they declare and the terms they define added to the set's index, and a tag of their versions.

import { createHash } from 'node:crypto'
import { addUsageDefinitions, LayeredUsage, Usage, type PrefixIndexBuilder } from '@prefixd/core'
import { prefixesServed, type PrefixCounts } from './file-prefixes.js'
import type { VocabularySummary } from './set-store.js'

/** A set's vocabulary files, read for serving. */
export interface SetVocabularies {
  /** Names the versions of the files (empty without files): part of the set's answer-cache scope. */
  readonly tag: string
  /**
   * What ranks the set's completion and search: the files' usage over `served` (read through, never copied: up to
   * 64 sets may layer over one large `--usage`), either alone where the other is missing; undefined with neither.
   */
  readonly usage: Usage | undefined
  /** The files' own usage (undefined without files): what describes a term under the set, naming only its files. */
  readonly own: Usage | undefined
  /** Terms the files define. */
  readonly terms: number
  /** Adds the prefixes the files declare that serving takes: each where `bound` (file-prefixes.ts's `boundFor`) does not hold it. */
  addPrefixes(builder: PrefixIndexBuilder, bound: (prefix: string) => boolean): PrefixIndexBuilder
  /** {@link SetVocabularies.addPrefixes}, then the terms the files define, with their labels, kinds and superclasses. */
  addPrefixesAndTerms(builder: PrefixIndexBuilder, bound: (prefix: string) => boolean): PrefixIndexBuilder
}

/**
 * Reads stored files (each `usage` a `prefixd-usage/1` document) for serving. `served`: the usage the resolver was
 * started with (`--usage`) for a layered set, which its ranking adds its files to; undefined for a standalone one.
 */
export function readSetVocabularies(
  files: ReadonlyArray<VocabularySummary & { readonly usage?: string }>,
  served: Usage | undefined,
  /** Told each file's declared prefixes as they are read (so that a PUT can say what serving takes without reading them). */
  read?: (file: VocabularySummary, prefixes: PrefixCounts) => void,
): SetVocabularies {
  if (files.length === 0) return { tag: '', usage: served, own: undefined, terms: 0, addPrefixes: (b) => b, addPrefixesAndTerms: (b) => b }
  const own = Usage.merge(
    files.map((file) => {
      const json = JSON.parse(file.usage ?? 'null') as { prefixes?: PrefixCounts } | null
      const usage = Usage.fromJSON(json)
      read?.(file, json?.prefixes ?? [])
      return usage
    }),
  )
  const definitions = own.definitions()
  const tag = createHash('sha256')
    .update(files.map((file) => `${file.file}\0${file.etag}`).join('\0'))
    .digest('base64url')
    .slice(0, 16)
  const addPrefixes = (builder: PrefixIndexBuilder, bound: (prefix: string) => boolean): PrefixIndexBuilder =>
    builder.addPrefixes(prefixesServed(own.prefixes(), bound), { source: 'vocabulary files', override: true })
  return {
    tag,
    usage: served === undefined ? own : new LayeredUsage(served, own),
    own,
    terms: definitions.length,
    addPrefixes,
    addPrefixesAndTerms: (builder, bound) => addUsageDefinitions(addPrefixes(builder, bound), definitions, 'vocabulary files'),
  }
}
