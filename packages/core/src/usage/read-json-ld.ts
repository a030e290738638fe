// A JSON-LD document into a UsageCollector: its text gathered, parsed as JSON, turned into quads by the caller's processor.

import { prefixEntryProblem } from '../names/entry-problem.js'
import type { Quad } from '../rdf-js.js'
import type { UsageCollector } from './collector.js'

/**
 * Turns a parsed JSON-LD document into quads. Core bundles no JSON-LD processor (n3 reads none, and a processor
 * is large and fetches remote contexts by default): the caller gives one — `@prefixd/lsp/json-ld`'s `jsonLdQuads`
 * (jsonld.js, no network: a remote context is a clear error), or any other. A processor that can tells `prefix` the
 * prefixes the document's top-level `@context` declares, as Turtle's `@prefix` does: the terms JSON-LD 1.1 lets
 * compact IRIs use as prefixes (the prefix flag of its Create Term Definition).
 */
export type JsonLdToQuads = (
  document: unknown,
  options: { readonly name: string; readonly baseIri?: string; readonly prefix?: (prefix: string, namespace: string) => void },
) => Promise<Iterable<Quad>>

/** JSON-LD that does not read: where (1-based line and column, when known) and why. */
export interface JsonLdProblem {
  readonly line?: number
  readonly column?: number
  readonly reason: string
}

/**
 * Reads one JSON-LD document's text into `collector`. JSON-LD is not read as a stream (its `@context` may come
 * last): the document is held whole while it is read, as the size limits of the CLI and the language server bound
 * it. Its statements carry no lines; each counts at line 1; nor the author's order (the caller begins the document
 * unordered, so no which-follows-which is counted from it). Resolves to the problem when it does not read.
 */
export async function readJsonLdInto(
  collector: UsageCollector,
  text: string,
  options: { readonly name: string; readonly baseIri?: string; readonly jsonLd?: JsonLdToQuads },
): Promise<JsonLdProblem | undefined> {
  if (options.jsonLd === undefined) return { reason: 'reading JSON-LD needs a JSON-LD processor (the jsonLd option): core bundles none' }
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch (error) {
    return jsonProblem(text, (error as Error).message)
  }
  let quads: Iterable<Quad>
  const prefixes: Array<readonly [string, string]> = []
  // Only those a table could take (a Turtle PN_PREFIX, an absolute IRI): a JSON-LD term may be any string.
  const prefix = (name: string, namespace: string): void => void (prefixEntryProblem(name, namespace) === undefined && prefixes.push([name, namespace]))
  try {
    quads = await options.jsonLd(document, { name: options.name, ...(options.baseIri !== undefined && { baseIri: options.baseIri }), prefix })
  } catch (error) {
    return { reason: `not JSON-LD that reads: ${(error as Error).message}` }
  }
  for (const quad of quads) collector.addQuad(quad, 1)
  for (const [name, namespace] of prefixes) collector.addPrefix(name, namespace)
  return undefined
}

/** JSON.parse's message with the line and column of the position it names (V8 says "at position N"). */
function jsonProblem(text: string, message: string): JsonLdProblem {
  const at = /position (\d+)/.exec(message)
  const reason = `not JSON: ${message.replace(/ in JSON at position \d+.*$/s, '')}`
  if (at === null) return { reason }
  const offset = Math.min(Number(at[1]), text.length)
  const before = text.slice(0, offset)
  const line = before.split('\n').length
  return { line, column: offset - before.lastIndexOf('\n'), reason }
}
