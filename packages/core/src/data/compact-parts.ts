// The default data straight into the parts of a PrefixIndex, without a draft in between.

import type { PrefixEntry, PrefixIndexParts } from '../model.js'
import { keepBaseSynonyms } from '../draft/namespace-synonyms.js'
import { TypeHierarchy } from '../terms/type-hierarchy.js'
import { checkCompact, decodeCompact } from './compact.js'

/**
 * What adding `data` to a fresh draft and taking its parts gives, made directly: the draft keeps a map
 * entry and a draft object per term so that later sources can merge into them, which a load with
 * nothing layered on it never needs — and which took half of the default data's load (CPU profile).
 * For data the project wrote itself (the default data): its entries were checked when it was built, so
 * only its shape is checked here; a test holds this equal to the draft's path on the default data.
 */
export function partsFromCompact(data: unknown, source: string, wholeTable: boolean): PrefixIndexParts {
  const compact = checkCompact(data, source)
  const decoded = decodeCompact(compact)
  const entries: PrefixEntry[] = []
  const taken = new Set<string>()
  for (const [prefix, namespace] of compact.prefixes) {
    if (taken.has(prefix)) continue // as in a draft, the first binding of a prefix wins
    taken.add(prefix)
    entries.push({ prefix, namespace })
  }
  const vocabularies = decoded.vocabularies
  for (const prefix of vocabularies.keys()) if (!taken.has(prefix)) vocabularies.delete(prefix)
  const hierarchy = new TypeHierarchy()
  for (const [sub, sup] of decoded.subClassOf) hierarchy.add(sub, sup)
  // The default data is one table without override: its synonyms are the draft's base layer.
  const namespaces = new Set(entries.map((e) => e.namespace))
  const namespaceSynonyms = [...keepBaseSynonyms(new Map(), decoded.namespaceSynonyms, namespaces)]
  return {
    entries,
    terms: decoded.terms,
    hierarchy,
    vocabularies,
    provenance: compact.provenance === undefined ? [] : [compact.provenance],
    namespaceSynonyms,
    wholeTable,
    ...(Array.isArray(compact.termPriorities) && compact.termPriorities.length === decoded.terms.length && { termPriorities: compact.termPriorities }),
  }
}
