// PrefixIndexBuilder: collects prefix tables and vocabulary terms, validates them, and builds a PrefixIndex.

import { addCompact } from '../data/compact.js'
import { loadDefaultInto, type LoadDefaultOptions } from '../data/load-default.js'
import { IndexDraft } from './draft.js'
import { PrefixIndex } from './prefix-index.js'

/**
 * Collects prefix tables and terms from several sources, in precedence order, and builds an index.
 * Invalid entries are skipped and reported in {@link PrefixIndexBuilder.problems}; the rest loads.
 *
 * @example
 * const builder = new PrefixIndexBuilder()
 *   .addPrefixes({ schema: 'http://schema.org/' })
 *   .addRdf(turtleText, { format: 'turtle', source: 'my-vocab.ttl' })
 * const index = builder.build()
 */
export class PrefixIndexBuilder extends IndexDraft {
  /**
   * A builder holding the default data (or the compact index `file`), to add a user's own tables
   * and vocabularies on top: `addPrefixes(mine, { override: true })`. `tier: 'prefixes'` loads the
   * prefix table without the terms.
   */
  static loadDefault(options: LoadDefaultOptions = {}): Promise<PrefixIndexBuilder> {
    return loadDefaultInto(new PrefixIndexBuilder(), options)
  }

  /**
   * Builds the index. Terms outside every namespace of the table, or equal to one, are left out.
   * `wholeTable: true` ignores prefix grades (see {@link PrefixQuality}): every prefix is offered and used alike.
   */
  build(options: { readonly wholeTable?: boolean } = {}): PrefixIndex {
    return new PrefixIndex(this.parts(options))
  }
}

/** Reads an index written by `toCompact`. */
export function fromCompact(data: unknown, source = 'compact index'): PrefixIndex {
  return addCompact(new PrefixIndexBuilder(), data, source).build()
}
