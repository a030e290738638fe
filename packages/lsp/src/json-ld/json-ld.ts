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
export const jsonLdQuads: JsonLdToQuads = async (document, { baseIri }) => {
  const jsonld = (await import('jsonld')).default
  let refused: string | undefined
  const documentLoader = async (url: string): Promise<never> => {
    refused ??= url
    throw new Error(`the remote context <${url}> is not loaded: ${NO_NETWORK}`)
  }
  try {
    const quads = await jsonld.toRDF(document as Parameters<typeof jsonld.toRDF>[0], { documentLoader, ...(baseIri !== undefined && { base: baseIri }) })
    return quads as unknown as Quad[]
  } catch (error) {
    if (refused !== undefined) throw new Error(`the remote context <${refused}> is not loaded: ${NO_NETWORK}`)
    throw error
  }
}
