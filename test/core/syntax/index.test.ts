// Tests of @prefixd/core/syntax, the tolerant reading of a Turtle or SPARQL document being typed: the name being typed, its position, and prefix declarations.

import assert from 'node:assert/strict'
import { Parser } from 'n3'
import {
  declarationEdit,
  declarationInsertPoint,
  declarationsIn,
  declaredPrefixes,
  irisIn,
  isPlainLocalName,
  localNameEnd,
  namesIn,
  partialNameAt,
  positionAt,
  tokens,
} from '@prefixd/core/syntax'

/** The document after an edit. */
const apply = (doc: string, edit: { readonly from: number; readonly insert: string }): string => doc.slice(0, edit.from) + edit.insert + doc.slice(edit.from)

/** The prefixes N3.js reads from a Turtle document (it throws if the document does not parse). */
function parsedPrefixes(doc: string): Record<string, string> {
  const prefixes: Record<string, string> = {}
  new Parser().parse(doc, null, (prefix, iri) => (prefixes[prefix] = iri.value))
  return prefixes
}

describe('partialNameAt', () => {
  it('finds the prefixed name being typed, with its prefix and offset', () => {
    assert.deepEqual(partialNameAt('ex:alice a schema:Pe'), { from: 11, text: 'schema:Pe', prefix: 'schema', hasColon: true })
    assert.deepEqual(partialNameAt('schema:'), { from: 0, text: 'schema:', prefix: 'schema', hasColon: true })
  })

  it('finds a bare prefix being typed', () => {
    assert.deepEqual(partialNameAt('sch'), { from: 0, text: 'sch', prefix: 'sch', hasColon: false })
    assert.deepEqual(partialNameAt('ex:s ex:p\n  fo'), { from: 12, text: 'fo', prefix: 'fo', hasColon: false })
  })

  it('finds a name of the empty prefix and a non-ASCII prefix', () => {
    assert.deepEqual(partialNameAt('ex:s :lo'), { from: 5, text: ':lo', prefix: '', hasColon: true })
    assert.deepEqual(partialNameAt('café:x'), { from: 0, text: 'café:x', prefix: 'café', hasColon: true })
  })

  it('keeps escapes, percent-encodings and inner dots in the local name', () => {
    assert.deepEqual(partialNameAt('ex:a\\.b'), { from: 0, text: 'ex:a\\.b', prefix: 'ex', hasColon: true })
    assert.equal(partialNameAt('ex:s ex:p ex:a\\/b')?.from, 10)
    assert.equal(partialNameAt('ex:s ex:p ex:a%2F')?.text, 'ex:a%2F')
    assert.equal(partialNameAt('ex:s ex:p ex:a.b')?.text, 'ex:a.b')
  })

  it('starts the name after punctuation and datatype markers', () => {
    assert.deepEqual(partialNameAt('ex:s ex:p (ex:o'), { from: 11, text: 'ex:o', prefix: 'ex', hasColon: true })
    assert.equal(partialNameAt('ex:s ex:p ex:o;ex:q')?.from, 15)
    assert.deepEqual(partialNameAt('ex:s ex:p "1"^^xsd:in'), { from: 15, text: 'xsd:in', prefix: 'xsd', hasColon: true })
  })

  it('gives undefined after `<`, in whitespace, at the start and in a blank node label', () => {
    for (const before of ['ex:s <', '', 'ex:s ', 'ex:s ex:p\n\t', 'ex:s ex:p ;', '_:b1', '1ex:']) {
      assert.equal(partialNameAt(before), undefined, JSON.stringify(before))
    }
  })

  it('gives undefined in a variable or a language tag', () => {
    for (const before of ['SELECT ?per', 'SELECT $per', 'ex:s ex:p "chat"@en']) {
      assert.equal(partialNameAt(before), undefined, before)
    }
  })

  it('gives undefined inside a string or a comment', () => {
    for (const before of ['ex:s ex:p "hello wor', "ex:s ex:p '''long\nfoa", '# see foa', 'ex:s ex:p ex:o . # foaf:Pe']) {
      assert.equal(partialNameAt(before), undefined, JSON.stringify(before))
    }
    assert.equal(partialNameAt('ex:s ex:p "done" ; foaf:na')?.text, 'foaf:na')
  })

  it('gives undefined inside an unfinished IRI', () => {
    for (const before of ['ex:s <http://xmlns.com/fo', 'ex:s <http:', 'ex:s ex:p <urn:isbn:97']) {
      assert.equal(partialNameAt(before), undefined, before)
    }
  })
})

