// The syntax checks' reading again past an error: the text before the place it resumes from blanked, its directives kept.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { tokens } from '@prefixd/core/syntax'
import { blankBefore } from '../../packages/lsp/src/syntax/syntax-errors.js'

/**
 * The plain reading: every token before `from` gathered, each directive kept to its IRI (and `.` for the `@` forms), each
 * UTF-16 unit blanked (the parsers' columns, and the offsets after, count those).
 */
function gatheredBlankBefore(text: string, from: number): string {
  const kept: string[] = []
  let last = 0
  const list = [...tokens(text.slice(0, from))]
  for (let i = 0; i < list.length; i++) {
    const word = list[i]!.text.toLowerCase()
    if (list[i]!.kind !== 'term' || !['@prefix', 'prefix', '@base', 'base'].includes(word)) continue
    let j = i + 1
    while (j < list.length && list[j]!.kind !== 'iri') j++
    if (j < list.length && word.startsWith('@') && list[j + 1]?.text === '.') j++
    if (j >= list.length) break
    kept.push(text.slice(last, list[i]!.start).replace(/[^\r\n]/g, ' '), text.slice(list[i]!.start, list[j]!.end))
    last = list[j]!.end
    i = j
  }
  kept.push(text.slice(last, from).replace(/[^\r\n]/g, ' '), text.slice(from))
  return kept.join('')
}

const PIECES = [
  '@prefix ex: <http://example.org/> .',
  '@PREFIX ex: <http://example.org/>',
  'PREFIX foaf: <http://xmlns.com/foaf/0.1/>',
  '@base <http://b/> .',
  'BASE <http://b/>',
  'prefix',
  '@prefix',
  'ex:a',
  ' ',
  '\n',
  '\r\n',
  '.',
  ';',
  '"str"',
  '"""long\nstring"""',
  '<http://x/y>',
  '<',
  '# comment\n',
  '{',
  '}',
  'é',
  '\u{1F600}',
  'ex:\u{1F600}',
  '\u00a0',
]

describe('blankBefore', () => {
  it('property: reading the tokens one at a time blanks what gathering them all does', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }), fc.double({ min: 0, max: 1, noNaN: true }), (parts, at) => {
        const text = parts.join('')
        const from = Math.floor(at * text.length)
        const blanked = blankBefore(text, from)
        assert.equal(blanked, gatheredBlankBefore(text, from), JSON.stringify([text, from]))
        assert.equal(blanked.length, text.length)
      }),
      { numRuns: 5000 },
    )
  })

  it('keeps the directives and line breaks before the place, and the text from it', () => {
    const text = '@prefix ex: <http://example.org/> .\nex:a ex:b ex:c .\nPREFIX s: <https://schema.org/>\nex:d ex:e ex:f .\n'
    const from = text.lastIndexOf('ex:d')
    assert.equal(blankBefore(text, from), '@prefix ex: <http://example.org/> .\n                \nPREFIX s: <https://schema.org/>\nex:d ex:e ex:f .\n')
  })
})
