// Code actions, rename and document links from the real `prefixd lsp` over stdio, in Turtle, TriG and SPARQL.

import assert from 'node:assert/strict'
import { Parser } from 'n3'
import {
  CodeActionRequest,
  DocumentLinkRequest,
  PrepareRenameRequest,
  RenameRequest,
  type CodeAction,
  type Diagnostic,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node'
import { TextDocument } from 'vscode-languageserver-textdocument'
import { startClient, type Client } from './lsp-client.js'

/** `text` after the edits a workspace edit makes to `uri`. */
function applied(text: string, uri: string, edit: WorkspaceEdit | null | undefined): string {
  return TextDocument.applyEdits(TextDocument.create(uri, 'turtle', 1, text), edit?.changes?.[uri] ?? [])
}

describe('prefixd lsp: code actions, rename and links', function () {
  this.timeout(60_000)
  let client: Client
  let count = 0
  before(async () => (client = await startClient()))
  after(async () => assert.equal(await client.close(), 0))

  async function open(text: string, languageId = 'turtle', extension = 'ttl'): Promise<string> {
    return client.open(`file:///test/actions-${count++}.${extension}`, languageId, text)
  }
  async function actionsAt(uri: string, line: number, character: number, diagnostics: Diagnostic[] = [], only?: string[]): Promise<CodeAction[]> {
    const result = await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: { start: { line, character }, end: { line, character } },
      context: { diagnostics, ...(only && { only }) },
    })
    return (result ?? []) as CodeAction[]
  }

  it("declares a missing prefix, the table's namespace first and preferred, then other candidates", async () => {
    const text = '@prefix ex: <http://example.org/> .\n\nex:a a foaf:Person ; foaf:name "A" .\n'
    const uri = await open(text)
    const diagnostics = (await client.diagnostics(uri)).filter((d) => d.code === 'undeclared-prefix')
    const actions = await actionsAt(uri, 2, 9, diagnostics.slice(0, 1))
    const declare = actions.filter((a) => a.title.startsWith('Declare foaf:'))
    assert.ok(declare.length >= 1)
    assert.match(declare[0]!.title, /<http:\/\/xmlns\.com\/foaf\/0\.1\/>/)
    assert.equal(declare[0]!.isPreferred, true)
    assert.equal(
      applied(text, uri, declare[0]!.edit),
      '@prefix ex: <http://example.org/> .\n@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n\nex:a a foaf:Person ; foaf:name "A" .\n',
    )
  })

  it('offers namespaces holding the names used for a prefix the table does not know', async () => {
    const text = 'PREFIX ex: <http://example.org/>\nSELECT * WHERE { ?p a zz:Person ; zz:familyName ?n ; zz:givenName ?g }'
    const uri = await open(text, 'sparql', 'rq')
    const diagnostics = (await client.diagnostics(uri)).filter((d) => d.code === 'undeclared-prefix')
    const titles = (await actionsAt(uri, 1, 22, diagnostics.slice(0, 1))).map((a) => a.title)
    assert.ok(
      titles.some((t) => t.includes('<http://schema.org/>')),
      titles.join('\n'),
    )
    assert.ok(titles.length > 1, 'more than one candidate')
  })

  it('never offers a long-tail or suspect namespace for an undeclared prefix', async () => {
    // `app:` is a long-tail prefix.cc entry: it still expands, but is not named to anyone.
    const uri = await open('@prefix ex: <http://example.org/> .\nex:a app:uses ex:b .\n')
    const diagnostics = await client.diagnostics(uri)
    const undeclared = diagnostics.find((d) => d.code === 'undeclared-prefix')!
    assert.doesNotMatch(String(undeclared.message), /the table has/)
    const actions = await actionsAt(uri, 1, 6, [undeclared])
    assert.ok(!actions.some((a) => /jmvanel/.test(a.title)), actions.map((a) => a.title).join('\n'))
    assert.ok(!actions.some((a) => /^Expand to/.test(a.title)), 'nor expands with it')
  })

  it('fixes a mistyped term and removes an unused declaration', async () => {
    const text = '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n<a> a foaf:person .\n'
    const uri = await open(text)
    const diagnostics = await client.diagnostics(uri)
    const unknown = diagnostics.find((d) => d.code === 'unknown-term')!
    const [fix] = await actionsAt(uri, 2, 8, [unknown])
    assert.equal(fix?.title, 'Change to foaf:Person')
    assert.equal(applied(text, uri, fix.edit), text.replace('foaf:person', 'foaf:Person'))
    const unused = diagnostics.find((d) => d.code === 'unused-prefix')!
    const [remove] = await actionsAt(uri, 1, 3, [unused])
    assert.equal(applied(text, uri, remove!.edit), '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n<a> a foaf:person .\n')
  })

  it('shrinks an IRI (declaring its prefix), expands a name, and shrinks every IRI into a document N3.js reads alike', async () => {
    const text = '@prefix ex: <http://example.org/> .\n<http://example.org/a> <http://xmlns.com/foaf/0.1/knows> <http://schema.org/a/b> .\nex:b ex:c ex:d .\n'
    const uri = await open(text)
    const onIri = await actionsAt(uri, 1, 30, [], ['refactor'])
    const shrink = onIri.find((a) => a.title === 'Shrink to foaf:knows')!
    assert.equal(
      applied(text, uri, shrink.edit),
      '@prefix ex: <http://example.org/> .\n@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n<http://example.org/a> foaf:knows <http://schema.org/a/b> .\nex:b ex:c ex:d .\n',
    )
    const expand = (await actionsAt(uri, 2, 6, [], ['refactor'])).find((a) => a.title.startsWith('Expand'))!
    assert.equal(applied(text, uri, expand.edit), text.replace('ex:c', '<http://example.org/c>'))
    const all = (await actionsAt(uri, 0, 0, [], ['source'])).find((a) => a.title === 'Shrink every IRI to a prefixed name')!
    const shrunk = applied(text, uri, all.edit)
    assert.match(
      shrunk,
      /^@prefix ex: <http:\/\/example.org\/> \.\n@prefix foaf: <[^>]+> \.\n@prefix schema: <http:\/\/schema.org\/> \.\nex:a foaf:knows schema:a\\\/b \.\n/,
    )
    const quads = (doc: string) => new Parser({ format: 'text/turtle' }).parse(doc).map((q) => [q.subject.value, q.predicate.value, q.object.value])
    assert.deepEqual(quads(shrunk), quads(text))
  })

  it('removes unused declarations and sorts the rest', async () => {
    const text =
      'PREFIX skos: <http://www.w3.org/2004/02/skos/core#>\nPREFIX dct: <http://purl.org/dc/terms/>\nPREFIX foaf: <http://xmlns.com/foaf/0.1/>\nSELECT * WHERE { ?a foaf:name ?n ; dct:title ?t }\n'
    const uri = await open(text, 'sparql', 'rq')
    const organize = (await actionsAt(uri, 0, 0, [], ['source.organizeImports']))[0]!
    assert.equal(
      applied(text, uri, organize.edit),
      'PREFIX dct: <http://purl.org/dc/terms/>\nPREFIX foaf: <http://xmlns.com/foaf/0.1/>\nSELECT * WHERE { ?a foaf:name ?n ; dct:title ?t }\n',
    )
  })

  it('renames a prefix in its declaration and every use, after prepareRename', async () => {
    const text = '@prefix ex: <http://example.org/> .\nex:g { ex:a ex:b "1"^^ex:t }\n'
    const uri = await open(text, 'trig', 'trig')
    const prepared = await client.connection.sendRequest(PrepareRenameRequest.type, { textDocument: { uri }, position: { line: 1, character: 8 } })
    assert.deepEqual(prepared, { range: { start: { line: 1, character: 7 }, end: { line: 1, character: 9 } }, placeholder: 'ex' })
    const edit = await client.connection.sendRequest(RenameRequest.type, { textDocument: { uri }, position: { line: 1, character: 8 }, newName: 'my' })
    assert.equal(applied(text, uri, edit), '@prefix my: <http://example.org/> .\nmy:g { my:a my:b "1"^^my:t }\n')
    await assert.rejects(
      client.connection.sendRequest(RenameRequest.type, { textDocument: { uri }, position: { line: 0, character: 9 }, newName: '1x' }),
      /not a prefix/,
    )
    assert.equal(await client.connection.sendRequest(PrepareRenameRequest.type, { textDocument: { uri }, position: { line: 1, character: 11 } }), null)
  })

  it('links names, IRIs and namespaces to their IRIs', async () => {
    const text = 'PREFIX foaf: <http://xmlns.com/foaf/0.1/>\nSELECT * WHERE { ?a foaf:knows <http://example.org/b> ; nope:x ?y }'
    const uri = await open(text, 'sparql', 'rq')
    const links = (await client.connection.sendRequest(DocumentLinkRequest.type, { textDocument: { uri } })) ?? []
    assert.deepEqual(links.map((l) => [l.target, l.range.start.line, l.range.start.character]).sort(), [
      ['http://example.org/b', 1, 32],
      ['http://xmlns.com/foaf/0.1/', 0, 14],
      ['http://xmlns.com/foaf/0.1/knows', 1, 20],
    ])
  })
})
