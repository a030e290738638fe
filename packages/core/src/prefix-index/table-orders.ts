// The prefix table sorted and folded for completion: the orders prefix and namespace completion search.

import { fold } from '../names/fold.js'
import { NamespaceTrie } from '../structures/namespace-trie.js'
import type { PrefixEntry } from '../model.js'

/** What prefix, namespace and case-insensitive completion search in the table. */
export interface TableOrders {
  /** The first entry of each case-folded prefix. */
  readonly byFoldedPrefix: ReadonlyMap<string, PrefixEntry>
  /** Preferred entries by case-folded namespace: case-insensitive IRI completion finds its namespace here. */
  readonly byFoldedNamespace: NamespaceTrie<PrefixEntry>
  /** The preferred table entry of each namespace (synonyms' entries left out): what a demoted prefix gives way to. */
  readonly preferredOf: ReadonlyMap<string, PrefixEntry>
  /** Entries sorted by case-folded prefix, and their keys, for prefix completion. */
  readonly prefixOrder: readonly PrefixEntry[]
  readonly prefixKeys: readonly string[]
  /** `prefix:` of each entry of prefixOrder, made once: prefix completion then allocates nothing. */
  readonly prefixNames: readonly string[]
  /** Preferred entries sorted by case-folded namespace, and their keys, for namespace completion. */
  readonly namespaceOrder: readonly PrefixEntry[]
  readonly namespaceKeys: readonly string[]
}

/** `byNamespace`: the preferred entry of each namespace, namespace synonyms' entries included (the table's). */
export function tableOrders(
  entries: readonly PrefixEntry[],
  byNamespace: Pick<NamespaceTrie<PrefixEntry>, 'get'>,
  byPrefix: ReadonlyMap<string, PrefixEntry>,
): TableOrders {
  // Made here, with the orders, not per index: indexes that share a table share these (read-default.ts).
  const preferred = entries.filter((entry) => byNamespace.get(entry.namespace) === entry)
  const byFoldedPrefix = new Map<string, PrefixEntry>()
  for (const entry of entries) {
    const folded = fold(entry.prefix)
    if (!byFoldedPrefix.has(folded)) byFoldedPrefix.set(folded, entry)
  }
  const byKey = <T>(items: readonly T[], key: (item: T) => string): [T[], string[]] => {
    const keyed = items.map((item) => ({ item, key: key(item) }))
    keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    return [keyed.map((k) => k.item), keyed.map((k) => k.key)]
  }
  const [prefixOrder, prefixKeys] = byKey(entries, (e) => fold(e.prefix))
  const preferredOf = new Map<string, PrefixEntry>()
  const byFoldedNamespace = new NamespaceTrie<PrefixEntry>()
  for (const entry of preferred) {
    if (byPrefix.get(entry.prefix) === entry) preferredOf.set(entry.namespace, entry)
    const folded = fold(entry.namespace)
    if (byFoldedNamespace.get(folded) === undefined) byFoldedNamespace.set(folded, entry)
  }
  const [namespaceOrder, namespaceKeys] = byKey(preferred, (e) => fold(e.namespace))
  return {
    byFoldedPrefix,
    byFoldedNamespace,
    preferredOf,
    prefixOrder,
    prefixKeys,
    prefixNames: prefixOrder.map((e) => e.prefix + ':'),
    namespaceOrder,
    namespaceKeys,
  }
}
