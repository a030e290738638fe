// Tests of the Turtle prefixed-name grammar: PN_PREFIX checks, PN_LOCAL writing (escapes), scanning and reading.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { isPnPrefix, readLocalName, writeLocalName } from '@prefixd/core'
import { isPlainLocalName, localNameEnd, namesInToken } from '@prefixd/core/syntax'
import { isPlainLocalAt, localNameProblem, printable } from '../../../packages/core/src/names/pn-local.js'

describe('isPnPrefix', () => {
  it('accepts names that start with a letter and continue with letters, digits, _, -, middle dots', () => {
    for (const prefix of ['a', 'foaf', 'dc11', 'dash-sparql', 'a_b', 'a.b', 'a..b', 'Élan', 'schéma', 'a\u00b7b', 'x\u0300', '中文']) {
      assert.equal(isPnPrefix(prefix), true, prefix)
    }
  })

  it('accepts characters from U+10000 to U+EFFFF (surrogate pairs) and rejects those above', () => {
    assert.equal(isPnPrefix('\u{10000}x'), true)
    assert.equal(isPnPrefix('a\u{1F600}'), true)
    assert.equal(isPnPrefix('\u{F0000}'), false)
    assert.equal(isPnPrefix('a\u{F0000}'), false)
  })

  it('rejects the empty string (callers allow the empty prefix separately)', () => {
    assert.equal(isPnPrefix(''), false)
  })

  it('rejects a leading digit, underscore, hyphen, dot or combining mark', () => {
    for (const prefix of ['1a', '_a', '-a', '.a', '\u0300a', '\u00b7a']) assert.equal(isPnPrefix(prefix), false, prefix)
  })

  it('rejects a trailing dot', () => {
    assert.equal(isPnPrefix('a.'), false)
    assert.equal(isPnPrefix('a.b.'), false)
  })

  it('rejects characters that PN_CHARS does not contain', () => {
    for (const prefix of ['a b', 'a:b', 'a/b', 'a#', 'a%20', 'a~', 'a\\-b', 'a\u00d7']) {
      assert.equal(isPnPrefix(prefix), false, prefix)
    }
  })
})

describe('writeLocalName', () => {
  it('returns plain names unchanged', () => {
    for (const local of ['Person', 'knows', 'a_b', 'a-b', 'a.b', '123', '_x', ':x', 'a:b:', 'é', '中文', 'a\u00b7', 'a\u0300', '\u{1F600}']) {
      assert.equal(writeLocalName(local), local, local)
    }
  })

  it('returns the empty string for an empty local part', () => {
    assert.equal(writeLocalName(''), '')
  })

  it('escapes the punctuation that PN_LOCAL_ESC allows, wherever it is', () => {
    assert.equal(writeLocalName('a/b'), 'a\\/b')
    assert.equal(writeLocalName('#frag'), '\\#frag')
    assert.equal(writeLocalName('q?x=1&y=2'), 'q\\?x\\=1\\&y\\=2')
    assert.equal(writeLocalName("~!$'()*+,;@"), "\\~\\!\\$\\'\\(\\)\\*\\+\\,\\;\\@")
  })

  it('escapes a dot only at the start or the end', () => {
    assert.equal(writeLocalName('.a'), '\\.a')
    assert.equal(writeLocalName('a.'), 'a\\.')
    assert.equal(writeLocalName('a.b'), 'a.b')
    assert.equal(writeLocalName('.'), '\\.')
    assert.equal(writeLocalName('a..'), 'a.\\.')
  })

  it('escapes a hyphen at the start only', () => {
    assert.equal(writeLocalName('-a'), '\\-a')
    assert.equal(writeLocalName('a-'), 'a-')
  })

  it('keeps %xx as is and escapes a % that does not start one', () => {
    assert.equal(writeLocalName('a%20b'), 'a%20b')
    assert.equal(writeLocalName('%41'), '%41')
    assert.equal(writeLocalName('%'), '\\%')
    assert.equal(writeLocalName('100%'), '100\\%')
    assert.equal(writeLocalName('%zz'), '\\%zz')
    assert.equal(writeLocalName('%4'), '\\%4')
    assert.equal(writeLocalName('a/%41'), 'a\\/%41')
  })

  it('gives undefined for characters that cannot be written even escaped', () => {
    for (const local of ['a b', 'a<b', 'a>b', '{', '}', '|', '^', '`', '"', 'a\\b', 'tab\t', 'nl\n', '\u0000', '[', ']']) {
      assert.equal(writeLocalName(local), undefined, JSON.stringify(local))
    }
  })

  it('gives undefined for a leading combining mark or middle dot, which cannot be escaped', () => {
    assert.equal(writeLocalName('\u0300a'), undefined)
    assert.equal(writeLocalName('\u00b7a'), undefined)
  })

  it('gives undefined for a lone surrogate', () => {
    assert.equal(writeLocalName('a\ud800'), undefined)
    assert.equal(writeLocalName('\udc00'), undefined)
  })
})

