// The predicate occurrences of bench/usage.ts: each predicate as someone wrote it in a Turtle file, with what an
// editor knows at that point — the prefix typed, the property before it, the subject's types so far.

import { Parser, type Quad } from 'n3'
import { UsageCollector, writeLocalName, type Usage } from '@prefixd/core'

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type'

export interface Occurrence {
  /** The property written. */
  readonly iri: string
  /** The prefix it is written with and the query after one letter typed: `lv2:s`. */
  readonly query: string
  readonly prefixes: Readonly<Record<string, string>>
  /** The property written before in the subject's statements ('' for its first). */
  readonly previous: string
  readonly types: readonly string[]
  readonly written: readonly string[]
  /** For a nested blank node (`[`), the property whose object it is: written just before it. */
  readonly objectOf?: string
  /** The file's statements and where this one stands among them (see {@link documentSoFar}), when asked for. */
  readonly document?: { readonly name: string; readonly quads: readonly Quad[]; readonly at: number }
}

/**
 * The statements of the occurrence's file before it, less its own subject's (they are its context, not evidence
 * of what others write): what the language server adds to the workspace when the document being written is saved.
 */
export function documentSoFar(o: Occurrence): Usage {
  if (o.document === undefined) throw new Error('documentSoFar: the occurrence was read without its document')
  const { name, quads, at } = o.document
  const collector = new UsageCollector()
  collector.beginDocument(name)
  for (const [prefix, namespace] of Object.entries(o.prefixes)) collector.addPrefix(prefix, namespace)
  const subject = quads[at]!.subject
  for (let i = 0; i < at; i++) if (!quads[i]!.subject.equals(subject)) collector.addQuad(quads[i]!)
  return collector.finish()
}

interface Run {
  subject: string
  last: string
  types: string[]
  predicates: string[]
}

/**
 * The occurrences of a file: every predicate written anew in a subject's statements (an object list's
 * repeats are not typed again; `a` is a keyword, not completed), written with a prefix the file declares.
 * `unprefixed` counts those written as full IRIs.
 */
export function occurrencesOf(text: string, name?: string): { occurrences: Occurrence[]; unprefixed: number } {
  const prefixes: Record<string, string> = {}
  const quads = new Parser({ format: 'text/turtle' }).parse(text, {
    onPrefix: (prefix: string, namespace: { value: string }) => void (prefixes[prefix] = namespace.value),
  } as never) as unknown as Quad[]
  const occurrences: Occurrence[] = []
  // n3 gives a nested blank node's statements before the one that holds it: the holder's property is read first.
  const holders = new Map<string, string>()
  for (const quad of quads) if (quad.object.termType === 'BlankNode') holders.set(quad.object.value, quad.predicate.value)
  let unprefixed = 0
  const runs: Run[] = []
  for (const [at, quad] of quads.entries()) {
    const run = runOf(runs, quad)
    const predicate = quad.predicate.value
    // Every type of `a cube:Cube, schema:Dataset` is known after it, as the language server reads it: an object
    // list's repeats of rdf:type are not typed again, but they still type the subject.
    if (predicate === RDF_TYPE && !run.types.includes(quad.object.value)) run.types.push(quad.object.value)
    if (predicate === run.last) continue
    if (predicate !== RDF_TYPE) {
      const query = queryFor(predicate, prefixes)
      if (query === undefined) unprefixed++
      else {
        const objectOf = quad.subject.termType === 'BlankNode' ? holders.get(quad.subject.value) : undefined
        const context = { previous: run.last, types: [...run.types], written: [...run.predicates], ...(objectOf !== undefined && { objectOf }) }
        occurrences.push({ iri: predicate, query, prefixes: { ...prefixes }, ...context, ...(name !== undefined && { document: { name, quads, at } }) })
      }
    }
    run.last = predicate
    if (predicate !== RDF_TYPE && !run.predicates.includes(predicate)) run.predicates.push(predicate)
  }
  return { occurrences, unprefixed }
}

/** The run of the quad's subject, as core's collector keeps them: a nested blank node's, then its holder's again. */
function runOf(runs: Run[], quad: Quad): Run {
  const subject = quad.subject.termType + ' ' + quad.subject.value
  const top = runs[runs.length - 1]
  if (top?.subject === subject) return top
  const at = runs.findIndex((run) => run.subject === subject)
  if (at >= 0) {
    runs.length = at + 1
    return runs[at]!
  }
  if (quad.subject.termType !== 'BlankNode') runs.length = 0
  const run = { subject, last: '', types: [], predicates: [] }
  runs.push(run)
  return run
}

/** The prefix of the longest declared namespace that writes the IRI, and the first letter of its local name. */
function queryFor(iri: string, prefixes: Readonly<Record<string, string>>): string | undefined {
  let best: [string, string] | undefined
  for (const [prefix, namespace] of Object.entries(prefixes)) {
    if (iri.startsWith(namespace) && iri.length > namespace.length && (best === undefined || namespace.length > best[1].length)) best = [prefix, namespace]
  }
  if (best === undefined) return undefined
  const local = writeLocalName(iri.slice(best[1].length))
  if (local === undefined || local === '') return undefined
  return `${best[0]}:${local.startsWith('\\') ? local.slice(0, 2) : local[0]}`
}
