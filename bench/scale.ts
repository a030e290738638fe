// Scale benchmark: index build, memory, shrink and autocomplete latency as the data grows 100-fold.

import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { formatNs, markdownTable } from './timing.js'

interface Row {
  prefixCount: number
  termCount: number
  buildMs: number
  heapBytes: number
  rssBytes: number
  shrinkNs: number
  shrinkHotNs: number
  p50: number
  p99: number
  typedP50: number
  typedP99: number
  queries: number
}

const SIZES: ReadonlyArray<readonly [number, number]> = [
  [1_000, 10_000],
  [10_000, 100_000],
  [100_000, 1_000_000],
]

const rows: Row[] = SIZES.map(([prefixes, terms]) => {
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=4096', '--import', 'tsx', new URL('./scale-one.ts', import.meta.url).pathname, String(prefixes), String(terms)],
    { encoding: 'utf8' },
  )
  const row = JSON.parse(output.trim().split('\n').pop()!) as Row
  console.log(`${prefixes} prefixes, ${terms} terms: built in ${row.buildMs.toFixed(0)} ms`)
  return row
})

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`
const table = markdownTable(
  ['prefixes', 'terms', 'build', 'heap', 'RSS', 'shrink ns/op', 'shrink, 1,000 hot IRIs', 'autocomplete p50', 'p99', 'typed p50', 'typed p99'],
  rows.map((r) => [
    r.prefixCount.toLocaleString('en'),
    r.termCount.toLocaleString('en'),
    `${(r.buildMs / 1000).toFixed(2)} s`,
    mb(r.heapBytes),
    mb(r.rssBytes),
    formatNs(r.shrinkNs),
    formatNs(r.shrinkHotNs),
    formatNs(r.p50),
    formatNs(r.p99),
    formatNs(r.typedP50),
    formatNs(r.typedP99),
  ]),
)
const text =
  `# Scale benchmark\n\nNode ${process.version}, ${new Date().toISOString().slice(0, 10)}. Seeded synthetic data (bench/synthetic.ts); ` +
  `shrink over 100,000 IRIs (20% with no namespace); autocomplete typed character by character, limit 50, ` +
  `${rows[0]!.queries.toLocaleString('en')}+ queries per size, a third of them with a type filter. "Hot" repeats the first ` +
  `1,000 IRIs of the shrink workload: the same walks with the trie path in the CPU cache, which separates the cost of the ` +
  `algorithm (one walk per IRI, whatever the table size) from the cost of memory as the table outgrows the cache.\n\n${table}\n![latency against data size](scale.svg)\n`
writeFileSync(new URL('./results/scale.md', import.meta.url), text)
writeFileSync(new URL('./results/scale.svg', import.meta.url), chart(rows))
console.log('\n' + text)

/** A log-log line chart: latency (ns) against number of terms, one line per operation. */
function chart(data: readonly Row[]): string {
  const series: Array<[string, string, (r: Row) => number]> = [
    ['shrink (ns/op)', '#1f77b4', (r) => r.shrinkNs],
    ['shrink, hot IRIs', '#17becf', (r) => r.shrinkHotNs],
    ['autocomplete p50', '#2ca02c', (r) => r.p50],
    ['autocomplete p99', '#d62728', (r) => r.p99],
    ['typed autocomplete p99', '#9467bd', (r) => r.typedP99],
  ]
  const width = 640
  const height = 360
  const left = 70
  const right = 190
  const top = 30
  const bottom = 50
  const xs = data.map((r) => Math.log10(r.termCount))
  const values = data.flatMap((r) => series.map(([, , f]) => f(r)))
  const yMin = Math.floor(Math.log10(Math.min(...values)))
  const yMax = Math.ceil(Math.log10(Math.max(...values)))
  const x = (v: number) => left + ((v - xs[0]!) / (xs[xs.length - 1]! - xs[0]!)) * (width - left - right)
  const y = (ns: number) => top + (1 - (Math.log10(ns) - yMin) / (yMax - yMin)) * (height - top - bottom)
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${left}" y="18" font-size="14">Latency against data size (log–log)</text>`,
  ]
  for (let e = yMin; e <= yMax; e++) {
    const yy = y(10 ** e)
    parts.push(`<line x1="${left}" x2="${width - right}" y1="${yy}" y2="${yy}" stroke="#ddd"/>`)
    const label = e >= 6 ? `${10 ** (e - 6)} ms` : e >= 3 ? `${10 ** (e - 3)} µs` : `${10 ** e} ns`
    parts.push(`<text x="${left - 8}" y="${yy + 4}" text-anchor="end">${label}</text>`)
  }
  data.forEach((r, i) => {
    const xx = x(xs[i]!)
    parts.push(`<line x1="${xx}" x2="${xx}" y1="${top}" y2="${height - bottom}" stroke="#eee"/>`)
    parts.push(`<text x="${xx}" y="${height - bottom + 18}" text-anchor="middle">${r.termCount.toLocaleString('en')} terms</text>`)
    parts.push(`<text x="${xx}" y="${height - bottom + 32}" text-anchor="middle" fill="#666">${r.prefixCount.toLocaleString('en')} prefixes</text>`)
  })
  series.forEach(([name, color, f], k) => {
    const points = data.map((r, i) => `${x(xs[i]!).toFixed(1)},${y(f(r)).toFixed(1)}`).join(' ')
    parts.push(`<polyline points="${points}" fill="none" stroke="${color}" stroke-width="2"/>`)
    data.forEach((r, i) => parts.push(`<circle cx="${x(xs[i]!).toFixed(1)}" cy="${y(f(r)).toFixed(1)}" r="3" fill="${color}"/>`))
    const ly = top + 10 + k * 20
    parts.push(`<line x1="${width - right + 15}" x2="${width - right + 35}" y1="${ly}" y2="${ly}" stroke="${color}" stroke-width="2"/>`)
    parts.push(`<text x="${width - right + 40}" y="${ly + 4}">${name}</text>`)
  })
  parts.push('</svg>\n')
  return parts.join('\n')
}
