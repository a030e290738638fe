// What the server adapts to a client over stdio: a client with Vim ALE's capabilities (it replaces only the word
// before the cursor, sends diagnostics back without their data, takes plain text) against one like VS Code.

import assert from 'node:assert/strict'
import {
  CodeActionRequest,
  CompletionRequest,
  type ClientCapabilities,
  type CodeAction,
  type CompletionList,
  type TextEdit,
} from 'vscode-languageserver-protocol/node'
import { plainText } from '../../packages/lsp/src/protocol/client-traits.js'
import { startClient, type Client } from './lsp-client.js'

/** What ALE 3.3 (Debian 12's vim-ale) sends in `initialize` (autoload/ale/lsp.vim), the parts the server reads. */
const ALE: ClientCapabilities = {
  workspace: { applyEdit: false, configuration: false, workspaceFolders: false },
  textDocument: {
    completion: { completionItem: { snippetSupport: false, documentationFormat: ['plaintext'] }, contextSupport: false },
    hover: { contentFormat: ['plaintext'] },
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: [] } } },
  },
}

/** The line after applying `edit` as ALE does: the edit's text in place of its range. */
const applied = (line: string, edit: TextEdit): string => line.slice(0, edit.range.start.character) + edit.newText + line.slice(edit.range.end.character)

describe('prefixd lsp: what each client takes', function () {
  this.timeout(60_000)
  let ale: Client
  let other: Client
  before(async () => ([ale, other] = await Promise.all([startClient([], { capabilities: ALE }), startClient()])))
  after(async () => {
    assert.equal(await ale.close(), 0)
    assert.equal(await other.close(), 0)
  })

  it("gives ALE edits of the word it replaces (after 'schema:', 'Person'), others the whole name", async () => {
    for (const [typed, word] of [
      ['ex:a a schema:Per', 'Per'],
      ['ex:a a schema:', ''],
    ] as const) {
      const complete = async (client: Client) => {
        const uri = await client.open(`file:///traits/${word || 'empty'}.ttl`, 'turtle', typed + '\n')
        return (await client.connection.sendRequest(CompletionRequest.type, {
          textDocument: { uri },
          position: { line: 0, character: typed.length },
        })) as CompletionList
      }
      const mine = (await complete(ale)).items.find((i) => i.label === 'schema:Person')!
      const edit = mine.textEdit as TextEdit
      assert.deepEqual([edit.newText, edit.range.start.character, mine.filterText], ['Person', typed.length - word.length, 'Person'])
      // ALE keeps an item whose text starts with its word, and writes it over that word.
      assert.ok(mine.filterText!.toLowerCase().startsWith(word.toLowerCase()))
      assert.equal(applied(typed, edit), 'ex:a a schema:Person')
      const theirs = (await complete(other)).items.find((i) => i.label === 'schema:Person')!
      assert.equal((theirs.textEdit as TextEdit).newText, 'schema:Person', 'other clients keep the whole name')
      assert.equal(mine.additionalTextEdits?.[0]?.newText, '@prefix schema: <http://schema.org/> .\n\n', 'the declaration comes with it')
    }
  })

  it('answers ALE hovers and completion documentation in plain text, others in Markdown', async () => {
    const text = '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n<a> a foaf:Person .\n'
    // Once the card says what the term means: each server reads the knowledge tier from its first card on (in slices),
    // and the two cards are compared once both have it.
    const hover = async (client: Client) => {
      const uri = await client.open('file:///traits/hover.ttl', 'turtle', text)
      return client.hoverWhere(uri, { line: 1, character: 12 }, (contents) => contents.value.includes('A person.'))
    }
    const plain = await hover(ale)
    const markdown = await hover(other)
    assert.equal(plain.kind, 'plaintext')
    assert.equal(markdown.kind, 'markdown')
    assert.equal(plain.value, plainText(markdown.value))
    assert.doesNotMatch(plain.value, /\*\*|`|\]\(/)
    assert.match(plain.value, /http:\/\/xmlns\.com\/foaf\/0\.1\/Person/)
    assert.match(plain.value, /A person\./)
  })

  it('offers the quick fixes for diagnostics sent back without data or source, as ALE sends them', async () => {
    const uri = await ale.open('file:///traits/actions.ttl', 'turtle', '<a> a foaf:Person .\n')
    const [undeclared] = await ale.diagnosticsWhere(uri, (list) => list.some((d) => d.code === 'undeclared-prefix'))
    // ALE's own copy: code, message and range (its end from its location list), nothing else.
    const sent = { code: undeclared!.code, message: undeclared!.message, range: { start: undeclared!.range.start, end: { line: 0, character: 10 } } }
    const actions = (await ale.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: sent.range,
      context: { diagnostics: [sent] },
    })) as CodeAction[]
    const declare = actions.find((a) => a.title.startsWith('Declare foaf: <http://xmlns.com/foaf/0.1/>'))
    assert.ok(declare, JSON.stringify(actions.map((a) => a.title)))
    assert.equal(declare.isPreferred, true)
    // A diagnostic of another server (its source named) is left alone.
    const foreign = (await ale.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: sent.range,
      context: { diagnostics: [{ ...sent, source: 'other' }] },
    })) as CodeAction[]
    assert.ok(!foreign.some((a) => a.title.startsWith('Declare')))
  })

  it('reads Markdown as plain text', () => {
    assert.equal(
      plainText('**foaf:Person** `<http://x/>` [schema.org](https://schema.org/) *a class* \\_x'),
      'foaf:Person <http://x/> schema.org <https://schema.org/> a class _x',
    )
  })
})
