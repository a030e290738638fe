// The prefix table of an index: its entries by prefix and by namespace, and how far completion and shrink trust each.

import type { PrefixEntry, PrefixIndexParts, VocabularyInfo } from '../model.js'
import type { RangeBest } from '../structures/range-best.js'
import { Demotion } from './demotion.js'
import { ShrinkTable } from './shrink.js'
import type { TableOrders } from './table-orders.js'

/** What completion makes of the table alone on first use (completion.ts), kept with it: indexes that share a table share these. */
export interface TableCaches {
  orders?: TableOrders
  prefixRanking?: RangeBest
  namespaceRanking?: RangeBest
  standIns?: Int32Array
}

/**
 * The entries in preference order, each prefix's entry, each namespace's preferred entry (with the shrink
 * walk over them: {@link ShrinkTable}) and each entry's demotion. Built once, read by every other part.
 */
export class PrefixTable implements TableCaches {
  /** In preference order. */
  readonly entries: readonly PrefixEntry[]
  readonly byPrefix = new Map<string, PrefixEntry>()
  /** The preferred entry of each namespace, and the shrink walk over them (shrink.ts). */
  readonly byNamespace: ShrinkTable
  readonly vocabularies: ReadonlyMap<string, VocabularyInfo>
  /** Completion's orders and rankings of the table, made when first read (the index passes the table as its {@link TableCaches}). */
  declare orders?: TableOrders
  declare prefixRanking?: RangeBest
  declare namespaceRanking?: RangeBest
  declare standIns?: Int32Array
  /** Entries that completion does not offer: long-tail (1) and suspect (2) prefixes, unless the whole table is kept. */
  readonly #demoted = new Map<PrefixEntry, Demotion>()

  constructor(parts: Pick<PrefixIndexParts, 'entries' | 'vocabularies' | 'wholeTable' | 'fewRequests'>) {
    this.byNamespace = new ShrinkTable(parts.fewRequests)
    this.entries = parts.entries
    this.vocabularies = parts.vocabularies
    if (!parts.wholeTable) {
      for (const entry of parts.entries) {
        const quality = parts.vocabularies.get(entry.prefix)?.quality
        if (quality === 'long-tail') this.#demoted.set(entry, Demotion.LongTail)
        else if (quality === 'suspect') this.#demoted.set(entry, Demotion.Suspect)
      }
    }
    for (const entry of parts.entries) {
      this.byPrefix.set(entry.prefix, entry)
      // A namespace's preferred prefix is its first, unless a later one is better graded.
      const preferred = this.byNamespace.get(entry.namespace)
      if (preferred === undefined || this.demotion(entry) < this.demotion(preferred)) this.byNamespace.set(entry, this.demotion(entry))
    }
  }

  /** 0 for a prefix that completion offers, else {@link Demotion}. */
  demotion(entry: PrefixEntry): 0 | Demotion {
    return this.#demoted.get(entry) ?? 0
  }

  /** The entry shrink writes for the namespace of `entry`: its record's preferred one. */
  preferredOf(entry: PrefixEntry): PrefixEntry {
    return this.byNamespace.get(entry.namespace)!
  }
}
