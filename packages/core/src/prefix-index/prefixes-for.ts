// The prefixes a Turtle writer uses for some RDF/JS quads or terms, with the names it writes: what it must declare.

import type { Quad, Term } from '../rdf-js.js'
import { isPortableLocalName } from '../names/portable-name.js'

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type'
const IMPLICIT_DATATYPES = new Set([
  'http://www.w3.org/2001/XMLSchema#string',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#dirLangString',
])

/** What `prefixesFor` needs of an index: the name its shrink gives an IRI. */
interface Shrinker {
  shrink(iri: string, options?: { readonly synonyms?: boolean }): string | undefined
  namespace(prefix: string): string | undefined
}

/**
 * The prefixes a writer of `input` uses, sorted by prefix, each once — no more: a name is the one
 * `shrink` gives without namespace synonyms (it expands back to the very IRI), and only where every
 * major reader takes it back ({@link isPortableLocalName}; the writer writes the others whole, `<…>`).
 * The predicate `rdf:type` of a quad is written `a`, so it alone needs no `rdf:`. Quads are walked
 * into their subject, predicate, object and graph, triple terms (RDF 1.2, RDF-star) too.
 */
export function prefixesFor(index: Shrinker, input: Iterable<Quad | Term>): Record<string, string> {
  const used = new Set<string>()
  // A dataset repeats its IRIs (predicates, types): each is shrunk once.
  const seen = new Set<string>()
  const visitIri = (iri: string): void => {
    if (seen.has(iri)) return
    seen.add(iri)
    const name = index.shrink(iri, { synonyms: false })
    if (name === undefined) return
    const colon = name.indexOf(':')
    if (isPortableLocalName(name.slice(colon + 1))) used.add(name.slice(0, colon))
  }
  const visit = (term: Term): void => {
    switch (term.termType) {
      case 'NamedNode':
        return visitIri(term.value)
      case 'Literal':
        // Plain and language-tagged strings are written without their datatype.
        if (!IMPLICIT_DATATYPES.has(term.datatype.value)) visitIri(term.datatype.value)
        return
      case 'Quad':
        // A triple term writes its predicate in full: `a` is only a statement's verb.
        visit(term.subject)
        visit(term.predicate)
        visit(term.object)
        return visit(term.graph)
    }
  }
  for (const item of input) {
    // A quad of the input is a statement (a term that is a triple term is walked whole).
    if (item.termType === 'Quad' && item.predicate.termType === 'NamedNode' && item.predicate.value === RDF_TYPE) {
      visit(item.subject)
      visit(item.object)
      visit(item.graph)
    } else visit(item)
  }
  const map: Record<string, string> = {}
  for (const prefix of [...used].sort()) map[prefix] = index.namespace(prefix)!
  return map
}
