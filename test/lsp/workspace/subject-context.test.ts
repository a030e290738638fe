// subjectContext: the property before the cursor, the subject's types and properties, nested blank nodes apart.

import assert from 'node:assert/strict'
import { tokens } from '@prefixd/core/syntax'
import { subjectContext } from '../../../packages/lsp/src/workspace/subject-context.js'

const EX = 'http://example.org/'
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type'
const declared = new Map([['ex', EX]])
const contextOf = (text: string, position: 'class' | 'property' = 'property') => subjectContext([...tokens(text)], declared, position)

describe('subjectContext', () => {
  it('reads the previous property, the types and the properties written of the subject', () => {
    assert.deepEqual(contextOf('ex:a a ex:T, ex:U ; ex:name "x" ; ex:size 1 ; '), {
      position: 'property',
      previous: EX + 'size',
      types: [EX + 'T', EX + 'U'],
      written: [EX + 'name', EX + 'size'],
    })
    assert.deepEqual(contextOf('ex:a '), { position: 'property', previous: '', types: [], written: [] })
    assert.deepEqual(contextOf('ex:a a ex:T ; ').previous, RDF_TYPE)
  })

  it('a nested blank node is a subject of its own, and its holder resumes after it', () => {
    assert.deepEqual(contextOf('ex:a ex:port [ a ex:Port ; ex:index 0 ; '), {
      position: 'property',
      previous: EX + 'index',
      types: [EX + 'Port'],
      written: [EX + 'index'],
      objectOf: EX + 'port',
    })
    assert.deepEqual(contextOf('ex:a ex:name "n" ; ex:port [ a ex:Port ; ex:index 0 ] ; ').previous, EX + 'port')
    assert.deepEqual(contextOf('ex:a ex:list ( ex:x ex:y ) ; ').previous, EX + 'list')
    assert.deepEqual(contextOf('[ a ex:T ] ex:p 1 ; ').written, [EX + 'p'])
  })

  it('a nested blank node knows the property whose object it is (its range says what it is); its holder and a list’s members do not', () => {
    assert.equal(contextOf('ex:s ex:property [ ').objectOf, EX + 'property')
    assert.equal(contextOf('ex:s ex:a 1 ; ex:b [ ex:c [ ').objectOf, EX + 'c')
    assert.equal(contextOf('ex:s ex:p [ ex:q 1 ] ; ').objectOf, undefined)
    assert.equal(contextOf('ex:s ex:or ( [ ').objectOf, undefined)
    assert.equal(contextOf('[ ').objectOf, undefined)
    assert.equal(contextOf('ex:s ex:p [ a ', 'class').objectOf, undefined, 'a class position has no use for it')
  })

  it('an undeclared prefix leaves the previous property unknown rather than wrong', () => {
    assert.equal(contextOf('ex:a nope:p 1 ; ').previous, undefined)
    assert.deepEqual(contextOf('ex:a a ', 'class'), { position: 'class', types: [], written: [] })
  })
})
