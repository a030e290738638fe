// The RDF/JS NamedNode expandTerm gives by default: the data model's interface and nothing more, so that the
// core need not load n3's data factory for it (4 KB of a browser bundle). n3 and other libraries take it, and
// it equals their NamedNodes of the same IRI both ways.

import type { NamedNode, Term } from '../rdf-js.js'

class PlainNamedNode implements NamedNode {
  readonly termType = 'NamedNode'
  constructor(readonly value: string) {}
  equals(other: Term | null | undefined): boolean {
    return other != null && other.termType === 'NamedNode' && other.value === this.value
  }
}

/** The default factory of `expandTerm`. */
export const plainFactory = { namedNode: (iri: string): NamedNode => new PlainNamedNode(iri) }
