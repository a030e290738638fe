// Formatting over stdio, as an editor asks for it: the whole document (with the editor's indentation and the
// formatter's own options), a range, on-type (`.`, `;`, a new line), and a document that does not read.

import assert from 'node:assert/strict'
import { DocumentFormattingRequest, DocumentOnTypeFormattingRequest, DocumentRangeFormattingRequest, type TextEdit } from 'vscode-languageserver-protocol/node'
import { TextDocument } from 'vscode-languageserver-textdocument'
import { formatText } from '@prefixd/core/format'
import { startClient, type Client } from './lsp-client.js'

const TURTLE = '@prefix ex: <http://example.org/> .\n# people\nex:a ex:p ex:b;ex:q  "x" .\n\nex:c   ex:p [ex:q 1] .\n'

/** `text` with the server's edits applied, as a client applies them. */
const applied = (text: string, edits: TextEdit[] | null) => TextDocument.applyEdits(TextDocument.create('file:///x', 'turtle', 1, text), edits ?? [])

describe('prefixd lsp: formatting', function () {
  this.timeout(60_000)
  let client: Client
  /** textDocument/onTypeFormatting: `ch` typed at (line, character) of `uri`, indented by `tabSize` spaces. */
  const typed = (uri: string, line: number, character: number, ch: string, tabSize = 4) =>
    client.connection.sendRequest(DocumentOnTypeFormattingRequest.type, {
      textDocument: { uri },
      position: { line, character },
      ch,
      options: { tabSize, insertSpaces: true },
    })

  before(async () => (client = await startClient()))
  after(async () => void (await client.close()))

  it('announces whole, range and on-type formatting', () => {
    const { capabilities } = client.initialized
    assert.equal(capabilities.documentFormattingProvider, true)
    assert.equal(capabilities.documentRangeFormattingProvider, true)
    assert.deepEqual(capabilities.documentOnTypeFormattingProvider, { firstTriggerCharacter: '.', moreTriggerCharacter: [';', '\n'] })
  })

  it('formats the whole document as @prefixd/core/format does, in the editor’s indentation and options', async () => {
    const uri = await client.open('file:///whole.ttl', 'turtle', TURTLE)
    const edits = await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } })
    assert.equal(applied(TURTLE, edits), formatText(TURTLE, 'turtle', { indent: 2 }))
    const tabs = await client.connection.sendRequest(DocumentFormattingRequest.type, {
      textDocument: { uri },
      options: { tabSize: 4, insertSpaces: false, predicates: 'fill' },
    })
    assert.equal(applied(TURTLE, tabs), formatText(TURTLE, 'turtle', { indent: 'tab', predicates: 'fill' }))
  })

  it('formats a range’s statements and leaves the rest as written', async () => {
    const uri = await client.open('file:///range.ttl', 'turtle', TURTLE)
    const edits = await client.connection.sendRequest(DocumentRangeFormattingRequest.type, {
      textDocument: { uri },
      range: { start: { line: 2, character: 0 }, end: { line: 2, character: 5 } },
      options: { tabSize: 4, insertSpaces: true },
    })
    assert.equal(applied(TURTLE, edits), TURTLE.replace('ex:a ex:p ex:b;ex:q  "x" .', 'ex:a ex:p ex:b ;\n    ex:q "x" .'))
  })

  it('refuses a range whose start is after its end (InvalidParams), and keeps a CRLF document CRLF', async () => {
    const uri = await client.open('file:///inverted.ttl', 'turtle', TURTLE)
    await assert.rejects(
      client.connection.sendRequest(DocumentRangeFormattingRequest.type, {
        textDocument: { uri },
        range: { start: { line: 4, character: 0 }, end: { line: 2, character: 5 } },
        options: { tabSize: 4, insertSpaces: true },
      }),
      (error: Error & { code?: number }) => error.code === -32602 && /start \(4:0\) is after its end \(2:5\)/.test(error.message),
    )
    const crlf = TURTLE.replaceAll('\n', '\r\n')
    const windows = await client.open('file:///crlf.ttl', 'turtle', crlf)
    const edits = await client.connection.sendRequest(DocumentFormattingRequest.type, {
      textDocument: { uri: windows },
      options: { tabSize: 4, insertSpaces: true },
    })
    assert.equal(applied(crlf, edits), formatText(TURTLE, 'turtle').replaceAll('\n', '\r\n'))
  })

  it('formats what a typed `.` ends in TriG and SPARQL too', async () => {
    const trig = '@prefix ex: <http://example.org/> .\nex:g {\n  ex:a ex:p ex:b;ex:q 1 .\n}\n'
    const graph = await client.open('file:///type.trig', 'trig', trig)
    const inGraph = await typed(graph, 2, 25, '.')
    assert.equal(applied(trig, inGraph), '@prefix ex: <http://example.org/> .\nex:g {\n    ex:a ex:p ex:b ;\n        ex:q 1 .\n}\n')
    const sparql = 'SELECT * WHERE {\n  ?s ?p ?o FILTER(?o > 1) ?s ?q ?r .\n}\n'
    const query = await client.open('file:///dot.rq', 'sparql', sparql)
    const pattern = await typed(query, 1, 36, '.')
    assert.equal(applied(sparql, pattern), 'SELECT * WHERE {\n    ?s ?p ?o\n    FILTER(?o > 1)\n    ?s ?q ?r .\n}\n')
  })

  it('formats as one types: a statement at its `.`, a new line indented', async () => {
    const text = '@prefix ex: <http://example.org/> .\nex:a ex:p ex:b;ex:q 1 .'
    const uri = await client.open('file:///type.ttl', 'turtle', text)
    const dot = await typed(uri, 1, 23, '.')
    assert.equal(applied(text, dot), '@prefix ex: <http://example.org/> .\nex:a ex:p ex:b ;\n    ex:q 1 .')
    const typing = 'SELECT * WHERE {\n'
    const query = await client.open('file:///type.rq', 'sparql', typing)
    const newline = await typed(query, 1, 0, '\n', 2)
    assert.equal(applied(typing, newline), 'SELECT * WHERE {\n  ')
  })

  it('answers a document that does not read, and bad options, with a clear error; an unknown document with null', async () => {
    const uri = await client.open('file:///broken.ttl', 'turtle', '@prefix ex: <http://example.org/> .\nex:a ex:p ] .\n')
    await assert.rejects(
      client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options: { tabSize: 4, insertSpaces: true } }),
      (error: Error & { code?: number }) => error.code === -32803 && /not formatted: 2:11: expected a term/.test(error.message),
    )
    await assert.rejects(
      client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options: { tabSize: 4, insertSpaces: true, width: 'wide' } }),
      (error: Error & { code?: number }) => error.code === -32602 && /width/.test(error.message),
    )
    const none = await client.connection.sendRequest(DocumentFormattingRequest.type, {
      textDocument: { uri: 'file:///not-open.ttl' },
      options: { tabSize: 4, insertSpaces: true },
    })
    assert.equal(none, null)
  })
})