describe('positionAt', () => {
  const turtle = (before: string) => positionAt(before, 'turtle')
  const sparql = (before: string) => positionAt(before, 'sparql')

  it('walks a Turtle triple: subject, predicate, object; a class after `a`', () => {
    assert.equal(turtle(''), 'subject')
    assert.equal(turtle('ex:s '), 'predicate')
    assert.equal(turtle('ex:s a '), 'class')
    assert.equal(turtle('ex:s ex:p '), 'object')
    assert.equal(turtle('<http://e/s> <http://e/p> '), 'object')
  })

  it('follows `;`, `,` and `.`', () => {
    assert.equal(turtle('ex:s ex:p ex:o ; '), 'predicate')
    assert.equal(turtle('ex:s ex:p ex:o ;\n  ex:q ex:r ; '), 'predicate')
    assert.equal(turtle('ex:s ex:p ex:o , '), 'object')
    assert.equal(turtle('ex:s a ex:C , '), 'object')
    assert.equal(turtle('ex:s ex:p ex:o . '), 'subject')
    assert.equal(turtle('ex:s ex:p ex:o.\nex:t '), 'predicate')
    assert.equal(turtle('ex:s ex:p 1 . '), 'subject')
    assert.equal(turtle('ex:s ex:p 1.5 ; '), 'predicate')
  })

  it('gives unknown right after an object, where only `;`, `,` or `.` may follow', () => {
    assert.equal(turtle('ex:s ex:p ex:o '), 'unknown')
  })

  it('knows blank node property lists and collections', () => {
    assert.equal(turtle('ex:s ex:p [ '), 'predicate')
    assert.equal(turtle('[ '), 'predicate')
    assert.equal(turtle('ex:s ex:p [ ex:q '), 'object')
    assert.equal(turtle('ex:s ex:p [ ex:q ex:r ] ; '), 'predicate')
    assert.equal(turtle('[ ex:q ex:r ] '), 'predicate')
    assert.equal(turtle('ex:s ex:p ( '), 'object')
    assert.equal(turtle('ex:s ex:p ( ex:a ) ; '), 'predicate')
  })

  it('expects another object after an item of a collection', () => {
    assert.equal(turtle('ex:s ex:p ( ex:a '), 'object')
    assert.equal(turtle('ex:s ex:p ( ex:a ex:b '), 'object')
  })

  it('reads a SPARQL VALUES block as data, not triples', () => {
    assert.equal(sparql('SELECT * WHERE { VALUES ?t { foaf:Person '), 'unknown')
    assert.equal(sparql('SELECT * WHERE { VALUES ?t { foaf:Person } ?x a '), 'class')
  })

  it('skips directives in both syntaxes', () => {
    assert.equal(turtle('@prefix ex: <http://e/> .\n'), 'subject')
    assert.equal(turtle('@prefix ex: <http://e/> .\nex:s '), 'predicate')
    assert.equal(turtle('@prefix ex:<http://e/>.\n@prefix : <http://d/> .\n:s a '), 'class')
    assert.equal(turtle('PREFIX ex: <http://e/>\nex:s '), 'predicate')
    assert.equal(turtle('@base <http://e/> .\n<s> '), 'predicate')
    assert.equal(turtle('BASE <http://e/>\n<s> <p> '), 'object')
  })

  it('follows SPARQL triple patterns in a group', () => {
    assert.equal(sparql('PREFIX s: <http://s/>\nSELECT * WHERE { ?x a '), 'class')
    assert.equal(sparql('SELECT * WHERE { ?x '), 'predicate')
    assert.equal(sparql('SELECT * WHERE { ?x ?p '), 'object')
    assert.equal(sparql('prefix s: <http://s/> select ?x { ?x a s:C ; '), 'predicate')
    assert.equal(sparql('SELECT * WHERE { ?x ex:p ?y . '), 'subject')
    assert.equal(sparql('SELECT * WHERE { ?x ex:p ?y . OPTIONAL { ?y '), 'predicate')
  })

  it('gives unknown outside triple patterns in SPARQL', () => {
    assert.equal(sparql('SELECT '), 'unknown')
    assert.equal(sparql('SELECT * WHERE { ?x ?p ?o } ORDER BY '), 'unknown')
  })

  it('is not confused by `;`, `,`, `.`, `#` or brackets inside strings', () => {
    assert.equal(turtle('ex:s ex:p "a;b#c" ; '), 'predicate')
    assert.equal(turtle('ex:s ex:p "a;b#c" '), 'unknown')
    assert.equal(turtle("ex:s ex:p 'x. [y' . "), 'subject')
    assert.equal(turtle('ex:s ex:p """a ; . , # b\n( c""" ; '), 'predicate')
    assert.equal(turtle('ex:s ex:p "say \\"a;b\\"" , '), 'object')
    assert.equal(turtle('ex:s ex:p "x"@en ; '), 'predicate')
    assert.equal(turtle('ex:s ex:p "1"^^xsd:int ; '), 'predicate')
    assert.equal(turtle('ex:s ex:p "1"^^<http://www.w3.org/2001/XMLSchema#int> ; '), 'predicate')
    assert.equal(turtle('ex:s ex:p <http://e/a#b;c> ; '), 'predicate')
    assert.equal(sparql('SELECT * WHERE { ?x ex:p "a } { b" ; '), 'predicate')
  })

  it('skips comments, whatever they hold', () => {
    assert.equal(turtle('# ex:s ex:p\nex:s '), 'predicate')
    assert.equal(turtle('ex:s # ; . [ "\n'), 'predicate')
    assert.equal(turtle('ex:s ex:p ex:o # . \n; '), 'predicate')
    assert.equal(turtle("ex:s ex:p ex:o .\n# it's\nex:t "), 'predicate')
  })

  it('gives unknown in an unfinished string', () => {
    assert.equal(turtle('ex:s ex:p "unterminated ; '), 'unknown')
  })

  it('reads escaped punctuation as part of a local name', () => {
    assert.equal(turtle('ex:s ex:p ex:a\\#b ; '), 'predicate')
    assert.equal(turtle('ex:s\\;x '), 'predicate')
    assert.equal(turtle('ex:s ex:p\\,q '), 'object')
  })
})

