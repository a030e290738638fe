// readDefault's data layer: the default data read and parsed once, into the parts of several indexes.

import { checkCompact } from './compact.js'
import { partsFromCompact } from './compact-parts.js'
import { readDefaultData } from './default-data.js'
import { checkTier, type DataTier } from './load-default.js'
import type { PrefixIndexParts } from '../model.js'

/**
 * The default data read and parsed once, to make the parts of indexes from, straight (see
 * {@link partsFromCompact}): the whole data's, or with only the terms in some namespaces.
 */
export async function readDefaultParts(options: { readonly tier?: DataTier; readonly wholeTable?: boolean } = {}): Promise<DefaultParts> {
  const { data, source } = await readDefaultData(checkTier(options.tier))
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
