// Diagnostics and hovers from the real `prefixd lsp` over stdio, in Turtle, TriG and SPARQL.

import assert from 'node:assert/strict'
import { DiagnosticSeverity, HoverRequest, type Diagnostic, type MarkupContent } from 'vscode-languageserver-protocol/node'
import fc from 'fast-check'
import { TextDocument } from 'vscode-languageserver-textdocument'
import { PrefixIndex } from '@prefixd/core'
import { checkDocument } from '@prefixd/core/checks'
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
    const { diagnostics } = await diagnose(
      '@prefix ex: <http://example.org/> .\n@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\nex:a a foaf:Person .\n',
    )
    const [undeclared] = byCode(diagnostics, 'undeclared-prefix')
    assert.equal(undeclared?.severity, DiagnosticSeverity.Error)
    assert.deepEqual(undeclared.range, { start: { line: 2, character: 7 }, end: { line: 2, character: 12 } })
    assert.match(String(undeclared.message), /foaf/)
    const unused = byCode(diagnostics, 'unused-prefix')
    assert.deepEqual(
      unused.map((d) => [d.severity, d.range.start.line]),
      [[DiagnosticSeverity.Hint, 1]],
    )
    assert.deepEqual(byCode(diagnostics, 'syntax'), [], 'an undeclared prefix is not also a syntax error')
  })

  it("tells when a declared namespace is not the table's", async () => {
    const { diagnostics } = await diagnose('@prefix foaf: <http://xmlns.com/foaf/0.1> .\n<a> a foaf:Person .\n')
    const [other] = byCode(diagnostics, 'other-namespace')
    assert.equal(other?.severity, DiagnosticSeverity.Information)
    assert.match(String(other.message), /http:\/\/xmlns\.com\/foaf\/0\.1\//)
  })

  it("leaves a project's own prefixes alone, and notes only slips of curated or popular ones", async () => {
    const text = [
      '@prefix ex: <http://example.com/ns#> .',
      '@prefix core: <http://example.com/core#> .',
      '@prefix data: <http://example.com/data/> .',
      '@prefix app: <http://example.com/app#> .',
      '@prefix org: <http://example.com/org#> .',
      '@prefix dc: <http://purl.org/dc/terms/> .',
      '@prefix schema: <https://schema.org/> .',
      '@prefix skos: <http://www.w3.org/2004/02/skos/core> .',
      'ex:a core:b data:c , app:d , org:e ; dc:title "t" ; schema:name "n" ; skos:prefLabel "p" .',
      '',
    ].join('\n')
    const { diagnostics } = await diagnose(text)
    const other = byCode(diagnostics, 'other-namespace')
    // dc: bound to another curated vocabulary, skos: missing its `#`; not the project's own namespaces, nor schema.org over https.
    assert.deepEqual(
      other.map((d) => d.range.start.line),
      [5, 7],
      JSON.stringify(other),
    )
    assert.match(String(other[1]!.message), /core#>/)
  })

  it('checks and hovers the names of a namespace bound under a synonym as the IRIs the document means', async () => {
    const text = '@prefix schema: <https://schema.org/> .\n<a> a schema:Persn ; schema:name "x" .\n<https://schema.org/Person> a <http://schema.org/Person> .\n'
    const { uri, diagnostics } = await diagnose(text)
    const [unknown] = byCode(diagnostics, 'unknown-term')
    assert.equal((unknown?.data as { replacement?: string }).replacement, 'schema:Person')
    assert.equal(byCode(diagnostics, 'unknown-term').length, 1, 'schema:name is a term')
    assert.deepEqual(byCode(diagnostics, 'other-namespace'), [])
    const onName = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 25 } })
    assert.match((onName?.contents as MarkupContent).value, /<https:\/\/schema\.org\/name>/)
    const onHttps = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 2, character: 5 } })
    assert.match((onHttps?.contents as MarkupContent).value, /\*\*schema:Person\*\*  \n<https:\/\/schema\.org\/Person>/)
    // The http IRI is another one here: the document's schema: is https, so it has no name.
    const onHttp = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 2, character: 35 } })
    assert.doesNotMatch((onHttp?.contents as MarkupContent).value, /schema:Person/)
    assert.match((onHttp?.contents as MarkupContent).value, /<http:\/\/schema\.org\/Person>/)
    // Without a declaration, an https IRI is not called by a name that reads as the http one.
    const bare = await client.open(`file:///test/diagnostics-${count++}.ttl`, 'turtle', '<a> a <https://schema.org/Person> .\n')
    const onBare = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: bare }, position: { line: 0, character: 10 } })
    assert.doesNotMatch((onBare?.contents as MarkupContent).value, /schema:Person\*\*/)
  })

  it('warns of an unknown term of a known vocabulary, with a did-you-mean', async () => {
    const { diagnostics } = await diagnose('@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n<a> a foaf:person ; foaf:nmae "x" ; foaf:knows <b> .\n')
    const unknown = byCode(diagnostics, 'unknown-term')
    assert.deepEqual(
      unknown.map((d) => [d.severity, (d.data as { replacement?: string }).replacement]),
      [
        [DiagnosticSeverity.Warning, 'foaf:Person'],
        [DiagnosticSeverity.Warning, 'foaf:name'],
      ],
    )
    assert.match(String(unknown[0]!.message), /did you mean 'foaf:Person'/)
  })

  it('reports Turtle syntax errors where they are, past undeclared prefixes', async () => {
    const { diagnostics } = await diagnose('ex:a ex:b ex:c .\n<a> <b> [ <c> <d> .\n')
    const [syntax] = byCode(diagnostics, 'syntax')
    assert.equal(syntax?.severity, DiagnosticSeverity.Error)
    assert.equal(syntax.range.start.line, 1)
    assert.equal(syntax.range.start.character, 18)
  })

  it('publishes a newly opened document once, its names checked and its syntax errors found, though the names take longer', async () => {
    // Thousands of names not in schema.org, each a did-you-mean among hundreds of its terms: the names are checked
    // here while the syntax thread parses, and the first publication waits for both.
    const lines = Array.from({ length: 6000 }, (_, i) => `ex:s${i} schema:aboutz${i} ex:o${i} .`)
    const text = `@prefix ex: <http://example.org/> .\n@prefix schema: <http://schema.org/> .\n${lines.join('\n')}\nex:a ex:b [ ex:c ex:d .\n`
    const { diagnostics } = await diagnose(text)
    assert.ok(byCode(diagnostics, 'unknown-term').length >= 900, 'the unknown terms, up to the limit, are in the first publication')
    assert.equal(byCode(diagnostics, 'syntax').length, 1, 'and so is the syntax error')
  })

  it('reports every Turtle syntax error it can read past, each on the token that breaks', async () => {
    const text = '@prefix ex: <http://example.org/> .\nex:a ex:b ex:c ex:d .\nex:e ex:f ex:g .\nex:h ex:i ) .\nfoo bar .\n'
    const { diagnostics } = await diagnose(text)
    const syntax = byCode(diagnostics, 'syntax')
    assert.deepEqual(
      syntax.map((d) => [d.range.start.line, d.range.start.character, d.range.end.character]),
      [
        [1, 15, 19],
        [3, 10, 11],
        [4, 0, 3],
      ],
      JSON.stringify(syntax),
    )
    assert.match(String(syntax[0]!.message), /'ex:c'/)
  })

  it('puts an error at the end of the document on its last line, and names undeclared prefixes as written', async () => {
    for (const text of [
      '@prefix ex: <http://example.org/> .\nex:a ex:b',
      '@prefix ex: <http://example.org/> .\nex:a ex:b\n',
      '@prefix ex: <http://example.org/> .\nex:a ex:b\n\n\n',
    ]) {
      const { diagnostics } = await diagnose(text)
      const [syntax] = byCode(diagnostics, 'syntax')
      assert.deepEqual(syntax?.range, { start: { line: 1, character: 5 }, end: { line: 1, character: 9 } }, JSON.stringify(text))
    }
    const { diagnostics } = await diagnose('ex:a ex:b schema:Per ex:d .\n')
    const [syntax] = byCode(diagnostics, 'syntax')
    assert.match(String(syntax!.message), /'schema:Per'/)
    assert.doesNotMatch(String(syntax!.message), /urn:|prefixd/)
  })

  it('reports no prefix inside an IRI being typed', async () => {
    const text = '@prefix ex: <http://example.org/> .\nex:a ex:b <http://example.org/c\nex:d ex:e <https:/\nex:f ex:g ex:h .\n'
    const { diagnostics } = await diagnose(text)
    assert.deepEqual(byCode(diagnostics, 'undeclared-prefix'), [], JSON.stringify(diagnostics))
    assert.ok(byCode(diagnostics, 'syntax').length > 0)
    const query = await diagnose('SELECT * WHERE { ?s ?p <http://example.org/x\n}', 'sparql', 'rq')
    assert.deepEqual(byCode(query.diagnostics, 'undeclared-prefix'), [])
  })

  it('puts a SPARQL syntax error on the token the parser could not take', async () => {
    const { diagnostics } = await diagnose('SELECT * WHERE { ?s ?p ?o ?x }', 'sparql', 'rq')
    const [syntax] = byCode(diagnostics, 'syntax')
    assert.deepEqual(syntax?.range, { start: { line: 0, character: 26 }, end: { line: 0, character: 28 } })
    assert.match(String(syntax!.message), /got '\?x'/)
    assert.doesNotMatch(String(syntax!.message), /VAR|PNAME/)
    const filter = await diagnose('SELECT * WHERE {\n  ?s ?p ?o .\n  FILTER(?o = )\n}', 'sparql', 'rq')
    assert.deepEqual(byCode(filter.diagnostics, 'syntax')[0]?.range.start, { line: 2, character: 14 })
  })

  it('reads a SPARQL update on from the operation after an error', async () => {
    const update = 'PREFIX ex: <http://example.org/>\nINSERT DATA { ex:a ex:b ex:c ex:d } ;\nDELETE DATA { ex:a ex:b ex:c } ;\nINSERT DATA { ex:e ex:f }\n'
    const { diagnostics } = await diagnose(update, 'sparql', 'ru')
    const syntax = byCode(diagnostics, 'syntax')
    assert.deepEqual(
      syntax.map((d) => [d.range.start.line, d.range.start.character]),
      [
        [1, 29],
        [3, 24],
      ],
      JSON.stringify(syntax),
    )
    assert.deepEqual(byCode(diagnostics, 'undeclared-prefix'), [], 'the PREFIX still holds after the first error')
  })

  it('reports TriG syntax errors, and accepts TriG graphs', async () => {
    assert.deepEqual(byCode((await diagnose('@prefix ex: <http://example.org/> .\nex:g { ex:a ex:b ex:c }\n', 'trig', 'trig')).diagnostics, 'syntax'), [])
    const { diagnostics } = await diagnose('@prefix ex: <http://example.org/> .\nex:g { ex:a ex:b ex:c \n', 'trig', 'trig')
    assert.equal(byCode(diagnostics, 'syntax').length, 1)
  })

  it('reports SPARQL syntax errors, and prefixes in queries and updates', async () => {
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

  it('property: after any edits, the syntax errors are those of the edited text opened afresh (the syntax thread edits its own copy)', async () => {
    const start = '@prefix ex: <http://example.org/> .\nex:a ex:b ex:c .\nex:d ex:e "x" .\n'
    const pieces = fc.constantFrom('', ' .', '\n', '\r\n', 'ex:q ', '"', '<', '}', 'ex:r ex:s ex:t .\n', ';')
    const edit = fc.record({ from: fc.nat(), length: fc.nat({ max: 12 }), text: pieces })
    const syntax = (list: Diagnostic[]) => JSON.stringify(byCode(list, 'syntax').map((d) => [d.range, d.message]))
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 5 }), fc.boolean(), async (edits, together) => {
        const uri = await client.open(`file:///test/diagnostics-${count++}.ttl`, 'turtle', start)
        await client.diagnostics(uri)
        let model = TextDocument.create(uri, 'turtle', 1, start)
        const changes = edits.map(({ from, length, text }) => {
          const a = from % (model.getText().length + 1)
          const range = { start: model.positionAt(a), end: model.positionAt(a + length) }
          model = TextDocument.update(model, [{ range, text }], model.version + 1)
          return { range, text }
        })
        // One notification with every change (ranges as each change before left the text), or one each.
        if (together) await client.change(uri, changes)
        else for (const change of changes) await client.change(uri, [change])
        const expected = syntax((await diagnose(model.getText())).diagnostics)
        let last = ''
        const settled = client.diagnosticsWhere(uri, (list) => (last = syntax(list)) === expected)
        const timeout = new Promise((resolve) => setTimeout(resolve, 10_000, 'timeout'))
        assert.notEqual(await Promise.race([settled, timeout]), 'timeout', `${JSON.stringify(model.getText())}: ${last} ≠ ${expected}`)
      }),
      { numRuns: 15 },
    )
  })

  it("reports what the core's checkDocument finds, at the same places (one code for the server, the CLI and the web editor)", async () => {
    const index = await PrefixIndex.loadDefault()
    const documents: [string, string, string][] = [
      [
        '@prefix foaf: <http://xmlns.com/foaf/0.1> .\n@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n<a> foaf:nmae "A" ; schema:name "B" .\n',
        'turtle',
        'ttl',
      ],
      ['PREFIX foaf: <http://xmlns.com/foaf/0.1/>\nSELECT * { ?a foaf:knows/foaf:Persn ?b . FILTER(?b = "1"^^xsd:integer) }\n', 'sparql', 'rq'],
      ['@prefix dc: <http://purl.org/dc/terms/> .\n<g> { <a> dc:title "t" ; foaf:name <http://example.org/x . }\n', 'trig', 'trig'],
    ]
    for (const [text, languageId, extension] of documents) {
      const { diagnostics } = await diagnose(text, languageId, extension)
      const doc = TextDocument.create('file:///x', languageId, 0, text)
      const expected = checkDocument(text, languageId === 'trig' ? 'trig' : languageId === 'sparql' ? 'sparql' : 'turtle', index).findings.map((f) => ({
        code: f.code,
        message: f.message,
        data: f.data,
        range: { start: doc.positionAt(f.start), end: doc.positionAt(f.end) },
      }))
      const found = diagnostics.filter((d) => d.code !== 'syntax').map(({ code, message, data, range }) => ({ code, message, data, range }))
      assert.ok(expected.length >= 2)
      assert.deepEqual(found, expected)
    }
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
