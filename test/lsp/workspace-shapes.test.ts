// The workspace's shapes kept current: calls that overlap (the settings applied twice at start, a file changed
// while the folder is still searched) take effect in the order they were made, whichever finds its files first.

import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WorkspaceShapes } from '../../packages/lsp/src/shacl/workspace-shapes.js'
import type { Shapes } from '../../packages/lsp/src/shacl/shacl.js'

const SH = 'http://www.w3.org/ns/shacl#'
const SHAPE = `@prefix sh: <${SH}> .\n<#S> a sh:NodeShape .\n`
/** Data files the search without globs reads one by one: it ends well after a search by globs, which reads none. */
const DATA_FILES = 40

describe('WorkspaceShapes', () => {
  let folder: string
  let calls: Array<Shapes | undefined>
  const host = { set: (shapes: Shapes | undefined) => void calls.push(shapes), error: (message: string) => assert.fail(message) }
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'prefixd-workspace-shapes-'))
    for (let i = 0; i < DATA_FILES; i++) writeFileSync(join(folder, `data-${String(i).padStart(2, '0')}.ttl`), `<#a${i}> a <#Thing> .\n`)
    writeFileSync(join(folder, 'shapes.ttl'), SHAPE)
    calls = []
  })
  afterEach(() => rmSync(folder, { recursive: true, force: true }))

  it("keeps the last configure's files when an earlier one, still searching, would end after it", async () => {
    const shapes = new WorkspaceShapes(host)
    // First the settings without globs (every file read to find shapes.ttl), then the editor's, naming no file.
    const found = shapes.configure(folder, undefined)
    const named = shapes.configure(folder, ['none/*.ttl'])
    assert.deepEqual(await Promise.all([found, named]), [true, true])
    assert.equal(calls.length, 2)
    assert.ok(calls[0] !== undefined, 'the search without globs found shapes.ttl')
    assert.equal(calls[1], undefined, 'the globs, given last, name no file: no shapes')
  })

  it('looks at a change told while the folder is still searched, once the search ends (it was dropped)', async () => {
    const shapes = new WorkspaceShapes(host)
    const configured = shapes.configure(folder, undefined)
    writeFileSync(join(folder, 'more-shapes.ttl'), SHAPE)
    const changed = shapes.changed(folder, [join(folder, 'more-shapes.ttl')])
    assert.equal(await configured, true)
    assert.equal(await changed, true, 'the change was looked at')
    assert.ok(calls.at(-1) !== undefined)
  })
})
