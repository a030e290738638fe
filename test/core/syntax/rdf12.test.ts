// RDF 1.2 and SPARQL 1.2 in @prefixd/core/syntax: triple terms `<<( … )>>`, reified triples `<< … >>`, reifiers
// `~`, annotations `{| … |}` and VERSION read as tokens and as places where terms go.

import assert from 'node:assert/strict'
import { positionAt, tokens } from '@prefixd/core/syntax'

const texts = (text: string) => [...tokens(text)].map((t) => `${t.kind}:${t.text}`)

describe('tokens of RDF 1.2', () => {
  it('reads <<, >>, {|, |} and ~ as punctuation, also against the names beside them', () => {
    assert.deepEqual(texts('ex:a ex:b ex:c ~ex:r {|ex:p ex:o|} .'), [
      'term:ex:a',
      'term:ex:b',
      'term:ex:c',
      'punct:~',
      'term:ex:r',
      'punct:{|',
      'term:ex:p',
      'term:ex:o',
      'punct:|}',
      'punct:.',
    ])
    assert.deepEqual(texts('<<( ex:s ex:p ex:o )>> <<ex:s ex:p ex:o>>'), [
      'punct:<<',
      'punct:(',
      'term:ex:s',
      'term:ex:p',
      'term:ex:o',
      'punct:)',
      'punct:>>',
      'punct:<<',
      'term:ex:s',
      'term:ex:p',
      'term:ex:o',
      'punct:>>',
    ])
  })

  it('leaves SPARQL’s comparisons, || and IRIs as they were', () => {
    assert.deepEqual(texts('FILTER(?a > 1 || ?b < 2) <http://x/>'), [
      'term:FILTER',
      'punct:(',
      'term:?a',
      'term:>',
      'term:1',
      'term:||',
      'term:?b',
      'punct:<',
      'term:2',
      'punct:)',
      'iri:<http://x/>',
    ])
  })
})

describe('positionAt in RDF 1.2', () => {
  const cases: [string, string][] = [
    ['<< ex:s ', 'predicate'],
    ['<< ex:s ex:p ', 'object'],
    ['<< ex:s a ', 'class'],
    ['<<( ex:s ex:p ex:o )>> ', 'predicate'],
    ['ex:a ex:b <<( ex:s ', 'predicate'],
    ['ex:a ex:b ex:c {| ', 'predicate'],
    ['ex:a ex:b ex:c {| ex:p ', 'object'],
    ['ex:a ex:b ex:c {| ex:p ex:o |} ; ', 'predicate'],
    ['ex:a ex:b ex:c ~ ex:r {| ', 'predicate'],
    ['VERSION "1.2"\n', 'subject'],
    ['@version "1.2" .\nex:a ', 'predicate'],
  ]
  for (const [before, expected] of cases) {
    it(`${JSON.stringify(before)} → ${expected}`, () => assert.equal(positionAt(before, 'turtle'), expected))
  }
})
