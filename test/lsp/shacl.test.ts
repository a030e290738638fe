// SHACL in the editor, over stdio: the shapes of the workspace folder (found, or named in .prefixd.json) validate
// an open document once its syntax holds; each result is a diagnostic on the statement at fault with the shape's message.

import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { DiagnosticSeverity } from 'vscode-languageserver-protocol/node'
import { PEOPLE_DATA as DATA, PEOPLE_SHAPES as SHAPES } from '../support/shacl-people.js'
import { startClient } from './lsp-client.js'

describe('prefixd lsp: SHACL', function () {
  this.timeout(60_000)
  let project: string
  before(() => {
    project = mkdtempSync(join(tmpdir(), 'prefixd-lsp-shacl-'))
    mkdirSync(join(project, 'shapes'))
    writeFileSync(join(project, 'shapes', 'person.ttl'), SHAPES)
  })
  after(() => rmSync(project, { recursive: true, force: true }))

  it("validates an open document with the workspace's shapes, at the predicate of the path, with the shape's message", async () => {
    const client = await startClient([], { rootUri: pathToFileURL(project).href })
    try {
      const uri = await client.open(pathToFileURL(join(project, 'people.ttl')).href, 'turtle', DATA)
      const diagnostics = await client.diagnosticsWhere(uri, (list) => list.some((d) => d.code === 'shacl'))
      const shacl = diagnostics
        .filter((d) => d.code === 'shacl')
        .map((d) => [d.severity, d.range.start.line, d.range.start.character, d.range.end.character, d.message])
      assert.deepEqual(shacl, [
        [DiagnosticSeverity.Error, 4, 2, 8, 'age must be an integer (path <http://example.org/age>)'],
        [DiagnosticSeverity.Warning, 6, 0, 5, 'Less than 1 values (path <http://example.org/name>)'],
      ])
      // Fixed, the document conforms: the SHACL diagnostics go.
      await client.change(uri, [{ range: { start: { line: 4, character: 9 }, end: { line: 4, character: 14 } }, text: '42' }])
      await client.change(uri, [{ range: { start: { line: 7, character: 10 }, end: { line: 7, character: 10 } }, text: ' ; ex:name "Al"' }])
      await client.diagnosticsWhere(uri, (list) => !list.some((d) => d.code === 'shacl'))
      // The shapes graph itself is not validated as data.
      const shapes = await client.open(pathToFileURL(join(project, 'shapes', 'person.ttl')).href, 'turtle', SHAPES)
      assert.ok(!(await client.diagnostics(shapes)).some((d) => d.code === 'shacl'))
    } finally {
      assert.equal(await client.close(), 0)
    }
  })

  it('takes the shapes .prefixd.json names, at the severity of the shacl rule', async () => {
    const named = mkdtempSync(join(tmpdir(), 'prefixd-lsp-shacl-named-'))
    try {
      writeFileSync(join(named, 'rules.shapes'), '') // not Turtle by its name: only a named .ttl is read
      mkdirSync(join(named, 'model'))
      writeFileSync(join(named, 'model', 'person-shapes.ttl'), SHAPES)
      writeFileSync(join(named, '.prefixd.json'), JSON.stringify({ shapes: ['model/*-shapes.ttl'], rules: { shacl: 'information' } }))
      const client = await startClient([], { rootUri: pathToFileURL(named).href })
      try {
        const uri = await client.open(pathToFileURL(join(named, 'people.ttl')).href, 'turtle', DATA)
        const diagnostics = await client.diagnosticsWhere(uri, (list) => list.some((d) => d.code === 'shacl'))
        assert.equal(diagnostics.find((d) => d.code === 'shacl' && /age/.test(String(d.message)))?.severity, DiagnosticSeverity.Information)
      } finally {
        assert.equal(await client.close(), 0)
      }
    } finally {
      rmSync(named, { recursive: true, force: true })
    }
  })
})
