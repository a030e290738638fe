// Issue 39's schema: queries, this build against another commit's (BENCH_BASE=<commit>), interleaved in one run:
// per query the best of 5 calls of each build, alternating, and the best of 3 of the prefix service's scan, over
// ROUNDS rounds (the best of each kept). Prints the queries under 100× the scan by kind for both builds.
//
//   BENCH_BASE=<commit> node --import tsx bench/schema-ab.ts

import { loadavg } from 'node:os'
import { PrefixIndex } from '@prefixd/core'
import { buildAt, withTreeData } from './base-build.js'
import { formatNs } from './timing.js'
import { completionWorkload, type CompletionQuery } from './workloads.js'

const commit = process.env.BENCH_BASE
if (commit === undefined) throw new Error('BENCH_BASE=<commit> names the build to compare with')
const { path, sha } = await buildAt(commit, 'packages/core/dist/index.js')
withTreeData(path.slice(0, -'packages/core/dist/index.js'.length))
const base = (await import(path)) as { PrefixIndex: typeof PrefixIndex }
const mine = await PrefixIndex.loadDefault()
const theirs = await base.PrefixIndex.loadDefault()
const table = mine.prefixes()
const queries = completionWorkload(mine).filter((q) => q.query.startsWith('schema:'))
const terms = mine.terms().flatMap((term) => {
  const name = mine.shrink(term.iri)
  return name?.startsWith('schema:') ? [{ local: term.iri.slice(table['schema']!.length), types: term.types }] : []
})
// The prefix service's algorithm, as bench/core.ts has it: lower-case and scan every term of the prefix.
function scan({ query, type, caseSensitive }: CompletionQuery): string[] {
  const fold = (s: string) => (caseSensitive ? s : s.toLowerCase())
  const wanted = type === undefined ? undefined : (mine.expand(type) ?? type)
  const results: string[] = []
  for (const term of terms)
    if (fold(term.local).startsWith(fold(query.slice(7))) && (wanted === undefined || term.types.includes(wanted))) results.push('schema:' + term.local)
  return results.slice(0, 20)
}
const call = (index: PrefixIndex) => (q: CompletionQuery) =>
  index.autocomplete(q.query, { limit: 20, caseSensitive: q.caseSensitive ?? false, ...(q.type !== undefined && { type: q.type }) })
const ops = { base: call(theirs), mine: call(mine), scan }
const bestOf = (op: (q: CompletionQuery) => unknown, q: CompletionQuery, calls: number, best: number): number => {
  for (let i = 0; i < calls; i++) {
    const started = process.hrtime.bigint()
    op(q)
    best = Math.min(best, Number(process.hrtime.bigint() - started))
  }
  return best
}
const best = { base: queries.map(() => Infinity), mine: queries.map(() => Infinity), scan: queries.map(() => Infinity) }
const ROUNDS = Number(process.env.ROUNDS ?? 3)
const loads = [loadavg()[0]!.toFixed(1)]
for (let round = 0; round < ROUNDS; round++) {
  queries.forEach((q, i) => {
    const order = (i + round) % 2 === 0 ? (['base', 'mine'] as const) : (['mine', 'base'] as const)
    for (const name of order) best[name][i] = bestOf(ops[name], q, 5, best[name][i]!)
    best.scan[i] = bestOf(scan, q, 3, best.scan[i]!)
  })
  loads.push(loadavg()[0]!.toFixed(1))
}
const kindOf = (q: CompletionQuery) => {
  const letters = q.query.length - 7
  return `${q.caseSensitive === true ? 'case-sensitive' : q.type !== undefined ? 'typed' : 'plain'} ${letters >= 4 ? '4+' : letters}`
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN
const kinds = new Map<string, number[]>()
queries.forEach((q, i) => kinds.set(kindOf(q), [...(kinds.get(kindOf(q)) ?? []), i]))
console.log(`${queries.length} schema: queries, ${ROUNDS} rounds, this build against ${sha.slice(0, 12)}; load ${loads.join(' → ')}`)
console.log('kind | n | base median | this median | this/base (sum) | base under 100× | this under 100× | scan median')
for (const [kind, items] of [...kinds].sort()) {
  const sum = (xs: number[]) => items.reduce((t, i) => t + xs[i]!, 0)
  const under = (xs: number[]) => items.filter((i) => best.scan[i]! / xs[i]! < 100).length
  console.log(
    `${kind} | ${items.length} | ${formatNs(median(items.map((i) => best.base[i]!)))} | ${formatNs(median(items.map((i) => best.mine[i]!)))} | ${(sum(best.mine) / sum(best.base)).toFixed(3)} | ${under(best.base)} | ${under(best.mine)} | ${formatNs(median(items.map((i) => best.scan[i]!)))}`,
  )
}
const under = (xs: number[]) => queries.filter((_, i) => best.scan[i]! / xs[i]! < 100).length
console.log(`under 100×: base ${under(best.base)}, this ${under(best.mine)} of ${queries.length}`)
if (process.env.LIST !== undefined)
  queries
    .map((q, i) => ({ q, i, ratio: best.scan[i]! / best.mine[i]! }))
    .filter((x) => x.ratio < Number(process.env.LIST))
    .sort((a, b) => a.ratio - b.ratio)
    .forEach(({ q, i, ratio }) =>
      console.log(
        `${ratio.toFixed(0)}× ${JSON.stringify(q)} this ${formatNs(best.mine[i]!)} base ${formatNs(best.base[i]!)} scan ${formatNs(best.scan[i]!)} answers ${ops.mine(q)?.length}`,
      ),
    )
