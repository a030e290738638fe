// Absolute-IRI checks (RFC 3987 scheme plus the characters Turtle's IRIREF excludes, production 18).

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/
// IRIREF may not contain these, so neither may any IRI we accept or produce.
const FORBIDDEN = /[\u0000-\u0020<>"{}|^`\\]/

/** Whether `s` is an absolute IRI that can be written as a Turtle IRIREF. */
export function isAbsoluteIri(s: string): boolean {
  return SCHEME.test(s) && !FORBIDDEN.test(s)
}

/** Why `s` is not an absolute IRI, or `undefined` when it is one. */
export function iriProblem(s: string): string | undefined {
  if (!SCHEME.test(s)) return 'not an absolute IRI (it needs a scheme such as http:)'
  const bad = FORBIDDEN.exec(s)
  if (bad) return `character ${JSON.stringify(bad[0])} at position ${bad.index + 1} is not allowed in an IRI`
  return undefined
}

/** Whether `s` is a usable CURIE reference (W3C CURIE syntax 1.0: any IRI suffix). */
export function isIriSuffix(s: string): boolean {
  return !FORBIDDEN.test(s)
}

/** Whether a query looks like the start of an IRI rather than a prefixed name: `scheme://…`. */
export function looksLikeIri(s: string): boolean {
  // A scheme has no ':', so '//' follows the first one: checked first, it spares most queries the regex.
  const colon = s.indexOf(':')
  return colon > 0 && s.startsWith('//', colon + 1) && /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(s)
}
