// POST /api/v1/check: a document checked as the language server checks it — the core's checks (undeclared prefixes,
// unknown terms with a did-you-mean, typo aliases, deprecated terms…) and the language server's syntax errors — for
// the web editor, which has no index of its own to run them on.

import { TermChecks, checkDocument, type Finding } from '@prefixd/core/checks'
import { loadKnowledge, type Knowledge, type PrefixIndex } from '@prefixd/core'
import type { Language } from '@prefixd/core/syntax'
import { syntaxErrors } from '@prefixd/lsp/syntax-errors'
import { readBodyText } from '../body-text.js'
import { HttpError } from '../http-error.js'
import { choiceParam } from '../query-params.js'
import { servedIndex } from '../respond.js'
import type { ServerContext, ServerRouter } from '../server-state.js'

/** Largest document checked, in bytes: a page being edited, not a dump. */
export const MAX_CHECKED_BYTES = 1024 * 1024
/** Base IRI the parsers resolve relative IRIs against: the editor's document has no address of its own. */
const BASE_IRI = 'urn:prefixd:editor'

/** A finding as the editor gets it: the core's, or a syntax error (`code: 'syntax'`, no data). */
export type CheckedFinding =
  Finding | { readonly start: number; readonly end: number; readonly severity: 'error'; readonly code: 'syntax'; readonly message: string }

/** Each index's remembered term checks, shared by the documents checked against it. */
const CHECKS = new WeakMap<PrefixIndex, TermChecks>()

export function addCheckRoute(router: ServerRouter): void {
  router.post('/api/v1/check', async (ctx) => {
    const language = choiceParam(ctx, 'language', ['turtle', 'trig', 'sparql'] as const) ?? 'turtle'
    const text = await readBodyText(ctx, MAX_CHECKED_BYTES, `a checked document is at most ${MAX_CHECKED_BYTES} bytes`)
    const { index } = servedIndex(ctx)
    let checks = CHECKS.get(index)
    if (checks === undefined) CHECKS.set(index, (checks = new TermChecks(index)))
    const { findings: found, undeclared } = checkDocument(text, language, index, { checks })
    const findings = withReplacements(found, index, await loadKnowledge())
    const syntax = await syntaxErrors({ text, language: language as Language, undeclared, baseIri: BASE_IRI })
    const starts = lineStarts(text)
    const all: CheckedFinding[] = [
      ...findings,
      ...syntax.map((p) => ({
        start: starts[p.line]! + p.startColumn,
        end: starts[p.line]! + Math.max(p.endColumn, p.startColumn + 1),
        severity: 'error' as const,
        code: 'syntax' as const,
        message: p.message,
      })),
    ].sort((a, b) => a.start - b.start)
    // What a quick fix declares for each undeclared prefix the table has.
    const declarations = Object.fromEntries(undeclared.flatMap((prefix) => (index.namespace(prefix) === undefined ? [] : [[prefix, index.namespace(prefix)!]])))
    ctx.set('Cache-Control', 'no-store')
    ctx.type = 'application/json; charset=utf-8'
    ctx.body = JSON.stringify({ findings: all, declarations })
  })
}

/**
 * A deprecated term's finding with the replacement the knowledge tier names (schema:episodes → schema:episode),
 * where the core's check, which reads the index alone, has none: the editor's quick fix writes it.
 */
function withReplacements(findings: readonly Finding[], index: PrefixIndex, knowledge: Knowledge): Finding[] {
  return findings.map((finding) => {
    if (finding.data.kind !== 'deprecated-term' || finding.data.replacement !== undefined) return finding
    const successor = knowledge.facts(finding.data.iri)?.replacedBy[0]
    const replacement = successor === undefined ? undefined : index.shrink(successor)
    if (replacement === undefined) return finding
    return { ...finding, message: `${finding.message}; replaced by '${replacement}'`, data: { ...finding.data, replacement } }
  })
}

function lineStarts(text: string): number[] {
  const starts = [0]
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  return starts
}
