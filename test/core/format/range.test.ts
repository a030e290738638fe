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

describe('formatRangeEdits and formatOnType on CRLF, TriG and SPARQL', () => {
  it('formats a range of a CRLF document with CRLF line endings', () => {
    const text = '@prefix ex: <http://example.org/> .\r\nex:a ex:p ex:b;ex:q 1 .\r\nex:c   ex:p ex:d .\r\n'
    const once = apply(text, formatRangeEdits(text, 'turtle', 40, 41))
    assert.equal(once, '@prefix ex: <http://example.org/> .\r\nex:a ex:p ex:b ;\r\n    ex:q 1 .\r\nex:c   ex:p ex:d .\r\n')
  })

  it('formats the TriG statement or the SPARQL patterns a typed `.` ends, and nothing else', () => {
    const trig = '@prefix ex: <http://example.org/> .\nex:g {\n  ex:a   ex:b ex:c;ex:d ex:e .\n    ex:x  ex:y ex:z .\n}\n'
    const at = trig.indexOf('ex:e .') + 6
    assert.equal(
      apply(trig, formatOnType(trig, 'trig', at, '.')),
      '@prefix ex: <http://example.org/> .\nex:g {\n    ex:a ex:b ex:c ;\n        ex:d ex:e .\n    ex:x  ex:y ex:z .\n}\n',
    )
    const query = 'select * where {\n      ?s ?p ?o.\n ?a   ?b ?c .\n  filter(?c)  ?d ?e ?f .\n}\n'
    assert.equal(
      apply(query, formatOnType(query, 'sparql', query.indexOf('?o.') + 3, '.')),
      'select * where {\n    ?s ?p ?o .\n ?a   ?b ?c .\n  filter(?c)  ?d ?e ?f .\n}\n',
    )
    const last = query.lastIndexOf('.') + 1
    assert.equal(
      apply(query, formatOnType(query, 'sparql', last, '.')),
      'select * where {\n      ?s ?p ?o.\n ?a   ?b ?c .\n    FILTER(?c)\n    ?d ?e ?f .\n}\n',
    )
    assert.deepEqual(formatOnType('ex:g { ex:a ex:b ex:c.d }', 'trig', 21, '.'), [], 'a `.` inside a name')
    assert.deepEqual(formatOnType('SELECT * { ?s ?p 1. }', 'sparql', 19, '.'), [], 'a decimal being typed')
    assert.deepEqual(formatOnType('SELECT * { ?s ?p ?o .', 'sparql', 21, '.'), [], 'a query that does not read yet')
  })

  it('property: a `.` typed anywhere in TriG or SPARQL changes blank space before it only, as the whole formatting would', () => {
    const gap = fc.constantFrom(' ', '\n', '  ', '', '\n    ', ' # c\n')
    const pattern = fc.tuple(fc.constantFrom('ex:a', '?s', '<x>'), gap, fc.constantFrom('ex:p', '?p'), gap, fc.constantFrom('ex:b', '?o', '"x"', '1'), gap)
    const patterns = fc.array(fc.tuple(pattern, fc.constantFrom('.', ' .', ';ex:q 2 .', ' FILTER(?s) ', '. FILTER(?o)', '.')), { minLength: 1, maxLength: 6 })
    const cases = fc.tuple(patterns, fc.constantFrom('trig' as const, 'sparql' as const), fc.boolean())
    let edited = 0
    fc.assert(
      fc.property(cases, fc.nat(), ([list, language, graph], n) => {
        const body = list.map(([p, end]) => (language === 'trig' && end.includes('FILTER') ? p.join('') + '.' : p.join('') + end)).join('\n')
        const text =
          language === 'sparql'
            ? `PREFIX ex: <http://example.org/>\nSELECT * WHERE {${body.replaceAll('<x>', '?x')}}\n`
            : `@prefix ex: <http://example.org/> .\n${graph ? `ex:g {\n${body.replaceAll('?', 'ex:v')}\n}` : body.replaceAll('?', 'ex:v')}\n`
        const dots = [...text].flatMap((c, i) => (c === '.' ? [i + 1] : []))
        if (dots.length === 0) return
        const offset = dots[n % dots.length]!
        const edits = formatOnType(text, language, offset, '.')
        for (const edit of edits) assert.ok(edit.end <= offset, 'nothing after the `.` changes')
        const after = apply(text, edits)
        assert.equal(after.replace(/\s+/g, ''), text.replace(/\s+/g, '').replace(/filter/g, 'FILTER'))
        if (edits.length > 0) assert.equal(formatText(after, language), formatText(text, language))
        if (edits.length > 0) edited++
      }),
      { numRuns: 300 },
    )
    assert.ok(edited > 100, `${edited} of 300 typed dots changed something`)
  })
})
