// Namespace synonyms (curation data) and the standard form of names and IRIs they give.

import type { NamespaceOf, PrefixEntry, PrefixRecord } from '../model.js'
import { isIriSuffix, looksLikeIri } from '../names/iri.js'
import { readLocalName } from '../names/pn-local.js'
import { NamespaceTrie } from '../structures/namespace-trie.js'
import type { PrefixTable } from './prefix-table.js'

/** A namespace synonym and the preferred entry of the namespace it stands for. */
interface Synonym {
  readonly synonym: string
  readonly target: PrefixEntry
}

/**
 * Each synonym namespace with the preferred entry of the namespace it stands for. Apart from the table's
 * namespaces, so that shrink and expand never see them: only standardize, the records and namespacesOf do
 * (and the terms, which a synonym does not own).
 */
export class SynonymTable {
  readonly #table: PrefixTable
  readonly #trie = new NamespaceTrie<Synonym>()
  /** The same, in the order the table gave them. */
  readonly #list: Synonym[] = []

  /** `synonyms`: `[synonym, namespace]`; one whose namespace has no entry, or a second binding, is left out. */
  constructor(table: PrefixTable, synonyms: Iterable<readonly [string, string]>) {
    this.#table = table
    for (const [synonym, namespace] of synonyms) {
      const target = table.byNamespace.get(namespace)
      if (target === undefined || synonym === namespace || this.#trie.get(synonym) !== undefined) continue
      const entry = { synonym, target }
      this.#trie.set(synonym, entry)
      this.#list.push(entry)
    }
  }

  /** Whether there is any: without, no IRI needs looking up here. */
  get size(): number {
    return this.#list.length
  }

  /** The namespace whose terms serve `namespace`: the one it stands for when a synonym, else itself. */
  termsNamespace(namespace: string): string {
    return this.#trie.get(namespace)?.target.namespace ?? namespace
  }

  /** See `PrefixIndex.standardize`. */
  standardize(nameOrIri: string): string | undefined {
    if (!looksLikeIri(nameOrIri)) {
      const colon = nameOrIri.indexOf(':')
      const entry = colon < 0 ? undefined : this.#table.byPrefix.get(nameOrIri.slice(0, colon))
      if (entry !== undefined) {
        const local = nameOrIri.slice(colon + 1)
        if (readLocalName(local) === undefined && !isIriSuffix(local)) return undefined
        const standard = this.#trie.get(entry.namespace)?.target ?? this.#table.preferredOf(entry)
        return standard.prefix + nameOrIri.slice(colon)
      }
      if (!IRI_SCHEME.test(nameOrIri)) return undefined // not an IRI either (`urn:x:y` may be one)
    }
    return this.standardIri(nameOrIri)
  }

  /** `iri` with a namespace synonym that starts it replaced by the namespace it stands for; `undefined` when no namespace starts it. */
  standardIri(iri: string): string | undefined {
    const entry = this.#table.byNamespace.longest(iri)
    const synonym = this.#trie.longest(iri)
    // The longer of the two decides: a namespace of the table inside a synonym keeps its IRIs as they are.
    if (synonym !== undefined && (entry === undefined || synonym.synonym.length >= entry.namespace.length)) {
      return synonym.target.namespace + iri.slice(synonym.synonym.length)
    }
    return entry === undefined ? undefined : iri
  }

  /** Whether `iri`, in the namespace of `entry`, lies in a namespace synonym at least as long. */
  covers(iri: string, entry: PrefixEntry): boolean {
    const synonym = this.#list.length === 0 ? undefined : this.#trie.longest(iri)
    return synonym !== undefined && synonym.synonym.length >= entry.namespace.length
  }

  /** `[synonym, namespace it stands for]`, in the order the table gave them. */
  pairs(): Array<readonly [string, string]> {
    return this.#list.map(({ synonym, target }) => [synonym, target.namespace] as const)
  }

  /** The synonyms that start `iri`, as `PrefixIndex.namespacesOf` lists them (unsorted). */
  namespacesOf(iri: string): NamespaceOf[] {
    const synonyms: Synonym[] = []
    const count = this.#trie.matches(iri, synonyms)
    return synonyms.slice(0, count).map(({ synonym, target }) => ({ prefix: target.prefix, namespace: synonym, standsFor: target.namespace }))
  }

  /** See `PrefixIndex.records`: the table as records, with these synonyms. */
  records(): PrefixRecord[] {
    const byNamespace = new Map<string, { prefix: string; namespace: string; prefixSynonyms: string[]; namespaceSynonyms: string[] }>()
    for (const entry of this.#table.entries) {
      const preferred = this.#table.preferredOf(entry)
      let record = byNamespace.get(preferred.namespace)
      if (record === undefined)
        byNamespace.set(preferred.namespace, (record = { prefix: preferred.prefix, namespace: preferred.namespace, prefixSynonyms: [], namespaceSynonyms: [] }))
      if (entry.prefix !== record.prefix) record.prefixSynonyms.push(entry.prefix)
    }
    // A synonym that is also a namespace of the table has a record of its own (its prefixes expand to it):
    // an extended prefix map cannot hold one namespace twice, so it is left out of the record it stands for.
    for (const { synonym, target } of this.#list) {
      if (!byNamespace.has(synonym)) byNamespace.get(target.namespace)?.namespaceSynonyms.push(synonym)
    }
    return [...byNamespace.values()].map(({ prefixSynonyms, namespaceSynonyms, ...record }) => ({
      ...record,
      ...(prefixSynonyms.length > 0 && { prefixSynonyms }),
      ...(namespaceSynonyms.length > 0 && { namespaceSynonyms }),
    }))
  }
}

/** An IRI's scheme, as RFC 3986 has it. */
const IRI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/
