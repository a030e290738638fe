// @prefixd/core/checks: the checks of a Turtle, TriG or SPARQL document against the prefix table — what the
// language server, `prefixd lint` and the web editor report. No Node.js API, so a browser bundle can take it.

export { checkDocument, inUnclosedIri } from './check-document.js'
export type { CheckOptions, DocumentFindings } from './check-document.js'
export { DocumentChecker } from './document-checks.js'
export type { CheckedName } from './document-checks.js'
export { MAX_FINDINGS } from './findings.js'
export type { Finding, FindingCode, FindingData, Severity } from './findings.js'
export { DEPRECATED, TermChecks, unescapeLocal } from './term-checks.js'
export type { TermCheck, WrittenName } from './term-checks.js'
export { DEFAULT_RULES, readRules, severityOf } from './rules.js'
export type { RuleCode, Rules, RuleSetting } from './rules.js'
export { isTrustedNamespace, isTrustedPrefix, vocabularyIri, vocabularyNamespace } from './vocabulary-namespace.js'
export { PROJECT_CONFIG_FILE, readProjectConfig } from './project-config.js'
export type { ProjectConfig } from './project-config.js'
