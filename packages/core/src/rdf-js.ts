// The RDF/JS data model's terms and quads (rdf.js.org/data-model-spec), as the core's API takes and gives them.

// Declared here rather than imported from @rdfjs/types: that package depends on @types/node, which TypeScript
// then loads into every consumer's project, browser code included. These are the same types, not a likeness:
// test/core/rdf-js.test.ts holds each mutually assignable with its @rdfjs/types namesake, so they cannot drift.

/** A term of any kind. */
export type Term = NamedNode | BlankNode | Literal | Variable | DefaultGraph | BaseQuad

/** An IRI. */
export interface NamedNode<Iri extends string = string> {
  termType: 'NamedNode'
  value: Iri
  equals(other: Term | null | undefined): boolean
}

/** A blank node; `value` is its label without `_:`. */
export interface BlankNode {
  termType: 'BlankNode'
  value: string
  equals(other: Term | null | undefined): boolean
}

/** A literal: its lexical form, language tag (`''` for none), base direction and datatype. */
export interface Literal {
  termType: 'Literal'
  value: string
  language: string
  direction?: 'ltr' | 'rtl' | '' | null
  datatype: NamedNode
  equals(other: Term | null | undefined): boolean
}

/** A variable (SPARQL's `?name`). */
export interface Variable {
  termType: 'Variable'
  value: string
  equals(other: Term | null | undefined): boolean
}

/** The default graph. */
export interface DefaultGraph {
  termType: 'DefaultGraph'
  value: ''
  equals(other: Term | null | undefined): boolean
}

/** A quad whose parts may be any terms. */
export interface BaseQuad {
  termType: 'Quad'
  value: ''
  subject: Term
  predicate: Term
  object: Term
  graph: Term
  equals(other: Term | null | undefined): boolean
}

/** A quad as RDF allows it (a quad is a term too: an RDF 1.2 triple term). */
export interface Quad extends BaseQuad {
  subject: NamedNode | BlankNode | Quad | Variable
  predicate: NamedNode | Variable
  object: NamedNode | Literal | BlankNode | Quad | Variable
  graph: DefaultGraph | NamedNode | BlankNode | Variable
  equals(other: Term | null | undefined): boolean
}
