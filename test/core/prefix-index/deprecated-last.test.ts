// Deprecated terms after live ones: for every deprecated term of the default data, every start of its name typed, in each position.

import assert from 'node:assert/strict'
import { PrefixIndex } from '@prefixd/core'

describe('deprecated terms in completion', function () {
  this.timeout(30_000)
  let index: PrefixIndex
  before(async () => (index = await PrefixIndex.loadDefault()))

  it('never puts a deprecated term first while a live one matches, unless typed in full', () => {
    const deprecated = index.terms().filter((t) => t.deprecated && index.shrink(t.iri) !== undefined)
    assert.ok(deprecated.length > 100, `${deprecated.length} deprecated terms`)
    const isDeprecated = (name: string) => index.term(index.expand(name) ?? '')?.deprecated === true
    const wrong: string[] = []
    let queries = 0
    for (const term of deprecated) {
      const name = index.shrink(term.iri)!
      const colon = name.indexOf(':')
      for (let end = colon + 1; end < name.length; end++) {
        const query = name.slice(0, end)
        for (const prefer of [undefined, 'class', 'property'] as const) {
          queries++
          const first = index.autocomplete(query, { limit: 1, ...(prefer && { prefer }) })?.[0]
          if (first === undefined || first === query || !isDeprecated(first)) continue
          const all = index.autocomplete(query, { limit: 100_000 }) ?? []
          if (all.some((n) => n.includes(':') && n !== query && !n.endsWith(':') && !isDeprecated(n))) wrong.push(`${query} (${prefer ?? 'any'}) → ${first}`)
        }
      }
    }
    assert.deepEqual(wrong.slice(0, 10), [], `${wrong.length} of ${queries} queries`)
  })
})
