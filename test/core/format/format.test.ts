// Tests of @prefixd/core/format: layouts as written down, every option, refusals with a position, and the
// properties the formatter keeps on generated documents — idempotent, the same graph (n3) or query (sparqljs),
// every comment kept in its order.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { Parser } from 'n3'
import sparqljs from 'sparqljs'
import { FormatError, formatText, type FormatOptions } from '@prefixd/core/format'
import { tokens } from '@prefixd/core/syntax'
import { colouredLines } from '../../support/rdf-isomorphism.js'

const graph = (text: string, format = 'Turtle') => colouredLines(new Parser({ format, baseIRI: 'http://base.example/' }).parse(text))
const comments = (text: string) => [...tokens(text)].filter((t) => t.kind === 'comment').map((t) => t.text)
const query = (text: string) => JSON.stringify(new sparqljs.Parser().parse(text))

/** The checks every formatted text passes: idempotent, the same graph or query, the same comments in order. */
export function checkFormatted(input: string, language: 'turtle' | 'trig' | 'sparql', options?: FormatOptions): string {
  const output = formatText(input, language, options)
  assert.equal(formatText(output, language, options), output, 'formatting twice changes nothing')
  if (language === 'sparql') assert.equal(query(output), query(input))
  else assert.deepEqual(graph(output, language === 'trig' ? 'TriG' : 'Turtle'), graph(input, language === 'trig' ? 'TriG' : 'Turtle'))
  // Sorting moves statements with their comments: then the comments are the same, in another order.
  if (options?.sort === true) assert.deepEqual(comments(output).sort(), comments(input).sort())
  else assert.deepEqual(comments(output), comments(input))
  return output
}

const PREFIXES = '@prefix ex: <http://example.org/> .\n@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n'

