// The base-layer synonym rule both load paths share (packages/core/src/draft/namespace-synonyms.ts).

import assert from 'node:assert/strict'
import { keepBaseSynonyms } from '../../../packages/core/src/draft/namespace-synonyms.js'

describe('keepBaseSynonyms', () => {
  const namespaces = new Set(['http://schema.org/', 'http://purl.org/dc/terms/'])
  it('keeps the first binding of a synonym that stands for a namespace of the table', () => {
    const base: Array<[string, string]> = [
      ['https://schema.org/', 'http://schema.org/'],
      ['https://x.org/', 'http://absent.org/'], // the first binding stands for no namespace of the table: dropped,
      ['https://x.org/', 'http://schema.org/'], // not replaced by a later one
      ['https://schema.org/', 'http://purl.org/dc/terms/'],
    ]
    assert.deepEqual([...keepBaseSynonyms(new Map(), base, namespaces)], [['https://schema.org/', 'http://schema.org/']])
  })
  it('keeps a synonym that is a namespace of the table too (synonyms never change what a prefix means), and an overriding binding already kept', () => {
    const kept = new Map([['https://schema.org/', 'http://purl.org/dc/terms/']])
    const base: Array<[string, string]> = [
      ['http://purl.org/dc/terms/', 'http://schema.org/'],
      ['https://schema.org/', 'http://schema.org/'],
    ]
    assert.deepEqual(
      [...keepBaseSynonyms(kept, base, namespaces)],
      [
        ['https://schema.org/', 'http://purl.org/dc/terms/'],
        ['http://purl.org/dc/terms/', 'http://schema.org/'],
      ],
    )
  })
})
