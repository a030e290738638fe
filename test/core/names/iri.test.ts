// Tests of the absolute-IRI checks used on namespaces, terms and CURIE suffixes.

import assert from 'node:assert/strict'
import { isAbsoluteIri } from '@prefixd/core'
import { iriProblem, isIriSuffix, looksLikeIri } from '../../../packages/core/src/names/iri.js'

describe('isAbsoluteIri', () => {
  it('accepts IRIs with a scheme, hierarchical or not, ASCII or not', () => {
    for (const iri of ['http://example.org/', 'https://x.y/z#', 'urn:isbn:', 'mailto:a@b', 'a+b-c.d:x', 'http://例え.jp/語', 'tag:x,2024:']) {
      assert.equal(isAbsoluteIri(iri), true, iri)
    }
  })

  it('rejects relative references and strings without a scheme', () => {
    for (const iri of ['', 'example.org/', '/path', '#frag', '1http://x', ':x', 'foo']) assert.equal(isAbsoluteIri(iri), false, iri)
  })

  it('rejects the characters that a Turtle IRIREF excludes', () => {
    for (const ch of [' ', '<', '>', '"', '{', '}', '|', '^', '`', '\\', '\n', '\u0000']) {
      assert.equal(isAbsoluteIri(`http://x/${ch}`), false, JSON.stringify(ch))
    }
  })
})

describe('iriProblem', () => {
  it('says nothing about a good IRI', () => {
    assert.equal(iriProblem('http://example.org/'), undefined)
  })

  it('asks for a scheme when there is none', () => {
    assert.match(iriProblem('example.org/')!, /scheme/)
  })

  it('names the bad character and its position', () => {
    assert.equal(iriProblem('http://x/a b'), 'character " " at position 11 is not allowed in an IRI')
  })
})

describe('isIriSuffix', () => {
  it('allows any IRI characters, even those Turtle local names must escape', () => {
    assert.equal(isIriSuffix('a/b?c=d#e'), true)
    assert.equal(isIriSuffix(''), true)
    assert.equal(isIriSuffix('.-%'), true)
  })

  it('refuses what no IRI may contain', () => {
    assert.equal(isIriSuffix('a b'), false)
    assert.equal(isIriSuffix('a<b'), false)
  })
})

describe('looksLikeIri', () => {
  it('is true for scheme:// only', () => {
    assert.equal(looksLikeIri('http://xmlns.com/fo'), true)
    assert.equal(looksLikeIri('git+ssh://x'), true)
    assert.equal(looksLikeIri('http:'), false)
    assert.equal(looksLikeIri('urn:isbn:'), false)
    assert.equal(looksLikeIri('foaf:Person'), false)
  })
})
