// Ready-to-paste uses of a term: Turtle and SPARQL with the declarations they need.

import { declaration } from '../common/declarations.js'

export interface Snippet {
  readonly name: string
  readonly text: string
}

/** What a term is used as: a class (after `a`), a property (as a predicate), or anything else (as an object). */
export type TermUse = 'class' | 'property' | 'other'

/**
 * A Turtle statement and a SPARQL query using `prefixed` as a `use`, each with the declaration of `prefix` (and, for
 * the Turtle, of `ex:` for the example subject — an example.org namespace, which RFC 2606 reserves for examples).
 */
export function termSnippets(prefixed: string, prefix: string, namespace: string, use: TermUse): Snippet[] {
  const own = (syntax: 'turtle' | 'sparql') => declaration(prefix, namespace, syntax)
  const ex = prefix === 'ex' ? [] : [declaration('ex', 'https://example.org/', 'turtle')]
  const turtle = use === 'class' ? `ex:thing a ${prefixed} .` : use === 'property' ? `ex:thing ${prefixed} ex:value .` : `ex:thing ex:property ${prefixed} .`
  const query =
    use === 'class'
      ? `SELECT ?thing WHERE {\n  ?thing a ${prefixed} .\n}\nLIMIT 100`
      : use === 'property'
        ? `SELECT ?thing ?value WHERE {\n  ?thing ${prefixed} ?value .\n}\nLIMIT 100`
        : `SELECT ?thing ?property WHERE {\n  ?thing ?property ${prefixed} .\n}\nLIMIT 100`
  return [
    { name: 'Turtle', text: [own('turtle'), ...ex, '', turtle].join('\n') },
    { name: 'SPARQL', text: [own('sparql'), '', query].join('\n') },
  ]
}
