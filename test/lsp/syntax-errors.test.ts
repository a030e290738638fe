// The syntax checks' reading again past an error: the text before the place it resumes from blanked, its directives kept.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { tokens } from '@prefixd/core/syntax'
import { blankBefore, syntaxErrors } from '../../packages/lsp/src/syntax/syntax-errors.js'

/**
 * The plain reading: every token before `from` gathered, each directive kept to its IRI (and `.` for the `@` forms), each
 * UTF-16 unit blanked (the parsers' columns, and the offsets after, count those).
 */
function gatheredBlankBefore(text: string, from: number): string {
  const kept: string[] = []
  let last = 0
  const list = [...tokens(text.slice(0, from))]
  for (let i = 0; i < list.length; i++) {
    const word = list[i]!.text.toLowerCase()
    if (list[i]!.kind !== 'term' || !['@prefix', 'prefix', '@base', 'base'].includes(word)) continue
    let j = i + 1
    while (j < list.length && list[j]!.kind !== 'iri') j++
    if (j < list.length && word.startsWith('@') && list[j + 1]?.text === '.') j++
    if (j >= list.length) break
    kept.push(text.slice(last, list[i]!.start).replace(/[^\r\n]/g, ' '), text.slice(list[i]!.start, list[j]!.end))
    last = list[j]!.end
    i = j
  }
  kept.push(text.slice(last, from).replace(/[^\r\n]/g, ' '), text.slice(from))
  return kept.join('')
}

const PIECES = [
  '@prefix ex: <http://example.org/> .',
  '@PREFIX ex: <http://example.org/>',
  'PREFIX foaf: <http://xmlns.com/foaf/0.1/>',
  '@base <http://b/> .',
  'BASE <http://b/>',
  'prefix',
  '@prefix',
  'ex:a',
  ' ',
  '\n',
  '\r\n',
  '.',
  ';',
  '"str"',
  '"""long\nstring"""',
  '<http://x/y>',
  '<',
  '# comment\n',
  '{',
  '}',
  'é',
  '\u{1F600}',
  'ex:\u{1F600}',
  '\u00a0',
]

describe('blankBefore', () => {
  it('property: reading the tokens one at a time blanks what gathering them all does', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }), fc.double({ min: 0, max: 1, noNaN: true }), (parts, at) => {
        const text = parts.join('')
        const from = Math.floor(at * text.length)
        const blanked = blankBefore(text, from)
        assert.equal(blanked, gatheredBlankBefore(text, from), JSON.stringify([text, from]))
        assert.equal(blanked.length, text.length)
      }),
      { numRuns: 5000 },
    )
  })

  it('keeps the directives and line breaks before the place, and the text from it', () => {
    const text = '@prefix ex: <http://example.org/> .\nex:a ex:b ex:c .\nPREFIX s: <https://schema.org/>\nex:d ex:e ex:f .\n'
    const from = text.lastIndexOf('ex:d')
    assert.equal(blankBefore(text, from), '@prefix ex: <http://example.org/> .\n                \nPREFIX s: <https://schema.org/>\nex:d ex:e ex:f .\n')
  })
})