describe('formatText (Turtle)', () => {
  it('puts each predicate on its own line and fills objects, keeping comments where they were', () => {
    const input = PREFIXES + '# people\n\nex:alice a foaf:Person;foaf:name "Alice"@en-US ; # her name\n  foaf:knows ex:bob , ex:carol.\n'
    assert.equal(
      checkFormatted(input, 'turtle'),
      PREFIXES + '# people\n\nex:alice a foaf:Person ;\n    foaf:name "Alice"@en-US ; # her name\n    foaf:knows ex:bob, ex:carol .\n',
    )
  })

  it('keeps a short [ … ] on its line and breaks a long one, with `], [` between blank-node objects', () => {
    const input = PREFIXES + 'ex:a ex:p [ ex:q 1 ; ex:r 2 ] ; ex:s [ ex:t "' + 'x'.repeat(60) + '" ; ex:u 3 ] , [ ex:v 4 ; ex:w 5 ] .\n'
    assert.equal(
      checkFormatted(input, 'turtle'),
      PREFIXES + `ex:a ex:p [ ex:q 1 ; ex:r 2 ] ;\n    ex:s [\n        ex:t "${'x'.repeat(60)}" ;\n        ex:u 3\n    ], [ ex:v 4 ; ex:w 5 ] .\n`,
    )
  })

  it('writes lists as ( … ), () and [] as they are, and keeps blank lines (one of a run)', () => {
    const input = PREFIXES + 'ex:a ex:p (1 2 3) ; ex:q () ; ex:r [ ] .\n\n\n\nex:b ex:p ex:c .\n'
    assert.equal(checkFormatted(input, 'turtle'), PREFIXES + 'ex:a ex:p ( 1 2 3 ) ;\n    ex:q () ;\n    ex:r [] .\n\nex:b ex:p ex:c .\n')
  })

  it('keeps the order written, and sorts statements and prefixes within their runs when asked', () => {
    const input = '@prefix b: <http://b/> .\n@prefix a: <http://a/> .\nb:z b:p b:o .\na:y b:p b:o .\n@base <http://base/> .\n<x> b:p b:o .\n<w> b:p b:o .\n'
    assert.equal(checkFormatted(input, 'turtle'), input)
    assert.equal(
      checkFormatted(input, 'turtle', { sort: true }),
      '@prefix a: <http://a/> .\n@prefix b: <http://b/> .\na:y b:p b:o .\nb:z b:p b:o .\n@base <http://base/> .\n<w> b:p b:o .\n<x> b:p b:o .\n',
    )
  })

  it('takes its options: indentation, predicates filled, objects one a line, prefixes aligned, keyword case', () => {
    const input = 'PREFIX ex: <http://example.org/>\nprefix foaf: <http://xmlns.com/foaf/0.1/>\nex:a ex:p ex:b, ex:c ; ex:q ex:d .\n'
    assert.equal(
      checkFormatted(input, 'turtle', { indent: 'tab', objects: 'lines' }),
      'PREFIX ex: <http://example.org/>\nPREFIX foaf: <http://xmlns.com/foaf/0.1/>\nex:a ex:p ex:b,\n\t\tex:c ;\n\tex:q ex:d .\n',
    )
    assert.equal(
      checkFormatted(input, 'turtle', { predicates: 'fill', alignPrefixes: true, keywordCase: 'lower' }),
      'prefix ex:   <http://example.org/>\nprefix foaf: <http://xmlns.com/foaf/0.1/>\nex:a ex:p ex:b, ex:c ; ex:q ex:d .\n',
    )
    assert.equal(formatText(input, 'turtle', { indent: 2 }).split('\n')[3], '  ex:q ex:d .')
  })

  it('keeps comments at the end, before a closing bracket, and between a statement and its end', () => {
    const input = PREFIXES + 'ex:a ex:p [\n  ex:q 1 # one\n  # before the bracket\n] .\nex:b ex:p ex:c # after\n.\n# last\n'
    const output = checkFormatted(input, 'turtle')
    assert.match(output, /# before the bracket\n\s*\] \.\n/)
    assert.match(output, /# last\n$/)
  })

  it('refuses a document that does not read, saying where, and misuse as a TypeError', () => {
    assert.throws(
      () => formatText('@prefix ex: <http://example.org/> .\nex:a ex:p "open\n', 'turtle'),
      (error: unknown) => error instanceof FormatError && error.line === 2 && error.column === 11 && /not closed/.test(error.message),
    )
    assert.throws(
      () => formatText('ex:a ex:p ] .', 'turtle'),
      (error: unknown) => error instanceof FormatError && error.column === 11,
    )
    assert.throws(() => formatText('ex:a ex:p ex:o', 'turtle'), /expected '\.'; found the end of the document/)
    assert.throws(() => formatText('', 'xml' as 'turtle'), TypeError)
    assert.throws(() => formatText('', 'turtle', { width: -1 }), TypeError)
    assert.throws(() => formatText('', 'turtle', { nosuch: 1 } as FormatOptions), /unknown format option 'nosuch'/)
    assert.equal(formatText('', 'turtle'), '')
    assert.equal(formatText('# only a comment', 'turtle'), '# only a comment\n')
  })
})

describe('formatText (TriG)', () => {
  it('indents each graph’s statements inside its braces', () => {
    const input = PREFIXES + 'ex:g { ex:a ex:p ex:b . ex:c ex:p ex:d } GRAPH ex:h { } { ex:a ex:p ex:b }\n'
    assert.equal(checkFormatted(input, 'trig'), PREFIXES + 'ex:g {\n    ex:a ex:p ex:b .\n    ex:c ex:p ex:d\n}\nGRAPH ex:h { }\n{\n    ex:a ex:p ex:b\n}\n')
  })
})

describe('formatText (SPARQL)', () => {
  it('puts clauses and patterns on lines of their own, keywords in upper case, small groups on one line', () => {
    const input =
      'prefix foaf: <http://xmlns.com/foaf/0.1/>\nselect ?name (count(?x) as ?n) where { ?p a foaf:Person; foaf:name ?name . # c\n' +
      'optional { ?p foaf:knows ?x } filter(?name != "x") { ?a ?b ?c } union { ?d ?e ?f } }\ngroup by ?name\norder by desc(?n) limit 10'
    assert.equal(
      checkFormatted(input, 'sparql'),
      'PREFIX foaf: <http://xmlns.com/foaf/0.1/>\nSELECT ?name (COUNT(?x) AS ?n) WHERE {\n    ?p a foaf:Person ;\n        foaf:name ?name . # c\n' +
        '    OPTIONAL { ?p foaf:knows ?x }\n    FILTER(?name != "x")\n    { ?a ?b ?c } UNION { ?d ?e ?f }\n}\nGROUP BY ?name\nORDER BY DESC(?n) LIMIT 10\n',
    )
  })

  it('formats updates, one operation after another, and keeps the keyword case when asked', () => {
    const input = 'PREFIX ex: <http://example.org/>\ninsert data { ex:a ex:b ex:c } ;\ndelete where { ?s ex:b ?o . ?o ex:c ?d }'
    assert.equal(
      checkFormatted(input, 'sparql'),
      'PREFIX ex: <http://example.org/>\nINSERT DATA { ex:a ex:b ex:c } ;\nDELETE WHERE {\n    ?s ex:b ?o .\n    ?o ex:c ?d\n}\n',
    )
    assert.match(checkFormatted(input, 'sparql', { keywordCase: 'keep' }), /^insert data/m)
  })
})

/** Generated Turtle: statements from small pools, any blank space or comment between any two tokens. */
const TERMS = ['ex:a', 'ex:b', '<http://example.org/c>', '_:x', '"s"', '"t"@en-US', '1', '2.5', 'true', '"""long\n  text"""', '"x"^^ex:d']
const PREDICATES = ['ex:p', 'a', 'foaf:knows', '<http://example.org/q>']
const gap = fc.constantFrom(' ', '  ', '\n', '\n\n', '\n\n\n', '\t', ' # note\n', '\n# own line\n', ' #\n')
const object: fc.Arbitrary<string[]> = fc.letrec((tie) => ({
  object: fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...TERMS).map((t) => [t]) },
    { weight: 1, arbitrary: fc.array(tie('object') as fc.Arbitrary<string[]>, { maxLength: 3 }).map((items) => ['(', ...items.flat(), ')']) },
    { weight: 1, arbitrary: (tie('pairs') as fc.Arbitrary<string[]>).map((pairs) => ['[', ...pairs, ']']) },
  ),
  pairs: fc
    .array(fc.tuple(fc.constantFrom(...PREDICATES), fc.array(tie('object') as fc.Arbitrary<string[]>, { minLength: 1, maxLength: 3 })), { maxLength: 3 })
    .map((pairs) => pairs.flatMap(([p, objects], i) => [...(i > 0 ? [';'] : []), p, ...objects.flatMap((o, j) => [...(j > 0 ? [','] : []), ...o])])),
})).object as fc.Arbitrary<string[]>
const statement = fc
  .tuple(
    fc.constantFrom('ex:s', '_:b', '<http://example.org/s>'),
    fc.constantFrom(...PREDICATES),
    fc.array(object, { minLength: 1, maxLength: 3 }),
    fc.boolean(),
  )
  .map(([s, p, objects, trailing]) => [s, p, ...objects.flatMap((o, j) => [...(j > 0 ? [','] : []), ...o]), ...(trailing ? [';'] : []), '.'])
