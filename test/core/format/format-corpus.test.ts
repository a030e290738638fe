// The formatter on real documents nobody here wrote: Debian's lv2-dev Turtle (hand-written, with comments, tabs
// and `], [` layouts) and every @vocabulary/* package (shipped as N-Quads only, so each is written as TriG by
// n3's Writer first). Each comes out idempotent, with the same graph (n3, blank nodes matched) and comments.

import assert from 'node:assert/strict'
import { readFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Parser, Writer } from 'n3'
import { formatText } from '@prefixd/core/format'
import { tokens } from '@prefixd/core/syntax'
import { colouredLines } from '../../support/rdf-isomorphism.js'
import { debianPackage, filesUnder } from '../../support/rdf-tools.js'

const VOCABULARIES = fileURLToPath(new URL('../../../node_modules/@vocabulary/', import.meta.url))
const BASE = 'http://base.example/dir/'

const comments = (text: string) => [...tokens(text)].filter((t) => t.kind === 'comment').map((t) => t.text)

/** Formats `text`, and says what is wrong with the result, if anything. */
function problems(name: string, text: string, format: 'Turtle' | 'TriG'): string[] {
  const language = format === 'TriG' ? 'trig' : 'turtle'
  const output = formatText(text, language)
  const found: string[] = []
  if (formatText(output, language) !== output) found.push(`${name}: formatting twice changes it`)
  const read = (t: string) => colouredLines(new Parser({ format, baseIRI: BASE }).parse(t))
  if (JSON.stringify(read(output)) !== JSON.stringify(read(text))) found.push(`${name}: another graph`)
  if (JSON.stringify(comments(output)) !== JSON.stringify(comments(text))) found.push(`${name}: comments lost or moved out of order`)
  return found
}

describe('formatText on real documents', function () {
  this.timeout(120_000)

  it("keeps every @vocabulary/* package's graph, as TriG, idempotent", async () => {
    const files = await filesUnder(VOCABULARIES, '.nq')
    assert.ok(files.length >= 100, `the @vocabulary packages are installed (found ${files.length})`)
    const found: string[] = []
    for (const file of files) {
      const quads = new Parser({ format: 'N-Quads' }).parse(await readFile(file, 'utf8'))
      const prefixes = {
        rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
        rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
        owl: 'http://www.w3.org/2002/07/owl#',
      }
      const writer = new Writer({ format: 'TriG', prefixes })
      writer.addQuads(quads)
      const trig = await new Promise<string>((resolve, reject) => writer.end((error, text: string) => (error ? reject(error) : resolve(text))))
      found.push(...problems(file.slice(VOCABULARIES.length), trig, 'TriG'))
    }
    assert.deepEqual(found, [])
  })

  it("keeps every graph and comment of Debian's lv2-dev Turtle, idempotent", async function () {
    const dir = await mkdtemp(join(tmpdir(), 'prefixd-format-lv2-'))
    try {
      const lv2 = await debianPackage('lv2-dev', dir)
      if ('missing' in lv2) {
        console.log(`    skipped: ${lv2.missing}`)
        return this.skip()
      }
      const files = await filesUnder(lv2.root, '.ttl')
      assert.ok(files.length >= 50, `lv2-dev holds its Turtle (found ${files.length} files)`)
      const found: string[] = []
      let commentCount = 0
      for (const file of files) {
        const text = await readFile(file, 'utf8')
        commentCount += comments(text).length
        found.push(...problems(file.slice(lv2.root.length), text, 'Turtle'))
      }
      assert.ok(commentCount >= 10, `the corpus has comments to keep (${commentCount})`)
      assert.deepEqual(found, [])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
