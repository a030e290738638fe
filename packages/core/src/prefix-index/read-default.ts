// readDefault: the default data read and parsed once, to make several indexes from (the language server answers
// its first request from a small one). A function, not a static of PrefixIndex, so that bundles which never
// call it (the browser's) leave it out.

import { readDefaultParts } from '../data/default-parts.js'
import type { DataTier } from '../data/load-default.js'
import { PrefixIndex } from './prefix-index.js'

/**
 * The default data read and parsed once, to make indexes from: `index()` the one `PrefixIndex.loadDefault`
 * gives, `index({ namespaces })` one with the whole prefix table but only the terms in those namespaces
 * (compared case-folded), which completes, expands and describes those terms as the whole one does, in a
 * fraction of the time: to answer a first request while the whole index is made. The parsed data is kept
 * while the answer is.
 *
 * @example
 * const data = await readDefault()
 * data.index({ namespaces: ['http://xmlns.com/foaf/0.1/'] }).autocomplete('foaf:Pers') // ['foaf:Person']
 * const index = data.index()
 */
export async function readDefault(options: { readonly tier?: DataTier; readonly wholeTable?: boolean } = {}): Promise<DefaultData> {
  const data = await readDefaultParts(options)
  return { index: ({ namespaces } = {}) => new PrefixIndex(data.parts(namespaces)), namespace: (prefix) => data.namespace(prefix) }
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
