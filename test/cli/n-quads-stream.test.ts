// Tests of pretty --stream's N-Triples/N-Quads reader: the quads n3's StreamParser gives, blank nodes labelled
// alike, however the input is cut into chunks and whichever runs of lines the fast reader leaves to n3.

import assert from 'node:assert/strict'
import { Readable } from 'node:stream'
import fc from 'fast-check'
import { StreamParser } from 'n3'
import type { Quad, Term } from '@rdfjs/types'
import { NQuadsStream } from '../../packages/cli/src/n-quads-stream.js'

const exact = (term: Term): string =>
  term.termType === 'Literal'
    ? `${JSON.stringify(term.value)}@${term.language}--${term.direction ?? ''}^^${term.datatype.value}`
    : `${term.termType} ${term.value}`
const lines = (quads: readonly Quad[]): string[] => quads.map((q) => [q.subject, q.predicate, q.object, q.graph].map(exact).join(' '))

/** `bytes` cut at `cuts` and read by `reader`: its quads, or its error's message. */
async function through(reader: NodeJS.ReadWriteStream, bytes: Buffer, cuts: number[]): Promise<string[] | string> {
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)
  const chunks = [0, ...at].map((from, i) => bytes.subarray(from, at[i] ?? bytes.length)).filter((c) => c.length > 0)
  const quads: Quad[] = []
  try {
    for await (const quad of Readable.from(chunks).pipe(reader)) quads.push(quad as unknown as Quad)
  } catch (error) {
    return (error as Error).message
  }
  return lines(quads)
}

const LINES = [
  '<http://example.org/s> <http://example.org/p> <http://example.org/o> .',
  '_:b1 <http://example.org/p> "x"@EN-gb .',
  '<http://example.org/s> <http://example.org/p> _:b1 .',
  '<http://example.org/s> <http://example.org/p> "caf\\u00E9 \\"q\\"\\n"^^<http://example.org/d> .',
  '<http://example.org/é> <http://example.org/p> "中文 😀" . # a comment',
  '<rel> <http://example.org/p> "relative: n3 reads this run" .',
  '<http://example.org/s> <http://example.org/p> "crlf" .\r',
  '# a comment line',
  '',
  '<http://example.org/s> <http://example.org/p> <http://example.org/o> <http://example.org/g> .',
  '_:g <http://example.org/p> _:b1 _:g .',
]

describe('NQuadsStream', function () {
  this.timeout(120_000)

  it('gives the quads n3’s StreamParser gives, blank nodes labelled alike, however the input is cut', async () => {
    const document = fc.array(fc.constantFrom(...LINES), { maxLength: 30 }).map((ls) => ls.join('\n') + '\n')
    await fc.assert(
      fc.asyncProperty(document, fc.array(fc.nat(), { maxLength: 6 }), fc.boolean(), async (text, cuts, quads) => {
        const body = quads ? text : text.replace(/ <http:\/\/example\.org\/g> \.| _:g \./g, ' .')
        const bytes = Buffer.from(body, 'utf8')
        const format = quads ? 'N-Quads' : 'N-Triples'
        // n3's first parser labels `_:x` as `b0_x`: the reader under test must write the same labels.
        const expected = await through(new StreamParser({ format, blankNodePrefix: 'b0_' }), bytes, [])
        assert.deepEqual(await through(new NQuadsStream(quads), bytes, cuts), expected)
      }),
      { numRuns: 200 },
    )
  })

  it('says a syntax error at its line in the whole input, as n3 does', async () => {
    const text = LINES.slice(0, 5).join('\n') + '\n'.repeat(3) + '<http://example.org/s> <http://example.org/p> .\n'
    const expected = await through(new StreamParser({ format: 'N-Triples' }), Buffer.from(text), [])
    assert.match(String(expected), /on line 8\.$/)
    assert.equal(await through(new NQuadsStream(false), Buffer.from(text), [100, 250]), expected)
  })
})
