// readDefault's data layer (read: parsed once and kept): the default data into the parts of several indexes.

import { checkCompact, type CompactIndex } from './compact.js'
import { partsFromCompact } from './compact-parts.js'
import { openDefaultTierParts } from './default-data.js'
import { checkTier, type DataTier } from './load-default.js'
import type { PrefixIndexParts } from '../model.js'

/**
 * The default data read once, to make the parts of indexes from, straight (see {@link partsFromCompact}): the
 * whole data's, or with only the terms in some namespaces — of which only the runs that hold them are parsed
 * (tier-text.ts), with the head of the tier (the table, types, rankings).
 */
export async function readDefaultParts(options: { readonly tier?: DataTier; readonly wholeTable?: boolean } = {}): Promise<DefaultParts> {
  const { parts: tier, source } = await openDefaultTierParts(checkTier(options.tier))
  const head = checkCompact(tier.head, source)
  const wholeTable = options.wholeTable ?? false
  let byPrefix: Map<string, string> | undefined
  /** The parts made of the head alone (the table, its grades, synonyms, the class hierarchy), from the first index of some namespaces. */
  let table: Pick<PrefixIndexParts, 'entries' | 'vocabularies' | 'namespaceSynonyms' | 'hierarchy'> | undefined
  // The head without what `table` holds: a later index of some namespaces decodes its terms alone (the table's
  // entries, grades and hierarchy cost each 5 ms of CPU and their garbage, to be dropped for `table`'s).
  const termsOnly = { ...head, prefixes: [], vocabularies: {}, subClassOf: [], qualities: [], popularityDeltas: [] } satisfies CompactIndex
  return {
    parts(namespaces) {
      if (namespaces === undefined) return partsFromCompact(tier.whole(), source, wholeTable)
      const { terms, positions } = tier.termsIn(namespaces)
      const parts = partsFromCompact({ ...(table === undefined ? head : termsOnly), terms } satisfies CompactIndex, source, wholeTable, namespaces, positions)
      table ??= { entries: parts.entries, vocabularies: parts.vocabularies, namespaceSynonyms: parts.namespaceSynonyms, hierarchy: parts.hierarchy }
      return { ...parts, ...table, fewRequests: true }
    },
    namespace(prefix) {
      // As in an index of the data, the first binding of a prefix wins.
      if (byPrefix === undefined) {
        byPrefix = new Map()
        for (const [p, namespace] of head.prefixes) if (!byPrefix.has(p)) byPrefix.set(p, namespace)
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