const document = fc
  .tuple(fc.array(statement, { minLength: 1, maxLength: 5 }), fc.infiniteStream(gap))
  .map(([statements, gaps]) => [PREFIXES, ...statements.flat()].map((t, i) => (i === 0 ? t : gaps.next().value + t)).join('') + '\n')

describe('formatText properties', () => {
  it('is idempotent, keeps the graph and every comment, on generated Turtle (any options)', () => {
    const options = fc.record(
      {
        indent: fc.constantFrom(2, 4, 'tab' as const),
        width: fc.integer({ min: 20, max: 120 }),
        predicates: fc.constantFrom('lines' as const, 'fill' as const),
        objects: fc.constantFrom('fill' as const, 'lines' as const),
        sort: fc.boolean(),
        alignPrefixes: fc.boolean(),
      },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(document, options, (input, opts) => void checkFormatted(input, 'turtle', opts)),
      { numRuns: 300 },
    )
  })

  it('is idempotent and keeps the query and its comments, on generated SPARQL', () => {
    const words = [
      'SELECT ?s ?o',
      'WHERE',
      '{',
      '?s ex:p ?o',
      ';',
      'ex:q ?z',
      '.',
      'OPTIONAL',
      '{',
      '?s a ex:T',
      '}',
      'FILTER',
      '(',
      '?o',
      '>',
      '1',
      ')',
      '}',
      'ORDER BY ?s',
      'LIMIT 5',
    ]
    const sparql = fc
      .infiniteStream(gap)
      .map((gaps) => 'PREFIX ex: <http://example.org/>' + words.map((w) => gaps.next().value.replace(/^$/, ' ') + w).join('') + '\n')
    fc.assert(
      fc.property(sparql, (input) => void checkFormatted(input, 'sparql')),
      { numRuns: 100 },
    )
  })
})

