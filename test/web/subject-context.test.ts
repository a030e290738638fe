// The editor's reading of the subject at the cursor, which it sends as `previous=`, `types=` and `written=` so that a
// set's usage ranks what usually comes there: statements, `;` and `,`, nested blank nodes, lists, directives, `a`, TriG.

import assert from 'node:assert/strict'
import { subjectContext } from '../../packages/web/src/editor/subject-context.js'

const EX = 'http://example.org/'
const declared = new Map([['ex', EX]])

describe('subjectContext (the editor)', () => {
  it('gives the predicate written last in the subject the cursor is in, or nothing for its first', () => {
    const cases: Array<[string, string | undefined]> = [
      ['@prefix ex: <http://example.org/> .\nex:s ', undefined],
      ['ex:s ex:p 1 ;\n  ', `${EX}p`],
      ['ex:s ex:p 1, 2 ;\n  ex:q "x" ;\n  ', `${EX}q`],
      ['ex:s a ex:C ;\n  ', 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type'],
      ['ex:s <http://other.example/p> 1 ; ', 'http://other.example/p'],
      ['ex:s ex:p 1 .\nex:t ', undefined],
      ['ex:s ex:p [ ex:inner 1 ; ', `${EX}inner`],
      ['ex:s ex:p [ ex:inner 1 ] ; ', `${EX}p`],
      ['ex:s ex:p ( ex:a ex:b ) ; ', `${EX}p`],
      ['[ ex:p 1 ] ex:q 2 ; ', `${EX}q`],
      ['ex:s nope:p 1 ; ', undefined], // a prefix the document does not declare
      ['# ex:s ex:p\nex:s ex:q 1 ; ', `${EX}q`],
      ['ex:s ex:p\\-x 1 ; ', `${EX}p-x`],
      ['ex:g { ex:s ex:p 1 ; ', `${EX}p`], // TriG: the graph's name is no subject of the statements in it
      ['ex:g { ex:s ex:p 1 . }\nex:t ', undefined],
    ]
    for (const [before, previous] of cases) assert.equal(subjectContext(before, declared).previous, previous, JSON.stringify(before))
  })

  it('gives the subject’s types and the properties it has, each level its own', () => {
    assert.deepEqual(subjectContext('ex:s a ex:A, ex:B ; ex:p 1 ; ex:q 2, 3 ;\n  ', declared), {
      previous: `${EX}q`,
      types: [`${EX}A`, `${EX}B`],
      written: [`${EX}p`, `${EX}q`],
    })
    assert.deepEqual(subjectContext('ex:s a ex:A ; ex:p [ a ex:Inner ; ex:r 1 ; ', declared), {
      previous: `${EX}r`,
      types: [`${EX}Inner`],
      written: [`${EX}r`],
    })
    assert.deepEqual(subjectContext('ex:s a ex:A ; ex:p [ ex:r 1 ] ; ', declared), { previous: `${EX}p`, types: [`${EX}A`], written: [`${EX}p`] })
    assert.deepEqual(subjectContext('ex:s a ex:A .\nex:t ', declared), { types: [], written: [] })
  })

  it('gives at most the first 32 types and properties, each once, however many the subject has', () => {
    const names = Array.from({ length: 300 }, (_, i) => `p${i}`)
    const text = `ex:s a ${names.map((n) => `ex:T${n}`).join(', ')}, ex:Tp0 ;\n${names.map((n) => `  ex:${n} 1 ;\n`).join('')}  `
    const { types, written } = subjectContext(text, declared)
    assert.deepEqual(
      types,
      names.slice(0, 32).map((n) => `${EX}T${n}`),
    )
    assert.deepEqual(
      written,
      names.slice(0, 32).map((n) => `${EX}${n}`),
    )
  })
})
