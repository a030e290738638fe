// @prefixd/core: the public surface. Everything a tool needs to expand, shrink and complete RDF names.

export { PrefixIndex } from './prefix-index.js'
export type {
  AutocompleteOptions,
  Completions,
  ExpandOptions,
  NameSyntax,
  PrefixEntry,
  PrefixQuality,
  ShrinkOptions,
  TermInfo,
  VocabularyInfo,
} from './prefix-index.js'
export type { TermKind } from './term-index.js'
export { PrefixIndexBuilder } from './builder.js'
export { editDistance, gradePrefixes } from './prefix-grades.js'
export type { GradeOptions, PrefixGrade } from './prefix-grades.js'
export type { AddPrefixesOptions, LoadProblem, RdfFormat, Term } from './builder.js'
export { PrefixError } from './errors.js'
export type { PrefixErrorCode } from './errors.js'
export { formatOfFile, prefixesFromJson, prefixesFromRdf } from './sources.js'
export type { DeclarationFormat, PrefixSource } from './sources.js'
export { addCompact, fromCompact, toCompact } from './compact.js'
export { formatPrefixes, PREFIX_TABLE_FORMATS } from './prefix-formats.js'
export type { PrefixTableFormat } from './prefix-formats.js'
export type { CompactIndex, DataProvenance } from './compact.js'
export type { DataTier, LoadDefaultOptions } from './load-default.js'
export { isPnChars, isPnCharsBase, isPnPrefix, readLocalName, writeLocalName } from './pn-local.js'
export { isAbsoluteIri } from './iri.js'
