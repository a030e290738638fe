// What a check finds in a document: where, how bad, what it says, and what a fix needs. Offsets, not
// lines: the language server, the CLI and the web editor each turn them into their own positions.

/** How much a finding matters, as LSP's severities; `off` (in rules) drops it. */
export type Severity = 'error' | 'warning' | 'information' | 'hint'

/** What a fix needs, by the finding's code. */
export type FindingData =
  | { readonly kind: 'undeclared-prefix'; readonly prefix: string }
  | { readonly kind: 'unused-prefix'; readonly prefix: string }
  | { readonly kind: 'other-namespace'; readonly prefix: string; readonly namespace: string }
  | { readonly kind: 'unknown-term'; readonly replacement?: string }

/** A finding's code: the rule that made it. */
export type FindingCode = FindingData['kind']

/** One thing a check found, over `[start, end)` of the document's text. */
export interface Finding {
  readonly start: number
  readonly end: number
  readonly severity: Severity
  readonly code: FindingCode
  readonly message: string
  readonly data: FindingData
  /** Text that may go (an unused declaration): editors fade it. */
  readonly unnecessary?: boolean
}

/** Findings kept per document at most: a document without its declarations would otherwise have one per name. */
export const MAX_FINDINGS = 1000
