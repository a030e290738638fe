// Expand: a prefixed name to its IRI, or why it has none.

import { PrefixError } from '../errors.js'
import type { PrefixEntry } from '../model.js'
import { isIriSuffix } from '../names/iri.js'
import { isPnPrefix, localNameProblem, printable, readLocalName } from '../names/pn-local.js'

/** `turtle` (default): names valid in Turtle and SPARQL, with backslash escapes. `curie`: W3C CURIEs, any suffix. */
export type NameSyntax = 'turtle' | 'curie'

/**
 * The IRI of `name` with the prefixes of `byPrefix`, split at the first colon. Failures come back as
 * thunks so the hot path (a bulk filter with many misses) builds no Error.
 */
export function expandName(byPrefix: ReadonlyMap<string, PrefixEntry>, name: string, syntax: NameSyntax): string | (() => PrefixError) {
  if (typeof name !== 'string') throw new TypeError(`expand: name must be a string, got ${typeof name}`)
  const colon = name.indexOf(':')
  if (colon < 0) {
    return () => new PrefixError('NOT_A_PREFIXED_NAME', `'${printable(name)}' is not a prefixed name: it has no ':'`)
  }
  const prefix = name.slice(0, colon)
  const entry = byPrefix.get(prefix)
  if (entry === undefined) {
    if (prefix !== '' && !isPnPrefix(prefix)) {
      return () => new PrefixError('INVALID_PREFIX', `'${printable(prefix)}' is not a valid prefix (Turtle PN_PREFIX)`)
    }
    return () => new PrefixError('UNKNOWN_PREFIX', `unknown prefix '${prefix}'`)
  }
  const local = name.slice(colon + 1)
  if (syntax === 'curie') {
    if (isIriSuffix(local)) return entry.namespace + local
    return () => new PrefixError('INVALID_LOCAL_NAME', `'${printable(local)}' cannot be part of an IRI`)
  }
  const suffix = readLocalName(local)
  if (suffix !== undefined) return entry.namespace + suffix
  return () => new PrefixError('INVALID_LOCAL_NAME', `invalid local name '${printable(local)}': ${localNameProblem(local)}`)
}
