// The workspace reading's thread, from the server's side: files and texts read there, a missing file, and a thread
// stopped with readings under way (answered with the error; the next reading starts a new thread).

import assert from 'node:assert/strict'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
// The built module: its worker is the built usage-worker.js beside it (as the server runs it).
import { usageOfRows, type UsageRows } from '@prefixd/core'
import { UsageReader } from '../../../packages/lsp/dist/workspace/usage-reader.js'
import { listWorkspaceFiles } from '../../../packages/lsp/dist/workspace/workspace-files.js'
import { shapeFilesFound } from '../../../packages/lsp/dist/shacl/shape-files.js'

const EX = 'http://example.org/'
/** A reading's usage (its rows as a Usage), or undefined for a file that is gone. */
const usageOf = (reading: { usage: UsageRows } | undefined) => (reading === undefined ? undefined : usageOfRows(reading.usage))
const TURTLE = `@prefix ex: <${EX}> .\nex:a a ex:Thing ; ex:name "a" .\nex:b a ex:Thing .\n`

describe('UsageReader', function () {
  this.timeout(30_000)
  let dir: string
  let reader: InstanceType<typeof UsageReader>
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'prefixd-usage-reader-'))
    reader = new UsageReader()
  })
  afterEach(async () => {
    reader.stop()
    await rm(dir, { recursive: true, force: true })
  })

  it('reads a file from disk and a text on its thread; a missing file is gone', async () => {
    await writeFile(join(dir, 'a.ttl'), TURTLE)
    const [file, text, missing] = await Promise.all([
      reader.read(join(dir, 'a.ttl')),
      reader.read(join(dir, 'b.ttl'), TURTLE.replace('ex:b a ex:Thing .', '')),
      reader.read(join(dir, 'none.ttl')),
    ])
    assert.equal(usageOf(file)?.instances(EX + 'Thing'), 2)
    assert.deepEqual(usageOf(file)?.files, [join(dir, 'a.ttl')])
    assert.equal(usageOf(text)?.instances(EX + 'Thing'), 1)
    assert.equal(missing, undefined)
  })

  it('gives what precedes a syntax error and the error with its line and column', async () => {
    await writeFile(join(dir, 'bad.ttl'), TURTLE + 'ex:c ex:name ] .\n')
    const reading = await reader.read(join(dir, 'bad.ttl'))
    assert.equal(usageOf(reading)?.instances(EX + 'Thing'), 2)
    assert.equal(reading?.problem, `${join(dir, 'bad.ttl')}:4:14: Expected entity but got ]`)
  })

  it('answers the readings under way when the thread stops, and starts a new one for the next', async () => {
    await writeFile(join(dir, 'a.ttl'), TURTLE)
    const pending = reader.read(join(dir, 'a.ttl'))
    reader.stop()
    const stopped = await pending
    assert.equal(stopped?.problem, `${join(dir, 'a.ttl')}: not read: the reading thread stopped`)
    assert.equal(usageOf(stopped)?.triples, 0)
    const again = await reader.read(join(dir, 'a.ttl'))
    assert.equal(usageOf(again)?.instances(EX + 'Thing'), 2)
    assert.equal(again?.problem, undefined)
  })

  it('lists a folder and finds its shape files on the thread as on the server’s; stopped meanwhile, on the server’s', async () => {
    await mkdir(join(dir, 'nested'))
    await writeFile(join(dir, 'a.ttl'), TURTLE)
    await writeFile(join(dir, 'nested', 'shapes.ttl'), `@prefix sh: <http://www.w3.org/ns/shacl#> .\n<#S> a sh:NodeShape .\n`)
    await writeFile(join(dir, 'nested', 'b.nt'), `<${EX}b> <${EX}p> "b" .\n`)
    await writeFile(join(dir, '.gitignore'), 'ignored.ttl\n')
    await writeFile(join(dir, 'ignored.ttl'), TURTLE)
    const listing = await listWorkspaceFiles(dir)
    const shapes = await shapeFilesFound(dir)
    assert.deepEqual(
      listing.files.map((file) => file.path),
      [join(dir, 'a.ttl'), join(dir, 'nested', 'b.nt'), join(dir, 'nested', 'shapes.ttl')],
    )
    assert.deepEqual(shapes, [join(dir, 'nested', 'shapes.ttl')])
    assert.deepEqual(await reader.list(dir), listing)
    assert.deepEqual(await reader.shapeFiles(dir), shapes)
    assert.deepEqual(await reader.shapeFiles(dir, ['a.ttl']), [join(dir, 'a.ttl')])
    const [listed, found] = [reader.list(dir), reader.shapeFiles(dir)]
    reader.stop()
    assert.deepEqual(await listed, listing)
    assert.deepEqual(await found, shapes)
  })
})