// An oracle independent of the scanner, written straight from Turtle 1.1 productions 163-173 (astral
// characters included: PN_CHARS_BASE reaches U+EFFFF): PN_LOCAL as one regular expression.
const BASE =
  'A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}'
const PN_CHARS_U = `${BASE}_`
const PN_CHARS = `${PN_CHARS_U}\\-0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040`
const PLX = "%[0-9A-Fa-f]{2}|\\\\[_~.\\-!$&'()*+,;=/?#@%]"
const PN_LOCAL = new RegExp(`^(?:[${PN_CHARS_U}:0-9]|${PLX})(?:(?:[${PN_CHARS}.:]|${PLX})*(?:[${PN_CHARS}:]|${PLX}))?$`, 'u')

/** The end of the longest PN_LOCAL at `from` by the oracle (`from` when none), optionally one not ending with ':'. */
function longestLocal(text: string, from: number, trailingColon = true): number {
  for (let end = text.length; end > from; end--) {
    const local = text.slice(from, end)
    if (PN_LOCAL.test(local) && (trailingColon || !local.endsWith(':'))) return end
  }
  return from
}

/** Pieces that stress the grammar: escapes good and bad, %xx good and bad, characters allowed only after the first, surrogates. */
const PIECES = [
  ...'aZ09_:.-~!$&\'()*+,;=/?#@% <>"{}|^`[]\t',
  'é',
  '中',
  '\u00b7',
  '\u0300',
  '\u203f',
  '\u{1F600}',
  '\u{F0000}',
  '\u{10FFFF}',
  '\uD800',
  '\uDC00',
  '%41',
  '%7e',
  '%zz',
  '%4',
  '\\.',
  '\\-',
  '\\%',
  '\\:',
  '\\a',
  '\\',
]
const text = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'grapheme', maxLength: 2 })), { maxLength: 10 }).map((parts) => parts.join(''))
const RUNS = { numRuns: 3000 }

describe('isPlainLocalAt', () => {
  it('decides a local part in place as it would alone, and only for names that need no escape and read back as they are', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), text, (head, s) => {
        const plain = isPlainLocalAt(s, 0)
        // Shrink asks it of the IRI after the namespace: what comes before must not change the answer.
        assert.equal(isPlainLocalAt(head + s, head.length), plain)
        if (plain) {
          assert.equal(writeLocalName(s), s)
          assert.equal(readLocalName(s), s)
        }
      }),
      RUNS,
    )
    assert.equal(isPlainLocalAt('ns#-a', 3), false)
    assert.equal(isPlainLocalAt('ns#a-', 3), true)
    assert.equal(isPlainLocalAt('ns#a.', 3), false)
    assert.equal(isPlainLocalAt('ns#', 3), true)
  })
})

describe('localNameEnd', () => {
  it('ends a name before trailing dots, and before trailing colons in prose', () => {
    assert.equal(localNameEnd('ex:a.b. ex:c', 3), 6)
    assert.equal(localNameEnd('a:b:', 0), 4)
    assert.equal(localNameEnd('a:b:', 0, { trailingColon: false }), 3)
    assert.equal(localNameEnd('a\\..', 0), 3)
    assert.equal(localNameEnd('.a', 0), 0)
    assert.equal(localNameEnd('x-a', 1), 1)
    assert.equal(localNameEnd('\u{1F600}\u00b7', 0), 3)
  })

  it('agrees with the grammar on the longest local name at any offset', () => {
    fc.assert(
      fc.property(text, fc.nat(3), (s, skip) => {
        const from = Math.min(skip, s.length)
        assert.equal(localNameEnd(s, from), longestLocal(s, from))
        assert.equal(localNameEnd(s, from, { trailingColon: false }), longestLocal(s, from, false))
      }),
      RUNS,
    )
  })

  it('is what readLocalName, localNameProblem and isPlainLocalName decide by', () => {
    fc.assert(
      fc.property(text, (s) => {
        const valid = PN_LOCAL.test(s) || s === ''
        assert.equal(readLocalName(s) !== undefined, valid)
        assert.equal(localNameProblem(s) === undefined, valid)
        if (valid) assert.equal(readLocalName(s), s.replace(/\\(.)/gu, '$1'))
        assert.equal(isPlainLocalName(s), s !== '' && valid && !s.includes('\\'))
      }),
      RUNS,
    )
  })

  it("gives a document's names the grammar's local names", () => {
    fc.assert(
      fc.property(text, (s) => {
        const token = { kind: 'term', text: `ex:${s}`, start: 0, end: s.length + 3, closed: true } as const
        const [first] = namesInToken(token)
        assert.deepEqual(first, { prefix: 'ex', local: s.slice(0, longestLocal(s, 0)), start: 0, end: longestLocal(s, 0) + 3 })
      }),
      RUNS,
    )
  })
})

