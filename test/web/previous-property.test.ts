// The editor's reading of the property written before the cursor, which it sends as `previous=` so that a set's
// usage ranks what usually follows: statements, `;` and `,`, nested blank nodes, lists, directives and `a`.

import assert from 'node:assert/strict'
import { previousProperty } from '../../packages/web/src/editor/previous-property.js'

const EX = 'http://example.org/'
const declared = new Map([['ex', EX]])

describe('previousProperty (the editor)', () => {
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
    for (const [before, previous] of cases) assert.equal(previousProperty(before, declared), previous, JSON.stringify(before))
  })
})
