// The order of the home search's suggestions for a bare word: the prefixes it starts before the terms that merely
// contain it (`fo` → foaf:, `sk` → skos:), a described vocabulary first, a term named exactly so near the top.

/** What the ranking reads of a row: its name (`foaf:`, `foaf:Person`) and its label (a prefix's title). */
export interface Ranked {
  readonly name: string
  readonly label: string | null
}

/** A word shaped like a prefix: a letter, then letters, digits, `-`, `_` or `.` (no colon, no space). */
const PREFIX_LIKE = /^[A-Za-z][\w.-]*$/

/**
 * Merges the prefixes completion offers for `query` (in its order: curated and popular, exact first) with the
 * terms search found (in its order). For a prefix-like word: the vocabulary named exactly so (described), one
 * term named exactly so, then the prefixes (the one typed whole second at most), then the other terms named so, then the rest; otherwise terms
 * named exactly so, an exact prefix, the other terms, then the other prefixes.
 */
export function rankWord<R extends Ranked>(query: string, prefixRows: readonly R[], termRows: readonly R[], max: number): R[] {
  const lower = query.toLowerCase()
  const named = termRows.filter((row) => localPart(row.name).toLowerCase() === lower)
  const exact = prefixRows.filter((row) => row.name.toLowerCase() === lower + ':')
  const vocabulary = exact.filter((row) => row.label !== null)
  const others = termRows.filter((row) => !named.includes(row))
  if (PREFIX_LIKE.test(query)) {
    // The prefix typed whole comes second at worst: completion may rank a more popular one it starts first
    // (`fo` → foaf:, then fo:), but not three (`pro` → prov:, prog:, prop:, then pro:).
    const prefixes = prefixRows.filter((row) => !vocabulary.includes(row) && !exact.includes(row))
    prefixes.splice(Math.min(1, prefixes.length), 0, ...exact.filter((row) => !vocabulary.includes(row)))
    return [...vocabulary, ...named.slice(0, 1), ...prefixes, ...named.slice(1), ...others].slice(0, max)
  }
  const rest = prefixRows.filter((row) => !exact.includes(row))
  return [...vocabulary, ...named, ...exact.filter((row) => !vocabulary.includes(row)), ...others, ...rest].slice(0, max)
}

/** What follows the colon of a prefixed name (the whole string when it has none). */
export function localPart(name: string): string {
  return name.slice(name.indexOf(':') + 1)
}
