// The default data straight into the parts of a PrefixIndex, without a draft in between.

import type { PrefixEntry, PrefixIndexParts, VocabularyInfo } from '../index/model.js'
import type { TermRecord } from '../terms/term-index.js'
import { TypeHierarchy } from '../terms/type-hierarchy.js'
import { DEPRECATED_TYPES } from '../terms/vocab.js'
import { checkCompact } from './compact.js'

/**
 * What adding `data` to a fresh draft and taking its parts gives, made directly: the draft keeps a map
 * entry and a draft object per term so that later sources can merge into them, which a load with
 * nothing layered on it never needs — and which took half of the default data's load (CPU profile).
 * For data the project wrote itself (the default data): its entries were checked when it was built, so
 * only its shape is checked here; a test holds this equal to the draft's path on the default data.
 */
export function partsFromCompact(data: unknown, source: string, wholeTable: boolean): PrefixIndexParts {
  const compact = checkCompact(data, source)
  const entries: PrefixEntry[] = []
  const taken = new Set<string>()
  for (const [prefix, namespace] of compact.prefixes) {
    if (taken.has(prefix)) continue // as in a draft, the first binding of a prefix wins
    taken.add(prefix)
    entries.push({ prefix, namespace })
  }

  const vocabularies = new Map<string, VocabularyInfo>()
  const describe = (prefix: string, info: VocabularyInfo) => vocabularies.set(prefix, { ...vocabularies.get(prefix), ...info })
  for (const [prefix, info] of Object.entries(compact.vocabularies)) describe(prefix, info)
  compact.qualities?.forEach((quality, i) => {
    const prefix = compact.prefixes[i]?.[0]
    if (quality != null && prefix !== undefined) describe(prefix, { quality })
  })
  if (compact.popularityDeltas !== undefined) {
    let popularity = 0
    compact.popularityDeltas.forEach((delta, i) => {
      popularity += delta
      const prefix = compact.prefixes[i]?.[0]
      if (popularity > 0 && prefix !== undefined) describe(prefix, { popularity })
    })
  }
  for (const prefix of vocabularies.keys()) if (!taken.has(prefix)) vocabularies.delete(prefix)

  const hierarchy = new TypeHierarchy()
  const typeAt = (i: number): string => compact.types[i]!
  for (const [sub, sup] of compact.subClassOf) hierarchy.add(typeAt(sub), typeAt(sup))

  const references = new Map<number, number>(Array.isArray(compact.references) ? compact.references : [])
  const deprecated = new Set<number>(Array.isArray(compact.deprecated) ? compact.deprecated : [])
  const terms: TermRecord[] = compact.terms.map(([iri, typePositions, label], i) => {
    const types = [...new Set(typePositions.map(typeAt))]
    const count = references.get(i) ?? 0
    const isDeprecated = deprecated.has(i) || types.some((t) => DEPRECATED_TYPES.has(t))
    return { iri, types, ...(label !== undefined && { label }), ...(count > 0 && { references: count }), ...(isDeprecated && { deprecated: true }) }
  })

  // Namespace synonyms stand for a namespace of the table, and never for one that is a namespace itself.
  const namespaces = new Set(entries.map((e) => e.namespace))
  const firstSynonyms = new Map<string, string>()
  for (const pair of Array.isArray(compact.namespaceSynonyms) ? compact.namespaceSynonyms : []) {
    if (Array.isArray(pair) && !firstSynonyms.has(pair[0])) firstSynonyms.set(pair[0], pair[1])
  }
  const namespaceSynonyms = [...firstSynonyms].filter(([synonym, namespace]) => namespaces.has(namespace) && !namespaces.has(synonym))

  return {
    entries,
    terms,
    hierarchy,
    vocabularies,
    provenance: compact.provenance === undefined ? [] : [compact.provenance],
    namespaceSynonyms,
    wholeTable,
    ...(Array.isArray(compact.termPriorities) && compact.termPriorities.length === terms.length && { termPriorities: compact.termPriorities }),
  }
}
