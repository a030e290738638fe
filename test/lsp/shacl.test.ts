// SHACL in the editor, over stdio: the shapes of the workspace folder (found, or named in .prefixd.json) validate
// an open document once its syntax holds; each result is a diagnostic on the statement at fault with the shape's message;
// a shape file changed on disk, saved or deleted is read again.

import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  DiagnosticSeverity,
  DidChangeWatchedFilesNotification,
  DidSaveTextDocumentNotification,
  FileChangeType,
  type Diagnostic,
} from 'vscode-languageserver-protocol/node'
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

  it('reads the shapes again when a shape file changes on disk or is saved, and validates the open documents again', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'prefixd-lsp-shacl-watch-'))
    const shapeFile = join(folder, 'person.ttl')
    writeFileSync(shapeFile, SHAPES)
    const client = await startClient([], { rootUri: pathToFileURL(folder).href })
    const watched = (path: string, type: FileChangeType) =>
      client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: pathToFileURL(path).href, type }] })
    const messages = (list: Diagnostic[]) =>
      list
        .filter((d) => d.code === 'shacl')
        .map((d) => String(d.message))
        .sort()
    try {
      const uri = await client.open(pathToFileURL(join(folder, 'people.ttl')).href, 'turtle', DATA)
      await client.diagnosticsWhere(uri, (list) => messages(list).includes('age must be an integer (path <http://example.org/age>)'))
      // Changed on disk (a checkout, another editor): the client's watcher says so.
      writeFileSync(shapeFile, SHAPES.replace('age must be an integer', 'age: a whole number, please'))
      await watched(shapeFile, FileChangeType.Changed)
      await client.diagnosticsWhere(uri, (list) => messages(list).includes('age: a whole number, please (path <http://example.org/age>)'))
      // A new file that declares shapes, saved in the editor: its shape validates too.
      const emailShapes = join(folder, 'email.ttl')
      const email = SHAPES.replace('ex:PersonShape', 'ex:EmailShape')
        .replace(/ {2}sh:property \[ sh:path ex:age[^\n]*\n/, '')
        .replace('ex:name', 'ex:email')
      writeFileSync(emailShapes, email)
      await client.connection.sendNotification(DidSaveTextDocumentNotification.type, { textDocument: { uri: pathToFileURL(emailShapes).href }, text: email })
      await client.diagnosticsWhere(uri, (list) => messages(list).filter((m) => /example\.org\/email/.test(m)).length === 2)
      // Deleted: its results go.
      rmSync(shapeFile)
      await watched(shapeFile, FileChangeType.Deleted)
      // Waits for the very state asserted: diagnosticsWhere looks through every publish so far, and the document's first,
      // made before any shapes were read, has no age result either (it let this pass early, then fail: 1 run in 8).
      const emailOnly = ['Less than 1 values (path <http://example.org/email>)', 'Less than 1 values (path <http://example.org/email>)']
      const after = await client.diagnosticsWhere(uri, (list) => JSON.stringify(messages(list)) === JSON.stringify(emailOnly))
      assert.deepEqual(messages(after), emailOnly)
    } finally {
      assert.equal(await client.close(), 0)
      rmSync(folder, { recursive: true, force: true })
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
