// Diagnostics: the core's document checks (@prefixd/core/checks: undeclared prefixes, unknown terms with a
// did-you-mean, unused prefixes, a namespace other than the table's) fed from the names the token store
// keeps, in turns; syntax errors come from the syntax checker's thread.

import type { PrefixIndex } from '@prefixd/core'
import { DocumentChecker, inUnclosedIri, severityOf, TermChecks, type Finding, type FindingData, type Rules, type Severity } from '@prefixd/core/checks'
import type { Diagnostic, DiagnosticSeverity as LspSeverity } from 'vscode-languageserver'
import { DiagnosticSeverity, DiagnosticTag } from '../protocol/protocol.js'
import type { DocumentView } from '../documents/document.js'
import { replacedBy } from '../terms/terms.js'
import type { TokenName } from '../documents/token-name.js'
import type { SyntaxProblem } from '../syntax/syntax-errors.js'
import { traceNow, traceSlice } from '../trace.js'

export const SOURCE = 'prefixd'

/** What a code action needs to fix a diagnostic, carried in its `data`. */
export type DiagnosticData = FindingData

/**
 * Milliseconds of the pass between two turns of the event loop, read every 256 tokens: a large document's pass
 * must not hold up completions. A turn of 4,000 tokens took up to 10 ms and more on a loaded machine, and the
 * completion that came during it waited for all of it.
 */
const TURN_MS = 2

/**
 * The document's prefix diagnostics, and the prefixes it uses undeclared (which the syntax check must
 * be told of). Works in turns, letting other requests in between; `undefined` when `stale()` says
 * the document changed meanwhile (its tokens are then no longer this version's). With `onUndeclared`, a
 * first walk over the names tells the prefixes used undeclared before the names are checked: the syntax
 * check of a newly opened document can then run on its thread while the names are checked on this one.
 */
export async function diagnose(
  view: DocumentView,
  index: PrefixIndex,
  stale: () => boolean = () => false,
  checks: TermChecks = new TermChecks(index, replacedBy),
  onUndeclared?: (undeclared: string[]) => void,
  rules?: Rules,
): Promise<{ diagnostics: Diagnostic[]; undeclared: string[] } | undefined> {
  const declared = view.declared
  if (onUndeclared !== undefined) {
    const undeclared = new Set<string>()
    const walked = await visitNames(view, stale, (name) => {
      if (!declared.has(name.prefix)) undeclared.add(name.prefix)
    })
    if (!walked) return undefined
    onUndeclared([...undeclared])
  }
  const checker = new DocumentChecker(index, view.declarations, checks, declared, rules)
  const visitIri = checker.checksIris ? (i: number) => visitIriToken(view, i, checker) : undefined
  if (!(await visitNames(view, stale, (name, offset) => checker.name(name, offset + name.from), visitIri))) return undefined
  const diagnostics = checker.finish().map((finding) => diagnosticOf(view, finding))
  return { diagnostics, undeclared: [...checker.undeclared] }
}

export const SEVERITIES: Readonly<Record<Severity, LspSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
}

/** A core finding as an LSP diagnostic: its offsets as a range, its fix's needs in `data`. */
function diagnosticOf(view: DocumentView, finding: Finding): Diagnostic {
  const range = { start: view.document.positionAt(finding.start), end: view.document.positionAt(finding.end) }
  return {
    range,
    severity: SEVERITIES[finding.severity],
    source: SOURCE,
    code: finding.code,
    message: finding.message,
    data: finding.data,
    ...(finding.unnecessary && { tags: [DiagnosticTag.Unnecessary] }),
    ...(finding.deprecated && { tags: [DiagnosticTag.Deprecated] }),
  }
}

/**
 * Calls `visit` with each prefixed name the diagnostics read (not a directive's, nor the inside of an IRI
 * being typed) and the offset of its token, in turns; false when `stale()` says the document changed meanwhile.
 */
async function visitNames(
  view: DocumentView,
  stale: () => boolean,
  visit: (name: TokenName, offset: number) => void,
  visitIri?: (i: number) => void,
): Promise<boolean> {
  const count = view.tokenCount
  let turn = performance.now()
  let traceTurn = traceNow()
  for (let i = 0; i < count; i++) {
    if ((i & 255) === 255 && performance.now() - turn > TURN_MS) {
      traceSlice('diagnose', traceTurn)
      await new Promise(setImmediate)
      traceTurn = traceNow()
      if (stale()) return false
      turn = performance.now()
    }
    if (view.isDirective(i)) {
      i = view.directiveEnd(i) - 1
      continue
    }
    const kind = view.kindOf(i)
    if (kind === 'iri' && visitIri !== undefined) visitIri(i)
    if (kind !== 'term' && kind !== 'literal') continue
    // Tokens are made only for a term right after punctuation: the `<` of an IRI being typed.
    if (kind === 'term' && i > 0 && view.kindOf(i - 1) === 'punct' && view.endOf(i - 1) === view.startOf(i)) {
      if (inUnclosedIri(view.token(i - 1)!, view.token(i)!, view.language)) continue
    }
    view.eachName(i, visit)
  }
  traceSlice('diagnose', traceTurn)
  return true
}

/** Token `i`, an IRI, checked when closed (only a document that declares an http or https namespace asks). */
function visitIriToken(view: DocumentView, i: number, checker: DocumentChecker): void {
  const token = view.token(i)!
  if (token.closed) checker.iri(token.text.slice(1, -1), token.start, token.end)
}

/** A syntax error as a diagnostic, at the severity the rules give syntax errors (`undefined`: turned off). */
export function syntaxDiagnostic(problem: SyntaxProblem, rules?: Rules): Diagnostic | undefined {
  const severity = severityOf(rules, 'syntax')
  if (severity === 'off') return undefined
  return {
    range: { start: { line: problem.line, character: problem.startColumn }, end: { line: problem.line, character: problem.endColumn } },
    severity: SEVERITIES[severity],
    source: SOURCE,
    code: 'syntax',
    message: problem.message,
  }
}
