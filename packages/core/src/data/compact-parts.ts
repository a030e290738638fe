// The default data straight into the parts of a PrefixIndex, without a draft in between.

import type { PrefixEntry, PrefixIndexParts } from '../model.js'
import { keepBaseSynonyms } from '../draft/namespace-synonyms.js'
import { fold } from '../names/fold.js'
import { TypeHierarchy } from '../terms/type-hierarchy.js'
import { checkCompact, decodeCompact } from './compact.js'

/**
 * What adding `data` to a fresh draft and taking its parts gives, made directly: the draft keeps a map
 * entry and a draft object per term so that later sources can merge into them, which a load with
 * nothing layered on it never needs — and which took half of the default data's load (CPU profile).
 * For data the project wrote itself (the default data): its entries were checked when it was built, so
 * only its shape is checked here; a test holds this equal to the draft's path on the default data.
 * `only`: the terms in these namespaces alone (see `readDefault`); `positions`: where each term of `data` is in
 * the file, when `data` holds only some of its terms (see {@link decodeCompact}).
 */
export function partsFromCompact(
  data: unknown,
  source: string,
  wholeTable: boolean,
  only?: readonly string[],
  positions?: readonly number[],
): PrefixIndexParts {
  const compact = checkCompact(data, source)
  const decoded = decodeCompact(compact, only === undefined ? undefined : inNamespaces(only, compact.namespaceSynonyms ?? []), positions)
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

/**
 * Whether an IRI lies in one of `namespaces` or in a namespace one of them is a synonym of (whose terms it
 * completes: `https://schema.org/`), case-folded as completion matches (`foaf:pers` finds foaf:Person): an
 * index of those terms completes them as the whole index does.
 */
function inNamespaces(namespaces: readonly string[], synonyms: ReadonlyArray<readonly [string, string]>): (iri: string) => boolean {
  const folded = namespaces.map(fold)
  for (const [synonym, namespace] of synonyms) if (folded.includes(fold(synonym))) folded.push(fold(namespace))
  return (iri) => {
    const key = fold(iri)
    return folded.some((namespace) => key.startsWith(namespace))
  }
}
