// Tests of NameStarts: every start of a set of names found by its number, in code-point order, and nothing else found.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { NameStarts } from '../../../packages/core/src/structures/name-starts.js'

// Few letters, so that names share long heads and tails and their hashes meet often.
const word = fc.array(fc.constantFrom('a', 'b', 'B', 'Σ', '-', '\u{1F600}'), { maxLength: 20 }).map((cs) => cs.join(''))

describe('NameStarts', () => {
  it('numbers every start of the names once, in code-point order, finds each by it, and says where its longer starts end (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 60 }), fc.array(word, { maxLength: 30 }), (names, others) => {
        const starts = new NameStarts(names)
        const expected = [...new Set(['', ...names.flatMap((name) => Array.from({ length: name.length }, (_, n) => name.slice(0, n + 1)))])].sort()
        assert.deepEqual(
          Array.from({ length: starts.size }, (_, i) => starts.at(i)),
          expected,
        )
        expected.forEach((start, i) => {
          assert.equal(starts.find(start), i, start)
          // Its longer starts follow it, up to end(i).
          const end = expected.findIndex((other, j) => j > i && !other.startsWith(start))
          assert.equal(starts.end(i), end < 0 ? expected.length : end, start)
        })
        for (const other of others) assert.equal(starts.find(other), expected.indexOf(other), other)
      }),
    )
  })

  it('tells apart a family of long names that share their first letters and their length', () => {
    const names = Array.from({ length: 200 }, (_, i) => `BodyMeasurement${String(i).padStart(3, '0')}Enumeration`)
    const starts = new NameStarts(names)
    for (const name of names) {
      assert.equal(starts.at(starts.find(name)), name)
      assert.equal(starts.find(name + 'x'), -1)
      assert.equal(starts.find(name.slice(0, -1) + 'X'), -1)
    }
    assert.equal(starts.find(''), 0)
    assert.equal(new NameStarts([]).size, 1)
  })
})
