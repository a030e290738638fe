// "Did you mean": the prefixes completion offers that are a slip away from one the table lacks (`fooaf` → foaf,
// `shcema` → schema), nearest first, then the more popular; none when nothing is that close (`nosuch`).

import { editDistance, type PrefixIndex } from '@prefixd/core'

/** Most suggestions given. */
const MAX_SUGGESTIONS = 5

/** The offered prefixes of an index in its preference order (curated, then by popularity), made once per index. */
const OFFERED = new WeakMap<PrefixIndex, readonly string[]>()

/**
 * Offered prefixes within an edit (a letter added, dropped, changed or two swapped) of `typed` — two edits from
 * five letters on — case aside, nearest first, in the table's order among equals.
 */
export function similarPrefixes(index: PrefixIndex, typed: string): string[] {
  let offered = OFFERED.get(index)
  if (offered === undefined)
    OFFERED.set(
      index,
      (offered = index
        .entries()
        .map((e) => e.prefix)
        .filter((p) => index.isOffered(p))),
    )
  const lower = typed.toLowerCase().slice(0, 64)
  const max = lower.length >= 5 ? 2 : 1
  const found: Array<{ prefix: string; distance: number; order: number }> = []
  offered.forEach((prefix, order) => {
    const distance = editDistance(lower, prefix.toLowerCase(), max)
    if (distance <= max && prefix !== typed) found.push({ prefix, distance, order })
  })
  return found
    .sort((a, b) => a.distance - b.distance || a.order - b.order)
    .slice(0, MAX_SUGGESTIONS)
    .map((f) => f.prefix)
}
