// PrefixIndex.loadDefault and PrefixIndexBuilder.loadDefault: the default data, or an index file, into a draft.

import { IndexDraft } from '../draft/draft.js'
import type { PrefixIndexParts } from '../model.js'
import { addCompact, checkCompact } from './compact.js'
import { partsFromCompact } from './compact-parts.js'
import { readDefaultData, readIndexFile } from './default-data.js'
import { PrefixError } from '../errors.js'

/**
 * `full`: the prefix table and the terms of the curated vocabularies (types, labels, subclasses).
 * `prefixes`: the prefix table alone — expand, shrink and prefix completion, a tenth of the size.
 */
export type DataTier = 'full' | 'prefixes'

export interface LoadDefaultOptions {
  /** Default `full`. */
  readonly tier?: DataTier
  /** An index written by `toCompact` instead of the default data: a path or URL (fetched in a browser). */
  readonly file?: string | URL
}

/** Adds the default data (or the index `file`) to `draft`. */
export async function loadDefaultInto<T extends IndexDraft>(draft: T, options: LoadDefaultOptions = {}): Promise<T> {
  const tier = options.tier ?? 'full'
  if (tier !== 'full' && tier !== 'prefixes') throw new PrefixError('INVALID_SOURCE', `unknown data tier '${String(tier)}'; use full or prefixes`)
  const { data, source } = options.file === undefined ? await readDefaultData(tier) : await readIndexFile(options.file)
  return addCompact(draft, data, source)
}

/**
 * The parts of `PrefixIndex.loadDefault()`: the default data straight into parts (its fast path); an
 * index `file`, which anyone may have written, through a draft, which checks every entry.
 */
export async function loadDefaultParts(options: LoadDefaultOptions & { readonly wholeTable?: boolean } = {}): Promise<PrefixIndexParts> {
  const wholeTable = options.wholeTable ?? false
  if (options.file !== undefined) return (await loadDefaultInto(new IndexDraft(), options)).parts({ wholeTable })
  return (await readDefaultParts(options)).parts()
}

/**
 * The default data read and parsed once, to make the parts of indexes from, straight (see
 * {@link partsFromCompact}): the whole data's, or with only the terms in some namespaces.
 */
export async function readDefaultParts(options: { readonly tier?: DataTier; readonly wholeTable?: boolean } = {}): Promise<DefaultParts> {
  const tier = options.tier ?? 'full'
  if (tier !== 'full' && tier !== 'prefixes') throw new PrefixError('INVALID_SOURCE', `unknown data tier '${String(tier)}'; use full or prefixes`)
  const { data, source } = await readDefaultData(tier)
  const compact = checkCompact(data, source)
  let byPrefix: Map<string, string> | undefined
  return {
    parts: (namespaces) => partsFromCompact(data, source, options.wholeTable ?? false, namespaces),
    namespace(prefix) {
      // As in an index of the data, the first binding of a prefix wins.
      if (byPrefix === undefined) {
        byPrefix = new Map()
        for (const [p, namespace] of compact.prefixes) if (!byPrefix.has(p)) byPrefix.set(p, namespace)
      }
      return byPrefix.get(prefix)
    },
  }
}

/** The default data, read: see {@link readDefaultParts}. */
export interface DefaultParts {
  /** The parts of an index of the data; with `namespaces`, of their terms only. */
  parts(namespaces?: readonly string[]): PrefixIndexParts
  /** The namespace the data's table binds `prefix` to. */
  namespace(prefix: string): string | undefined
}
