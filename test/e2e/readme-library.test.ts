// The root README's library example, line by line: each `index.expand/shrink/autocomplete(…)  // answer` is run on
// the default data and its answer checked against the comment — a list's items as written (up to `…`) as the
// answer's first items, a quoted string or undefined exactly — so that the README shows what the library gives.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { PrefixIndex } from '@prefixd/core'

/** `index.<method>(<arguments>)   // <comment>` lines of the README's ts blocks. */
function exampleLines(markdown: string): Array<{ readonly call: string; readonly comment: string }> {
  const lines: Array<{ call: string; comment: string }> = []
  for (const [, block] of markdown.matchAll(/```ts\n([\s\S]*?)```/g)) {
    for (const line of block!.split('\n')) {
      const found = /^(index\.(?:expand|shrink|autocomplete)\(.*\))\s+\/\/ (.*)$/.exec(line)
      if (found) lines.push({ call: found[1]!, comment: found[2]! })
    }
  }
  return lines
}

/** What a comment says the answer is: a list's first items, a string, undefined — or nothing checkable. */
function expectedOf(comment: string): { kind: 'starts'; items: string[] } | { kind: 'is'; value: unknown } | undefined {
  if (comment.startsWith('[')) {
    const list = /^\[([^\]]*)\]/.exec(comment)?.[1] ?? ''
    const items = [...list.matchAll(/'([^']*)'/g)].map((m) => m[1]!)
    return { kind: 'starts', items }
  }
  const quoted = /^'([^']*)'/.exec(comment)
  if (quoted) return { kind: 'is', value: quoted[1]!.replace(/\\\\/g, '\\') }
  if (/^undefined\b/.test(comment)) return { kind: 'is', value: undefined }
  return undefined
}

describe("the root README's library example", function () {
  this.timeout(30_000)
  it('gives, for every expand, shrink and autocomplete line, what its comment says', async () => {
    const index = await PrefixIndex.loadDefault()
    const lines = exampleLines(readFileSync(new URL('../../README.md', import.meta.url), 'utf8'))
    assert.ok(lines.length >= 10, `${lines.length} example lines`)
    let checked = 0
    for (const { call, comment } of lines) {
      const expected = expectedOf(comment)
      if (expected === undefined) continue
      const answer = new Function('index', `return ${call}`)(index) as unknown
      if (expected.kind === 'is') assert.deepEqual(answer, expected.value, call)
      else assert.deepEqual((answer as string[]).slice(0, expected.items.length), expected.items, call)
      checked++
    }
    assert.ok(checked >= 10, `${checked} lines checked`)
  })
})
