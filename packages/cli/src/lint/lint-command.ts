// `prefixd lint FILES|DIRS`: the language server's checks, the namespace checks and syntax errors of every
// Turtle, TriG and SPARQL file named or found, for CI — text, JSON or SARIF, `--fix` for the safe fixes.

import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { loadKnowledge, type PrefixIndex } from '@prefixd/core'
import { checkDocument, severityOf, TermChecks, type Rules, type Severity } from '@prefixd/core/checks'
import type { ShaclProblem, Shapes } from '@prefixd/lsp/shacl'
import type { CliIo } from '../cli-io.js'
import type { IndexSources } from '../load-index.js'
import { UsageError } from '../usage-error.js'
import { LineIndex, lintText, type LintFinding } from './lint-document.js'
import { applySafeFixes } from './lint-fix.js'
import { ConfigFinder, languageOfFile, lintTargets, type FoundConfig } from './lint-files.js'
import { lintShapes } from './lint-shapes.js'
import { jsonReport, LINT_FORMATS, sarifReport, textReport, type FileReport, type LintFormat } from './lint-report.js'
import { readTextFile } from '../read-text.js'

/** The exit status of a run with findings at or above `--fail-on`. */
export const EXIT_FINDINGS = 1

const RANK: Readonly<Record<Severity, number>> = { error: 3, warning: 2, information: 1, hint: 0 }

export interface LintOptions {
  readonly format?: string
  readonly fix?: boolean
  readonly config?: string
  readonly failOn?: string
  /** The command line's index sources (`--prefixes`, `--vocab`, `--no-defaults`, `--whole-table`). */
  readonly sources: IndexSources
  readonly version: string
}

/** Runs the lint and writes its report; resolves with the exit status: 0 clean, 1 findings at `--fail-on` or above. */
export async function runLint(
  paths: readonly string[],
  options: LintOptions,
  io: CliIo,
  loadIndex: (sources: IndexSources) => Promise<PrefixIndex>,
): Promise<number> {
  if (paths.length === 0) throw new UsageError('lint takes at least one FILE or DIR')
  const format = (options.format ?? 'text') as LintFormat
  if (!LINT_FORMATS.includes(format)) throw new UsageError(`lint --format takes ${LINT_FORMATS.join(', ')}, not '${options.format}'`)
  const failOn = (options.failOn ?? 'error') as Severity
  if (!(failOn in RANK)) throw new UsageError(`--fail-on takes error, warning, information or hint, not '${options.failOn}'`)
  const configs = new ConfigFinder(options.config === undefined ? undefined : ConfigFinder.read(options.config))
  const files = lintTargets(paths, configs)
  // As ESLint does: a path that names no document is a mistake in the job, not a clean run.
  if (files.length === 0)
    throw new UsageError(`no Turtle, TriG or SPARQL file to lint in ${paths.join(', ')} (.ttl, .trig, .rq, .sparql, .ru; ignored folders left out)`)
  const indexes = new Map<string, Promise<{ index: PrefixIndex; checks: TermChecks }>>()
  const shacl = await lintShapes(files, configs)
  const reports: FileReport[] = []
  for (const file of files) {
    const found = configs.for(file)
    const { index, checks } = await indexFor(found, options.sources, indexes, loadIndex)
    const shapes = shacl === undefined || shacl.graphs.has(resolve(file)) || shacl.graphs.has(file) ? undefined : shacl.shapes
    reports.push(await lintFile(file, index, checks, found?.config.rules, options.fix === true, shapes))
  }
  const out = format === 'json' ? jsonReport(reports) : format === 'sarif' ? sarifReport(reports, process.cwd(), options.version) : textReport(reports)
  io.stdout.write(out)
  const failing = reports.some((r) => r.findings.some((f) => RANK[f.severity] >= RANK[failOn]))
  return failing ? EXIT_FINDINGS : 0
}

/** The index for files under `found` (its prefix and vocabulary files over the command line's), made once per set of files. */
function indexFor(
  found: FoundConfig | undefined,
  sources: IndexSources,
  indexes: Map<string, Promise<{ index: PrefixIndex; checks: TermChecks }>>,
  loadIndex: (sources: IndexSources) => Promise<PrefixIndex>,
): Promise<{ index: PrefixIndex; checks: TermChecks }> {
  const config = found?.config
  const inFolder = (list: readonly string[] | undefined) => (list ?? []).map((f) => resolve(found!.folder, f))
  const layered: IndexSources = {
    ...sources,
    prefixFiles: [...(sources.prefixFiles ?? []), ...inFolder(config?.prefixFiles)],
    vocabFiles: [...(sources.vocabFiles ?? []), ...inFolder(config?.vocabFiles)],
    ...(config?.prefixes !== undefined && { prefixes: config.prefixes }),
  }
  const key = JSON.stringify(layered)
  let made = indexes.get(key)
  if (made === undefined) {
    // The knowledge tier names a deprecated term's successor, for the message and the fix (read on demand: cheap).
    const knowledge = loadKnowledge()
    made = loadIndex(layered).then(async (index) => {
      const known = await knowledge
      return { index, checks: new TermChecks(index, (iri) => known.facts(iri)?.replacedBy) }
    })
    indexes.set(key, made)
  }
  return made
}

async function lintFile(
  file: string,
  index: PrefixIndex,
  checks: TermChecks,
  rules: Rules | undefined,
  fix: boolean,
  shapes: Shapes | undefined,
): Promise<FileReport> {
  const language = languageOfFile(file)!
  let text = await readTextFile(file)
  let fixed: number | undefined
  if (fix) {
    const { findings } = checkDocument(text, language, index, { checks, ...(rules && { rules }) })
    const result = applySafeFixes(text, findings)
    if (result.fixed > 0) {
      await writeFile(file, result.text)
      text = result.text
    }
    fixed = result.fixed
  }
  const baseIri = pathToFileURL(resolve(file)).href
  const findings = await lintText(text, language, index, { checks, baseIri, ...(rules && { rules }) })
  if (shapes !== undefined && severityOf(rules, 'shacl') !== 'off') {
    findings.push(...shaclFindings(text, await shapes.validate(text, language, baseIri), severityOf(rules, 'shacl') as Severity))
    findings.sort((a, b) => a.line - b.line || a.column - b.column)
  }
  return { file, findings, ...(fixed !== undefined && { fixed }) }
}

/** SHACL results as findings: a violation at the `shacl` rule's severity, a warning or an info as such. */
function shaclFindings(text: string, problems: readonly ShaclProblem[], violation: Severity): LintFinding[] {
  const lines = new LineIndex(text)
  return problems.map((p) => {
    const start = lines.at(p.start)
    const end = lines.at(p.end)
    const severity = p.level === 'violation' ? violation : p.level === 'warning' ? 'warning' : 'information'
    return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column, severity, code: 'shacl', message: p.message }
  })
}
