// The libraries a user would pick instead of prefixd, each given the same prefix table, behind one interface.

import PrefixMap from '@rdfjs/prefix-map/PrefixMap.js'
import { expand as zazukoExpand, shrink as zazukoShrink } from '@zazuko/prefixes'
import zazukoBuiltins from '@zazuko/prefixes/prefixes'
import { DataFactory } from 'n3'
import { readLocalName, type PrefixIndex } from '@prefixd/core'

export interface Contender {
  readonly name: string
  shrink(iri: string): string | undefined
  expand(name: string): string | undefined
}

export function prefixdContender(index: PrefixIndex): Contender {
  return { name: 'prefixd', shrink: (iri) => index.shrink(iri), expand: (name) => index.expand(name) }
}

/**
 * @zazuko/prefixes: `shrink(iri, extraPrefixes)` takes the table as extra prefixes; its `expand` reads
 * only the built-in table, so the same table is merged into that (exported, mutable) object first.
 */
export function zazukoContender(table: Readonly<Record<string, string>>): Contender {
  Object.assign(zazukoBuiltins, table)
  return {
    name: '@zazuko/prefixes',
    shrink: (iri) => zazukoShrink(iri, table as Record<string, string>) || undefined,
    expand: (name) => {
      try {
        return zazukoExpand(name) || undefined
      } catch {
        return undefined // it throws on an unknown prefix
      }
    },
  }
}

/** @rdfjs/prefix-map: a Map of prefix → NamedNode with `shrink(term)` and `resolve(term)`. */
export function rdfjsContender(table: Readonly<Record<string, string>>): Contender {
  const map = new PrefixMap(
    Object.entries(table).map(([p, ns]) => [p, DataFactory.namedNode(ns)]),
    { factory: DataFactory },
  )
  return {
    name: '@rdfjs/prefix-map',
    shrink: (iri) => map.shrink(DataFactory.namedNode(iri))?.value ?? undefined,
    expand: (name) => map.resolve(DataFactory.literal(name))?.value ?? undefined,
  }
}

/** What one writes by hand: a Map for expand, namespaces sorted longest first and scanned for shrink. */
export function naiveContender(table: Readonly<Record<string, string>>): Contender {
  const byPrefix = new Map(Object.entries(table))
  const longestFirst = Object.entries(table).sort((a, b) => b[1].length - a[1].length)
  return {
    name: 'naive (Map + linear scan)',
    shrink: (iri) => {
      for (const [prefix, namespace] of longestFirst) if (iri.startsWith(namespace)) return prefix + ':' + iri.slice(namespace.length)
      return undefined
    },
    expand: (name) => {
      const colon = name.indexOf(':')
      const namespace = colon < 0 ? undefined : byPrefix.get(name.slice(0, colon))
      return namespace === undefined ? undefined : namespace + name.slice(colon + 1)
    },
  }
}

/** The reference for expand: a bare Map.get plus concatenation, no validation at all. */
export function bareMapExpand(table: Readonly<Record<string, string>>): (name: string) => string | undefined {
  const byPrefix = new Map(Object.entries(table))
  return (name) => {
    const colon = name.indexOf(':')
    const namespace = byPrefix.get(name.slice(0, colon))
    return namespace === undefined ? undefined : namespace + name.slice(colon + 1)
  }
}

/**
 * The floor of any expand that checks what it is given: the bare Map.get plus core's own local-name check (a
 * PN_LOCAL read and unescaped). The bare Map never reads the local name; a validating expand has to, character
 * by character, and on long local names that read is most of the difference.
 */
export function checkedMapExpand(table: Readonly<Record<string, string>>): (name: string) => string | undefined {
  const byPrefix = new Map(Object.entries(table))
  return (name) => {
    const colon = name.indexOf(':')
    const namespace = byPrefix.get(name.slice(0, colon))
    if (namespace === undefined) return undefined
    const suffix = readLocalName(name.slice(colon + 1))
    return suffix === undefined ? undefined : namespace + suffix
  }
}
