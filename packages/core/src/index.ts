// @prefixd/core: the public surface. Everything a tool needs to expand, shrink and complete RDF names.

export { PrefixIndex } from './prefix-index/prefix-index.js'
export type { ExpandOptions, ShrinkOptions } from './prefix-index/prefix-index.js'
export { readDefault, type DefaultData } from './prefix-index/read-default.js'
export type { NameSyntax } from './prefix-index/expand.js'
export type { AutocompleteOptions, Completions } from './prefix-index/completion-query.js'
export type { LoadProblem, NamespaceOf, PrefixEntry, PrefixQuality, PrefixRecord, Term, TermInfo, VocabularyInfo } from './model.js'
export { candidates } from './curation/candidates.js'
export type { Candidate } from './curation/candidates.js'
export { searchNamespaces } from './curation/namespace-search.js'
export { prefixWarning } from './curation/prefix-warning.js'
export type { PrefixWarning } from './curation/prefix-warning.js'
export type { NamespaceMatch } from './curation/namespace-search.js'
export type { TermKind } from './terms/term-record.js'
export { fromCompact, fromRecords, PrefixIndexBuilder } from './prefix-index/builder.js'
export { editDistance, gradePrefixes } from './data/prefix-grades.js'
export type { GradeOptions, PrefixGrade } from './data/prefix-grades.js'
export type { AddPrefixesOptions, RdfFormat } from './draft/draft.js'
export { PrefixError } from './errors.js'
export type { PrefixErrorCode } from './errors.js'
export { formatOfFile, prefixesFromJson, prefixesFromRdf } from './sources/sources.js'
export type { DeclarationFormat, PrefixSource } from './sources/sources.js'
export { addCompact, toCompact } from './data/compact.js'
export { formatPrefixes, PREFIX_TABLE_FORMATS } from './sources/prefix-formats.js'
export { PREFIX_SOURCE_FORMATS, readPrefixSource } from './sources/read-source.js'
export type { PrefixSourceFormat, PrefixSourceRead } from './sources/read-source.js'
export { recordsFromEntries, recordsFromEpm, recordsToEpm, validateRecords } from './sources/records.js'
export type { EpmRecord, RecordsRead, ValidateOptions } from './sources/records.js'
export type { PrefixTableFormat } from './sources/prefix-formats.js'
export type { CompactIndex } from './data/compact.js'
export type { DataProvenance } from './model.js'
export type { DataTier, LoadDefaultOptions } from './data/load-default.js'
export { isPnChars, isPnCharsBase, isPnPrefix, readLocalName, writeLocalName } from './names/pn-local.js'
export { isAbsoluteIri } from './names/iri.js'
export { Knowledge } from './knowledge/knowledge.js'
export type { FactsSource, TermDescription, TermFacts, TermRef, VocabularyDescription, VocabularyFacts } from './knowledge/knowledge.js'
export { loadKnowledge } from './knowledge/load-knowledge.js'
export { definitionText, listLines } from './knowledge/definition-text.js'
export type { DefinitionText } from './knowledge/definition-text.js'
export type { KnowledgeFile, KnowledgeProposal, KnowledgeTermEntry, KnowledgeVocabularyEntry } from './knowledge/knowledge-file.js'
export { isPortableLocalName } from './names/portable-name.js'
export type { GradeReason } from './model.js'
export type {
  ApiBodyProblem,
  ApiFeatured,
  ApiFeaturedVocabulary,
  ApiHitKind,
  ApiLookup,
  ApiPrefixRow,
  ApiRebindWarning,
  ApiSearchHit,
  ApiSearchResult,
  ApiSearchResults,
  ApiSetSummary,
  ApiSetWritten,
  ApiSuggestion,
  ApiSuspect,
  ApiTermEntry,
  ApiVocabulary,
  ApiVocabularyFile,
} from './api-answers.js'
export { UsageCollector } from './usage/collector.js'
export { Usage } from './usage/usage.js'
export { LayeredUsage } from './usage/layered-usage.js'
export type { UsageDefinition } from './usage/usage.js'
export type { UsageKind } from './usage/usage-vocab.js'
export { readRdfInto, readUsage, usageFormatOf, UsageReadError } from './usage/read-rdf.js'
export { decodeUtf8, Utf8Error, Utf8Reader } from './utf8.js'
export type { ReadRdfOptions, UsageFormat } from './usage/read-rdf.js'
export type { JsonLdToQuads } from './usage/read-json-ld.js'
export { completeWithUsage, DEFAULT_USAGE_WEIGHTS, scoreTerm } from './usage/usage-completion.js'
export type { UsageCompletionOptions, UsageContext, UsagePrior, UsageSuggestion, UsageWeights } from './usage/usage-completion.js'
export { explainUsage } from './usage/usage-explain.js'
export { addUsageDefinitions, bindsBeyondItsFile, usageBindings, usageNamespace, withUsage } from './usage/usage-index.js'
export type { UsageBinding } from './usage/usage-index.js'
export type { DomainFacts, DomainFit, TermDomainFacts } from './usage/usage-domain.js'
export { USAGE_FORMAT } from './usage/usage-file.js'
export type { UsageFile, UsageFileDefinition } from './usage/usage-file.js'
export { UsageSet } from './usage/usage-set.js'
export { transferOf, usageOfRows, usageRows } from './usage/usage-rows.js'
export type { UsageRows } from './usage/usage-rows.js'
