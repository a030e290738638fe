// Tests of core's strict UTF-8 reader: every split of valid text reads back whole; a byte that is not UTF-8 is an
// error at the first bad byte (checked against Node's own isUtf8), with its line and column, never a U+FFFD.

import assert from 'node:assert/strict'
import { isUtf8 } from 'node:buffer'
import fc from 'fast-check'
import { decodeUtf8, Utf8Error, Utf8Reader } from '@prefixd/core'

/** `bytes` read in the chunks that `cuts` make. */
function readInChunks(bytes: Uint8Array, cuts: readonly number[]): string {
  const reader = new Utf8Reader()
  let text = ''
  let at = 0
  for (const cut of [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)) {
    text += reader.read(bytes.subarray(at, cut))
    at = cut
  }
  return text + reader.read(bytes.subarray(at)) + reader.end()
}

/** The error reading `bytes` in chunks gives, or undefined. */
function errorOf(bytes: Uint8Array, cuts: readonly number[]): Utf8Error | undefined {
  try {
    readInChunks(bytes, cuts)
    return undefined
  } catch (error) {
    assert.ok(error instanceof Utf8Error)
    return error
  }
}

describe('UTF-8, read strictly', () => {
  it('reads any text back whole, however its bytes are cut into chunks (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        assert.equal(readInChunks(new TextEncoder().encode(text), cuts), text)
      }),
      { numRuns: 2000 },
    )
  })

  it('places the first byte that is not UTF-8 where Node.js finds the text stops being UTF-8, however cut (fast-check)', () => {
    const piece = fc.constantFrom('a', '\n', 'é', '€', '😀', '\xff', '\xc3', '\xe2\x82', '\xf0\x9f', '\xed\xa0\x80', '\xc0\xaf', '\x80')
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.array(fc.nat(), { maxLength: 4 }), (pieces, cuts) => {
        // Each piece as bytes: text pieces as UTF-8, the \x ones as the raw bytes they name.
        const bytes = Buffer.concat(pieces.map((p) => (/^[\x80-\xff]/.test(p) ? Buffer.from(p, 'latin1') : Buffer.from(p))))
        const error = errorOf(bytes, cuts)
        if (isUtf8(bytes)) return assert.equal(error, undefined)
        assert.ok(error !== undefined)
        let valid = 0
        for (let k = 1; k <= bytes.length; k++) if (isUtf8(bytes.subarray(0, k))) valid = k
        assert.equal(error.offset, valid)
        const before = bytes.subarray(0, valid).toString()
        assert.equal(error.line, before.split('\n').length)
        assert.equal(error.column, before.length - before.lastIndexOf('\n'))
      }),
      { numRuns: 3000 },
    )
  })

  it("says where Latin-1 is: 'Caf\\xe9' on line 2 is byte 17, column 16", () => {
    const bytes = Buffer.concat([Buffer.from('a\nrdfs:label "Caf'), Buffer.from([0xe9]), Buffer.from(' width" .')])
    assert.throws(() => decodeUtf8(bytes), {
      name: 'Utf8Error',
      line: 2,
      column: 16,
      offset: 17,
      message: 'line 2, column 16: not valid UTF-8 (byte 17); save it as UTF-8',
    })
  })

  it('drops a byte order mark at the start, as JSON.parse wants', () => {
    assert.equal(decodeUtf8(Buffer.from('\ufeff["a"]')), '["a"]')
  })

  it('drops the byte order mark cut into chunks, and keeps a U+FEFF after the start, even one that starts a chunk', () => {
    const bytes = Buffer.from('\ufeffa\ufeffb\ufeff')
    for (let first = 0; first <= bytes.length; first++) {
      for (let second = first; second <= bytes.length; second++) {
        assert.equal(readInChunks(bytes, [first, second]), 'a\ufeffb\ufeff', `cut at ${first} and ${second}`)
      }
    }
  })

  it('reads text that is all ASCII, or not, the same in chunks of one byte and whole', () => {
    for (const text of ['@prefix ex: <http://example.org/> .\n', 'ex:s rdfs:label "Café €😀" .\n']) {
      const bytes = Buffer.from(text)
      assert.equal(readInChunks(bytes, [...bytes.keys()]), text)
    }
  })
})
