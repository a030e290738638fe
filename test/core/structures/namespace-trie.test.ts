// Tests of the radix trie over namespace IRIs: exact lookup, every key that starts a string, and the longest.

import assert from 'node:assert/strict'
import { NamespaceTrie } from '../../../packages/core/src/structures/namespace-trie.js'

function trieOf(...keys: string[]): NamespaceTrie<string> {
  const trie = new NamespaceTrie<string>()
  for (const key of keys) trie.set(key, key)
  return trie
}

function matchesOf(trie: NamespaceTrie<string>, s: string): string[] {
  const out: string[] = []
  const count = trie.matches(s, out)
  return out.slice(0, count)
}

describe('NamespaceTrie', () => {
  it('finds exactly the keys it holds', () => {
    const trie = trieOf('http://a.org/', 'http://a.org/x#', 'http://b.org/')
    assert.equal(trie.get('http://a.org/'), 'http://a.org/')
    assert.equal(trie.get('http://a.org/x#'), 'http://a.org/x#')
    assert.equal(trie.get('http://b.org/'), 'http://b.org/')
    assert.equal(trie.get('http://a.org/x'), undefined) // ends inside an edge
    assert.equal(trie.get('http://'), undefined) // an inner node without a value
    assert.equal(trie.get('http://a.org/x#y'), undefined)
    assert.equal(trie.get(''), undefined)
  })

  it('counts keys once, whatever the insertion order and edge splits', () => {
    const trie = trieOf('http://a.org/x#', 'http://a.org/', 'http://a.org/y', 'http://a.org/')
    assert.equal(trie.size, 3)
  })

  it('replaces the value of a key set twice', () => {
    const trie = new NamespaceTrie<number>()
    trie.set('http://a/', 1)
    trie.set('http://a/', 2)
    assert.equal(trie.get('http://a/'), 2)
    assert.equal(trie.size, 1)
  })

  it('splits an edge when a shorter key is added after a longer one', () => {
    const trie = trieOf('http://example.org/ns#', 'http://example.org/')
    assert.equal(trie.get('http://example.org/'), 'http://example.org/')
    assert.equal(trie.get('http://example.org/ns#'), 'http://example.org/ns#')
    assert.deepEqual(matchesOf(trie, 'http://example.org/ns#Thing'), ['http://example.org/', 'http://example.org/ns#'])
  })

  it('splits an edge when two keys diverge in the middle of it', () => {
    const trie = trieOf('http://purl.org/dc/terms/', 'http://purl.org/dc/elements/1.1/')
    assert.equal(trie.get('http://purl.org/dc/terms/'), 'http://purl.org/dc/terms/')
    assert.equal(trie.get('http://purl.org/dc/elements/1.1/'), 'http://purl.org/dc/elements/1.1/')
    assert.equal(trie.get('http://purl.org/dc/'), undefined)
  })

  it('lists every key that starts a string, shortest first', () => {
    const trie = trieOf('http://a.org/x/y/', 'http://a.org/', 'http://a.org/x/', 'http://b.org/', 'http://a.org/z/')
    assert.deepEqual(matchesOf(trie, 'http://a.org/x/y/z'), ['http://a.org/', 'http://a.org/x/', 'http://a.org/x/y/'])
    assert.deepEqual(matchesOf(trie, 'http://a.org/x/'), ['http://a.org/', 'http://a.org/x/'])
    assert.deepEqual(matchesOf(trie, 'http://a.org/q'), ['http://a.org/'])
    assert.deepEqual(matchesOf(trie, 'http://c.org/'), [])
    assert.deepEqual(matchesOf(trie, 'http://a.or'), [])
  })

  it('reuses the output array, overwriting from the start', () => {
    const trie = trieOf('http://a/', 'http://a/b/')
    const out = ['stale', 'stale', 'stale']
    assert.equal(trie.matches('http://a/b/c', out), 2)
    assert.deepEqual(out, ['http://a/', 'http://a/b/', 'stale'])
  })

  it('gives the longest key that starts a string', () => {
    const trie = trieOf('http://a.org/', 'http://a.org/x/', 'http://a.org/x/y/')
    assert.equal(trie.longest('http://a.org/x/yz'), 'http://a.org/x/')
    assert.equal(trie.longest('http://a.org/x/y/z'), 'http://a.org/x/y/')
    assert.equal(trie.longest('http://a.org/'), 'http://a.org/')
    assert.equal(trie.longest('http://b.org/'), undefined)
    assert.equal(trie.longest(''), undefined)
  })

  it('holds the empty key at the root, which starts every string', () => {
    const trie = trieOf('', 'urn:')
    assert.equal(trie.get(''), '')
    assert.deepEqual(matchesOf(trie, 'urn:x'), ['', 'urn:'])
    assert.equal(trie.longest('http://x'), '')
  })

  it('compares UTF-16 units, so non-ASCII and astral keys work', () => {
    const trie = trieOf('http://例え.jp/', 'http://例え.jp/語/', 'http://x/\u{1F600}/', 'http://x/\u{1F601}/')
    assert.equal(trie.longest('http://例え.jp/語/a'), 'http://例え.jp/語/')
    assert.equal(trie.longest('http://x/\u{1F601}/a'), 'http://x/\u{1F601}/')
    assert.equal(trie.longest('http://x/\u{1F602}/a'), undefined)
  })

  it('agrees with a linear scan on many random keys', () => {
    const keys: string[] = []
    let seed = 7
    const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n
    for (let i = 0; i < 300; i++) {
      let key = 'h:'
      const length = 1 + next(6)
      for (let j = 0; j < length; j++) key += 'ab/'[next(3)]
      keys.push(key)
    }
    const trie = trieOf(...keys)
    assert.equal(trie.size, new Set(keys).size)
    for (let i = 0; i < 300; i++) {
      let s = 'h:'
      for (let j = next(9); j > 0; j--) s += 'ab/'[next(3)]
      const expected = [...new Set(keys)].filter((k) => s.startsWith(k)).sort((a, b) => a.length - b.length)
      assert.deepEqual(matchesOf(trie, s), expected, s)
      assert.equal(trie.longest(s), expected.at(-1), s)
    }
  })
})
