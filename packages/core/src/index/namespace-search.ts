// Reverse search: the prefixes whose namespace a partial IRI or a host names (`xmlns.com/foaf` → foaf).

import type { PrefixEntry, PrefixQuality, VocabularyInfo } from './model.js'

/** A namespace found by {@link PrefixIndex.searchNamespaces}. */
export interface NamespaceMatch {
  readonly prefix: string
  readonly namespace: string
  /** The namespace matched when it is a synonym of `namespace`. */
  readonly synonym?: string
  readonly title?: string
  /** From 0 to 1: where the query falls in the namespace, how far the prefix is trusted, popularity. */
  readonly score: number
}

/** Scheme and `www.` are left out on both sides: `schema.org` finds `http://schema.org/` and `https://www.schema.org/`. */
function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:(?:\/\/)?/, '')
    .replace(/^www\./, '')
}

/** Where a query may start inside a namespace and still count: after one of these. */
const BOUNDARY = /[./#:_=?&-]/
const TRUSTED: Readonly<Record<PrefixQuality | 'own', number>> = { curated: 1, own: 1, popular: 0.8, 'long-tail': 0.4, suspect: 0 }

/**
 * The preferred entries (and synonym entries, mapped to what they stand for) whose namespace contains
 * the query: at its start first, then at a boundary (`/`, `.`, `#` …), then anywhere; then trusted
 * before long-tail, popular first, shorter first. Suspect prefixes are left out. O(namespaces).
 */
export function searchNamespaces(
  entries: Iterable<{ readonly entry: PrefixEntry; readonly standsFor?: PrefixEntry }>,
  info: (prefix: string) => VocabularyInfo | undefined,
  query: string,
  limit: number,
): NamespaceMatch[] {
  const q = normalize(query.trim())
  if (q === '') return []
  const best = new Map<string, NamespaceMatch>() // by the namespace a match stands for: one answer each
  for (const { entry, standsFor } of entries) {
    const ns = normalize(entry.namespace)
    const at = ns.indexOf(q)
    if (at < 0) continue
    const place = at === 0 ? 1 : BOUNDARY.test(ns[at - 1]!) ? 0.6 : 0.2
    const vocabulary = info(entry.prefix)
    const curated = vocabulary?.curated === true || vocabulary?.quality === 'curated'
    const trust = TRUSTED[curated ? 'curated' : (vocabulary?.quality ?? 'own')]
    if (trust === 0) continue
    const popularity = vocabulary?.popularity === undefined ? 0.5 : Math.max(0, 1 - Math.log2(vocabulary.popularity) / 12)
    // How much of the namespace the query names: `xmlns.com/foaf` names more of foaf's than of a longer one's.
    const cover = q.length / ns.length
    const score = Math.round((0.45 * place + 0.3 * trust + 0.15 * popularity + 0.1 * cover) * 1000) / 1000
    const target = standsFor ?? entry
    const previous = best.get(target.namespace)
    if (previous !== undefined && previous.score >= score) continue
    best.set(target.namespace, {
      prefix: target.prefix,
      namespace: target.namespace,
      ...(standsFor !== undefined && { synonym: entry.namespace }),
      ...(vocabulary?.title !== undefined && { title: vocabulary.title }),
      score,
    })
  }
  return [...best.values()].sort((a, b) => b.score - a.score || a.namespace.length - b.namespace.length || (a.prefix < b.prefix ? -1 : 1)).slice(0, limit)
}
