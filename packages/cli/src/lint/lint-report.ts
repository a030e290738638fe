// `prefixd lint`'s output: text (file:line:col, as compilers and editors' problem matchers read it), JSON, and
// SARIF 2.1.0 (what code-scanning services read: GitHub's, GitLab's, Azure DevOps').

import { relative, sep } from 'node:path'
import type { Log, ReportingDescriptor, Result } from 'sarif'
import { DEFAULT_RULES, type RuleCode } from '@prefixd/core/checks'
import type { LintFinding } from './lint-document.js'

/** A linted file and what was found in it. */
export interface FileReport {
  readonly file: string
  readonly findings: readonly LintFinding[]
  /** How many findings `--fix` fixed (and are no longer in `findings`). */
  readonly fixed?: number
}

export type LintFormat = 'text' | 'json' | 'sarif'
export const LINT_FORMATS: readonly LintFormat[] = ['text', 'json', 'sarif']

/** `file:line:col: severity: message [rule]`, lines and columns 1-based; a summary line after. */
export function textReport(reports: readonly FileReport[]): string {
  let out = ''
  const counts = { error: 0, warning: 0, information: 0, hint: 0 }
  let fixed = 0
  for (const { file, findings, fixed: n = 0 } of reports) {
    fixed += n
    for (const f of findings) {
      counts[f.severity]++
      out += `${file}:${f.line + 1}:${f.column + 1}: ${f.severity}: ${f.message} [${f.code}]\n`
    }
  }
  const total = counts.error + counts.warning + counts.information + counts.hint
  const parts = [`${counts.error} error${counts.error === 1 ? '' : 's'}`, `${counts.warning} warning${counts.warning === 1 ? '' : 's'}`]
  if (counts.information + counts.hint > 0) parts.push(`${counts.information + counts.hint} note${counts.information + counts.hint === 1 ? '' : 's'}`)
  const fixes = fixed > 0 ? `; ${fixed} fixed` : ''
  return out + `${total === 0 ? 'no problems' : parts.join(', ')} in ${reports.length} file${reports.length === 1 ? '' : 's'}${fixes}\n`
}

/** `[{ file, findings: [{ line, column, endLine, endColumn, severity, rule, message, data }] }]`, lines and columns 1-based. */
export function jsonReport(reports: readonly FileReport[]): string {
  const files = reports.map(({ file, findings, fixed }) => ({
    file,
    ...(fixed !== undefined && { fixed }),
    findings: findings.map((f) => ({
      line: f.line + 1,
      column: f.column + 1,
      endLine: f.endLine + 1,
      endColumn: f.endColumn + 1,
      severity: f.severity,
      rule: f.code,
      message: f.message,
      ...(f.data !== undefined && { data: f.data }),
    })),
  }))
  return JSON.stringify(files, null, 2) + '\n'
}

const RULE_TEXT: Readonly<Record<RuleCode, string>> = {
  syntax: 'A syntax error',
  'undeclared-prefix': 'A prefix used but not declared',
  shacl: "A SHACL shape's violation",
  'unknown-term': 'A name that is not a term of its vocabulary (with a did-you-mean when one is close)',
  'deprecated-term': 'A term its vocabulary deprecates or supersedes',
  'suspect-prefix': 'A prefix the prefix table grades suspect (a typo alias, a placeholder, a host that serves no vocabulary)',
  'retired-prefix': 'A prefix of a vocabulary its publisher withdrew (its successor named)',
  'scheme-mismatch': 'One namespace written with http and with https',
  'other-namespace': "A curated or popular prefix bound to a slip of its namespace, or to another vocabulary's",
  'unregistered-prefix': 'A prefix the prefix table does not have',
  'unused-prefix': 'A declared prefix that no name uses',
}

/** SARIF's level for a severity: information and hints are notes. */
const LEVEL = { error: 'error', warning: 'warning', information: 'note', hint: 'note' } as const

/**
 * A SARIF 2.1.0 log of one run: every rule described (with its default level), each result at its region
 * (1-based lines and columns in UTF-16 units, SARIF's default `columnKind`), files relative to `root`
 * (`%SRCROOT%`), as code-scanning services resolve them against the repository.
 */
export function sarifReport(reports: readonly FileReport[], root: string, version: string): string {
  const ids = Object.keys(DEFAULT_RULES) as RuleCode[]
  const rules: ReportingDescriptor[] = ids.map((id) => ({
    id,
    shortDescription: { text: RULE_TEXT[id] },
    defaultConfiguration: { level: DEFAULT_RULES[id] === 'off' ? 'none' : LEVEL[DEFAULT_RULES[id] as keyof typeof LEVEL] },
  }))
  const results: Result[] = []
  for (const { file, findings } of reports) {
    const uri = relative(root, file).split(sep).map(encodeURIComponent).join('/')
    for (const f of findings) {
      results.push({
        ruleId: f.code,
        ruleIndex: ids.indexOf(f.code as RuleCode),
        level: LEVEL[f.severity],
        message: { text: f.message },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri, uriBaseId: '%SRCROOT%' },
              region: { startLine: f.line + 1, startColumn: f.column + 1, endLine: f.endLine + 1, endColumn: f.endColumn + 1 },
            },
          },
        ],
      })
    }
  }
  const log: Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'prefixd', version, informationUri: 'https://www.npmjs.com/package/@prefixd/cli', rules } },
        originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileUri(root) } },
        results,
      },
    ],
  }
  return JSON.stringify(log, null, 2) + '\n'
}

/** A folder as a file: URI ending in `/`, as SARIF's base URIs must. */
function pathToFileUri(folder: string): string {
  const url = new URL('file://')
  url.pathname = folder.split(sep).join('/')
  return url.href.endsWith('/') ? url.href : url.href + '/'
}
