// IRIs of the RDF, RDFS, OWL and SKOS terms the core itself interprets.

export const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#'
export const RDFS = 'http://www.w3.org/2000/01/rdf-schema#'
export const OWL = 'http://www.w3.org/2002/07/owl#'
export const SKOS = 'http://www.w3.org/2004/02/skos/core#'

export const RDF_TYPE = RDF + 'type'
export const RDF_PROPERTY = RDF + 'Property'
export const RDFS_CLASS = RDFS + 'Class'
export const RDFS_LABEL = RDFS + 'label'
export const RDFS_SUBCLASS_OF = RDFS + 'subClassOf'
export const SKOS_PREF_LABEL = SKOS + 'prefLabel'
