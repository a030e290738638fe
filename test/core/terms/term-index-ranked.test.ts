// Tests of TermIndex.forEachByRelevance against its order written plainly: the exact match, then by tier, then priority.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { tiersFor } from '../../../packages/core/src/prefix-index/completion-query.js'
import { TermIndex } from '../../../packages/core/src/terms/term-index.js'
import { caseBit, IS_CLASS, IS_LIVE, IS_PROPERTY, type TermRecord } from '../../../packages/core/src/terms/term-record.js'
import { TypeHierarchy } from '../../../packages/core/src/terms/type-hierarchy.js'
import { RDF_PROPERTY, RDFS_CLASS } from '../../../packages/core/src/terms/vocab.js'

const EX = 'http://example.org/'
const name = fc.array(fc.constantFrom('a', 'b', 'A', '1'), { minLength: 1, maxLength: 4 }).map((units) => units.join(''))

describe('TermIndex.forEachByRelevance', () => {
  it('lists the exact match, then the tiers’ terms, then the rest, each by priority — two-letter runs and wider ranges alike (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ local: name, kind: fc.constantFrom(0, 1, 2), deprecated: fc.boolean() }), {
          selector: (t) => t.local,
          minLength: 30,
          maxLength: 150,
        }),
        fc.array(fc.constantFrom('a', 'b', 'A'), { maxLength: 3 }).map((units) => units.join('')),
        fc.constantFrom(undefined, 'class' as const, 'property' as const),
        fc.boolean(),
        fc.integer({ min: 1, max: 30 }),
        (terms, tail, prefer, caseSensitive, take) => {
          const records: TermRecord[] = terms.map(({ local, kind, deprecated }) => ({
            iri: EX + local,
            types: kind === 1 ? [RDFS_CLASS] : kind === 2 ? [RDF_PROPERTY] : [],
            ...(deprecated && { deprecated }),
          }))
          const index = new TermIndex(records, new TypeHierarchy())
          const tiers = tiersFor(prefer, caseBit(tail.charAt(0))) ?? []
          const priority = index.priorities()
          const all = index.all()
          const prefix = EX + tail
          const matches = all.flatMap((record, rank) =>
            (caseSensitive ? record.iri.startsWith(prefix) : record.iri.toLowerCase().startsWith(prefix.toLowerCase())) ? [rank] : [],
          )
          const kindOf = (rank: number) => {
            const { iri, types, deprecated } = all[rank]!
            const kind = (types.includes(RDFS_CLASS) ? IS_CLASS : 0) | (types.includes(RDF_PROPERTY) ? IS_PROPERTY : 0)
            return kind | caseBit(iri.charAt(EX.length)) | (deprecated ? 0 : IS_LIVE)
          }
          const tierOf = (rank: number) => {
            const t = tiers.findIndex((mask) => (kindOf(rank) & mask) === mask)
            return t < 0 ? tiers.length : t
          }
          const exact = matches.filter((rank) => all[rank]!.iri === prefix)
          const expected = [...exact, ...matches.filter((rank) => !exact.includes(rank)).sort((a, b) => tierOf(a) - tierOf(b) || priority[a]! - priority[b]!)]
          const query = { caseSensitive, tiers, wanted: take + 1 }
          const got: number[] = []
          index.forEachByRelevance(EX, tail, query, (_, rank) => (got.push(rank), true))
          assert.deepEqual(got, expected)
          const head: number[] = []
          index.forEachByRelevance(EX, tail, query, (_, rank) => (head.push(rank), head.length < take))
          assert.deepEqual(head, expected.slice(0, take))
        },
      ),
      { numRuns: 500 },
    )
  })
})
