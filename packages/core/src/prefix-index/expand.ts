// Expand: a prefixed name to its IRI, or why it has none.

import { PrefixError } from '../errors.js'
import type { PrefixEntry } from '../model.js'
import { isIriSuffix } from '../names/iri.js'
import { isPnPrefix, localNameProblem, printable, readLocalName } from '../names/pn-local.js'

/** `turtle` (default): names valid in Turtle and SPARQL, with backslash escapes. `curie`: W3C CURIEs, any suffix. */
export type NameSyntax = 'turtle' | 'curie'

/**
 * The IRI of `name` with the prefixes of `byPrefix`, split at the first colon; when it has none, `undefined`,
 * or with `why`, a PrefixError saying what failed. The hot path (a bulk filter, a formatter) asks without
 * `why`: a miss then checks no prefix and makes no error. The local part is always checked (a PN_LOCAL, or
 * a CURIE's IRI characters) and unescaped: that is what makes the answer right.
 */
export function expandName(
  byPrefix: ReadonlyMap<string, PrefixEntry>,
  name: string,
  syntax: NameSyntax | undefined,
  why = false,
): string | PrefixError | undefined {
  if (typeof name !== 'string') throw new TypeError(`expand: name must be a string, got ${typeof name}`)
  const colon = name.indexOf(':')
  if (colon < 0) return why ? new PrefixError('NOT_A_PREFIXED_NAME', `'${printable(name)}' is not a prefixed name: it has no ':'`) : undefined
  const prefix = name.slice(0, colon)
  const entry = byPrefix.get(prefix)
  if (entry === undefined) {
    if (!why) return undefined
    if (prefix !== '' && !isPnPrefix(prefix)) return new PrefixError('INVALID_PREFIX', `'${printable(prefix)}' is not a valid prefix (Turtle PN_PREFIX)`)
    return new PrefixError('UNKNOWN_PREFIX', `unknown prefix '${prefix}'`)
  }
  const local = name.slice(colon + 1)
  const suffix = syntax === 'curie' ? (isIriSuffix(local) ? local : undefined) : readLocalName(local)
  if (suffix !== undefined) return entry.namespace + suffix
  if (!why) return undefined
  return new PrefixError(
    'INVALID_LOCAL_NAME',
    syntax === 'curie' ? `'${printable(local)}' cannot be part of an IRI` : `invalid local name '${printable(local)}': ${localNameProblem(local)}`,
  )
}
