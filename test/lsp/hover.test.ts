// Hover through the real `prefixd lsp` over stdio: a term's card says what it means (the knowledge tier).

import assert from 'node:assert/strict'
import { startClient, type Client } from './lsp-client.js'

describe('prefixd lsp: hover shows what a term means', function () {
  this.timeout(60_000)
  let client: Client
  before(async () => (client = await startClient(['--stdio'])))
  after(() => client.close())

  /** The hover at `line`/`character` once it holds `expected` (the tier is read on the first card). */
  const hoverUntil = async (uri: string, line: number, character: number, expected: RegExp): Promise<string> =>
    (await client.hoverWhere(uri, { line, character }, (contents) => expected.test(contents.value))).value

  it('gives the definition, domain and range of a property', async () => {
    const uri = await client.open('file:///test/hover-1.ttl', 'turtle', '@prefix schema: <http://schema.org/> .\n<a> schema:name "x" .\n')
    const value = await hoverUntil(uri, 1, 8, /The name of the item\./)
    assert.match(value, /\*\*schema:name\*\*/)
    assert.match(value, /The name of the item\./)
    assert.match(value, /Domain: schema:Thing/)
    assert.match(value, /Range: schema:Text/)
  })

  it('says a deprecated term is deprecated and what replaces it', async () => {
    const uri = await client.open('file:///test/hover-2.ttl', 'turtle', '@prefix schema: <http://schema.org/> .\n<a> schema:actors <b> .\n')
    const value = await hoverUntil(uri, 1, 8, /Deprecated/)
    assert.match(value, /Deprecated: use schema:actor/)
  })

  it("says whose word a definition is when the term's own vocabulary does not describe it", async () => {
    const uri = await client.open('file:///test/hover-3.ttl', 'turtle', '@prefix dc11: <http://purl.org/dc/elements/1.1/> .\n<a> a dc11:Agent .\n')
    const value = await hoverUntil(uri, 1, 8, /Described only by/)
    assert.match(value, /Described only by ebucore: \(@vocabulary\/ebucore@[\d.]+\), not by its own vocabulary/)
  })
})
