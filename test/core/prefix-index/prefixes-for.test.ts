// Tests of index.prefixesFor: the smallest prefix map that covers a dataset's IRIs, and that a writer can use.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { DataFactory, Parser, Store, Writer } from 'n3'
import { formatPrefixes, PrefixIndex } from '@prefixd/core'

const { namedNode, literal, blankNode, quad, defaultGraph } = DataFactory
const TABLE = {
  foaf: 'http://xmlns.com/foaf/0.1/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  ex: 'http://example.org/',
  exa: 'http://example.org/a/',
  unused: 'http://unused.example/',
}
const index = PrefixIndex.fromPrefixes(TABLE)
const FOAF = TABLE.foaf
const RDF_TYPE = TABLE.rdf + 'type'

describe('PrefixIndex.prefixesFor', () => {
  it('covers the subjects, predicates, objects, graphs and datatypes of quads, each prefix once, sorted', () => {
    const quads = [
      quad(namedNode('http://example.org/a/me'), namedNode(RDF_TYPE), namedNode(FOAF + 'Person'), namedNode('http://example.org/g')),
      quad(namedNode('http://example.org/a/me'), namedNode(FOAF + 'age'), literal('42', namedNode(TABLE.xsd + 'integer'))),
      quad(blankNode('b'), namedNode(FOAF + 'name'), literal('Bob', 'en')),
    ]
    assert.deepEqual(index.prefixesFor(quads), { ex: TABLE.ex, exa: TABLE.exa, foaf: FOAF, xsd: TABLE.xsd })
    assert.deepEqual(Object.keys(index.prefixesFor(quads)), ['ex', 'exa', 'foaf', 'xsd'])
  })

  it('takes terms as well as quads, a dataset as well as an array, and leaves out what no prefix writes', () => {
    assert.deepEqual(index.prefixesFor([namedNode(FOAF + 'knows'), literal('plain'), literal('x', namedNode(TABLE.xsd + 'string'))]), { foaf: FOAF })
    assert.deepEqual(index.prefixesFor([namedNode('http://nowhere.example/x'), namedNode('http://example.org/a b'), defaultGraph()]), {})
    const store = new Store([quad(namedNode('http://example.org/x'), namedNode(RDF_TYPE), namedNode(FOAF + 'Person'))])
    assert.deepEqual(index.prefixesFor(store), { ex: TABLE.ex, foaf: FOAF })
    assert.deepEqual(index.prefixesFor([]), {})
  })

  it("needs no rdf: for a statement's rdf:type, written `a`, but does for rdf:type anywhere else", () => {
    const typed = quad(namedNode('http://example.org/me'), namedNode(RDF_TYPE), namedNode(FOAF + 'Person'))
    assert.deepEqual(index.prefixesFor([typed]), { ex: TABLE.ex, foaf: FOAF })
    assert.deepEqual(index.prefixesFor([quad(namedNode('http://example.org/me'), namedNode(FOAF + 'topic'), namedNode(RDF_TYPE))]), {
      ex: TABLE.ex,
      foaf: FOAF,
      rdf: TABLE.rdf,
    })
    assert.deepEqual(index.prefixesFor([namedNode(RDF_TYPE)]), { rdf: TABLE.rdf })
  })

  it('leaves out a prefix whose names rdflib would refuse (a final escaped dot), and one only a namespace synonym gives', () => {
    const withDoi = PrefixIndex.fromPrefixes({ dbpedia: 'http://dbpedia.org/resource/', doi: 'https://doi.org/' })
    assert.equal(withDoi.shrink('http://dbpedia.org/resource/Washington,_D.C.'), 'dbpedia:Washington\\,_D.C\\.')
    assert.deepEqual(withDoi.prefixesFor([namedNode('http://dbpedia.org/resource/Washington,_D.C.'), namedNode('https://doi.org/10.1000/x.')]), {})
    assert.deepEqual(
      withDoi.prefixesFor([namedNode('http://dbpedia.org/resource/Washington,_D.C'), namedNode('https://doi.org/10.1000/x')]),
      withDoi.prefixesFor([namedNode('http://dbpedia.org/resource/x'), namedNode('https://doi.org/x')]),
    )
  })

  it('walks into quoted triples', () => {
    const quoted = quad(namedNode('http://example.org/s'), namedNode(FOAF + 'knows'), namedNode('http://example.org/a/o'))
    assert.deepEqual(index.prefixesFor([quad(quoted, namedNode(RDF_TYPE), literal('x'))]), { ex: TABLE.ex, exa: TABLE.exa, foaf: FOAF })
    // In a triple term rdf:type is written in full.
    const typed = quad(namedNode('http://example.org/s'), namedNode(RDF_TYPE), namedNode('http://example.org/C'))
    assert.deepEqual(index.prefixesFor([quad(namedNode('http://example.org/s'), namedNode(FOAF + 'knows'), typed)]), {
      ex: TABLE.ex,
      foaf: FOAF,
      rdf: TABLE.rdf,
    })
  })

  it('gives exactly the prefixes shrink uses (but for `a`), and N3.Writer output with them parses back to the same quads', () => {
    const local = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,6}$/)
    const iri = fc.tuple(fc.constantFrom(...Object.values(TABLE), 'http://other.example/'), local).map(([ns, l]) => ns + l)
    const anyQuad = fc
      .tuple(
        iri,
        iri,
        fc.oneof(
          iri.map(namedNode),
          local.map((l) => literal(l)),
        ),
      )
      .map(([s, p, o]) => quad(namedNode(s), namedNode(p), o))
    fc.assert(
      fc.property(fc.array(anyQuad, { maxLength: 20 }), (quads) => {
        const map = index.prefixesFor(quads)
        const expected = new Set(
          quads
            .flatMap((q) => [q.subject, ...(q.predicate.value === RDF_TYPE ? [] : [q.predicate]), q.object])
            .flatMap((t) => (t.termType === 'NamedNode' ? [index.shrink(t.value)?.split(':')[0]] : [])),
        )
        expected.delete(undefined)
        assert.deepEqual(new Set(Object.keys(map)), expected)
        const writer = new Writer({ prefixes: map })
        writer.addQuads(quads)
        let text = ''
        writer.end((error, result) => {
          if (error) throw error
          text = result
        })
        assert.deepEqual(new Parser().parse(text), quads)
      }),
    )
  })

  it('feeds formatPrefixes for SPARQL PREFIX lines', () => {
    const map = index.prefixesFor([namedNode(FOAF + 'Person')])
    assert.equal(formatPrefixes(map, 'sparql'), 'PREFIX foaf: <http://xmlns.com/foaf/0.1/>\n')
  })
})
