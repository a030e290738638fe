// Tests of range and on-type formatting: the statements a range touches and no more, the same text as the
// whole document's formatting there, a new line indented as the formatter would, and nothing on text being typed.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { editBetween, formatOnType, formatRangeEdits, formatText, type TextEdit } from '@prefixd/core/format'

const apply = (text: string, edits: readonly TextEdit[]) =>
  [...edits].sort((a, b) => b.start - a.start).reduce((t, e) => t.slice(0, e.start) + e.newText + t.slice(e.end), text)

const DOC = '@prefix ex: <http://example.org/> .\n\nex:a ex:p ex:b;ex:q  ex:c .\n\nex:d ex:p [ex:q 1] .\nex:e ex:p """a\n.\nb""" .\nex:f   ex:p ex:g .\n'

describe('editBetween', () => {
  it('is one edit of the part that differs, none for equal texts', () => {
    assert.deepEqual(editBetween('abcXYdef', 'abcZdef'), [{ start: 3, end: 5, newText: 'Z' }])
    assert.deepEqual(editBetween('same', 'same'), [])
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => apply(a, editBetween(a, b)) === b))
  })
})

describe('formatRangeEdits', () => {
  it('formats the statements the range touches, and leaves the others as written', () => {
    const at = DOC.indexOf('ex:q  ex:c')
    const edits = formatRangeEdits(DOC, 'turtle', at, at + 3)
    const result = apply(DOC, edits)
    assert.match(result, /ex:a ex:p ex:b ;\n {4}ex:q ex:c \.\n/)
    assert.match(result, /ex:d ex:p \[ex:q 1\] \./, 'the next statement is untouched')
    assert.match(result, /ex:f {3}ex:p/)
  })

  it('gives the whole formatting where a range of every statement is formatted, a long string before it included', () => {
    const at = DOC.indexOf('ex:f')
    assert.match(apply(DOC, formatRangeEdits(DOC, 'turtle', at, at)), /\nex:f ex:p ex:g \.\n$/)
    assert.equal(apply(DOC, formatRangeEdits(DOC, 'turtle', 0, DOC.length)), formatText(DOC, 'turtle'))
    // A range inside the long string: its lines end with `.` but are no statements, and are left as they are.
    const inside = DOC.indexOf('.\nb"""')
    assert.match(apply(DOC, formatRangeEdits(DOC, 'turtle', inside, inside + 1)), /"""a\n\.\nb"""/)
  })

  it('formats SPARQL and TriG whole, and refuses a range that is not one', () => {
    const query = 'select * where { ?s ?p ?o }'
    assert.equal(apply(query, formatRangeEdits(query, 'sparql', 0, 3)), 'SELECT * WHERE { ?s ?p ?o }\n')
    assert.throws(() => formatRangeEdits(query, 'sparql', 5, 2), TypeError)
  })

  it('agrees with the whole formatting on any range of generated documents', () => {
    const statement = fc.constantFrom('ex:a ex:p ex:b;ex:q 1 .', 'ex:c   ex:p [ ex:q "x" ] .', '# note\nex:d ex:p ( 1 2 ) .', 'ex:e ex:p """a .\nb""" .', '')
    const doc = fc.array(statement, { minLength: 1, maxLength: 6 }).map((s) => '@prefix ex: <http://example.org/> .\n' + s.join('\n'))
    fc.assert(
      fc.property(doc, fc.nat(), fc.nat(), (text, a, b) => {
        const [start, end] = [a % (text.length + 1), b % (text.length + 1)].sort((x, y) => x - y) as [number, number]
        const once = apply(text, formatRangeEdits(text, 'turtle', start, end))
        // A range formatted, then the whole: the same as the whole at once (the range changed nothing else).
        assert.equal(formatText(once, 'turtle'), formatText(text, 'turtle'))
        const formatted = formatText(text, 'turtle')
        assert.deepEqual(formatRangeEdits(formatted, 'turtle', Math.min(start, formatted.length), Math.min(end, formatted.length)), [])
      }),
      { numRuns: 200 },
    )
  })
})

describe('formatOnType', () => {
  const typed = (before: string, after = '') => ({ text: before + after, offset: before.length })

  it('indents a new line as the formatter would', () => {
    const cases: [string, string, 'turtle' | 'trig' | 'sparql', string][] = [
      ['@prefix ex: <http://example.org/> .\nex:a ex:p ex:b ;\n', '', 'turtle', '    '],
      ['ex:a ex:p [\n', '', 'turtle', '        '],
      ['ex:a ex:p [\n    ex:q 1\n', ']', 'turtle', '    '],
      ['ex:a ex:p ex:b .\n', '', 'turtle', ''],
      ['PREFIX ex: <http://example.org/>\n', '', 'turtle', ''],
      ['ex:g {\n', '', 'trig', '    '],
      ['SELECT * WHERE {\n', '', 'sparql', '    '],
      ['SELECT * WHERE {\n  ?s ex:p ?o ;\n', '', 'sparql', '        '],
    ]
    for (const [before, after, language, indentation] of cases) {
      const { text, offset } = typed(before, after)
      const result = apply(text, formatOnType(text, language, offset, '\n'))
      assert.equal(result, before + indentation + after, JSON.stringify(before))
    }
  })

  it('formats a Turtle statement when its `.` is typed, puts a space before a `;`, and never throws while typing', () => {
    const { text, offset } = typed('@prefix ex: <http://example.org/> .\nex:a ex:p ex:b;ex:q 1 .')
    assert.equal(apply(text, formatOnType(text, 'turtle', offset, '.')), '@prefix ex: <http://example.org/> .\nex:a ex:p ex:b ;\n    ex:q 1 .')
    assert.deepEqual(formatOnType('ex:a ex:p 1.', 'turtle', 12, '.'), [], 'a decimal being typed is left alone')
    assert.equal(apply('ex:a ex:p ex:b;', formatOnType('ex:a ex:p ex:b;', 'turtle', 15, ';')), 'ex:a ex:p ex:b ;')
    fc.assert(fc.property(fc.string(), fc.nat(), fc.constantFrom('\n', '.', ';'), (t, n, ch) => void formatOnType(t, 'turtle', n % (t.length + 2), ch)))
  })
})
