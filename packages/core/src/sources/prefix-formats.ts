// Writes a prefix table as Turtle @prefix lines, SPARQL PREFIX lines, a JSON-LD @context, an extended
// prefix map or SHACL declarations.

import type { PrefixRecord } from '../model.js'
import { entriesOf, recordsFromEntries, recordsToEpm } from './records.js'
import { formatShacl } from './shacl.js'

/** The syntaxes {@link formatPrefixes} writes. */
export type PrefixTableFormat = 'json' | 'jsonld' | 'turtle' | 'sparql' | 'epm' | 'shacl'

const GEN_DELIM_END = /[:/?#[\]@]$/

export const PREFIX_TABLE_FORMATS: readonly PrefixTableFormat[] = ['json', 'jsonld', 'turtle', 'sparql', 'epm', 'shacl']

/**
 * Writes `{ prefix: namespace }`, or records with synonyms, in one of the {@link PrefixTableFormat}s.
 * Namespaces are IRIs without `<>` or spaces (the index checks them on load), so they need no escaping
 * in `<…>`. Only `epm` writes namespace synonyms; the other formats bind each prefix and prefix synonym
 * to its record's namespace. From a plain table, `epm` makes the later prefixes of a namespace synonyms of its first.
 *
 * @example
 * formatPrefixes({ foaf: 'http://xmlns.com/foaf/0.1/' }, 'turtle') // '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n'
 */
export function formatPrefixes(table: Readonly<Record<string, string>> | readonly PrefixRecord[], format: PrefixTableFormat): string {
  const entries = Array.isArray(table) ? [...entriesOf(table as readonly PrefixRecord[])] : Object.entries(table)
  const records = () => (Array.isArray(table) ? (table as readonly PrefixRecord[]) : recordsFromEntries(entries).records)
  switch (format) {
    case 'json':
      return JSON.stringify(Object.fromEntries(entries), null, 2) + '\n'
    case 'epm':
      return JSON.stringify(recordsToEpm(records()), null, 2) + '\n'
    case 'shacl':
      return formatShacl(records())
    case 'jsonld': {
      // JSON-LD 1.1 §4.2.2: only an IRI ending in a gen-delim makes a simple definition a prefix;
      // any other namespace (OBO's `…/GO_`) needs an expanded definition with "@prefix": true.
      const context: Record<string, string | { '@id': string; '@prefix': true }> = {}
      for (const [p, ns] of entries) {
        // JSON-LD has no empty term; its closest equivalent of Turtle's `:` prefix is the vocabulary mapping.
        if (p === '') context['@vocab'] = ns
        else context[p] = GEN_DELIM_END.test(ns) ? ns : { '@id': ns, '@prefix': true }
      }
      return JSON.stringify({ '@context': context }, null, 2) + '\n'
    }
    case 'turtle':
      return entries.map(([p, ns]) => `@prefix ${p}: <${ns}> .\n`).join('')
    case 'sparql':
      return entries.map(([p, ns]) => `PREFIX ${p}: <${ns}>\n`).join('')
  }
}
