// Tests of pretty's formatted writer: layout, nesting, lists, labels, names and order independence.

import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { DataFactory, Parser } from 'n3'
import type { Quad } from '@rdfjs/types'
import { PrefixIndex } from '@prefixd/core'
import { blankColours, writeFormatted } from '../../packages/cli/src/formatted-writer.js'
import { derivePrefix } from '../../packages/cli/src/name-plan.js'
import { colouredLines } from '../support/rdf-isomorphism.js'

const { namedNode, blankNode, literal, quad } = DataFactory
const EX = 'http://example.org/'
const ex = (name: string) => namedNode(EX + name)
const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#'
const TABLE = { ex: EX, rdf: RDF, foaf: 'http://xmlns.com/foaf/0.1/', obo: 'http://purl.obolibrary.org/obo/', iao: 'http://purl.obolibrary.org/obo/IAO_' }
const index = PrefixIndex.fromPrefixes(TABLE)

const write = (quads: Quad[], options?: Parameters<typeof writeFormatted>[2]): string => writeFormatted(index, quads, options).join('')

describe('writeFormatted', () => {
  it('writes the prefixes first, then each subject once, rdf:type first as `a`, predicates and subjects sorted', () => {
    const quads = [
      quad(ex('s'), ex('q'), literal('x')),
      quad(ex('a'), ex('p'), ex('o')),
      quad(ex('s'), namedNode(RDF + 'type'), ex('C')),
      quad(ex('s'), ex('p'), ex('o2')),
      quad(ex('s'), ex('p'), ex('o1')),
    ]
    assert.equal(
      write(quads),
      ['@prefix ex: <http://example.org/> .', '', 'ex:a ex:p ex:o .', '', 'ex:s a ex:C ;', '    ex:p ex:o1, ex:o2 ;', '    ex:q "x" .', ''].join('\n'),
    )
  })

  it('nests a blank node referred to once, writes a list as ( … ), and labels the rest _:b0, _:b1…', () => {
    const list = [blankNode('l1'), blankNode('l2')]
    const quads = [
      quad(ex('s'), ex('p'), blankNode('once')),
      quad(blankNode('once'), ex('q'), literal('1', namedNode('http://www.w3.org/2001/XMLSchema#integer'))),
      quad(ex('s'), ex('list'), list[0]!),
      quad(list[0]!, namedNode(RDF + 'first'), ex('a')),
      quad(list[0]!, namedNode(RDF + 'rest'), list[1]!),
      quad(list[1]!, namedNode(RDF + 'first'), ex('b')),
      quad(list[1]!, namedNode(RDF + 'rest'), namedNode(RDF + 'nil')),
      quad(ex('s'), ex('shared'), blankNode('twice')),
      quad(ex('t'), ex('shared'), blankNode('twice')),
      quad(blankNode('alone'), ex('p'), literal('x')),
    ]
    const text = write(quads)
    assert.match(text, /ex:s ex:list \( ex:a ex:b \) ;\n {4}ex:p \[ ex:q 1 \] ;\n {4}ex:shared _:b0 \./)
    assert.match(text, /\n\[ ex:p "x" \] \.\n$/)
    assert.doesNotMatch(text, /rdf:|_:b1/)
    assert.deepEqual(colouredLines(new Parser().parse(text)), colouredLines(quads))
  })

  it('keeps a cycle of blank nodes, a blank node in two graphs, and one in a triple term with labels', () => {
    const quads = [
      quad(blankNode('x'), ex('p'), blankNode('y')),
      quad(blankNode('y'), ex('p'), blankNode('x')),
      quad(ex('s'), ex('p'), blankNode('g'), ex('g1')),
      quad(blankNode('g'), ex('p'), ex('o'), ex('g2')),
      quad(ex('s'), ex('p'), quad(blankNode('t'), ex('p'), ex('o')) as unknown as Quad['object']),
      quad(blankNode('t'), ex('p'), ex('o')),
    ]
    const text = write(quads)
    // colouredLines leaves the labels inside triple terms as they are: that part is checked on the text.
    const plain = (qs: Quad[]) => qs.filter((q) => q.object.termType !== 'Quad')
    assert.deepEqual(colouredLines(plain(new Parser({ format: 'TriG' }).parse(text))), colouredLines(plain(quads)), text)
    const label = /<<\( (_:b\d+) ex:p ex:o \)>>/.exec(text)?.[1]
    assert.ok(label !== undefined && text.includes(`\n${label} ex:p ex:o .`), text)
  })

  it('gives the same text whatever the order of the input, and the names shrink gives (iao:, not obo:IAO_)', () => {
    const iris = [
      'http://purl.obolibrary.org/obo/BFO_1',
      'http://purl.obolibrary.org/obo/IAO_0000231',
      'http://lv2plug.in/ns/lv2core#a',
      'http://lv2plug.in/ns/lv2core#b',
      'http://lv2plug.in/ns/lv2core#c',
    ]
    const quads = iris.map((iri, i) => quad(namedNode(iri), ex('p'), literal(String(i))))
    const texts = new Set<string>()
    fc.assert(fc.property(fc.shuffledSubarray(quads, { minLength: quads.length }), (shuffled) => void texts.add(write(shuffled, { derivePrefixes: true }))))
    assert.equal(texts.size, 1)
    const [text] = texts
    assert.match(text!, /^iao:0000231 /m)
    assert.match(text!, /^obo:BFO_1 /m)
    assert.match(text!, /^@prefix lv2core: <http:\/\/lv2plug\.in\/ns\/lv2core#> \.$/m)
  })

  it('writes a name rdflib refuses (a final escaped dot) whole, unless strictNames is off', () => {
    const quads = [quad(ex('Washington,_D.C.'), ex('p'), ex('o'))]
    assert.match(write(quads), /^<http:\/\/example\.org\/Washington,_D\.C\.> ex:p ex:o \.$/m)
    assert.match(write(quads, { strictNames: false }), /^ex:Washington\\,_D\.C\\\. ex:p ex:o \.$/m)
  })

  it('never derives a prefix the index or the input binds to another namespace, nor a numbered well-known one', () => {
    const quads = [1, 2, 3].map((i) => quad(namedNode(`http://other.example/zork/a${i}`), namedNode(`http://other.example/zork/p`), literal('x')))
    const text = write(quads, { declared: new Map([['zork', 'http://elsewhere.example/']]), derivePrefixes: true })
    assert.match(text, /^@prefix zork2: <http:\/\/other\.example\/zork\/> \.$/m)
    assert.deepEqual(colouredLines(new Parser().parse(text)), colouredLines(quads))
    // `ex` is the index's (example.org): `ex2:` would read as it; the IRIs are written whole.
    const known = [1, 2, 3].map((i) => quad(namedNode(`http://other.example/ex/a${i}`), namedNode(`http://other.example/ex/p`), literal('x')))
    const plain = write(known, { derivePrefixes: true })
    assert.doesNotMatch(plain, /@prefix ex\d*:/)
    assert.match(plain, /^<http:\/\/other\.example\/ex\/a1> <http:\/\/other\.example\/ex\/p> "x" \.$/m)
  })

  it('makes up no prefix by default: an IRI nothing names is written whole (lv2core.ttl got `ns:lv2core`)', () => {
    const ontology = namedNode('http://lv2plug.in/ns/lv2core')
    const quads = [
      ...['a', 'b', 'c', 'd'].map((p) => quad(ontology, namedNode(`http://lv2plug.in/ns/extensions/${p}`), literal('x'))),
      ...['e', 'f', 'g'].map((p) => quad(namedNode(`http://lv2plug.in/ns/lv2core#${p}`), namedNode('http://lv2plug.in/ns/lv2core#q'), ontology)),
    ]
    const text = write(quads)
    assert.doesNotMatch(text, /@prefix|^#/m, text)
    assert.match(text, /^<http:\/\/lv2plug\.in\/ns\/lv2core> <http:\/\/lv2plug\.in\/ns\/extensions\/a> "x"/m)
    // Asked for: the made-up prefixes are named in a comment, and none is the meaningless `ns:`.
    const derived = write(quads, { derivePrefixes: true })
    assert.match(derived, /^# made up by prefixd pretty --derive-prefixes \(no table names their namespaces\): \S+:/)
    assert.doesNotMatch(derived, /@prefix ns:/)
    assert.deepEqual(colouredLines(new Parser().parse(derived)), colouredLines(quads))
  })

  it('derives a prefix from the namespace: its last telling segment, else its host; none from a bare host or scheme', () => {
    assert.equal(derivePrefix('http://lv2plug.in/ns/lv2core#'), 'lv2core')
    assert.equal(derivePrefix('http://xmlns.com/foaf/0.1/'), 'foaf')
    assert.equal(derivePrefix('http://www.example.org/'), 'example')
    assert.equal(derivePrefix('urn:x-1:'), 'x-1')
    assert.equal(derivePrefix('http://1.2.3.4/'), undefined)
    assert.equal(derivePrefix('http://lv2plug.in/ns/'), 'lv2plug')
    // IRIs of many hosts (`http://pending.schema.org`): no `ns: <http://>`, no prefix for a host's root.
    const hosts = ['a', 'b', 'c', 'd'].flatMap((h) =>
      [1, 2].map((i) => quad(namedNode(`http://${h}${i}.example.org`), ex('p'), namedNode(`http://${h}.example.net/x${i}`))),
    )
    const text = write(hosts, { derivePrefixes: true })
    assert.doesNotMatch(text, /@prefix (ns|example)\d*:/)
    assert.deepEqual(colouredLines(new Parser().parse(text)), colouredLines(hosts))
  })

  it('writes strings in their shortest form and keeps @base with the relative IRIs', () => {
    const quads = [quad(namedNode('rel'), ex('p'), literal('say "hi"')), quad(namedNode('rel'), ex('q'), literal('a\nb\nc\nd\ne\nf'))]
    const text = write(quads, { base: 'http://base.example/' })
    assert.match(text, /^@base <http:\/\/base\.example\/> \.$/m)
    assert.match(text, /<rel> ex:p 'say "hi"' ;\n {4}ex:q """a\nb\nc\nd\ne\nf""" \./)
    assert.deepEqual(
      colouredLines(new Parser({ baseIRI: 'http://base.example/' }).parse(text)),
      colouredLines(quads.map((q) => quad(namedNode('http://base.example/rel'), q.predicate, q.object))),
    )
  })
})

describe('blankColours', () => {
  /** The colouring as first written — every statement around every blank node held as a line in each round — as the oracle. */
  function linesColours(quads: readonly Quad[]): Map<string, string> {
    const key = (term: Quad['subject']): string =>
      term.termType === 'BlankNode' ? '_:' + term.value : term.termType === 'NamedNode' ? '<' + term.value : '<<' + JSON.stringify(term)
    const around = new Map<string, string[]>()
    let colours = new Map<string, string>()
    const text = (term: Quad['subject']): string => (term.termType === 'BlankNode' ? '_' + (colours.get(term.value) ?? '') : key(term))
    const touching = quads.filter((q) => q.subject.termType === 'BlankNode' || q.object.termType === 'BlankNode' || q.graph.termType === 'BlankNode')
    for (let round = 0; round < 4; round++) {
      around.clear()
      for (const q of touching) {
        const line = [q.subject, q.predicate, q.object, q.graph].map((t) => text(t as Quad['subject'])).join(' ')
        for (const term of [q.subject, q.object, q.graph]) {
          if (term.termType !== 'BlankNode') continue
          const role = term === q.subject ? 's ' : term === q.object ? 'o ' : 'g '
          if (!around.has(term.value)) around.set(term.value, [])
          around.get(term.value)!.push(role + line)
        }
      }
      const next = new Map<string, string>()
      for (const [label, lines] of around) next.set(label, createHash('sha1').update(lines.sort().join('\n')).digest('base64'))
      colours = next
    }
    return colours
  }

  it('property: gives every blank node the colour the line-per-statement colouring gave (one term object in two places included)', () => {
    const blanks = ['a', 'b', 'c', 'd'].map((label) => blankNode(label))
    const blank = fc.oneof(
      fc.constantFrom(...blanks),
      fc.constantFrom('a', 'b', 'c', 'd').map((label) => blankNode(label)),
    )
    const term = fc.oneof(blank, fc.constantFrom(ex('s'), ex('t'), literal('x'), literal('y', 'en')))
    const statement = fc
      .tuple(fc.oneof(blank, fc.constantFrom(ex('s'), ex('t'))), fc.constantFrom(ex('p'), ex('q')), term, fc.option(fc.oneof(blank, fc.constant(ex('g')))))
      .map(([s, p, o, g]) => quad(s, p, o as Quad['object'], g ?? undefined))
    fc.assert(
      fc.property(fc.array(statement, { maxLength: 25 }), (quads) => {
        assert.deepEqual([...blankColours(quads)].sort(), [...linesColours(quads)].sort())
      }),
      { numRuns: 500 },
    )
  })
})