describe('declaredPrefixes', () => {
  it('reads @prefix and PREFIX declarations', () => {
    const doc = '@prefix ex: <http://e/> .\nPREFIX s: <http://s/>\n@prefix : <http://d/> .\nex:s ex:p ex:o .\n'
    assert.deepEqual(
      declaredPrefixes(doc),
      new Map([
        ['ex', 'http://e/'],
        ['s', 'http://s/'],
        ['', 'http://d/'],
      ]),
    )
  })

  it('lets the last declaration of a prefix win', () => {
    const doc = '@prefix ex: <http://a/> .\nex:s ex:p ex:o .\n@prefix ex: <http://b/> .\n'
    assert.deepEqual(declaredPrefixes(doc), new Map([['ex', 'http://b/']]))
  })

  it('reads the SPARQL keyword in any case', () => {
    assert.deepEqual(
      declaredPrefixes('prefix a: <http://a/>\nPrEfIx b: <http://b/>\nSELECT * {}'),
      new Map([
        ['a', 'http://a/'],
        ['b', 'http://b/'],
      ]),
    )
  })

  it('reads declarations without spaces around them', () => {
    assert.deepEqual(
      declaredPrefixes('@prefix a:<http://a/>.@prefix b:<http://b/>.'),
      new Map([
        ['a', 'http://a/'],
        ['b', 'http://b/'],
      ]),
    )
  })

  it('gives an empty map for a document without declarations', () => {
    assert.deepEqual(declaredPrefixes(''), new Map())
    assert.deepEqual(declaredPrefixes('ex:s ex:p ex:o .'), new Map())
    assert.deepEqual(declaredPrefixes('ex:prefix a: <http://x/>'), new Map())
  })

  it('ignores declarations in comments and strings', () => {
    assert.deepEqual(declaredPrefixes('# @prefix old: <http://old/> .\nex:s ex:p ex:o .\n'), new Map())
    assert.deepEqual(declaredPrefixes('ex:s rdfs:comment "write @prefix s: <http://s/> first" .\n'), new Map())
  })
})

