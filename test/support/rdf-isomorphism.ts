// An isomorphism check of two RDF datasets for tests: exact terms, blank nodes matched by what surrounds them.

import { createHash } from 'node:crypto'
import type { Quad, Term } from '@rdfjs/types'

/** A term exactly: IRIs, literals with lexical form, tag, direction and datatype as they are. */
function exact(term: Term): string {
  switch (term.termType) {
    case 'NamedNode':
      return '<' + term.value + '>'
    case 'Literal':
      return JSON.stringify(term.value) + '@' + term.language + '--' + (term.direction ?? '') + '^^' + term.datatype.value
    case 'DefaultGraph':
      return ''
    case 'Quad':
      return '<<' + exact(term.subject) + ' ' + exact(term.predicate) + ' ' + exact(term.object) + '>>'
    default:
      return '_:' + term.value
  }
}

const hash = (text: string): string => createHash('sha1').update(text).digest('base64')

/**
 * Each distinct quad as a line where every blank node is replaced by a colour: a hash of the quads around it,
 * refined until the number of colours stops growing (colour refinement, 1-WL). Two datasets are
 * isomorphic only if their sorted lines are equal; for blank nodes that form trees (nested `[ … ]`, lists,
 * OWL restrictions) equal lines also mean isomorphic. Blank nodes inside triple terms are left labelled.
 */
export function colouredLines(read: readonly Quad[]): string[] {
  // A dataset is a set: a statement read twice is one.
  const unique = new Map<string, Quad>()
  for (const q of read) unique.set([q.subject, q.predicate, q.object, q.graph].map(exact).join(' '), q)
  // Statements without blank nodes are compared as they are; only the others go through the refinement.
  const ground: string[] = []
  const quads: Quad[] = []
  for (const [text, q] of unique) {
    if (q.subject.termType === 'BlankNode' || q.object.termType === 'BlankNode' || q.graph.termType === 'BlankNode') quads.push(q)
    else ground.push(text)
  }
  const parts = quads.map((q) => [q.subject, q.predicate, q.object, q.graph].map((t) => (t.termType === 'BlankNode' ? undefined : exact(t))))
  const blanks = new Map<string, string>() // label → colour
  for (const q of quads) for (const t of [q.subject, q.object, q.graph]) if (t.termType === 'BlankNode') blanks.set(t.value, '')
  const line = (q: Quad, k: number, self?: string): string =>
    [q.subject, q.predicate, q.object, q.graph].map((t, i) => parts[k]![i] ?? (t.value === self ? '*' : '_:' + blanks.get(t.value))).join(' ')
  let colours = 1
  for (let round = 0; round < 50; round++) {
    const around = new Map<string, string[]>()
    quads.forEach((q, k) => {
      for (const t of [q.subject, q.object, q.graph])
        if (t.termType === 'BlankNode') around.get(t.value)?.push(line(q, k, t.value)) ?? around.set(t.value, [line(q, k, t.value)])
    })
    const next = new Map<string, string>()
    for (const [label, lines] of around) next.set(label, hash(lines.sort().join('\n')))
    for (const [label, colour] of next) blanks.set(label, colour)
    const count = new Set(next.values()).size
    if (count === colours) break
    colours = count
  }
  return [...ground, ...quads.map((q, k) => line(q, k))].sort()
}
