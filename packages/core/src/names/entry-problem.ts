// Whether a prefix and a namespace can enter a table: a Turtle PN_PREFIX (or empty) and an absolute IRI.

import { iriProblem } from './iri.js'
import { isPnPrefix, printable } from './pn-local.js'

/** Why `prefix` cannot be a prefix, or `undefined` when it can. */
export function prefixProblem(prefix: unknown): string | undefined {
  if (typeof prefix !== 'string') return 'the prefix must be a string'
  if (prefix !== '' && !isPnPrefix(prefix)) return `'${printable(prefix)}' is not a valid prefix (Turtle PN_PREFIX)`
  return undefined
}

/** Why `namespace` cannot be a namespace, or `undefined` when it can. */
export function namespaceProblem(namespace: unknown): string | undefined {
  if (typeof namespace !== 'string') return 'the namespace must be a string'
  const problem = iriProblem(namespace)
  return problem === undefined ? undefined : `namespace: ${problem}`
}

/** Why a table entry is invalid, or `undefined` when it is fine. */
export function prefixEntryProblem(prefix: unknown, namespace: unknown): string | undefined {
  if (typeof prefix !== 'string') return 'the prefix must be a string'
  if (typeof namespace !== 'string') return 'the namespace must be a string'
  return prefixProblem(prefix) ?? namespaceProblem(namespace)
}
