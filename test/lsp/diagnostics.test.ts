// Diagnostics and hovers from the real `prefixd lsp` over stdio, in Turtle, TriG and SPARQL.

import assert from 'node:assert/strict'
import { DiagnosticSeverity, HoverRequest, type Diagnostic, type MarkupContent } from 'vscode-languageserver-protocol/node'
import { startClient, type Client } from './lsp-client.js'

describe('prefixd lsp: diagnostics and hover', function () {
  this.timeout(60_000)
  let client: Client
  let count = 0
  before(async () => (client = await startClient()))
  after(async () => assert.equal(await client.close(), 0))

  async function diagnose(text: string, languageId = 'turtle', extension = 'ttl'): Promise<{ uri: string; diagnostics: Diagnostic[] }> {
    const uri = await client.open(`file:///test/diagnostics-${count++}.${extension}`, languageId, text)
    return { uri, diagnostics: await client.diagnostics(uri) }
  }
  const byCode = (diagnostics: Diagnostic[], code: string): Diagnostic[] => diagnostics.filter((d) => d.code === code)

  it('reports an undeclared prefix as an error on the prefix, and an unused one as a hint', async () => {
    const { diagnostics } = await diagnose('@prefix ex: <http://example.org/> .\n@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\nex:a a foaf:Person .\n')
    const [undeclared] = byCode(diagnostics, 'undeclared-prefix')
    assert.equal(undeclared?.severity, DiagnosticSeverity.Error)
    assert.deepEqual(undeclared.range, { start: { line: 2, character: 7 }, end: { line: 2, character: 12 } })
    assert.match(String(undeclared.message), /foaf/)
    const unused = byCode(diagnostics, 'unused-prefix')
    assert.deepEqual(unused.map((d) => [d.severity, d.range.start.line]), [[DiagnosticSeverity.Hint, 1]])
    assert.deepEqual(byCode(diagnostics, 'syntax'), [], 'an undeclared prefix is not also a syntax error')
  })

  it('tells when a declared namespace is not the table\'s', async () => {
    const { diagnostics } = await diagnose('@prefix foaf: <http://xmlns.com/foaf/0.1> .\n<a> a foaf:Person .\n')
    const [other] = byCode(diagnostics, 'other-namespace')
    assert.equal(other?.severity, DiagnosticSeverity.Information)
    assert.match(String(other.message), /http:\/\/xmlns\.com\/foaf\/0\.1\//)
  })

  it('warns of an unknown term of a known vocabulary, with a did-you-mean', async () => {
    const { diagnostics } = await diagnose('@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n<a> a foaf:person ; foaf:nmae "x" ; foaf:knows <b> .\n')
    const unknown = byCode(diagnostics, 'unknown-term')
    assert.deepEqual(unknown.map((d) => [d.severity, (d.data as { replacement?: string }).replacement]), [
      [DiagnosticSeverity.Warning, 'foaf:Person'],
      [DiagnosticSeverity.Warning, 'foaf:name'],
    ])
    assert.match(String(unknown[0]!.message), /did you mean 'foaf:Person'/)
  })

  it('reports Turtle syntax errors where they are, past undeclared prefixes', async () => {
    const { diagnostics } = await diagnose('ex:a ex:b ex:c .\n<a> <b> [ <c> <d> .\n')
    const [syntax] = byCode(diagnostics, 'syntax')
    assert.equal(syntax?.severity, DiagnosticSeverity.Error)
    assert.equal(syntax.range.start.line, 1)
    assert.equal(syntax.range.start.character, 18)
  })

  it('reports TriG syntax errors, and accepts TriG graphs', async () => {
    assert.deepEqual(byCode((await diagnose('@prefix ex: <http://example.org/> .\nex:g { ex:a ex:b ex:c }\n', 'trig', 'trig')).diagnostics, 'syntax'), [])
    const { diagnostics } = await diagnose('@prefix ex: <http://example.org/> .\nex:g { ex:a ex:b ex:c \n', 'trig', 'trig')
    assert.equal(byCode(diagnostics, 'syntax').length, 1)
  })

  it('reports SPARQL syntax errors with sparqljs, and prefixes in queries and updates', async () => {
    const ok = await diagnose('PREFIX foaf: <http://xmlns.com/foaf/0.1/>\nSELECT ?n WHERE { ?p a foaf:Person ; foaf:name ?n }\n', 'sparql', 'rq')
    assert.deepEqual(ok.diagnostics, [])
    const bad = await diagnose('SELECT ?n WHERE { ?p a foaf:Person ;\n  foaf:name }\n', 'sparql', 'rq')
    assert.deepEqual(byCode(bad.diagnostics, 'undeclared-prefix').length, 2)
    const [syntax] = byCode(bad.diagnostics, 'syntax')
    assert.equal(syntax?.range.start.line, 1)
    const update = await diagnose('PREFIX ex: <http://example.org/>\nINSERT DATA { ex:a ex:b "c" }\n', 'sparql-update', 'ru')
    assert.deepEqual(update.diagnostics, [])
  })

  it('updates diagnostics after incremental edits', async () => {
    const { uri, diagnostics } = await diagnose('@prefix ex: <http://example.org/> .\nex:a ex:b foaf:c .\n')
    assert.equal(byCode(diagnostics, 'undeclared-prefix').length, 1)
    await client.change(uri, [{ range: { start: { line: 1, character: 10 }, end: { line: 1, character: 14 } }, text: 'ex' }])
    assert.deepEqual(await client.diagnostics(uri), [])
  })

  it('hovers a prefixed name with its IRI, label, types and vocabulary; an IRI with its name', async () => {
    const text = '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n<http://schema.org/Person> a foaf:Person .\n'
    const uri = await client.open(`file:///test/diagnostics-${count++}.ttl`, 'turtle', text)
    const onName = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 32 } })
    const value = (onName?.contents as MarkupContent).value
    assert.match(value, /foaf:Person/)
    assert.match(value, /<http:\/\/xmlns\.com\/foaf\/0\.1\/Person>/)
    assert.match(value, /Class/)
    assert.match(value, /FOAF|Friend of a Friend/i)
    assert.deepEqual(onName?.range, { start: { line: 1, character: 29 }, end: { line: 1, character: 40 } })
    const onIri = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 5 } })
    assert.match((onIri?.contents as MarkupContent).value, /schema:Person/)
    assert.equal(await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 27 } }), null)
  })

  it('hovers names in SPARQL queries and TriG graphs', async () => {
    const query = 'PREFIX dct: <http://purl.org/dc/terms/>\nSELECT * WHERE { ?d dct:title ?t }'
    const uri = await client.open(`file:///test/diagnostics-${count++}.rq`, 'sparql', query)
    const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 22 } })
    assert.match((hover?.contents as MarkupContent).value, /http:\/\/purl\.org\/dc\/terms\/title/)
    const trig = '@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n<g> { <a> skos:prefLabel "x" }'
    const graph = await client.open(`file:///test/diagnostics-${count++}.trig`, 'trig', trig)
    const onLabel = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: graph }, position: { line: 1, character: 14 } })
    assert.match((onLabel?.contents as MarkupContent).value, /skos:prefLabel/)
  })
})
