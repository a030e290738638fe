// One size of the scale benchmark, in its own process so heap and RSS are its own: prints one JSON line.

import { PrefixIndex } from '@prefixd/core'
import { generate } from './synthetic.js'
import { latencies, time } from './timing.js'
import { completionWorkload, shrinkWorkload } from './workloads.js'

const [prefixCount, termCount] = process.argv.slice(2).map(Number) as [number, number]
const gc = (globalThis as { gc?: () => void }).gc!
const data = generate(prefixCount, termCount)
gc()
const heapBefore = process.memoryUsage().heapUsed
const rssBefore = process.memoryUsage().rss
const started = performance.now()
const index = PrefixIndex.fromPrefixes(data.prefixes, { terms: data.terms })
const buildMs = performance.now() - started
data.terms.length = 0 // the index holds its own records; drop the generator's input before measuring
gc()
const heapBytes = process.memoryUsage().heapUsed - heapBefore
const rssBytes = process.memoryUsage().rss - rssBefore

const iris = shrinkWorkload(index, 100_000)
const expected = iris.map((iri) => index.shrink(iri))
for (let i = 0; i < 1000; i++) if (expected[i] !== undefined && index.expand(expected[i]!) !== iris[i]) throw new Error(`round trip failed for ${iris[i]}`)
const shrink = time(iris, (iri) => index.shrink(iri), { rounds: 5 })
// The same walk over 1,000 IRIs repeated: what is left when the trie path stays in the CPU cache.
const hotIris = Array.from({ length: iris.length }, (_, i) => iris[i % 1000]!)
const shrinkHot = time(hotIris, (iri) => index.shrink(iri), { rounds: 5 })

const queries = completionWorkload(index, 300)
const complete = (q: (typeof queries)[number]) =>
  index.autocomplete(q.query, { limit: 50, caseSensitive: q.caseSensitive ?? false, ...(q.type !== undefined && { type: q.type }) })
const [p50, p99] = latencies(queries, complete, [50, 99])
const typed = queries.filter((q) => q.type !== undefined)
const [typedP50, typedP99] = latencies(typed, complete, [50, 99])

console.log(
  JSON.stringify({
    prefixCount,
    termCount,
    buildMs,
    heapBytes,
    rssBytes,
    shrinkNs: shrink.nsPerOp,
    shrinkHotNs: shrinkHot.nsPerOp,
    p50,
    p99,
    typedP50,
    typedP99,
    queries: queries.length,
  }),
)