describe('syntaxErrors (SPARQL 1.1 and 1.2)', () => {
  const check = (text: string, undeclared: string[] = []) => syntaxErrors({ text, language: 'sparql', undeclared, baseIri: 'file:///q.rq' })
  const P = 'PREFIX : <http://example.org/>\nPREFIX foaf: <http://xmlns.com/foaf/0.1/>\n'

  it('reads SPARQL 1.2: triple terms, reified triples, reifiers, annotations, VERSION and the triple functions', async () => {
    const queries = [
      `VERSION "1.2"\n${P}SELECT * WHERE { ?s :p <<( ?a :b ?c )>> }`,
      `${P}SELECT ?who WHERE { ?x foaf:knows ?y ~ ?r {| :since ?year ; :source ?who |} }`,
      `${P}SELECT * WHERE { << ?s :p ?o ~ :r1 >> :statedBy ?z . << ?s :p ?o >> :q ?w }`,
      `${P}SELECT ?t WHERE { ?s ?p ?o BIND(TRIPLE(?s, ?p, ?o) AS ?t) FILTER(isTRIPLE(?t) && SUBJECT(?t) = ?s) }`,
      `${P}SELECT * WHERE { ?s :label ?l FILTER(LANGDIR(?l) = "ltr" && hasLANG(?l)) }`,
      `${P}CONSTRUCT { ?s :p ?o {| :source :x |} } WHERE { ?s :p ?o }`,
      `${P}INSERT DATA { :alice foaf:knows :bob ~ :r {| :since 2001 |} . :r :said <<( :bob foaf:knows :alice )>> }`,
      `VERSION "1.2"\n${P}DELETE { ?x :p ?y } INSERT { ?x :q <<( ?x :p ?y )>> } WHERE { ?x :p ?y }`,
    ]
    for (const query of queries) assert.deepEqual(await check(query), [], query)
  })

  it('keeps reading SPARQL 1.1 queries and updates without an error', async () => {
    const queries = [
      `${P}SELECT ?n (COUNT(?f) AS ?c) WHERE { ?p a foaf:Person ; foaf:name ?n . OPTIONAL { ?p foaf:knows ?f } } GROUP BY ?n HAVING (COUNT(?f) > 1) ORDER BY DESC(?c) LIMIT 10`,
      `${P}ASK { ?s foaf:knows+/foaf:name "x"@en-US . FILTER NOT EXISTS { ?s a :Robot } MINUS { ?s :q ?z } }`,
      `${P}SELECT * FROM <http://example.org/g> WHERE { GRAPH ?g { ?s ?p ?o } VALUES (?s ?o) { (:a UNDEF) (:b 1.5e3) } SERVICE SILENT <http://example.org/sparql> { ?s ?p ?o } }`,
      `${P}DESCRIBE ?s WHERE { ?s ?p [ :q ( 1 2 "three" ) ] } OFFSET 5`,
      `${P}INSERT DATA { :a :b "c" } ;\nDELETE WHERE { ?s :b ?o } ;\nLOAD SILENT <http://example.org/x> INTO GRAPH :g ; CLEAR DEFAULT`,
      `SELECT * WHERE { ?s foaf:knows ?o }`, // foaf: undeclared: told to the parser, the diagnostics' own concern
    ]
    for (const query of queries) assert.deepEqual(await check(query, ['foaf']), [], query)
  })

  it('puts an error on the token it cannot take, with line and column, in 1.1 and 1.2 alike', async () => {
    assert.deepEqual(await check('SELECT * WHERE { ?s ?p ?o ?x }'), [{ line: 0, startColumn: 26, endColumn: 28, message: "expected '}'; got '?x'" }])
    const [filter] = await check('SELECT * WHERE {\n  ?s ?p ?o .\n  FILTER(?o = )\n}')
    assert.deepEqual([filter?.line, filter?.startColumn], [2, 14])
    assert.match(filter!.message, /^expected '\(', a function, an IRI, a prefixed name, a string, a number, .*; got '\)'$/)
    const [term] = await check(`${P}SELECT * WHERE {\n  ?s :p <<( ?a :b )>>\n}`)
    assert.deepEqual([term?.line, term?.startColumn, term?.endColumn], [3, 18, 21])
    assert.match(term!.message, /got '\)>>'/)
    const [reifier] = await check(`${P}SELECT * WHERE { ?s :p ?o ~ ?r {| :q |} }`)
    assert.deepEqual([reifier?.line, reifier?.startColumn], [2, 37])
    const [end] = await check('SELECT * WHERE {\n ?s ?p ?o \n')
    assert.deepEqual(end, { line: 1, startColumn: 7, endColumn: 9, message: "expected '}'; the query ends" })
    const [version] = await check(`VERSION 1.2\n${P}SELECT * {}`)
    assert.deepEqual([version?.line, version?.startColumn, version?.message], [0, 8, "expected a string; got '1.2'"])
    const updates = await check(`${P}INSERT DATA { :a :b :c :d } ;\nINSERT DATA { :a :b <<( :c :d :e )>> } ;\nINSERT DATA { :e :f }\n`)
    assert.deepEqual(
      updates.map((p) => [p.line, p.startColumn]),
      [
        [2, 23],
        [4, 20],
      ],
    )
  })
})
