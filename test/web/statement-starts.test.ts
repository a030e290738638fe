// The editor reads a completion from the start of its statement (statement-starts.ts) and the document's prefixes from
// the last start known (declared-prefixes.ts): whatever the text and however it was edited, the position, the partial
// name, the subject's context and the declared prefixes read so are those read from the top.

import assert from 'node:assert/strict'
import { EditorState, type ChangeSpec } from '@codemirror/state'
import fc from 'fast-check'
import { declaredPrefixes, partialNameAt, positionAt } from '@prefixd/core/syntax'
import { declaredHead, documentPrefixes } from '../../packages/web/src/editor/declared-prefixes.js'
import { statementStart, statementStarts, startsIn } from '../../packages/web/src/editor/statement-starts.js'
import { subjectContext } from '../../packages/web/src/editor/subject-context.js'

/** Pieces of Turtle, TriG and RDF 1.2, well formed and not: joined with or without space, they make dots of numbers and names too. */
const PIECES = [
  ...['ex:s', 'ex:p', 'a', 'ex:C', 'ex:', 'ex:a.b', 'ex:a.', '1', '1.5', '.5', 'GRAPH', 'prefix', 'version', '^^ex:dt', '@en'],
  ...['.', '..', ';', ',', '[', ']', '(', ')', '{', '}', '<<', '>>', '<<(', ')>>', '{|', '|}', '~'],
  ...['"lit"', '"lit .', '"""long . ', '"""', "'x'", '<http://example.org/x>', '<http://x', '# comment . [\n'],
  ...[
    '@prefix ex: <http://example.org/> .',
    'PREFIX ex: <http://example.org/>',
    '@prefix ex: <http://example.org/other#> .',
    '@prefix my: <http://example.org/my#> .',
    '@prefix broken .',
    '@version "1.2" .',
    'VERSION "1.2"',
    '@version [ .',
  ],
]
const piece = fc.constantFrom(...PIECES)
const document = fc.array(fc.tuple(piece, fc.constantFrom('', ' ', '\n')), { maxLength: 40 }).map((parts) => parts.map(([p, s]) => p + s).join(''))

/** What a completion at `pos` reads from the start of its statement against what it reads from the top. */
function assertSameReading(state: EditorState, pos: number): void {
  const doc = state.doc.toString()
  const start = statementStart(state, pos)
  assert.ok(start >= 0 && start <= pos, `start ${start} for ${pos}`)
  const label = JSON.stringify({ doc, pos, start })
  const whole = partialNameAt(doc.slice(0, pos))
  const windowed = partialNameAt(doc.slice(start, pos))
  assert.deepEqual(windowed && { ...windowed, from: start + windowed.from }, whole, label)
  const declared = declaredPrefixes(doc)
  // What the document declares, read from the last start known on: as read whole.
  assert.deepEqual([...documentPrefixes(state)], [...declared], label)
  for (const end of whole === undefined ? [pos] : [pos, whole.from]) {
    assert.ok(start <= end, label)
    for (const language of ['turtle', 'trig'] as const)
      assert.equal(positionAt(doc.slice(start, end), language), positionAt(doc.slice(0, end), language), `${label} ${language} at ${end}`)
    assert.deepEqual(subjectContext(doc.slice(start, end), declared), subjectContext(doc.slice(0, end), declared), `${label} at ${end}`)
  }
}

const stateOf = (doc: string) => EditorState.create({ doc, extensions: [statementStarts, declaredHead] })

describe('statement starts (the editor)', () => {
  it('reads every position of any text as reading from the top does', () => {
    fc.assert(
      fc.property(document, fc.array(fc.nat(), { maxLength: 6 }), (doc, picks) => {
        const state = stateOf(doc)
        // In the order given: later positions reuse the starts the earlier ones found, and earlier ones after later.
        for (const pick of picks) assertSameReading(state, pick % (doc.length + 1))
      }),
      { numRuns: 3000 },
    )
  })

  it('keeps reading so across edits, the starts before an edit kept and the ones after it dropped', () => {
    const edit = fc.record({ at: fc.nat(), length: fc.nat(6), insert: fc.oneof(piece, fc.constantFrom('', ' ', '.', '5', 'b', '"', '#', '\n')) })
    fc.assert(
      fc.property(document, fc.array(fc.tuple(edit, fc.nat()), { maxLength: 8 }), (doc, steps) => {
        let state = stateOf(doc)
        assertSameReading(state, doc.length)
        for (const [{ at, length, insert }, pick] of steps) {
          const from = at % (state.doc.length + 1)
          const change: ChangeSpec = { from, to: Math.min(state.doc.length, from + length), insert }
          state = state.update({ changes: change }).state
          assertSameReading(state, pick % (state.doc.length + 1))
          assertSameReading(state, state.doc.length)
        }
      }),
      { numRuns: 1500 },
    )
  })

  it('finds the start of each statement, and none after what two readers might nest apart', () => {
    const text =
      '@prefix ex: <http://example.org/> .\nex:s ex:p 1.5 .\nex:t ex:p [ ex:q 1 . ] .\nex:u ex:p ex:a..b .\nex:v << ex:a ex:b ex:c >> .\nex:w ex:p 1 .\n'
    assert.deepEqual(
      startsIn(text, 100).map((offset) => text.slice(0, offset - 100).split('\n').length),
      [1, 2, 3, 4],
    )
    const late = stateOf(text)
    // The last statement is read from the start of the one with `<<`, after which no start is told.
    assert.equal(statementStart(late, text.length), text.indexOf('\nex:v'))
  })
})
