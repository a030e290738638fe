// readUsage and readRdfInto: each syntax, gzip, chunks cut anywhere, and errors with file, line and column.

import assert from 'node:assert/strict'
import { gzipSync } from 'node:zlib'
import fc from 'fast-check'
import { readUsage, usageFormatOf, UsageReadError } from '@prefixd/core'

const EX = 'http://example.org/'
const TURTLE = `@prefix ex: <${EX}> .\nex:a a ex:Café ; ex:name "é ü 日本" .\nex:b a ex:Café .\n`

describe('readUsage', () => {
  it('reads Turtle, TriG, N-Triples and N-Quads alike', async () => {
    const nt = `<${EX}a> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <${EX}Café> .\n<${EX}b> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <${EX}Café> .\n`
    const nq = nt.replace(/ \.\n/g, ` <${EX}g> .\n`)
    const trig = `@prefix ex: <${EX}> . ex:g { ex:a a ex:Café . ex:b a ex:Café . }`
    for (const [text, format] of [
      [TURTLE, 'turtle'],
      [trig, 'trig'],
      [nt, 'n-triples'],
      [nq, 'n-quads'],
    ] as const) {
      const usage = await readUsage([text], { format })
      assert.equal(usage.instances(EX + 'Café'), 2, format)
    }
  })

  it('reads gzip, and the same counts from text cut into chunks anywhere (inside a character too)', async () => {
    const whole = await readUsage([TURTLE], { format: 'turtle' })
    const bytes = new TextEncoder().encode(TURTLE)
    const zipped = await readUsage([gzipSync(bytes)], { format: 'turtle', gzip: true })
    assert.deepEqual(zipped.toJSON(), whole.toJSON())
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 6 }), async (cuts) => {
        const at = [0, ...cuts.sort((a, b) => a - b), bytes.length]
        const chunks = at.slice(1).map((end, i) => bytes.slice(at[i], end))
        const usage = await readUsage(chunks, { format: 'turtle' })
        assert.deepEqual(usage.toJSON(), whole.toJSON())
      }),
      { numRuns: 50 },
    )
  })

  it('rejects a syntax error with the file, line and column', async () => {
    const error = await readUsage([`@prefix ex: <${EX}> .\nex:a ex:p ex:b .\nex:c ex:p ] .\n`], { format: 'turtle', name: 'bad.ttl' }).catch((e: unknown) => e)
    assert.ok(error instanceof UsageReadError, String(error))
    assert.equal(error.file, 'bad.ttl')
    assert.equal(error.line, 3)
    assert.equal(error.column, 11)
    assert.match(error.message, /^bad\.ttl:3:11: /)
  })

  it('rejects bytes that are not gzip with a clear error', async () => {
    const error = await readUsage([new TextEncoder().encode(TURTLE)], { format: 'turtle', gzip: true, name: 'x.ttl.gz' }).catch((e: unknown) => e)
    assert.ok(error instanceof UsageReadError)
    assert.match(error.message, /^x\.ttl\.gz: not gzip data/)
  })

  it('tells the format of a file by its name', () => {
    assert.deepEqual(usageFormatOf('a/b.ttl'), { format: 'turtle', gzip: false })
    assert.deepEqual(usageFormatOf('dump.nq.gz'), { format: 'n-quads', gzip: true })
    assert.deepEqual(usageFormatOf('x.TRIG'), { format: 'trig', gzip: false })
    assert.equal(usageFormatOf('notes.md'), undefined)
  })
})
