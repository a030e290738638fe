// What the real `prefixd lsp` says over stdio of curated knowledge: deprecated terms (completion tag, diagnostic, quick
// fix to the replacement) and names through a suspect or retired prefix (hover, diagnostic).

import assert from 'node:assert/strict'
import {
  CodeActionRequest,
  CompletionItemTag,
  CompletionRequest,
  DiagnosticTag,
  type CodeAction,
  type CompletionList,
} from 'vscode-languageserver-protocol/node'
import { startClient, type Client } from './lsp-client.js'

describe('prefixd lsp: deprecated terms and graded prefixes', function () {
  this.timeout(60_000)
  let client: Client
  before(async () => (client = await startClient(['--stdio'])))
  after(async () => assert.equal(await client.close(), 0))

  /** The hover at `line`/`character` once it holds `expected` (the tier is read on the first card). */
  const hover = async (uri: string, line: number, character: number, expected: RegExp): Promise<string> =>
    (await client.hoverWhere(uri, { line, character }, (contents) => expected.test(contents.value))).value

  it('tags deprecated completions, which come after the live ones', async () => {
    const text = '@prefix schema: <http://schema.org/> .\n<a> schema:actor'
    const uri = await client.open('file:///test/curation-1.ttl', 'turtle', text)
    const list = (await client.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: { line: 1, character: 16 },
    })) as CompletionList
    const actors = list.items.find((i) => i.label === 'schema:actors')!
    assert.deepEqual(actors.tags, [CompletionItemTag.Deprecated])
    assert.equal(list.items.find((i) => i.label === 'schema:actor')!.tags, undefined)
    const order = list.items.map((i) => i.sortText ?? i.label)
    const lastLive = Math.max(...list.items.flatMap((item, k) => (item.tags === undefined ? [k] : [])))
    const firstDeprecated = Math.min(...list.items.flatMap((item, k) => (item.tags !== undefined ? [k] : [])))
    assert.ok([...order].sort().indexOf(order[lastLive]!) < [...order].sort().indexOf(order[firstDeprecated]!), list.items.map((i) => i.label).join(' '))
  })

  it('marks a deprecated term with a diagnostic (struck through) and offers its replacement as the quick fix', async () => {
    const text = '@prefix schema: <http://schema.org/> .\n<a> a schema:Code .\n'
    const uri = await client.open('file:///test/curation-2.ttl', 'turtle', text)
    // The replacement comes from the knowledge tier, read on the first card: read it, then edit so the checks run again.
    await hover(uri, 1, 9, /Deprecated: use schema:SoftwareSourceCode/)
    await client.change(uri, [{ range: { start: { line: 1, character: 19 }, end: { line: 1, character: 19 } }, text: ' ' }])
    const diagnostics = await client.diagnosticsWhere(uri, (d) =>
      d.some((x) => x.code === 'deprecated-term' && String(x.message).includes('use schema:SoftwareSourceCode')),
    )
    const deprecated = diagnostics.find((d) => d.code === 'deprecated-term')!
    assert.deepEqual(
      [deprecated.tags, deprecated.range.start, deprecated.range.end],
      [[DiagnosticTag.Deprecated], { line: 1, character: 6 }, { line: 1, character: 17 }],
    )
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: deprecated.range,
      context: { diagnostics: [deprecated] },
    })) as CodeAction[]
    const fix = actions.find((a) => a.title === 'Change to schema:SoftwareSourceCode (its replacement)')!
    assert.equal(fix.isPreferred, true)
    assert.deepEqual(fix.edit?.changes?.[uri], [{ range: deprecated.range, newText: 'schema:SoftwareSourceCode' }])
  })

  it('warns of a name through a suspect or retired prefix, in hover and diagnostics', async () => {
    const text = '@prefix foaa: <https://kibanshoe.com/> .\n@prefix v: <http://rdf.data-vocabulary.org/#> .\n<a> foaa:x v:name .\n'
    const uri = await client.open('file:///test/curation-3.ttl', 'turtle', text)
    assert.match(await hover(uri, 2, 6, /⚠/), /⚠ foaa: is suspect: its namespace <https:\/\/kibanshoe\.com\/> is on a site that serves no vocabulary/)
    assert.match(await hover(uri, 2, 12, /⚠/), /⚠ v: is a retired vocabulary .*its successor is schema:/)
    const diagnostics = await client.diagnosticsWhere(uri, (d) => d.some((x) => x.code === 'retired-prefix'))
    assert.deepEqual(
      diagnostics.filter((d) => d.code === 'suspect-prefix' || d.code === 'retired-prefix').map((d) => [d.code, d.severity, d.range.start.line, d.data]),
      [
        ['suspect-prefix', 2, 0, { kind: 'suspect-prefix', prefix: 'foaa', reason: 'no-vocabulary-host' }],
        ['retired-prefix', 3, 1, { kind: 'retired-prefix', prefix: 'v', successor: 'schema' }],
      ],
    )
  })

  it('sends a definition with a link as Markdown in hover: the link kept, no raw HTML', async () => {
    const uri = await client.open('file:///test/curation-4.ttl', 'turtle', '@prefix schema: <http://schema.org/> .\n<a> schema:accessibilityAPI "x" .\n')
    const value = await hover(uri, 1, 8, /approved vocabulary/)
    assert.match(value, /\[approved vocabulary\]\(https:\/\/www\.w3\.org\/2021\/a11y-discov-vocab\/latest\/#accessibilityAPI-vocabulary\)/)
  })
})
