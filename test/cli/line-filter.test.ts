// Tests of the stdin filter behind `prefixd expand|shrink` without arguments: line splitting across chunks.

import assert from 'node:assert/strict'
import { Readable, Writable } from 'node:stream'
import { filterLines, MAX_LINE_LENGTH } from '../../packages/cli/src/line-filter.js'
import { UsageError } from '../../packages/cli/src/usage-error.js'

/** A writable that collects what it is given, slowly when asked, to exercise backpressure. */
function sink(delayMs = 0): { stream: Writable; text: () => string } {
  const parts: string[] = []
  const stream = new Writable({
    highWaterMark: 16,
    write(chunk: Buffer, _encoding, done) {
      parts.push(chunk.toString('utf8'))
      if (delayMs > 0) setTimeout(done, delayMs)
      else done()
    },
  })
  return { stream, text: () => parts.join('') }
}

const upper = (line: string): string | undefined => (line.startsWith('x') ? undefined : line.toUpperCase())

describe('filterLines', () => {
  it('maps each line, writes an empty line for undefined and counts the misses', async () => {
    const out = sink()
    const misses = await filterLines(Readable.from(['ab\nxy\ncd\n']), out.stream, upper)
    assert.equal(out.text(), 'AB\n\nCD\n')
    assert.equal(misses, 1)
  })

  it('joins lines split across chunks, and CRLF split between \\r and \\n', async () => {
    const out = sink()
    const seen: string[] = []
    await filterLines(Readable.from(['a', 'b\r', '\nc', 'd\r\n', '\r\n']), out.stream, (line) => (seen.push(line), line))
    assert.deepEqual(seen, ['ab', 'cd', ''])
    assert.equal(out.text(), 'ab\ncd\n\n')
  })

  it('maps a last line without a line end', async () => {
    const out = sink()
    assert.equal(await filterLines(Readable.from(['a\nx']), out.stream, upper), 1)
    assert.equal(out.text(), 'A\n\n')
  })

  it('decodes a multi-byte character split across byte chunks', async () => {
    const bytes = Buffer.from('é中\u{1F600}\n', 'utf8')
    const chunks = Array.from(bytes, (byte) => Buffer.from([byte]))
    const out = sink()
    await filterLines(Readable.from(chunks), out.stream, (line) => line)
    assert.equal(out.text(), 'é中\u{1F600}\n')
  })

  it('waits for a slow reader and keeps every line in order', async () => {
    const lines = Array.from({ length: 100 }, (_, i) => `line${i}`)
    const chunks = lines.map((line) => line + '\n')
    const out = sink(1)
    assert.equal(await filterLines(Readable.from(chunks), out.stream, (line) => line), 0)
    assert.equal(out.text(), lines.join('\n') + '\n')
  })

  it('refuses a line longer than MAX_LINE_LENGTH with a UsageError', async () => {
    const long = 'a'.repeat(MAX_LINE_LENGTH + 1)
    await assert.rejects(
      filterLines(Readable.from([long.slice(0, 1000), long.slice(1000)]), sink().stream, (line) => line),
      UsageError,
    )
  })

  it('writes nothing for empty input', async () => {
    const out = sink()
    assert.equal(await filterLines(Readable.from([]), out.stream, upper), 0)
    assert.equal(out.text(), '')
  })
})
