// SHACL prefix declarations (SHACL §5.2.1): `sh:declare [ sh:prefix "p" ; sh:namespace "…"^^xsd:anyURI ]`,
// read from parsed quads and written as a Turtle document.

import type { Quad, Term } from '../rdf-js.js'
import type { LoadProblem, PrefixRecord } from '../model.js'
import { printable } from '../names/pn-local.js'
import { entriesOf } from './records.js'

export const SH = 'http://www.w3.org/ns/shacl#'
export const SH_DECLARE = SH + 'declare'
const SH_PREFIX = SH + 'prefix'
const SH_NAMESPACE = SH + 'namespace'

/** Whether any quad declares a prefix the SHACL way. */
export function hasShaclDeclarations(quads: readonly Quad[]): boolean {
  return quads.some((q) => q.predicate.value === SH_DECLARE)
}

/**
 * The `[prefix, namespace]` pairs of every `sh:declare` in `quads`, in the order of the `sh:declare`
 * statements. A declaration needs exactly one `sh:prefix` and one `sh:namespace` (a literal, as
 * SHACL has it — `xsd:anyURI` —, though an IRI is taken too); one that lacks either is listed.
 */
export function declarationsFromShacl(quads: readonly Quad[], source = 'shacl'): { entries: Array<[string, string]>; problems: LoadProblem[] } {
  const key = (term: Term) => `${term.termType}\0${term.value}`
  const declared: Term[] = []
  const seen = new Set<string>()
  const values = new Map<string, { prefixes: string[]; namespaces: string[] }>()
  for (const quad of quads) {
    const p = quad.predicate.value
    if (p === SH_DECLARE && (quad.object.termType === 'BlankNode' || quad.object.termType === 'NamedNode')) {
      if (!seen.has(key(quad.object))) declared.push(quad.object)
      seen.add(key(quad.object))
    } else if (p === SH_PREFIX || p === SH_NAMESPACE) {
      let found = values.get(key(quad.subject))
      if (found === undefined) values.set(key(quad.subject), (found = { prefixes: [], namespaces: [] }))
      // sh:prefix is a string; sh:namespace a literal (or, leniently, an IRI).
      if (p === SH_PREFIX && quad.object.termType === 'Literal') found.prefixes.push(quad.object.value)
      else if (p === SH_NAMESPACE && (quad.object.termType === 'Literal' || quad.object.termType === 'NamedNode')) found.namespaces.push(quad.object.value)
    }
  }
  const entries: Array<[string, string]> = []
  const problems: LoadProblem[] = []
  for (const node of declared) {
    const name = node.termType === 'BlankNode' ? `_:${node.value}` : `<${node.value}>`
    const { prefixes = [], namespaces = [] } = values.get(key(node)) ?? {}
    const entry = `sh:declare ${name}${prefixes.length === 1 ? ` '${printable(prefixes[0]!)}'` : ''}`
    if (prefixes.length !== 1 || namespaces.length !== 1) {
      const count = (n: number, what: string) => (n === 0 ? `no ${what}` : n === 1 ? `one ${what}` : `${n} ${what} values`)
      problems.push({
        source,
        entry,
        message: `a declaration needs exactly one sh:prefix and one sh:namespace; this one has ${count(prefixes.length, 'sh:prefix')} and ${count(namespaces.length, 'sh:namespace')}`,
      })
      continue
    }
    entries.push([prefixes[0]!, namespaces[0]!])
  }
  return { entries, problems }
}

/**
 * A Turtle document declaring `records` the SHACL way: one `sh:declare` per prefix, synonyms included
 * (SHACL has no namespace synonyms: those are not written). Its subject is `<>`, the document itself.
 */
export function formatShacl(records: readonly PrefixRecord[]): string {
  const declarations = [...entriesOf(records)].map(
    ([prefix, namespace]) => `    [ sh:prefix ${turtleString(prefix)} ; sh:namespace ${turtleString(namespace)}^^xsd:anyURI ]`,
  )
  const head =
    '@prefix owl: <http://www.w3.org/2002/07/owl#> .\n@prefix sh: <http://www.w3.org/ns/shacl#> .\n@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n\n'
  if (declarations.length === 0) return `${head}<> a owl:Ontology .\n`
  return `${head}<> a owl:Ontology ;\n  sh:declare\n${declarations.join(' ,\n')} .\n`
}

/** A Turtle string literal: JSON's escapes (\", \\, \n, \uXXXX …) are all Turtle escapes too. */
function turtleString(value: string): string {
  return JSON.stringify(value)
}
