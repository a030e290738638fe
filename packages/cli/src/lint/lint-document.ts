// One document's findings as `prefixd lint` reports them: the core's checks (the language server's own) and
// the syntax errors the language server's parsers find, with lines and columns.

import type { PrefixIndex } from '@prefixd/core'
import { checkDocument, severityOf, type FindingData, type Rules, type Severity, type TermChecks } from '@prefixd/core/checks'
import type { Language } from '@prefixd/core/syntax'
import { syntaxErrors } from '@prefixd/lsp/syntax-errors'

/** A finding with its place as lines and columns (0-based, columns in UTF-16 units as LSP's and SARIF's). */
export interface LintFinding {
  readonly line: number
  readonly column: number
  readonly endLine: number
  readonly endColumn: number
  readonly severity: Severity
  /** The rule: a core check's code, `syntax` or `shacl`. */
  readonly code: string
  readonly message: string
  readonly data?: FindingData
}

/** Offsets → lines and columns of one text. */
export class LineIndex {
  readonly #starts = [0]
  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.#starts.push(i + 1)
  }
  at(offset: number): { line: number; column: number } {
    let low = 0
    let high = this.#starts.length - 1
    while (low < high) {
      const mid = (low + high + 1) >> 1
      if (this.#starts[mid]! <= offset) low = mid
      else high = mid - 1
    }
    return { line: low, column: offset - this.#starts[low]! }
  }
}

/** The findings of `text`, in the order of the text; `baseIri` resolves its relative IRIs for the parsers. */
export async function lintText(
  text: string,
  language: Language,
  index: PrefixIndex,
  options: { rules?: Rules; checks: TermChecks; baseIri: string },
): Promise<LintFinding[]> {
  const { findings, undeclared } = checkDocument(text, language, index, { checks: options.checks, ...(options.rules && { rules: options.rules }) })
  const lines = new LineIndex(text)
  const found: LintFinding[] = findings.map((f) => {
    const start = lines.at(f.start)
    const end = lines.at(f.end)
    return {
      line: start.line,
      column: start.column,
      endLine: end.line,
      endColumn: end.column,
      severity: f.severity,
      code: f.code,
      message: f.message,
      data: f.data,
    }
  })
  const syntax = severityOf(options.rules, 'syntax')
  if (syntax !== 'off') {
    for (const problem of await syntaxErrors({ text, language, undeclared, baseIri: options.baseIri })) {
      const { line, startColumn, endColumn, message } = problem
      found.push({ line, column: startColumn, endLine: line, endColumn, severity: syntax, code: 'syntax', message })
    }
  }
  return found.sort((a, b) => a.line - b.line || a.column - b.column)
}
