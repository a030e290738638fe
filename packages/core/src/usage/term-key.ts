// The key of a subject or node for the usage reader: an IRI, or `_:` and a blank node's label.

import type { Term as RdfTerm } from '../rdf-js.js'

/**
 * A named node's IRI, or a blank node's `_:label`: n3's terms carry it as a plain field (`id`), which reads
 * faster than the RDF/JS getters (a blank node's `value` is a new string on every read).
 */
export function termKey(term: RdfTerm): string {
  const id = (term as { id?: unknown }).id
  if (typeof id === 'string') return id
  return term.termType === 'BlankNode' ? '_:' + term.value : term.value
}

/**
 * A string of its own, holding no part of another. n3's IRIs and literals are slices of the document's text (V8 keeps
 * a substring of 13 characters or more as a view of the whole), so a usage that keeps one as a key keeps the whole
 * document: the strings a usage or the interning keeps for longer than the reading are copied once, when first kept.
 */
export function ownCopy(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string
}
