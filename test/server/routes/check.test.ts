// POST /api/v1/check over HTTP: the findings are the core's checkDocument's (what the language server publishes) plus
// the language server's syntax errors, at the same offsets; a set is checked against; bad input is a clear 4xx.

import assert from 'node:assert/strict'
import { PrefixIndex } from '@prefixd/core'
import { checkDocument } from '@prefixd/core/checks'
import { syntaxErrors } from '@prefixd/lsp/syntax-errors'
import { createApp } from '@prefixd/server'
import { listen, type Running } from '../http-helpers.js'

interface Answer {
  findings: Array<{ start: number; end: number; severity: string; code: string; message: string; data?: { replacement?: string } }>
  declarations: Record<string, string>
}

const TURTLE = '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n<#a> a foaf:Persn ;\n  schema:name "A" ;\n  foaf:knows <#b> <#c> .\n'
const SPARQL = 'SELECT ?n WHERE { ?p foaf:nmae ?n . '

describe('POST /api/v1/check', () => {
  let service: Running
  let index: PrefixIndex
  const post = async (body: string, query = 'language=turtle') => {
    const response = await fetch(`${service.url}/api/v1/check?${query}`, { method: 'POST', body, headers: { 'Content-Type': 'text/plain' } })
    return { status: response.status, body: (await response.json()) as Answer & { error?: { code: string } } }
  }
  before(async () => {
    index = await PrefixIndex.loadDefault()
    service = await listen(createApp({ index }))
  })
  after(() => service.close())

  for (const [language, text] of [
    ['turtle', TURTLE],
    ['sparql', SPARQL],
  ] as const) {
    it(`gives the core's findings and the language server's syntax errors for ${language}, nothing else`, async () => {
      const { status, body } = await post(text, `language=${language}`)
      assert.equal(status, 200)
      const core = checkDocument(text, language, index)
      const own = body.findings.filter((f) => f.code !== 'syntax')
      assert.deepEqual(
        own.map((f) => [f.start, f.end, f.code, f.severity]),
        core.findings.map((f) => [f.start, f.end, f.code, f.severity]),
      )
      const syntax = await syntaxErrors({ text, language, undeclared: core.undeclared, baseIri: 'urn:prefixd:editor' })
      assert.equal(body.findings.filter((f) => f.code === 'syntax').length, syntax.length)
      assert.ok(syntax.length > 0)
      assert.deepEqual(
        body.findings.map((f) => f.start),
        [...body.findings.map((f) => f.start)].sort((a, b) => a - b),
      )
    })
  }

  it('names the namespace of each undeclared prefix the table has, and the replacement of a deprecated term', async () => {
    assert.deepEqual((await post(TURTLE)).body.declarations, { schema: 'http://schema.org/' })
    const { body } = await post('@prefix schema: <http://schema.org/> .\n<#a> schema:episodes <#b> .\n')
    const deprecated = body.findings.find((f) => f.code === 'deprecated-term')!
    assert.equal(deprecated.data?.replacement, 'schema:episode')
    assert.match(deprecated.message, /replaced by 'schema:episode'/)
  })

  it('refuses a bad language, a body that is not UTF-8 and one over 1 MiB, saying why', async () => {
    assert.equal((await post('x', 'language=n3')).status, 400)
    const bad = await fetch(`${service.url}/api/v1/check`, { method: 'POST', body: new Uint8Array([0xff, 0xfe]) })
    assert.equal(bad.status, 400)
    assert.equal(((await bad.json()) as { error: { code: string } }).error.code, 'BAD_ENCODING')
    assert.equal((await post('#'.repeat(1024 * 1024 + 1))).status, 413)
  })
})
