// IRIs of the RDF, RDFS, OWL and SKOS terms the core itself interprets.

export const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#'
export const RDFS = 'http://www.w3.org/2000/01/rdf-schema#'
export const OWL = 'http://www.w3.org/2002/07/owl#'
export const SKOS = 'http://www.w3.org/2004/02/skos/core#'

export const RDF_TYPE = RDF + 'type'
export const RDF_PROPERTY = RDF + 'Property'
export const RDFS_CLASS = RDFS + 'Class'
export const RDFS_DATATYPE = RDFS + 'Datatype'
export const RDFS_LABEL = RDFS + 'label'
export const RDFS_SUBCLASS_OF = RDFS + 'subClassOf'
export const SKOS_PREF_LABEL = SKOS + 'prefLabel'
export const RDFS_DOMAIN = RDFS + 'domain'
export const RDFS_RANGE = RDFS + 'range'
export const RDFS_SUBPROPERTY_OF = RDFS + 'subPropertyOf'
export const OWL_DEPRECATED = OWL + 'deprecated'
export const OWL_EQUIVALENT_CLASS = OWL + 'equivalentClass'
export const OWL_EQUIVALENT_PROPERTY = OWL + 'equivalentProperty'
export const SCHEMA_DOMAIN_INCLUDES = 'http://schema.org/domainIncludes'
export const SCHEMA_RANGE_INCLUDES = 'http://schema.org/rangeIncludes'
export const SCHEMA_SUPERSEDED_BY = 'http://schema.org/supersededBy'
export const SCHEMA_DATA_TYPE = 'http://schema.org/DataType'

/** Types that mark a term deprecated by themselves. */
export const DEPRECATED_TYPES: ReadonlySet<string> = new Set([OWL + 'DeprecatedClass', OWL + 'DeprecatedProperty'])
