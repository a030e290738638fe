// How a namespace is read against the prefix table: the namespace whose terms the index holds
// for it (itself, or the one it is a synonym of), and which of the table's prefixes are trusted enough
// to be named to a person.

import type { PrefixIndex } from '../prefix-index/prefix-index.js'

/**
 * The namespace whose terms the index holds for `namespace`: the namespace itself, or the one the
 * core's data makes it a synonym of (`https://schema.org/` → `http://schema.org/`). Read-only use of
 * the core's synonyms: the document's own namespace is what its names mean, the other only lends terms.
 */
export function vocabularyNamespace(index: PrefixIndex, namespace: string): string {
  for (const found of index.namespacesOf(namespace)) {
    if (found.namespace === namespace && found.standsFor !== undefined) return found.standsFor
  }
  return namespace
}

/** The IRI whose term the index holds for `iri`: `iri` with a synonym namespace (the longest) read as the one it stands for. */
export function vocabularyIri(index: PrefixIndex, iri: string): string {
  const found = index.namespacesOf(iri)
  for (let i = found.length - 1; i >= 0; i--) {
    const { namespace, standsFor } = found[i]!
    if (standsFor !== undefined) return standsFor + iri.slice(namespace.length)
  }
  return iri
}

/**
 * Whether the table's `prefix` may be named to a person (a did-you-mean, a quick fix): a curated or
 * popular prefix, or one of a table without grades (a project's own file). Long-tail and suspect
 * prefixes still expand, but are never offered.
 */
export function isTrustedPrefix(index: PrefixIndex, prefix: string): boolean {
  const quality = index.quality(prefix)
  return quality === undefined || quality === 'curated' || quality === 'popular'
}

/** Whether a trusted prefix of the table has exactly `namespace` (or `namespace` is a synonym of one). */
export function isTrustedNamespace(index: PrefixIndex, namespace: string): boolean {
  for (const found of index.namespacesOf(namespace)) {
    if (found.namespace === namespace && isTrustedPrefix(index, found.prefix)) return true
  }
  return false
}