describe('formatText (RDF 1.2 and SPARQL 1.2)', () => {
  it('lays out triple terms, reifiers, annotations and VERSION, read back as the same graph', () => {
    const input =
      'VERSION "1.2"\nPREFIX ex: <http://example.org/>\nex:a ex:b ex:c ~ex:r {|ex:src ex:x;ex:y 1 |} .\n' +
      '<<ex:s ex:p ex:o>> ex:q <<( ex:s ex:p ex:o )>> .\n<< ex:s ex:p ex:o ~ _:r >> ex:q 2 .\nex:d ex:e ex:f {| ex:g ex:h |} , ex:i .\n'
    assert.equal(
      checkFormatted(input, 'turtle'),
      'VERSION "1.2"\nPREFIX ex: <http://example.org/>\nex:a ex:b ex:c ~ ex:r {| ex:src ex:x ; ex:y 1 |} .\n' +
        '<< ex:s ex:p ex:o >> ex:q <<( ex:s ex:p ex:o )>> .\n<< ex:s ex:p ex:o ~ _:r >> ex:q 2 .\nex:d ex:e ex:f {| ex:g ex:h |}, ex:i .\n',
    )
  })

  it('keeps <<( and )>> whole, and formats SPARQL 1.2', () => {
    assert.throws(() => formatText('ex:a ex:b <<( ex:s ex:p ex:o ) >> .', 'turtle'), /expected '\)>>'/)
    assert.equal(
      formatText(
        'version "1.2" prefix ex: <http://example.org/> select * where { ?s ex:p ?o ~ ?r {| ex:src ?x |} . bind(<<( ?s ex:p ?o )>> as ?t) }',
        'sparql',
      ),
      'VERSION "1.2"\nPREFIX ex: <http://example.org/>\nSELECT * WHERE {\n    ?s ex:p ?o ~ ?r {| ex:src ?x |} .\n    BIND(<<( ?s ex:p ?o )>> AS ?t)\n}\n',
    )
  })
})