describe('isPlainLocalName', () => {
  it('accepts what Turtle writes without escapes, and nothing else', () => {
    for (const local of ['Person', 'a.b', '0x', 'café', 'a:b', 'a%2Fb', '_x', 'a-b']) assert.ok(isPlainLocalName(local), local)
    for (const local of ['', '-a', 'a.', 'a/b', 'a b', '.a', 'a%2']) assert.ok(!isPlainLocalName(local), local)
  })
})

describe('declarationInsertPoint and declarationEdit', () => {
  it("puts the declaration before a statement that shares the last declaration's line", () => {
    const doc = '@prefix ex: <http://example.org/> . ex:a a foaf:Person .\n'
    const edited = apply(doc, declarationEdit(doc, 'foaf', 'http://xmlns.com/foaf/0.1/', 'turtle'))
    assert.equal(edited, '@prefix ex: <http://example.org/> .\n@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n ex:a a foaf:Person .\n')
    assert.deepEqual(parsedPrefixes(edited), { ex: 'http://example.org/', foaf: 'http://xmlns.com/foaf/0.1/' })
  })

  it('declares at the start of an empty document', () => {
    assert.equal(declarationInsertPoint(''), 0)
    assert.deepEqual(declarationEdit('', 'p', 'http://p/', 'turtle'), { from: 0, insert: '@prefix p: <http://p/> .\n' })
    assert.deepEqual(declarationEdit('', 'p', 'http://p/', 'sparql'), { from: 0, insert: 'PREFIX p: <http://p/>\n' })
  })

  it('declares right after the last declaration of the header', () => {
    const header = '@prefix a: <http://a/> .\n@prefix b: <http://b/> .\n'
    const doc = header + '\na:s b:p a:o .\n'
    assert.equal(declarationInsertPoint(doc), header.length)
    const edit = declarationEdit(doc, 'p', 'http://p/', 'turtle')
    assert.equal(edit.from, header.length)
    const edited = apply(doc, edit)
    assert.equal(edited, header + '@prefix p: <http://p/> .\n\na:s b:p a:o .\n')
    assert.deepEqual(parsedPrefixes(edited), { a: 'http://a/', b: 'http://b/', p: 'http://p/' })
  })

  it('starts a new line when the last declaration has no newline after it', () => {
    const doc = '@prefix a: <http://a/> .'
    assert.equal(declarationInsertPoint(doc), doc.length)
    assert.equal(apply(doc, declarationEdit(doc, 'p', 'http://p/', 'turtle')), '@prefix a: <http://a/> .\n@prefix p: <http://p/> .\n')
  })

  it('looks past comments and blank lines at the top, and past @base', () => {
    const doc = '# people\n# (c) me\n\n@prefix a: <http://a/> .\n# more\n@base <http://b/> .\na:s a:p <o> .\n'
    const afterBase = doc.indexOf('a:s')
    assert.equal(declarationInsertPoint(doc), afterBase)
    const edited = apply(doc, declarationEdit(doc, 'p', 'http://p/', 'turtle'))
    assert.equal(edited, doc.slice(0, afterBase) + '@prefix p: <http://p/> .\n' + doc.slice(afterBase))
    assert.deepEqual(parsedPrefixes(edited), { a: 'http://a/', p: 'http://p/' })
  })

  it('stops at the first statement: later declarations are not the header', () => {
    const doc = '@prefix a: <http://a/> .\nex:s ex:p ex:o .\n@prefix b: <http://b/> .\n'
    assert.equal(declarationInsertPoint(doc), '@prefix a: <http://a/> .\n'.length)
  })

  it('declares at the very start of a document without a header, leaving a blank line', () => {
    const doc = 'ex:s ex:p ex:o .\n'
    assert.equal(declarationInsertPoint(doc), 0)
    assert.equal(apply(doc, declarationEdit(doc, 'ex', 'http://e/', 'turtle')), '@prefix ex: <http://e/> .\n\nex:s ex:p ex:o .\n')
    const commented = '# notes\nex:s ex:p ex:o .\n'
    assert.equal(declarationInsertPoint(commented), 0)
    assert.equal(apply(commented, declarationEdit(commented, 'ex', 'http://e/', 'turtle')), '@prefix ex: <http://e/> .\n\n# notes\nex:s ex:p ex:o .\n')
  })

  it('adds no second blank line when the document starts with one', () => {
    const doc = '\nex:s ex:p ex:o .\n'
    assert.equal(apply(doc, declarationEdit(doc, 'ex', 'http://e/', 'turtle')), '@prefix ex: <http://e/> .\n\nex:s ex:p ex:o .\n')
  })

  it('writes SPARQL declarations in SPARQL syntax', () => {
    const doc = 'PREFIX a: <http://a/>\nSELECT * WHERE { ?s ?p ?o }'
    const edit = declarationEdit(doc, 'p', 'http://p/', 'sparql')
    assert.deepEqual(edit, { from: 'PREFIX a: <http://a/>\n'.length, insert: 'PREFIX p: <http://p/>\n' })
    assert.equal(apply(doc, edit), 'PREFIX a: <http://a/>\nPREFIX p: <http://p/>\nSELECT * WHERE { ?s ?p ?o }')
    assert.deepEqual(
      declaredPrefixes(apply(doc, edit)),
      new Map([
        ['a', 'http://a/'],
        ['p', 'http://p/'],
      ]),
    )
  })

  it('does not split a declaration written over two lines', () => {
    const doc = '@prefix a:\n  <http://a/> .\na:s a:p a:o .\n'
    const edited = apply(doc, declarationEdit(doc, 'p', 'http://p/', 'turtle'))
    assert.deepEqual(parsedPrefixes(edited), { a: 'http://a/', p: 'http://p/' })
  })
})

