// Load (one index now): PrefixIndex.loadDefault and PrefixIndexBuilder.loadDefault — the default data, or an index file, into a draft.

import { IndexDraft } from '../draft/draft.js'
import type { PrefixIndexParts } from '../model.js'
import { addCompact } from './compact.js'
import { partsFromCompact } from './compact-parts.js'
import { openDefaultTier, openIndexFile } from './default-data.js'
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
  const tier = checkTier(options.tier)
  const { data, source } = options.file === undefined ? await openDefaultTier(tier) : await openIndexFile(options.file)
  return addCompact(draft, data, source)
}

/**
 * The parts of `PrefixIndex.loadDefault()`: the default data straight into parts (its fast path); an
 * index `file`, which anyone may have written, through a draft, which checks every entry.
 */
export async function loadDefaultParts(options: LoadDefaultOptions & { readonly wholeTable?: boolean } = {}): Promise<PrefixIndexParts> {
  const wholeTable = options.wholeTable ?? false
  if (options.file !== undefined) return (await loadDefaultInto(new IndexDraft(), options)).parts({ wholeTable })
  const tier = checkTier(options.tier)
  const { data, source } = await openDefaultTier(tier)
  return partsFromCompact(data, source, wholeTable)
}

/** `tier`, or `full` when it is not given; an unknown one is refused. */
export function checkTier(tier: DataTier | undefined): DataTier {
  const checked = tier ?? 'full'
  if (checked !== 'full' && checked !== 'prefixes') throw new PrefixError('INVALID_SOURCE', `unknown data tier '${String(checked)}'; use full or prefixes`)
  return checked
}