describe('formatText layout (patterns after constraints, line endings, the header when sorting)', () => {
  it('starts a line for a triple pattern after a FILTER or a BIND, a `.` after them staying on their line', () => {
    const input =
      'PREFIX ex: <http://example.org/>\nSELECT * WHERE { ?s ex:p ?o FILTER(?o > 1) ?s ex:q ?r . BIND(STR(?r) AS ?t) ?a ex:b ?m ; ex:c 3 .\n' +
      '  FILTER regex(?t, "x") . ?d ex:e ?f FILTER NOT EXISTS { ?d a ex:T } ?g ex:h ?i FILTER(NOT EXISTS { ?g a ex:U }) ?j ex:k ?l }\n'
    assert.equal(
      checkFormatted(input, 'sparql'),
      'PREFIX ex: <http://example.org/>\nSELECT * WHERE {\n    ?s ex:p ?o\n    FILTER(?o > 1)\n    ?s ex:q ?r .\n    BIND(STR(?r) AS ?t)\n' +
        '    ?a ex:b ?m ;\n        ex:c 3 .\n    FILTER REGEX(?t, "x") .\n    ?d ex:e ?f\n    FILTER NOT EXISTS { ?d a ex:T }\n' +
        '    ?g ex:h ?i\n    FILTER(NOT EXISTS { ?g a ex:U })\n    ?j ex:k ?l\n}\n',
    )
  })

  it('keeps a CRLF document CRLF, line breaks in long strings as written, and takes endOfLine', () => {
    const crlf = '# about\r\n@prefix ex: <http://example.org/> . # ex\r\nex:a ex:p ex:b;ex:q """x\ny""" .\r\n'
    const output = checkFormatted(crlf, 'turtle')
    assert.equal(output, '# about\r\n@prefix ex: <http://example.org/> . # ex\r\nex:a ex:p ex:b ;\r\n    ex:q """x\ny""" .\r\n')
    assert.equal(checkFormatted('SELECT * {\r\n?s ?p ?o . ?a ?b ?c }\r\n', 'sparql'), 'SELECT * {\r\n    ?s ?p ?o .\r\n    ?a ?b ?c\r\n}\r\n')
    assert.equal(checkFormatted('<g> { <a> <b> <c> }\r\n', 'trig'), '<g> {\r\n    <a> <b> <c>\r\n}\r\n')
    assert.equal(formatText('ex:a ex:p """x\r\ny""" .\n', 'turtle'), 'ex:a ex:p """x\r\ny""" .\n', 'a CR in a literal is data')
    assert.equal(formatText('ex:a ex:p ex:b .\nex:c ex:p ex:d .\n', 'turtle', { endOfLine: 'crlf' }), 'ex:a ex:p ex:b .\r\nex:c ex:p ex:d .\r\n')
    assert.equal(formatText(crlf, 'turtle', { endOfLine: 'lf' }), output.replaceAll('\r\n', '\n'))
    assert.throws(() => formatText('', 'turtle', { endOfLine: 'cr' as 'lf' }), /endOfLine must be one of "auto", "lf", "crlf"/)
  })

  it('property: a document with CRLF line endings formats as its LF form does, with CRLF line endings', () => {
    fc.assert(
      fc.property(document, (input) => {
        const crlf = input.replaceAll('\n', '\r\n')
        const output = checkFormatted(crlf, 'turtle')
        assert.equal(output, formatText(input, 'turtle').replaceAll('\n', '\r\n'))
        assert.doesNotMatch(output, /[^\r]\n/)
      }),
      { numRuns: 100 },
    )
  })

  it('keeps the comments before the first statement first when sorting (the file’s header)', () => {
    const input = '# Licence: CC0\n# What this is\n\n<z> <p> 1 .\n# about b\n<b> <p> 2 .\n<a> <p> 3 .\n'
    assert.equal(checkFormatted(input, 'turtle', { sort: true }), '# Licence: CC0\n# What this is\n\n<a> <p> 3 .\n# about b\n<b> <p> 2 .\n<z> <p> 1 .\n')
    const prefixes = '# header\n@prefix z: <http://z.example/> .\n@prefix a: <http://a.example/> .\nz:s z:p a:o .\n'
    assert.equal(
      checkFormatted(prefixes, 'turtle', { sort: true }),
      '# header\n@prefix a: <http://a.example/> .\n@prefix z: <http://z.example/> .\nz:s z:p a:o .\n',
    )
    const trig = '# header\n<z> { <a> <b> <c> }\n<a> { <a> <b> <c> }\n'
    assert.equal(checkFormatted(trig, 'trig', { sort: true }), '# header\n<a> {\n    <a> <b> <c>\n}\n<z> {\n    <a> <b> <c>\n}\n')
  })
})
