// Term completions answered from answers made ahead (once a prefix and its options are asked often): the answers made
// the usual way, cut to the limit, whatever the local part, its case, its escapes and the options; never shared.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { PrefixIndex, type AutocompleteOptions } from '@prefixd/core'

/** More than READY_LIMIT: answered the usual way, so the answer of any smaller limit is its start. */
const USUAL = 1000

describe('term completion answered from answers made ahead', function () {
  this.timeout(120_000)
  let index: PrefixIndex
  const names = new Map<string, string[]>()
  before(async () => {
    index = await PrefixIndex.loadDefault()
    for (const prefix of ['schema', 'foaf', 'dbo', 'rdf', 'unit']) {
      const namespace = index.namespace(prefix)!
      names.set(
        prefix,
        index.terms().flatMap(({ iri }) => (iri.startsWith(namespace) ? [iri.slice(namespace.length)] : [])),
      )
    }
  })

  const options = fc.record({
    limit: fc.integer({ min: 0, max: 20 }),
    prefer: fc.constantFrom(undefined, 'class' as const, 'property' as const),
    caseSensitive: fc.boolean(),
    expand: fc.boolean(),
    type: fc.constantFrom(undefined, 'rdfs:Class', 'rdf:Property', 'schema:Thing'),
  })
  // Through the prefix, its synonym (sdo: is https://schema.org/) or a typo alias (shema:); a start of a name, in its
  // case or another, cut anywhere, or with an escape; a name and more.
  const query = fc
    .tuple(
      fc.constantFrom('schema', 'foaf', 'dbo', 'rdf', 'unit'),
      fc.nat(),
      fc.nat(40),
      fc.constantFrom('as is', 'upper', 'lower', 'escaped', 'more', 'sdo', 'shema'),
    )
    .map(([prefix, pick, length, how]) => {
      const list = names.get(prefix)!
      const start = list[pick % list.length]!.slice(0, length)
      const local =
        how === 'upper'
          ? start.toUpperCase()
          : how === 'lower'
            ? start.toLowerCase()
            : how === 'escaped'
              ? start.replace(/-|_/g, '\\$&')
              : how === 'more'
                ? start + 'q'
                : start
      const written = prefix === 'schema' && (how === 'sdo' || how === 'shema') ? how : prefix
      return `${written}:${local}`
    })

  it('answers as the usual way does, cut to the limit (fast-check)', () => {
    fc.assert(
      fc.property(query, options, (q, asked) => {
        const o: AutocompleteOptions = { ...asked, ...(asked.type === undefined && { type: undefined }) }
        // Often enough that this prefix and these options have their answers made ahead.
        for (let i = 0; i < 20; i++) index.complete(q, o)
        const usual = index.complete(q, { ...o, limit: USUAL })
        const answer = index.complete(q, o)
        assert.deepEqual(answer, usual && { suggestions: usual.suggestions.slice(0, o.limit), truncated: usual.suggestions.length > o.limit! })
      }),
      { numRuns: 600 },
    )
  })

  it('gives each caller an array of its own', () => {
    const usual = index.complete('schema:co', { limit: USUAL })!.suggestions.slice(0, 5)
    for (let i = 0; i < 20; i++) index.complete('schema:co', { limit: 5 })
    const first = index.complete('schema:co', { limit: 5 })!
    first.suggestions.push('mutated')
    first.suggestions[0] = 'changed'
    assert.deepEqual(index.complete('schema:co', { limit: 5 }), { suggestions: usual, truncated: true })
  })

  it('answers right after forgetting its tables: more asked than it may keep (32 MiB)', () => {
    const fresh = PrefixIndex.fromPrefixes(index.prefixes(), { terms: index.terms() })
    const usual = (q: string, o: AutocompleteOptions) => {
      const all = fresh.complete(q, { ...o, limit: USUAL })!
      return { suggestions: all.suggestions.slice(0, o.limit), truncated: all.suggestions.length > o.limit! }
    }
    // Each type is a table of schema:'s 26,036 starts (a number each), whether or not it names a type: ~400 pass the bound.
    for (let round = 0; round < 2; round++)
      for (let t = 0; t < 400; t++) {
        const o = { limit: 5, type: `ex:type${t}`, caseSensitive: t % 2 === 0 }
        for (let i = 0; i < 17; i++) fresh.complete('schema:na', o)
        if (t % 50 === 0)
          for (const q of ['schema:', 'schema:na', 'schema:Person', 'sdo:P'])
            assert.deepEqual(fresh.complete(q, { limit: 5 }), usual(q, { limit: 5 }), `${round} ${t} ${q}`)
      }
  })
})
