// Finding a workspace's shape files: the language server's asynchronous search finds what `prefixd lint`'s
// synchronous one does — a shapes graph named past the first slice searched, or across two slices, included.

import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isShapeFile, isShapeFileRead, shapeFilesFound, shapeFilesIn } from '@prefixd/lsp/shacl'

const SH = 'http://www.w3.org/ns/shacl#'
const shape = (prefix: string) => `@prefix sh: <${SH}> .\n${prefix}<#S> a sh:NodeShape .\n`
/** Data enough to push what follows past the 256 KiB a search slice holds. */
const FILLER = '<#x> <#p> "' + 'a'.repeat(256 * 1024 - 20) + '" .\n'

describe('shape files', () => {
  let folder: string
  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'prefixd-shape-files-'))
    mkdirSync(join(folder, 'nested'))
    mkdirSync(join(folder, '.hidden'))
    writeFileSync(join(folder, 'small.ttl'), shape(''))
    writeFileSync(join(folder, 'nested', 'late.ttl'), FILLER + FILLER + shape(''))
    // The namespace starts a few bytes before the end of the first slice and ends in the second.
    const cut = 256 * 1024 - 10 - '@prefix sh: <'.length
    writeFileSync(join(folder, 'nested', 'across.trig'), '#'.repeat(cut) + '\n' + shape(''))
    writeFileSync(join(folder, 'data.ttl'), FILLER + '<#a> a <#Thing> .\n')
    writeFileSync(join(folder, 'words.ttl'), `<#a> <#says> "NodeShape, but not ${SH.slice(0, -1)}" .\n`)
    writeFileSync(join(folder, '.hidden', 'hidden.ttl'), shape(''))
    writeFileSync(join(folder, 'notes.txt'), shape(''))
  })
  after(() => rmSync(folder, { recursive: true, force: true }))

  it('finds the same files as the synchronous search, in name order', async () => {
    const expected = ['nested/across.trig', 'nested/late.ttl', 'small.ttl'].map((name) => join(folder, ...name.split('/')))
    assert.deepEqual(shapeFilesIn(folder), expected)
    assert.deepEqual(await shapeFilesFound(folder), expected)
    assert.deepEqual(await shapeFilesFound(folder, ['*.ttl']), shapeFilesIn(folder, ['*.ttl']))
  })

  it('does not look into a file past 64 MiB for shapes (a dump), unless the globs name it', async () => {
    const big = mkdtempSync(join(tmpdir(), 'prefixd-shape-files-big-'))
    try {
      const dump = join(big, 'dump.ttl')
      writeFileSync(dump, shape(''))
      truncateSync(dump, 64 * 2 ** 20 + 1) // sparse: no 64 MiB written
      writeFileSync(join(big, 'shapes.ttl'), shape(''))
      const shapes = [join(big, 'shapes.ttl')]
      assert.deepEqual(shapeFilesIn(big), shapes)
      assert.deepEqual(await shapeFilesFound(big), shapes)
      assert.deepEqual([isShapeFile(big, dump), await isShapeFileRead(big, dump)], [false, false])
      assert.deepEqual(await shapeFilesFound(big, ['dump.ttl']), [dump])
    } finally {
      rmSync(big, { recursive: true, force: true })
    }
  })

  it('searches the first 5,000 Turtle files in name order, in one folder as across folders', async () => {
    const many = mkdtempSync(join(tmpdir(), 'prefixd-shape-files-many-'))
    try {
      for (let i = 0; i < 5000; i++) writeFileSync(join(many, `data-${String(i).padStart(4, '0')}.ttl`), '')
      writeFileSync(join(many, 'zz-shapes.ttl'), shape('')) // the 5,001st
      assert.deepEqual(shapeFilesIn(many), [])
      assert.deepEqual(await shapeFilesFound(many), [])
    } finally {
      rmSync(many, { recursive: true, force: true })
    }
  })

  it('finds the namespace wherever it starts around the end of a slice searched', async () => {
    const around = join(folder, 'nested', 'around.ttl')
    try {
      for (let start = 256 * 1024 - 40; start <= 256 * 1024 + 40; start++) {
        writeFileSync(around, '#'.repeat(start - '@prefix sh: <'.length) + shape('').slice(0, -1))
        assert.equal(await isShapeFileRead(folder, around), true, `the namespace at byte ${start}`)
      }
    } finally {
      rmSync(around)
    }
  })

  it('answers for one file as the synchronous test does; a missing file is none', async () => {
    assert.equal(await isShapeFileRead(folder, join(folder, 'nested', 'across.trig')), true)
    assert.equal(await isShapeFileRead(folder, join(folder, 'data.ttl')), false)
    assert.equal(await isShapeFileRead(folder, join(folder, 'gone.ttl')), false)
  })
})