describe('namesIn and irisIn', () => {
  const names = (text: string) => [...namesIn([...tokens(text)])].map((n) => [n.prefix, n.local, text.slice(n.start, n.end)])

  it('finds the prefixed names of a document outside its directives, datatypes included', () => {
    assert.deepEqual(names('@prefix ex: <http://e/> .\nex:a a foaf:Person ; ex:n "1"^^xsd:integer, "x"@en .'), [
      ['ex', 'a', 'ex:a'],
      ['foaf', 'Person', 'foaf:Person'],
      ['ex', 'n', 'ex:n'],
      ['xsd', 'integer', 'xsd:integer'],
    ])
  })

  it('reads SPARQL property paths, functions and the empty prefix, and skips variables, blank nodes and strings', () => {
    assert.deepEqual(names('PREFIX : <http://e/>\nSELECT ?x WHERE { ?x foaf:knows/foaf:name ?n ; :p _:b . FILTER(xsd:integer(?n)) } # ex:c'), [
      ['foaf', 'knows', 'foaf:knows'],
      ['foaf', 'name', 'foaf:name'],
      ['', 'p', ':p'],
      ['xsd', 'integer', 'xsd:integer'],
    ])
    assert.deepEqual(names('<a> <b> "ex:c ^^xsd:int" .'), [])
  })

  it('keeps escapes and stops before a final dot', () => {
    assert.deepEqual(names('ex:a\\/b ex:c.d ex:e.'), [
      ['ex', 'a\\/b', 'ex:a\\/b'],
      ['ex', 'c.d', 'ex:c.d'],
      ['ex', 'e', 'ex:e'],
    ])
  })

  it('keeps a dot inside a name when a character of PN_CHARS past ASCII follows it (Turtle §6.5: ex:a.é, ex:a.·b, ex:a.𝔸)', () => {
    assert.deepEqual(names('ex:s ex:p ex:a.é ; ex:q ex:b.\u00B7c , ex:c.\u{1D538} .'), [
      ['ex', 's', 'ex:s'],
      ['ex', 'p', 'ex:p'],
      ['ex', 'a.é', 'ex:a.é'],
      ['ex', 'q', 'ex:q'],
      ['ex', 'b.\u00B7c', 'ex:b.\u00B7c'],
      ['ex', 'c.\u{1D538}', 'ex:c.\u{1D538}'],
    ])
    // What is not PN_CHARS still ends the name at the dot, as n3 reads it; and so does the end of the text.
    assert.deepEqual(
      names('ex:d.\u2026 ex:e.').map(([, , text]) => text),
      ['ex:d', 'ex:e'],
    )
    const quads = new Parser({ format: 'text/turtle' }).parse('@prefix ex: <http://e/> . ex:s ex:p ex:a.é .')
    assert.equal(quads[0]!.object.value, 'http://e/a.é')
  })

  it('reads a run of dots inside a name as Turtle does (§6.5: ex:a..b is one name), and leaves trailing dots out', () => {
    const text = 'ex:s ex:p ex:a..b ; ex:q ex:c...d , ex:e.. .'
    assert.deepEqual(names(text), [
      ['ex', 's', 'ex:s'],
      ['ex', 'p', 'ex:p'],
      ['ex', 'a..b', 'ex:a..b'],
      ['ex', 'q', 'ex:q'],
      ['ex', 'c...d', 'ex:c...d'],
      ['ex', 'e', 'ex:e'],
    ])
    // n3 reads the same names; and the names are those localNameEnd, the one scanner of local names, gives.
    const quads = new Parser({ format: 'text/turtle' }).parse('@prefix ex: <http://e/> . ex:s ex:p ex:a..b ; ex:q ex:c...d .')
    assert.deepEqual(
      quads.map((q) => q.object.value),
      ['http://e/a..b', 'http://e/c...d'],
    )
    for (const [, local, written] of names(text)) assert.equal(localNameEnd(written!, 3), 3 + local!.length)
    assert.deepEqual(names('ex:f.. ex:g'), [
      ['ex', 'f', 'ex:f'],
      ['ex', 'g', 'ex:g'],
    ])
  })

  it('finds IRIs, datatype IRIs included, but not declared namespaces', () => {
    const text = '@prefix ex: <http://e/> .\n<http://a> ex:p "1"^^<http://t> .'
    assert.deepEqual(
      [...irisIn([...tokens(text)])].map((i) => [i.iri, text.slice(i.start, i.end)]),
      [
        ['http://a', '<http://a>'],
        ['http://t', '<http://t>'],
      ],
    )
  })
})

