// The language server's documents: after any edits, the text, positions and offsets that
// vscode-languageserver-textdocument gives for the same edits.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { TextDocument } from 'vscode-languageserver-textdocument'
import { declarationEdits, headerEnd, tokens } from '@prefixd/core/syntax'
import { DocumentView } from '../../packages/lsp/src/documents/document.js'
import { LineDocument } from '../../packages/lsp/src/text/line-document.js'
import { TokenStore } from '../../packages/lsp/src/documents/token-store.js'

/** Text made of pieces rich in line breaks of every kind, so that edits split and join them. */
const PIECES = ['a', 'bc', ' ', 'é', '😀', '\n', '\r', '\r\n', '\n\n', 'ex:s a foaf:Person .', '"""x\ny"""']
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 25 }).map((parts) => parts.join(''))
const position = fc.record({ line: fc.integer({ min: -1, max: 12 }), character: fc.integer({ min: -1, max: 30 }) })
const change = fc.oneof({ weight: 9, arbitrary: fc.record({ from: fc.nat(150), to: fc.nat(150), text }) }, { weight: 1, arbitrary: fc.record({ text }) })

describe('LineDocument', () => {
  it('property: after any changes, the same text, line count, positions and offsets as TextDocument', () => {
    fc.assert(
      fc.property(
        text,
        fc.array(change, { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: -2, max: 200 }), { minLength: 5, maxLength: 5 }),
        fc.array(position, { minLength: 5, maxLength: 5 }),
        (initial, changes, offsets, positions) => {
          const theirs = TextDocument.create('file:///a.ttl', 'turtle', 1, initial)
          const ours = new LineDocument('file:///a.ttl', 'turtle', 1, initial)
          let version = 1
          for (const edit of changes) {
            version++
            // Clients send ranges inside the document (TextDocument miscounts lines for others).
            const c = 'from' in edit ? { range: { start: theirs.positionAt(edit.from), end: theirs.positionAt(edit.to) }, text: edit.text } : edit
            TextDocument.update(theirs, [c], version)
            ours.update([c], version)
            assert.equal(ours.getText(), theirs.getText())
            assert.equal(ours.lineCount, theirs.lineCount)
            assert.equal(ours.version, version)
            for (const offset of offsets)
              assert.deepEqual(ours.positionAt(offset), theirs.positionAt(offset), `positionAt(${offset}) in ${JSON.stringify(theirs.getText())}`)
            for (const p of positions)
              assert.equal(ours.offsetAt(p), theirs.offsetAt(p), `offsetAt(${JSON.stringify(p)}) in ${JSON.stringify(theirs.getText())}`)
          }
        },
      ),
      { numRuns: 3000 },
    )
  })

  it('joins a lone \\r and a \\n that emptying the line between them brings together', () => {
    const document = new LineDocument('file:///a.ttl', 'turtle', 1, 'ab\rxyz\n\n')
    document.replace(3, 6, '')
    assert.equal(document.getText(), 'ab\r\n\n')
    assert.equal(document.lineCount, 3)
    assert.deepEqual(document.positionAt(3), { line: 0, character: 2 }) // between `\r` and `\n`: before the break
    assert.deepEqual(document.positionAt(4), { line: 1, character: 0 })
  })

  it('property: slices and windows read the text as it is, without joining it first', () => {
    fc.assert(
      fc.property(
        text,
        fc.array(fc.record({ at: fc.nat(60), remove: fc.nat(5), insert: text }), { maxLength: 5 }),
        fc.nat(80),
        fc.nat(80),
        (initial, edits, a, b) => {
          const doc = new LineDocument('file:///a.ttl', 'turtle', 1, initial)
          let expected = initial
          for (const { at, remove, insert } of edits) {
            const start = Math.min(at, expected.length)
            const end = Math.min(start + remove, expected.length)
            doc.replace(start, end, insert)
            expected = expected.slice(0, start) + insert + expected.slice(end)
          }
          const [from, to] = a <= b ? [a, b] : [b, a]
          assert.equal(doc.slice(from, to), expected.slice(from, to))
          const window = doc.window(Math.min(from, expected.length), Math.min(to, expected.length))
          assert.equal(window.text, expected.slice(window.start, window.start + window.text.length))
          assert.ok(window.start <= Math.min(from, expected.length) && window.start + window.text.length >= Math.min(to, expected.length))
          assert.ok(window.start === 0 || /[\r\n]/.test(expected[window.start - 1]!), 'a window starts at a line start')
          assert.equal(doc.getText(), expected)
        },
      ),
      { numRuns: 3000 },
    )
  })

  /**
   * Where the head must end, worked out on the whole text: after the `\n` that ends the header's line (the
   * next one, past lone `\r`s: declarationInsertPoint reads that far), or after the line break that ends the
   * first token's line in a document without a header; the whole text when there is no such break.
   */
  const headLength = (text: string): number => {
    const all = [...tokens(text)]
    const end = headerEnd(all)
    const pattern = end >= 0 ? /\n/g : /\r\n|\r|\n/g
    pattern.lastIndex = end >= 0 ? end : (all[0]?.start ?? text.length)
    const lineBreak = pattern.exec(text)
    return lineBreak === null ? text.length : lineBreak.index + lineBreak[0].length
  }
  const viewOf = (text: string, language: 'turtle' | 'sparql'): DocumentView =>
    new DocumentView(new LineDocument('file:///a.ttl', language, 1, text), language, new TokenStore(text))

  it('property: a declaration goes where it would go reading the whole text, though only the head is read', () => {
    const pieces = [
      '@prefix ex: <http://example.org/> .',
      'PREFIX foaf: <http://xmlns.com/foaf/0.1/>',
      '@base <http://b/> .',
      '# note',
      'ex:a ex:b ex:c .',
      ' ',
      '\n',
      '\r\n',
      '\r',
      '\n\n',
      'SELECT * {}',
    ]
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 14 }), fc.constantFrom('turtle' as const, 'sparql' as const), (parts, language) => {
        const text = parts.join('')
        const view = viewOf(text, language)
        assert.equal(view.head(), text.slice(0, headLength(text)), JSON.stringify(text))
        const whole = declarationEdits(text, language)('schema', 'https://schema.org/')
        assert.deepEqual(
          declarationEdits(view.head(), language, undefined, view.declarations, view.headerEnd)('schema', 'https://schema.org/'),
          whole,
          JSON.stringify(text),
        )
      }),
      { numRuns: 3000 },
    )
  })

  it('reads no further than the line that ends the header, or the first statement, of a long document', () => {
    const body = 'ex:a ex:b ex:c .\n'.repeat(1000)
    const cases: Array<[text: string, head: string]> = [
      ['@prefix ex: <http://example.org/> .\n' + body, '@prefix ex: <http://example.org/> .\n'],
      ['@prefix ex: <http://example.org/> . # ex\r\n' + body, '@prefix ex: <http://example.org/> . # ex\r\n'],
      // A lone `\r` ends the header's line: up to the next `\n`, not the whole text.
      ['@prefix ex: <http://example.org/> .\r\r# c\n' + body, '@prefix ex: <http://example.org/> .\r\r# c\n'],
      ['@prefix ex: <http://example.org/> .\r' + body, '@prefix ex: <http://example.org/> .\rex:a ex:b ex:c .\n'],
      // No header: the first statement's line.
      ['\n\r' + body, '\n\rex:a ex:b ex:c .\n'],
    ]
    for (const [text, head] of cases) {
      const view = viewOf(text, 'turtle')
      assert.equal(view.head(), head, JSON.stringify(head))
      const whole = declarationEdits(text, 'turtle')('schema', 'https://schema.org/')
      assert.deepEqual(
        declarationEdits(view.head(), 'turtle', undefined, view.declarations, view.headerEnd)('schema', 'https://schema.org/'),
        whole,
        JSON.stringify(head),
      )
    }
  })
})
