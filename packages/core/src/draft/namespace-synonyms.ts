// Which namespace synonyms of the base layer (tables without override) apply to a table: one rule for both load paths.

/**
 * Adds to `kept` the synonyms of `base` (`synonym → namespace`) that apply to a table with `namespaces`:
 * the first binding of each synonym, if it stands for a namespace of the table. A synonym may be a namespace
 * of the table too (`https://schema.org/` of `sdo:`): synonyms are curation data that only `standardize` and
 * the records read, so its prefixes still expand to it and shrink still writes them. A synonym already in
 * `kept` (an overriding table's) keeps that binding. Used by `IndexDraft.parts()` and by `loadDefault()`'s
 * path without a draft (data/compact-parts.ts), which must give one index; not exported by the package.
 */
export function keepBaseSynonyms(kept: Map<string, string>, base: Iterable<readonly [string, string]>, namespaces: ReadonlySet<string>): Map<string, string> {
  const seen = new Set<string>()
  for (const [synonym, namespace] of base) {
    if (seen.has(synonym)) continue // a later binding of a synonym is a conflict, which the first wins
    seen.add(synonym)
    if (!kept.has(synonym) && namespaces.has(namespace)) kept.set(synonym, namespace)
  }
  return kept
}
