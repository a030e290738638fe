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
