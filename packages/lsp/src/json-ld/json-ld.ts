// JSON-LD into quads for the usage reader (core's JsonLdToQuads), by jsonld.js — and never over the network.

import type { JsonLdToQuads } from '@prefixd/core'
import type { Quad } from '@rdfjs/types'

/** Why a remote context is not loaded: a reading of the user's files makes no request (and a context can change). */
const NO_NETWORK = 'prefixd reads no network: put the context in the document, or read it as Turtle'

/**
 * A JSON-LD document's quads, by jsonld.js (loaded on the first JSON-LD document: most workspaces have none). A
 * context the document names by URL is not fetched: the reading fails with a clear error naming it. jsonld.js is a
 * dependency here and not of core: it is large, and core runs in browsers that read no JSON-LD.
 * The quads come in jsonld.js's order (each node's properties sorted by name), not as the author wrote them: core
 * counts no which-property-follows-which from a JSON-LD document.
 *
 * @example
 * await readRdfInto(collector, chunks, { format: 'json-ld', name: 'data.jsonld', jsonLd: jsonLdQuads })
 */
export const jsonLdQuads: JsonLdToQuads = async (document, { baseIri, prefix }) => {
  const jsonld = (await import('jsonld')).default
  let refused: string | undefined
  const documentLoader = async (url: string): Promise<never> => {
    refused ??= url
    throw new Error(`the remote context <${url}> is not loaded: ${NO_NETWORK}`)
  }
  try {
    const options = { documentLoader, ...(baseIri !== undefined && { base: baseIri }) }
    const quads = await jsonld.toRDF(document as Parameters<typeof jsonld.toRDF>[0], options)
    if (prefix !== undefined) {
      // jsonld.js has it (its README documents it); @types/jsonld leaves it out.
      const { processContext } = jsonld as unknown as { processContext: ProcessContext }
      for (const [name, namespace] of await declaredPrefixes(processContext.bind(jsonld), document, options)) prefix(name, namespace)
    }
    return quads as unknown as Quad[]
  } catch (error) {
    if (refused !== undefined) throw new Error(`the remote context <${refused}> is not loaded: ${NO_NETWORK}`)
    throw error
  }
}

/** What `processContext` answers of jsonld.js that is read here: each term's IRI mapping and prefix flag. */
interface ActiveContext {
  readonly mappings: Map<string, { readonly '@id'?: unknown; readonly _prefix?: unknown } | null>
}
type ProcessContext = (active: ActiveContext | null, local: unknown, options: object) => Promise<ActiveContext>

/**
 * The prefixes the document's top-level `@context` declares (each top-level object's, for an array), by JSON-LD 1.1's
 * rule for the terms a compact IRI may use as its prefix (Create Term Definition's prefix flag, which jsonld.js
 * computes as the spec says): a term whose definition is a string whose IRI ends in a gen-delim (`:/?#[]@`), or an
 * expanded one with `"@prefix": true`; never a term with `:` or `/` in it, nor one mapped to a blank node. An expanded
 * definition (`{"@id": …}`) without `@prefix` is not one. Scoped contexts deeper in the document are not read.
 */
async function declaredPrefixes(process: ProcessContext, document: unknown, options: object): Promise<Array<[string, string]>> {
  const found = new Map<string, string>()
  for (const node of Array.isArray(document) ? document : [document]) {
    if (typeof node !== 'object' || node === null || !('@context' in node)) continue
    const active = await process(await process(null, null, options), (node as { '@context': unknown })['@context'], options)
    for (const [term, mapping] of active.mappings) {
      const iri = mapping?.['@id']
      if (mapping?._prefix !== true || typeof iri !== 'string' || iri.startsWith('_:') || /[:/]/u.test(term)) continue
      found.set(term, iri)
    }
  }
  return [...found]
}
