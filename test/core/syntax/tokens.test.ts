// The tokenizer's regex classes of the Turtle grammar agree with the code-point tests of names/pn-local.ts.

import assert from 'node:assert/strict'
import { isPnChars, isPnCharsBase } from '../../../packages/core/src/names/pn-local.js'
import { BASE, BASE_U, CHARS, CHARS_U } from '../../../packages/core/src/syntax/tokens.js'

/** The code points where a regex class and a code-point test disagree, at most a few. */
function disagreements(pattern: RegExp, test: (c: number) => boolean, last: number): number[] {
  const found: number[] = []
  for (let c = 0; c <= last && found.length < 5; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue // lone surrogates: no character of their own
    if (pattern.test(String.fromCodePoint(c)) !== test(c)) found.push(c)
  }
  return found
}

describe('PN_CHARS_BASE and PN_CHARS, written twice', () => {
  it('BASE_U (u flag) is isPnCharsBase on every code point', () => {
    assert.deepEqual(disagreements(new RegExp(`^[${BASE_U}]$`, 'u'), isPnCharsBase, 0x10ffff), [])
  })

  it('CHARS_U (u flag) is isPnChars on every code point', () => {
    assert.deepEqual(disagreements(new RegExp(`^[${CHARS_U}]$`, 'u'), isPnChars, 0x10ffff), [])
  })

  it('BASE and CHARS (no u flag) are the same on the Basic Multilingual Plane', () => {
    assert.deepEqual(disagreements(new RegExp(`^[${BASE}]$`), isPnCharsBase, 0xffff), [])
    assert.deepEqual(disagreements(new RegExp(`^[${CHARS}]$`), isPnChars, 0xffff), [])
  })
})
