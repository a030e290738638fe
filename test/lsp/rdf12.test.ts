// RDF 1.2 Turtle and TriG, and SPARQL 1.2, over stdio: a document with triple terms, reifiers, annotations and
// VERSION has no syntax error (N3.js and Traqula read 1.2) and no prefix diagnostic of its own making, completes a property inside
// `<< … >>` and `{| … |}`, and formats.

import assert from 'node:assert/strict'
import { CompletionRequest, DocumentFormattingRequest, type CompletionList } from 'vscode-languageserver-protocol/node'
import { TextDocument } from 'vscode-languageserver-textdocument'
import { startClient, type Client } from './lsp-client.js'

const DOC =
  'VERSION "1.2"\n@prefix ex: <http://example.org/> .\n@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n' +
  'ex:alice foaf:knows ex:bob ~ ex:r {| ex:since 2001 |} .\n<< ex:alice foaf:knows ex:bob >> ex:said <<( ex:bob foaf:knows ex:alice )>> .\n'

describe('prefixd lsp: RDF 1.2', function () {
  this.timeout(60_000)
  let client: Client
  before(async () => (client = await startClient()))
  after(async () => void (await client.close()))

  it('reports no syntax error in RDF 1.2 Turtle and TriG, and still reports one that breaks it', async () => {
    assert.deepEqual(await client.diagnostics(await client.open('file:///rdf12.ttl', 'turtle', DOC)), [])
    assert.deepEqual(await client.diagnostics(await client.open('file:///rdf12.trig', 'trig', `${DOC}ex:g { ${DOC.split('\n')[3]} }\n`)), [])
    const broken = await client.diagnostics(await client.open('file:///broken12.ttl', 'turtle', DOC.replace('|} .', '.')))
    assert.ok(
      broken.some((d) => d.code === 'syntax'),
      JSON.stringify(broken),
    )
  })

  it('reports no syntax error in a SPARQL 1.2 query or update, and puts one that breaks it on its token', async () => {
    const query =
      'VERSION "1.2"\nPREFIX ex: <http://example.org/>\nPREFIX foaf: <http://xmlns.com/foaf/0.1/>\n' +
      'SELECT ?who WHERE {\n  ?x foaf:knows ?y ~ ?r {| ex:source ?who |} .\n  ?r ex:said <<( ?y foaf:knows ?x )>>\n  FILTER(isTRIPLE(<<( ?x foaf:knows ?y )>>))\n}\n'
    assert.deepEqual(await client.diagnostics(await client.open('file:///rdf12.rq', 'sparql', query)), [])
    const update = 'PREFIX ex: <http://example.org/>\nINSERT DATA { ex:a ex:b ex:c {| ex:d ex:e |} . << ex:a ex:b ex:c ~ ex:r >> ex:f 1 }\n'
    assert.deepEqual(await client.diagnostics(await client.open('file:///rdf12.ru', 'sparql', update)), [])
    const broken = await client.diagnostics(await client.open('file:///broken12.rq', 'sparql', query.replace('?y foaf:knows ?x )>>', '?y foaf:knows )>>')))
    const syntax = broken.filter((d) => d.code === 'syntax')
    assert.deepEqual(
      syntax.map((d) => [d.range.start, d.range.end]),
      [
        [
          { line: 5, character: 31 },
          { line: 5, character: 34 },
        ],
      ],
      JSON.stringify(broken),
    )
  })

  it('completes properties in the predicate place of a reified triple and an annotation', async () => {
    for (const [name, typed] of [
      ['in.ttl', `${DOC}<< ex:bob foaf:kno`],
      ['ann.ttl', `${DOC}ex:bob foaf:knows ex:carol {| foaf:kno`],
    ] as const) {
      const uri = await client.open(`file:///${name}`, 'turtle', typed)
      const lines = typed.split('\n')
      const list = (await client.connection.sendRequest(CompletionRequest.type, {
        textDocument: { uri },
        position: { line: lines.length - 1, character: lines.at(-1)!.length },
      })) as CompletionList
      assert.ok(
        list.items.some((i) => i.label === 'foaf:knows'),
        list.items.map((i) => i.label).join(' '),
      )
    }
  })

  it('formats RDF 1.2 Turtle', async () => {
    const text = DOC.replace('ex:r {| ex:since 2001 |}', 'ex:r {|ex:since 2001|}')
    const uri = await client.open('file:///fmt12.ttl', 'turtle', text)
    const edits = await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options: { tabSize: 4, insertSpaces: true } })
    assert.equal(TextDocument.applyEdits(TextDocument.create(uri, 'turtle', 1, text), edits ?? []), DOC)
  })
})
