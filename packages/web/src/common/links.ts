// Where a page links a term or a prefix to.

import { withSet } from './set-choice.js'

/** The vocabulary page of `prefix` (answering from the chosen set), scrolled to the term `iri` when it lies in `namespace`. */
export function vocabularyHref(prefix: string, namespace?: string | null, iri?: string): string {
  const page = withSet(`/prefix/${encodeURIComponent(prefix)}`)
  if (iri === undefined || namespace == null || !iri.startsWith(namespace) || iri === namespace) return page
  return `${page}#${encodeURIComponent(iri.slice(namespace.length))}`
}

/** Whether `text` is a full IRI with an authority (`scheme://…`) rather than a name; `urn:x` reads as a prefixed name. */
export function looksLikeIri(text: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(text)
}

/** `iri` if a page may link to it (http, https, ftp, mailto), else undefined: data never becomes a script URL. */
export function linkable(iri: string): string | undefined {
  return /^(?:https?|ftp):\/\/|^mailto:/i.test(iri) ? iri : undefined
}

/**
 * The page of the term a prefixed name names (answering from the chosen set): `/prefix/foaf/Person`. The local name
 * in the path is the IRI's tail, escapes removed (`ex:a\/b` → `/prefix/ex/a%2Fb`).
 */
export function termHref(prefixed: string): string {
  const colon = prefixed.indexOf(':')
  const prefix = prefixed.slice(0, colon)
  const local = prefixed.slice(colon + 1).replace(/\\(.)/gu, '$1')
  if (local === '') return vocabularyHref(prefix)
  return withSet(`/prefix/${encodeURIComponent(prefix)}/${encodeURIComponent(local)}`)
}

/** The page of the term `iri`, written with `prefix` for `namespace`; its vocabulary's page when `iri` is not in it. */
export function termPageHref(prefix: string, namespace: string | null, iri: string): string {
  if (namespace === null || !iri.startsWith(namespace) || iri === namespace) return vocabularyHref(prefix)
  return withSet(`/prefix/${encodeURIComponent(prefix)}/${encodeURIComponent(iri.slice(namespace.length))}`)
}
