// Tests of pretty's Turtle/TriG writer: the layout of statements and where prefixes are declared.

import assert from 'node:assert/strict'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { DataFactory } from 'n3'
import type { Quad } from '@rdfjs/types'
import { PrefixIndex } from '@prefixd/core'
import { TurtleWriter } from '../../packages/cli/src/turtle-writer.js'

const { namedNode, blankNode, literal, quad } = DataFactory
const EX = 'http://example.org/'
const ex = (name: string) => namedNode(EX + name)
const RDF_TYPE = namedNode('http://www.w3.org/1999/02/22-rdf-syntax-ns#type')

async function write(table: Record<string, string>, quads: Quad[]): Promise<string> {
  return text(Readable.from(quads).pipe(new TurtleWriter(PrefixIndex.fromPrefixes(table))))
}

describe('TurtleWriter', () => {
  it("groups a subject's statements with ';' and a predicate's objects with ',', as N3.Writer does", async () => {
    const quads = [
      quad(ex('s'), ex('p'), ex('o')),
      quad(ex('s'), ex('p'), literal('x')),
      quad(ex('s'), ex('q'), blankNode('b')),
      quad(ex('t'), RDF_TYPE, ex('C')),
      quad(ex('s'), ex('p'), ex('o'), ex('g')),
      quad(ex('t'), ex('p'), ex('o'), ex('g')),
      quad(ex('t'), ex('p'), ex('o')),
    ]
    const expected = [
      '<http://example.org/s> <http://example.org/p> <http://example.org/o>, "x";',
      '    <http://example.org/q> _:b.',
      '<http://example.org/t> a <http://example.org/C>.',
      '<http://example.org/g> {',
      '<http://example.org/s> <http://example.org/p> <http://example.org/o>.',
      '<http://example.org/t> <http://example.org/p> <http://example.org/o>',
      '}',
      '<http://example.org/t> <http://example.org/p> <http://example.org/o>.',
      '',
    ]
    assert.equal(await write({}, quads), expected.join('\n'))
  })

  it('declares a prefix before the statement that first uses it, closing the one before and its graph block', async () => {
    const quads = [quad(ex('s'), ex('p'), ex('o'), ex('g')), quad(ex('s'), ex('p'), namedNode('http://other.example/o'), ex('g'))]
    const expected = [
      '@prefix ex: <http://example.org/>.',
      '',
      'ex:g {',
      'ex:s ex:p ex:o',
      '}',
      '@prefix o: <http://other.example/>.',
      '',
      'ex:g {',
      'ex:s ex:p o:o',
      '}',
      '',
    ]
    assert.equal(await write({ ex: EX, o: 'http://other.example/' }, quads), expected.join('\n'))
  })

  it('refuses a term Turtle cannot write', async () => {
    await assert.rejects(write({}, [quad(ex('s'), ex('p'), DataFactory.variable('v') as unknown as Quad['object'])]), /Variable cannot be written in Turtle/)
  })
})
