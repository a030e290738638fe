// A client that sends whole documents on each change (full sync, as Vim's ALE does) over stdio: each change is
// handled as the edit it is, and the server answers as if the edits had come one by one.

import assert from 'node:assert/strict'
import { CompletionRequest, type CompletionList, type Diagnostic } from 'vscode-languageserver-protocol/node'
import { startClient, type Client } from './lsp-client.js'

describe('prefixd lsp with full sync', function () {
  this.timeout(60_000)
  let client: Client
  before(async () => (client = await startClient()))
  after(async () => assert.equal(await client.close(), 0))

  const strip = (list: Diagnostic[]) =>
    list
      .map(({ range, code, message }) => ({ range, code, message }))
      .sort(
        (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character || String(a.code).localeCompare(String(b.code)),
      )

  it('completes and diagnoses after whole-text changes as after the same edits, CRLF and emoji included', async () => {
    const start = '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\r\n# 😀 a comment\r\n<a> foaf:name "A" .\r\n'
    const uri = await client.open('file:///full/a.ttl', 'turtle', start)
    let text = start
    // Typing `<b> schema:Per` at the end, a whole text per keystroke, then a mistyped term.
    for (const c of '<b> a schema:Per') {
      text += c
      await client.change(uri, [{ text }])
    }
    const line = text.split('\n').length - 1
    const list = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line, character: 16 } })) as CompletionList
    assert.ok(list.items.some((i) => i.label === 'schema:Person'))
    text = text.replace('foaf:name', 'foaf:nmae') + ' .\r\n'
    await client.change(uri, [{ text }])
    const diagnostics = await client.diagnosticsWhere(uri, (l) => l.some((d) => d.code === 'unknown-term'))
    const fresh = await client.open('file:///full/b.ttl', 'turtle', text)
    assert.deepEqual(strip(diagnostics), strip(await client.diagnostics(fresh)))
    assert.deepEqual(
      strip(diagnostics).map((d) => d.code),
      ['unknown-term', 'undeclared-prefix'],
    )
  })
})
