// IRIs the usage reader interprets: what defines a term, what describes one, and the VoID and SHACL terms of data descriptions.

import { OWL, RDF, RDFS, SKOS } from '../terms/vocab.js'

export const SH = 'http://www.w3.org/ns/shacl#'
export const VOID = 'http://rdfs.org/ns/void#'
const DCT = 'http://purl.org/dc/terms/'
const DC11 = 'http://purl.org/dc/elements/1.1/'
const SCHEMA = 'http://schema.org/'

/** What a term is, as bits: a term may be several (a class that is also a shape). */
export const CLASS = 1
export const PROPERTY = 2
export const SHAPE = 4

/** The kinds a term of the workspace is defined as. */
export type UsageKind = 'class' | 'property' | 'shape'

export function kindsOf(bits: number): UsageKind[] {
  const kinds: UsageKind[] = []
  if (bits & CLASS) kinds.push('class')
  if (bits & PROPERTY) kinds.push('property')
  if (bits & SHAPE) kinds.push('shape')
  return kinds
}

export function bitsOf(kinds: readonly string[]): number {
  return (kinds.includes('class') ? CLASS : 0) | (kinds.includes('property') ? PROPERTY : 0) | (kinds.includes('shape') ? SHAPE : 0)
}

/** Types whose instances are terms the data defines, and what kind each makes them. */
export const DEFINING_TYPES: ReadonlyMap<string, number> = new Map([
  [RDFS + 'Class', CLASS],
  [OWL + 'Class', CLASS],
  [RDFS + 'Datatype', CLASS],
  [OWL + 'DeprecatedClass', CLASS],
  [RDF + 'Property', PROPERTY],
  [OWL + 'ObjectProperty', PROPERTY],
  [OWL + 'DatatypeProperty', PROPERTY],
  [OWL + 'AnnotationProperty', PROPERTY],
  [OWL + 'OntologyProperty', PROPERTY],
  [OWL + 'FunctionalProperty', PROPERTY],
  [OWL + 'InverseFunctionalProperty', PROPERTY],
  [OWL + 'TransitiveProperty', PROPERTY],
  [OWL + 'SymmetricProperty', PROPERTY],
  [OWL + 'AsymmetricProperty', PROPERTY],
  [OWL + 'ReflexiveProperty', PROPERTY],
  [OWL + 'IrreflexiveProperty', PROPERTY],
  [OWL + 'DeprecatedProperty', PROPERTY],
  [SH + 'NodeShape', SHAPE],
  [SH + 'PropertyShape', SHAPE],
])

export const DEPRECATED_TYPE_IRIS: ReadonlySet<string> = new Set([OWL + 'DeprecatedClass', OWL + 'DeprecatedProperty'])

/** Predicates whose object names a term's label, best first (the first one seen of the best kind wins). */
export const LABELS: ReadonlyMap<string, number> = new Map([
  [RDFS + 'label', 0],
  [SKOS + 'prefLabel', 1],
  [SCHEMA + 'name', 2],
  [DCT + 'title', 3],
  [DC11 + 'title', 3],
])

export const COMMENTS: ReadonlyMap<string, number> = new Map([
  [RDFS + 'comment', 0],
  [SKOS + 'definition', 1],
  [DCT + 'description', 2],
  [DC11 + 'description', 2],
  [SCHEMA + 'description', 2],
])

export const DOMAIN = RDFS + 'domain'
export const RANGE = RDFS + 'range'
export const SUBCLASS_OF = RDFS + 'subClassOf'
export const SUBPROPERTY_OF = RDFS + 'subPropertyOf'
export const DEPRECATED = OWL + 'deprecated'

export const VOID_CLASS_PARTITION = VOID + 'classPartition'
export const VOID_PROPERTY_PARTITION = VOID + 'propertyPartition'
export const VOID_CLASS = VOID + 'class'
export const VOID_PROPERTY = VOID + 'property'
export const VOID_ENTITIES = VOID + 'entities'
export const VOID_TRIPLES = VOID + 'triples'

export const SH_TARGET_CLASS = SH + 'targetClass'
export const SH_PROPERTY = SH + 'property'
export const SH_PATH = SH + 'path'
export const SH_ORDER = SH + 'order'
