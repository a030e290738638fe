// What a check finds in a document: where, how bad, what it says, and what a fix needs. Offsets, not
// lines: the language server, the CLI and the web editor each turn them into their own positions.

import type { GradeReason } from '../model.js'

/** How much a finding matters, as LSP's severities. */
export type Severity = 'error' | 'warning' | 'information' | 'hint'

/** What a fix needs, by the finding's code. */
export type FindingData =
  | { readonly kind: 'undeclared-prefix'; readonly prefix: string }
  | { readonly kind: 'unused-prefix'; readonly prefix: string }
  | { readonly kind: 'other-namespace'; readonly prefix: string; readonly namespace: string }
  | { readonly kind: 'unknown-term'; readonly replacement?: string }
  /** `replacement`: its successor written with the same prefix, when the vocabulary names one in itself. */
  | { readonly kind: 'deprecated-term'; readonly iri: string; readonly replacement?: string }
  /** A declared prefix the table does not have; `registered`: the table's prefix for the same namespace. */
  | { readonly kind: 'unregistered-prefix'; readonly prefix: string; readonly registered?: string }
  /** A declared prefix the table grades suspect (a typo alias, a placeholder); `usually`: the prefix usually written. */
  | { readonly kind: 'suspect-prefix'; readonly prefix: string; readonly reason?: GradeReason; readonly usually?: string }
  /** A declared prefix of a vocabulary its publisher withdrew; `successor`: the prefix of the one that replaced it. */
  | { readonly kind: 'retired-prefix'; readonly prefix: string; readonly successor?: string }
  /** A namespace written with `http` where the document declares it with `https` (or the other way round). */
  | { readonly kind: 'scheme-mismatch'; readonly namespace: string; readonly declared: string }

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
  /** A deprecated term: editors strike it through. */
  readonly deprecated?: boolean
}

/** Findings kept per document at most: a document without its declarations would otherwise have one per name. */
export const MAX_FINDINGS = 1000
