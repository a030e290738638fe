// Tests of text-diff.ts: a whole new text (full sync) as the one edit it is.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { textEdit } from '../../packages/lsp/src/text/text-diff.js'

/** Text made of pieces where a diff could go wrong: CRLF, lone CR and LF, surrogate pairs, repeats. */
const text = fc.array(fc.constantFrom('a', 'b', 'ab', '\r\n', '\n', '\r', '😀', '\uD83D', 'é', ' ', '.'), { maxLength: 30 }).map((parts) => parts.join(''))

describe('textEdit', () => {
  it('gives the edit that turns the old text into the new one, over the common start and end left out, splitting no CRLF or surrogate pair', () => {
    fc.assert(
      fc.property(text, text, (before, after) => {
        const { start, end, text: inserted } = textEdit(before, after)
        assert.equal(before.slice(0, start) + inserted + before.slice(end), after)
        assert.ok(start <= end)
        // Never splits a pair: the characters either side of each cut are not \r|\n nor high|low surrogates.
        for (const at of [start, end]) {
          const pair = before.slice(at - 1, at + 1)
          if (at > 0 && at < before.length)
            assert.ok(pair !== '\r\n' && !/^[\uD800-\uDBFF][\uDC00-\uDFFF]$/u.test(pair), `cut at ${at} splits ${JSON.stringify(pair)}`)
        }
        // The shortest such span, but for a pair kept whole: at most one character more at each end.
        let common = 0
        while (common < Math.min(before.length, after.length) && before[common] === after[common]) common++
        assert.ok(start === common || start === common - 1)
      }),
      { numRuns: 2000 },
    )
  })

  it('keeps a one-character insertion in a large text to that character', () => {
    const before = 'ex:a ex:b ex:c .\n'.repeat(60_000)
    const after = before.slice(0, 500_000) + 'x' + before.slice(500_000)
    assert.deepEqual(textEdit(before, after), { start: 500_000, end: 500_000, text: 'x' })
  })
})
