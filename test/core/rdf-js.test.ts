// The core's RDF/JS types against @rdfjs/types: the same types both ways, so the re-declaration cannot drift.

import assert from 'node:assert/strict'
import { DataFactory } from 'n3'
import type * as Rdfjs from '@rdfjs/types'
import { PrefixIndex } from '@prefixd/core'
import type * as Ours from '../../packages/core/src/rdf-js.js'

/** `true` only when each type is assignable to the other; `tsc -p test` fails on any `false` below. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

export const SAME: Record<string, true> = {
  Term: true satisfies Same<Ours.Term, Rdfjs.Term>,
  NamedNode: true satisfies Same<Ours.NamedNode, Rdfjs.NamedNode>,
  NamedNodeOfIri: true satisfies Same<Ours.NamedNode<'urn:x'>, Rdfjs.NamedNode<'urn:x'>>,
  BlankNode: true satisfies Same<Ours.BlankNode, Rdfjs.BlankNode>,
  Literal: true satisfies Same<Ours.Literal, Rdfjs.Literal>,
  Variable: true satisfies Same<Ours.Variable, Rdfjs.Variable>,
  DefaultGraph: true satisfies Same<Ours.DefaultGraph, Rdfjs.DefaultGraph>,
  BaseQuad: true satisfies Same<Ours.BaseQuad, Rdfjs.BaseQuad>,
  Quad: true satisfies Same<Ours.Quad, Rdfjs.Quad>,
  QuadSubject: true satisfies Same<Ours.Quad['subject'], Rdfjs.Quad_Subject>,
  QuadObject: true satisfies Same<Ours.Quad['object'], Rdfjs.Quad_Object>,
  QuadGraph: true satisfies Same<Ours.Quad['graph'], Rdfjs.Quad_Graph>,
}

describe('the RDF/JS types of the core', () => {
  it('are those of @rdfjs/types: n3 quads go in, and a NamedNode of @rdfjs/types comes out', () => {
    const index = PrefixIndex.fromPrefixes({ ex: 'http://example.org/' })
    const quads: Rdfjs.Quad[] = [
      DataFactory.quad(DataFactory.namedNode('http://example.org/s'), DataFactory.namedNode('http://example.org/p'), DataFactory.literal('x')),
    ]
    assert.deepEqual(index.prefixesFor(quads), { ex: 'http://example.org/' })
    const node: Rdfjs.NamedNode | undefined = index.expandTerm('ex:a')
    assert.equal(node?.value, 'http://example.org/a')
    assert.equal(Object.keys(SAME).length, 12)
  })
})
