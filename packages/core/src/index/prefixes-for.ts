// The smallest prefix map that covers the IRIs of some RDF/JS quads or terms: what a writer needs.

import type { Quad, Term } from '@rdfjs/types'

const IMPLICIT_DATATYPES = new Set([
  'http://www.w3.org/2001/XMLSchema#string',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#dirLangString',
])

/** What `prefixesFor` needs of an index: the name its shrink gives an IRI. */
interface Shrinker {
  shrink(iri: string): string | undefined
  namespace(prefix: string): string | undefined
}

/**
 * The prefixes that `shrink` uses for the named nodes (and literal datatypes) of `input`, sorted by
 * prefix, each once. Quads are walked into their subject, predicate, object and graph, quoted triples
 * (RDF-star) too.
 */
export function prefixesFor(index: Shrinker, input: Iterable<Quad | Term>): Record<string, string> {
  const used = new Set<string>()
  // A dataset repeats its IRIs (predicates, types): each is shrunk once.
  const seen = new Set<string>()
  const visit = (term: Term): void => {
    switch (term.termType) {
      case 'NamedNode': {
        if (seen.has(term.value)) return
        seen.add(term.value)
        const name = index.shrink(term.value)
        if (name !== undefined) used.add(name.slice(0, name.indexOf(':')))
        return
      }
      case 'Literal':
        // Plain and language-tagged strings are written without their datatype.
        if (!IMPLICIT_DATATYPES.has(term.datatype.value)) visit(term.datatype)
        return
      case 'Quad':
        visit(term.subject)
        visit(term.predicate)
        visit(term.object)
        return visit(term.graph)
    }
  }
  for (const item of input) visit(item)
  const map: Record<string, string> = {}
  for (const prefix of [...used].sort()) map[prefix] = index.namespace(prefix)!
  return map
}
