// The linkifier pass (packages/chat/src/linkify/linkify.ts, pattern-facts.ts) against a plain reference: the
// boundary rules written as V8 look-around, each pattern scanned over the whole text. The needle set and
// the run-narrowed search must never change which spans get linked.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { RE2JS } from 're2js'
import { linkifierLinker } from '../../../packages/chat/src/linkify/linkify.js'
import { NeedleSet, patternFacts } from '../../../packages/chat/src/linkify/pattern-facts.js'

interface Span {
  readonly start: number
  readonly end: number
  readonly url: string
}

/**
 * Each linkifier in order, its matches found by V8 with the boundaries as look-behind and look-ahead,
 * skipping empty matches and those overlapping an earlier linkifier's. The generated patterns use only
 * syntax on which V8 and RE2 agree (leftmost-first, no back-references).
 */
function reference(linkifiers: ReadonlyArray<{ pattern: string; url_template: string }>, text: string): Span[] {
  let accepted: Span[] = []
  for (const { pattern, url_template } of linkifiers) {
    const regex = new RegExp(
      `(?<=^|[\\t\\n\\v\\f\\r \\u0085\\p{Z}'"(,:<])(?:${pattern.replaceAll('(?P<', '(?<').replaceAll('\\pL', '\\p{L}')})(?=$|[^\\p{L}\\p{N}])`,
      'gu',
    )
    const found: Span[] = []
    regex.lastIndex = 0
    for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
      const start = match.index
      const end = start + match[0].length
      const blocker = accepted.find((s) => s.start < end && start < s.end)
      if (end === start || blocker !== undefined) {
        regex.lastIndex = Math.max(blocker?.end ?? 0, start + (text.codePointAt(start)! > 0xffff ? 2 : 1))
        continue
      }
      // A group that took no part expands to nothing (RFC 6570: undefined).
      found.push({ start, end, url: url_template.replace('{g}', encodeUnreserved(match.groups?.['g'] ?? '')) })
    }
    accepted = [...accepted, ...found].sort((a, b) => a.start - b.start)
  }
  return accepted
}

/** RFC 6570 simple expansion: all but the unreserved characters percent-encoded. */
const encodeUnreserved = (value: string): string => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

const ATOMS = ['a', 'b', 'x', '#', '!', '-', '1', '[a-z]', '[0-9]', '[a-z0-9]', '[^ ]', '.', 'é', '\\pL', 'ab', '#!']
const atom = fc.constantFrom(...ATOMS)
const piece = fc.tuple(atom, fc.constantFrom('', '', '+', '*', '?', '{1,3}')).map(([a, q]) => (q === '' ? a : `(?:${a})${q}`))
const sequence = fc.array(piece, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(''))
/** A pattern with one named group `g`, sometimes an alternation, sometimes anchored. */
const pattern = fc
  .tuple(sequence, sequence, fc.option(sequence, { nil: undefined }), fc.constantFrom('', '', '', '^', '$'))
  .map(([before, inside, alternative, anchor]) => {
    const body = `${before}(?P<g>${inside})`
    // In the other branch of an alternation `g` takes no part: its value is then empty.
    const either = alternative === undefined ? body : `(?:${body}|${alternative})`
    return anchor === '^' ? `^${either}` : anchor === '$' ? `${either}$` : either
  })
  // The reference backtracks: more unbounded repetitions would make it take polynomial time of high degree.
  .filter((p) => (p.match(/[+*]/g) ?? []).length <= 2)
const text = fc
  .array(fc.constantFrom('a', 'b', 'x', 'ab', '#', '!', '-', '1', '12', ' ', '.', ',', '(', 'é', '\n', '😀', '\u2003', 'a!1', '#1'), { maxLength: 40 })
  .map((parts) => parts.join(''))

describe('linkifier pass', () => {
  it('links exactly the spans of the plain reference', function () {
    this.timeout(90_000) // 1,000 runs: 5–10 s alone, over 20 s on a machine shared with other test runs
    fc.assert(
      fc.property(fc.array(pattern, { minLength: 1, maxLength: 4 }), text, (patterns, input) => {
        const linkifiers = patterns.map((p, i) => ({ pattern: p, url_template: `https://x.org/${i}/{g}` }))
        assert.deepEqual(linkifierLinker(linkifiers)(input), reference(linkifiers, input))
      }),
      { numRuns: 1000 },
    )
  })

  it('links a needle-bearing pattern in the runs around each needle, and nowhere else', () => {
    const merges = linkifierLinker([{ pattern: '(?P<g>[a-z]+)!(?P<n>[0-9]+)', url_template: 'https://x.org/{g}/{n}' }])
    const input = `${'word '.repeat(2000)}docs!42, (api!7) x.y!8 a!b !9 ${'docs!1 '.repeat(3)}`
    const found = merges(input).map((s) => input.slice(s.start, s.end))
    assert.deepEqual(found, ['docs!42', 'api!7', 'docs!1', 'docs!1', 'docs!1'])
  })
})

describe('pattern facts', () => {
  const facts = (pattern: string) => patternFacts(RE2JS.compile(pattern))

  it('finds the string every match contains', () => {
    assert.equal(facts('TEAM7-(?P<key>[0-9]+)').needle, 'TEAM7-')
    assert.equal(facts('(?P<repo>[a-z]+)!(?P<mr>[0-9]+)').needle, '!')
    assert.equal(facts(`${'x'.repeat(40)}[0-9]`).needle, 'x'.repeat(16))
    assert.equal(facts('[0-9]+').needle, undefined)
    assert.equal(facts('(?i)team-[0-9]+').needle, undefined)
  })

  it('knows which characters a match may consist of, and gives up on assertions', () => {
    const { mayContain } = facts('(?P<repo>[a-z]+)!(?P<mr>[0-9]+)')
    assert.ok(mayContain !== undefined)
    for (const char of 'az!09') assert.equal(mayContain(char.charCodeAt(0)), true, char)
    for (const char of 'A -#é\n') assert.equal(mayContain(char.charCodeAt(0)), false, char)
    assert.equal(mayContain(0xd83d), true, 'a surrogate always may')
    assert.equal(facts('(?i)k').mayContain?.('K'.charCodeAt(0)), true)
    assert.equal(facts('\\pL+!').mayContain?.('ж'.charCodeAt(0)), true)
    assert.equal(facts('.!').mayContain?.(10), false)
    assert.equal(facts('(?s).!').mayContain?.(10), true)
    for (const asserting of ['^a!', 'a!$', '\\ba!', 'a!\\B']) assert.equal(facts(asserting).mayContain, undefined, asserting)
  })

  it('finds which needles occur, in one pass', () => {
    const needles = new NeedleSet(['TEAM7-', 'TEAM', '#', 'TEAM42-', 'EAM4'])
    assert.deepEqual(needles.occurring('the TEAM42-1 and #3'), [false, true, true, true, true])
    assert.deepEqual(needles.occurring('TEAM7'), [false, true, false, false, false])
    assert.deepEqual(needles.occurring(''), [false, false, false, false, false])
    assert.throws(() => new NeedleSet(['']), RangeError)
  })
})