describe('readLocalName', () => {
  it('returns plain names unchanged', () => {
    for (const local of ['Person', 'a.b', 'a-b', '123', ':x', 'a:', '_', 'é', '\u{1F600}', 'a\u00b7', '']) {
      assert.equal(readLocalName(local), local, local)
    }
  })

  it('removes backslash escapes', () => {
    assert.equal(readLocalName('a\\/b'), 'a/b')
    assert.equal(readLocalName('\\#x'), '#x')
    assert.equal(readLocalName('a\\.'), 'a.')
    assert.equal(readLocalName('\\-a'), '-a')
    assert.equal(readLocalName('\\%'), '%')
    assert.equal(readLocalName("\\_\\~\\.\\-\\!\\$\\&\\'\\(\\)\\*\\+\\,\\;\\=\\/\\?\\#\\@\\%"), "_~.-!$&'()*+,;=/?#@%")
  })

  it('keeps %xx as is (Turtle §6.3 does not decode it)', () => {
    assert.equal(readLocalName('a%20b'), 'a%20b')
    assert.equal(readLocalName('%7E'), '%7E')
  })

  it('rejects a % that does not start a %xx escape', () => {
    for (const local of ['%', '%2', '%zz', 'a%g0']) assert.equal(readLocalName(local), undefined, local)
    assert.match(localNameProblem('%zz')!, /%xx/)
  })

  it('rejects a backslash before a character that PN_LOCAL_ESC does not allow, or at the end', () => {
    for (const local of ['a\\b', '\\', 'a\\', '\\ ', '\\<']) assert.equal(readLocalName(local), undefined, local)
    assert.match(localNameProblem('a\\b')!, /must be followed by/)
  })

  it('rejects a trailing unescaped dot, and a leading dot, hyphen or middle dot', () => {
    for (const local of ['a.', 'a..', '.a', '-a', '\u00b7a', '\u0300a']) assert.equal(readLocalName(local), undefined, local)
    assert.match(localNameProblem('a.')!, /cannot end with '\.'/)
  })

  it('accepts a dot or hyphen after an escape or %xx at the start', () => {
    assert.equal(readLocalName('\\..a'), '..a')
    assert.equal(readLocalName('%41-b'), '%41-b')
  })

  it('rejects unescaped punctuation and says how to escape it', () => {
    assert.equal(readLocalName('a/b'), undefined)
    assert.match(localNameProblem('a/b')!, /write '\\\/'/)
    assert.equal(readLocalName('a b'), undefined)
    assert.doesNotMatch(localNameProblem('a b')!, /write/)
  })

  it('tells nothing wrong about a valid local name', () => {
    assert.equal(localNameProblem('Person'), undefined)
    assert.equal(localNameProblem('a\\/b'), undefined)
  })

  it('reads back what writeLocalName writes', () => {
    for (const local of ['a/b', '.x.', '-', '%', '%41', '100%', 'a?b#c', 'ü/é', "it's", '']) {
      const written = writeLocalName(local)
      assert.notEqual(written, undefined, local)
      assert.equal(readLocalName(written!), local, local)
    }
  })
})

describe('printable', () => {
  it('makes control characters visible and leaves the rest', () => {
    assert.equal(printable('a\nb\u0000\u007f'), 'a\\u000ab\\u0000\\u007f')
    assert.equal(printable('é ok'), 'é ok')
  })
})
