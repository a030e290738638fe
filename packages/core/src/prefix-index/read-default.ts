// readDefault: the default data read and parsed once, to make several indexes from (the language server answers
// its first request from a small one). A function, not a static of PrefixIndex, so that bundles which never
// call it (the browser's) leave it out.

import { readDefaultParts } from '../data/default-parts.js'
import type { DataTier } from '../data/load-default.js'
import { PrefixIndex } from './prefix-index.js'
import { PrefixTable } from './prefix-table.js'

/**
 * The default data read and parsed once, to make indexes from: `index()` the one `PrefixIndex.loadDefault`
 * gives, `index({ namespaces })` one with the whole prefix table but only the terms in those namespaces
 * (compared case-folded), which completes, expands and describes those terms as the whole one does, in a
 * fraction of the time: to answer a first request while the whole index is made. The parsed data is kept
 * while the answer is. Those indexes share their prefix table: after the first, one costs its terms alone.
 *
 * @example
 * const data = await readDefault()
 * data.index({ namespaces: ['http://xmlns.com/foaf/0.1/'] }).autocomplete('foaf:Pers') // ['foaf:Person']
 * const index = data.index()
 */
export async function readDefault(options: { readonly tier?: DataTier; readonly wholeTable?: boolean } = {}): Promise<DefaultData> {
  const data = await readDefaultParts(options)
  // The indexes of some namespaces share one table, with completion's orders and rankings of it (20–40 ms of a first
  // completion's CPU on two cores): a second one costs its terms alone. The whole index makes its own (shrink's trie at once).
  // (data.parts gives those indexes one table's entries, grades, synonyms and class hierarchy, decoded once.)
  let table: PrefixTable | undefined
  const some = (namespaces: readonly string[]) => {
    const parts = data.parts(namespaces)
    return new PrefixIndex(parts, (table ??= new PrefixTable(parts)))
  }
  return {
    index: ({ namespaces } = {}) => (namespaces === undefined ? new PrefixIndex(data.parts()) : some(namespaces)),
    namespace: (prefix) => data.namespace(prefix),
  }
}

/** The default data, read once: see {@link readDefault}. */
export interface DefaultData {
  /**
   * An index of the data; with `namespaces`, of their terms only, and those of the namespaces they are
   * synonyms of (`https://schema.org/` completes schema.org's terms), the prefix table whole.
   */
  index(options?: { readonly namespaces?: readonly string[] }): PrefixIndex
  /** The namespace of `prefix` (exact) in the data's table, as `index().namespace(prefix)` without making the index. */
  namespace(prefix: string): string | undefined
}
