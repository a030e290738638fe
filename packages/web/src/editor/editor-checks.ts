// The editor's document checks: the resolver checks the text as the language server does (POST /api/v1/check: the
// core's checks and the language server's syntax errors), and CodeMirror shows each finding as a marker with its
// quick fixes — declare an undeclared prefix, use the term a did-you-mean or a replacement names.

import { linter, lintGutter, type Action, type Diagnostic } from '@codemirror/lint'
import type { EditorView } from '@codemirror/view'
import type { Finding } from '@prefixd/core/checks'
import { declarationEdit, type Language } from '@prefixd/core/syntax'
import { chosenSet } from '../common/set-choice.js'

/** A finding as the API gives it: the core's, or a syntax error. */
type Checked = Finding | { readonly start: number; readonly end: number; readonly severity: 'error'; readonly code: 'syntax'; readonly message: string }

interface CheckAnswer {
  readonly findings: readonly Checked[]
  /** The table's namespace of each undeclared prefix it has. */
  readonly declarations: Readonly<Record<string, string>>
}

/** Checking waits for typing to pause this long: one request per pause, not per keystroke. */
export const CHECK_DELAY_MS = 400

const SEVERITY = { error: 'error', warning: 'warning', information: 'info', hint: 'hint' } as const

/** The checks as CodeMirror extensions: the linter and its gutter. `report` says when the resolver cannot check. */
export function documentChecks(language: () => Language, report: (problem: string | undefined) => void) {
  return [
    lintGutter(),
    linter(
      async (view) => {
        const text = view.state.doc.toString()
        const answer = await check(text, language(), report)
        // An answer to an older text would mark the wrong places: the linter asks again after the change.
        if (answer === undefined || view.state.doc.toString() !== text) return []
        return answer.findings.map((finding) => diagnostic(finding, answer.declarations, language()))
      },
      { delay: CHECK_DELAY_MS },
    ),
  ]
}

async function check(text: string, language: Language, report: (problem: string | undefined) => void): Promise<CheckAnswer | undefined> {
  const set = chosenSet()
  const params = new URLSearchParams({ language, ...(set !== undefined && { set }) })
  try {
    const response = await fetch(`/api/v1/check?${params}`, {
      method: 'POST',
      body: text,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', Accept: 'application/json' },
    })
    if (!response.ok) {
      report(`The document could not be checked (HTTP ${response.status}).`)
      return undefined
    }
    return (await response.json()) as CheckAnswer
  } catch {
    report('The document could not be checked: the resolver is not answering.')
    return undefined
  }
}

function diagnostic(finding: Checked, declarations: Readonly<Record<string, string>>, language: Language): Diagnostic {
  return {
    from: finding.start,
    to: Math.max(finding.end, finding.start),
    severity: SEVERITY[finding.severity],
    message: finding.message,
    source: finding.code === 'syntax' ? 'syntax' : `prefixd ${finding.code}`,
    ...(finding.code !== 'syntax' && finding.deprecated === true && { markClass: 'cm-deprecated-term' }),
    actions: finding.code === 'syntax' ? [] : fixes(finding, declarations, language),
  }
}

/** The quick fixes of a finding: what its data names, applied as one edit each. */
function fixes(finding: Finding, declarations: Readonly<Record<string, string>>, language: Language): Action[] {
  const data = finding.data
  if (data.kind === 'undeclared-prefix') {
    const namespace = declarations[data.prefix]
    if (namespace === undefined) return []
    return [
      {
        name: `Declare ${data.prefix}:`,
        apply: (view: EditorView) => {
          const edit = declarationEdit(view.state.doc.toString(), data.prefix, namespace, language)
          view.dispatch({ changes: { from: edit.from, insert: edit.insert } })
        },
      },
    ]
  }
  const replacement = data.kind === 'unknown-term' || data.kind === 'deprecated-term' ? data.replacement : undefined
  if (replacement === undefined) return []
  return [{ name: `Use ${replacement}`, apply: (view: EditorView, from: number, to: number) => view.dispatch({ changes: { from, to, insert: replacement } }) }]
}