describe('declarationsIn', () => {
  it('gives each declaration with its style and the offsets of its parts', () => {
    const text = '@prefix ex: <http://e/> .\nPREFIX foaf: <http://xmlns.com/foaf/0.1/>\n@base <http://b/> .\nex:a a foaf:Person .'
    const found = declarationsIn([...tokens(text)])
    assert.deepEqual(
      found.map((d) => [d.prefix, d.namespace, d.style, text.slice(d.start, d.end), d.name.text, d.iri.text]),
      [
        ['ex', 'http://e/', 'turtle', '@prefix ex: <http://e/> .', 'ex:', '<http://e/>'],
        ['foaf', 'http://xmlns.com/foaf/0.1/', 'sparql', 'PREFIX foaf: <http://xmlns.com/foaf/0.1/>', 'foaf:', '<http://xmlns.com/foaf/0.1/>'],
      ],
    )
  })

  it('makes a declaration in the style the document already uses', () => {
    const text = 'PREFIX ex: <http://e/>\nex:a ex:b ex:c .'
    assert.deepEqual(declarationEdit(text, 'foaf', 'http://xmlns.com/foaf/0.1/', 'turtle'), { from: 23, insert: 'PREFIX foaf: <http://xmlns.com/foaf/0.1/>\n' })
  })
})

describe('positionAt in TriG', () => {
  it('reads graphs, named with and without GRAPH', () => {
    assert.equal(positionAt('ex:g { ex:a ', 'trig'), 'predicate')
    assert.equal(positionAt('GRAPH ex:g { ex:a ex:p ex:o . ex:b a ', 'trig'), 'class')
    assert.equal(positionAt('ex:g { ex:a ex:p ex:o } ', 'trig'), 'subject')
    assert.equal(positionAt('ex:a rdf:type ', 'turtle'), 'class')
  })
})

describe('tokens', () => {
  it('ends a datatype name before the `.` that ends its statement, and keeps the dots inside it', () => {
    const texts = (text: string) => [...tokens(text)].map((t) => t.text)
    assert.deepEqual(texts('ex:a ex:p "x"^^rdf:HTML.\nex:b'), ['ex:a', 'ex:p', '"x"^^rdf:HTML', '.', 'ex:b'])
    assert.deepEqual(texts('"x"^^ex:a.b .'), ['"x"^^ex:a.b', '.'])
    assert.deepEqual(texts('"x"^^<http://a/b.c>.'), ['"x"^^<http://a/b.c>', '.'])
  })
})
