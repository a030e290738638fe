// Tests of pretty's N-Triples/N-Quads reader: the same quads as n3 reads, in order, or none at all.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { DataFactory, Parser, Writer } from 'n3'
import type { Quad, Term } from '@rdfjs/types'
import { readNQuads } from '../../packages/cli/src/n-quads-reader.js'

const { namedNode, blankNode, literal, quad, defaultGraph } = DataFactory

/** A term exactly, blank nodes by their label. */
function exact(term: Term): string {
  switch (term.termType) {
    case 'Literal':
      return JSON.stringify(term.value) + '@' + term.language + '--' + (term.direction ?? '') + '^^' + term.datatype.value
    case 'Quad':
      return '<<' + [term.subject, term.predicate, term.object, term.graph].map(exact).join(' ') + '>>'
    default:
      return term.termType + ' ' + term.value
  }
}

const lines = (quads: readonly Quad[]): string[] => quads.map((q) => [q.subject, q.predicate, q.object, q.graph].map(exact).join(' '))

/** What n3 reads, blank nodes keeping their labels ('_:' as the prefix n3 puts before them is none). */
const n3 = (text: string, quads = true): string[] => lines(new Parser({ format: quads ? 'N-Quads' : 'N-Triples', blankNodePrefix: '_:' }).parse(text))

const read = (text: string, quads = true): string[] | undefined => {
  const got = readNQuads(Buffer.from(text, 'utf8'), quads)
  return got === undefined ? undefined : lines(got)
}

describe('readNQuads', function () {
  this.timeout(120_000)
  it('reads what n3 reads, term by term and in order, for any quads n3 writes', () => {
    const local = fc.string({ unit: fc.constantFrom(...'aZ09_-.~!$&()*+,;=/?#@%:', 'é', '中', '😀'), maxLength: 6 })
    const iri = fc.tuple(fc.constantFrom('http://example.org/', 'urn:x:', 'https://ä.example/π#'), local).map(([ns, l]) => namedNode(ns + l))
    const blank = fc.constantFrom('b1', 'b_2', 'x.y-z', '0a').map((label) => blankNode(label))
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom('"', '\\', '\n', '\r', '\t', '\b', '\f', '\u0000', '\u007f', "'", ' ', 'é', '😀', '\u2028'),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      ),
      maxLength: 10,
    })
    const object = fc.oneof(
      iri,
      blank,
      text.map((s) => literal(s)),
      fc.tuple(text, fc.constantFrom('en', 'EN-gb', 'de-CH-1996', 'x-private1')).map(([s, tag]) => literal(s, tag)),
      fc.tuple(text, iri).map(([s, datatype]) => literal(s, datatype)),
    )
    const graph = fc.oneof(fc.constant(defaultGraph()), iri, blank)
    const quads = fc.array(
      fc.tuple(fc.oneof(iri, blank), iri, object, graph).map(([s, p, o, g]) => quad(s, p, o, g)),
      { maxLength: 12 },
    )
    fc.assert(
      fc.property(quads, (qs) => {
        const nq = new Writer({ format: 'N-Quads' }).quadsToString(qs)
        assert.deepEqual(read(nq), n3(nq), nq)
      }),
      { numRuns: 50 },
    )
  })

  it('takes comments, blank lines, tabs, escapes and text past ASCII as n3 does', () => {
    const text = [
      '# a comment',
      '',
      '\t<http://example.org/s>\t<http://example.org/p>  "a\\tb\\"c\\u00e9\\U0001F600\\\\" .  # after',
      '<http://example.org/s> <http://example.org/p> "Grüße, 日本"@DE-at <http://example.org/g> .',
      '_:b1 <http://example.org/p> "1"^^<http://www.w3.org/2001/XMLSchema#integer> _:g.',
      '<http://example.org/ü> <http://example.org/p> _:b1 .',
      '<http://example.org/s><http://example.org/p><http://example.org/o>.',
    ].join('\n')
    const got = read(text)
    assert.deepEqual(got, n3(text))
    assert.equal(got?.length, 5)
    assert.match(got![1]!, /"Grüße, 日本"@de-at/) // tags in lower case, as n3 gives them
  })

  it('leaves to n3 whatever it does not read itself: it returns nothing', () => {
    const s = '<http://example.org/s> <http://example.org/p> '
    for (const unusual of [
      '<relative> <http://example.org/p> <http://example.org/o> .', // n3 resolves relative IRIs
      s + '<http://example.org/a\\u0020b> .', // an escape in an IRI
      s + '<<( <http://example.org/a> <http://example.org/b> <http://example.org/c> )>> .', // a triple term
      s + '"x"@ar--rtl .', // a base direction
      s + '"x" .\r', // a carriage return
      s + '"two\nlines" .', // a statement over two lines
      s + '"x"', // no dot
      s + '"\\q" .', // not an escape
      s + '_:é .', // a label past ASCII
      s + '<http://example.org/o> <http://example.org/g> .', // a graph, read as N-Triples
    ]) {
      assert.equal(readNQuads(Buffer.from(unusual), false), undefined, unusual)
    }
  })
})
