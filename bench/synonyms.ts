// What namespace synonyms cost expand and shrink: the default index with its synonyms, without them, and with
// a thousand more (an https twin of 1,000 namespaces), timed in turns in one process so that a shared machine
// weighs on each alike; plus candidates, standardize and searchNamespaces, which only synonyms and curation use.

import { readFileSync, writeFileSync } from 'node:fs'
import { addCompact, candidates, PrefixIndex, PrefixIndexBuilder, searchNamespaces, type CompactIndex } from '@prefixd/core'
import { FULL_INDEX_FILE, tierJson } from '@prefixd/data'
import { formatNs, markdownTable, time, type Timing } from './timing.js'
import { expandWorkload, shrinkWorkload } from './workloads.js'

const full = JSON.parse(tierJson(readFileSync(FULL_INDEX_FILE, 'utf8'))) as CompactIndex
const { namespaceSynonyms, ...withoutSynonyms } = full

const withSynonyms = await PrefixIndex.loadDefault()
const without = addCompact(new PrefixIndexBuilder(), withoutSynonyms).build()
const manyBuilder = addCompact(new PrefixIndexBuilder(), full)
const twins = withSynonyms
  .records()
  .filter((r) => r.namespace.startsWith('http://'))
  .slice(0, 1000)
for (const r of twins) manyBuilder.addNamespaceSynonym('https://' + r.namespace.slice('http://'.length), r.namespace)
const many = manyBuilder.build()

const iris = shrinkWorkload(withSynonyms)
const names = expandWorkload(withSynonyms, iris)
// The same IRIs with http:// turned into https:// where a twin was added: shrink reads them through a synonym.
const twinned = new Set(twins.map((r) => r.namespace))
const httpsIris = iris.map((iri) => {
  const name = without.shrink(iri)
  const ns = name === undefined ? undefined : without.namespace(name.slice(0, name.indexOf(':')))
  return ns !== undefined && twinned.has(ns) ? 'https://' + iri.slice('http://'.length) : iri
})

// Answers first: synonyms must not change what the default data's IRIs shrink to.
for (const iri of iris) {
  const a = without.shrink(iri)
  const b = withSynonyms.shrink(iri)
  if (a !== b && !iri.startsWith('https://schema.org/')) throw new Error(`shrink differs for ${iri}: ${a} / ${b}`)
}

const indexes = { 'without synonyms': without, 'default (3 synonyms)': withSynonyms, '+1,000 synonyms': many } as const
type Name = keyof typeof indexes
const runs: Array<[string, (index: PrefixIndex) => Timing]> = [
  ['shrink (100k IRIs, 20% misses)', (index) => time(iris, (iri) => index.shrink(iri))],
  ['expand (100k names)', (index) => time(names, (name) => index.expand(name))],
  ['shrink, IRIs through https twins', (index) => time(httpsIris, (iri) => index.shrink(iri))],
]
// In turns, six times over, the order of the indexes rotating (what runs after another pays for its garbage);
// each cell is the best of its six medians (the least disturbed).
const best = new Map<string, number>()
const indexNames = Object.keys(indexes) as Name[]
for (let turn = 0; turn < 6; turn++) {
  const order = [...indexNames.slice(turn % indexNames.length), ...indexNames.slice(0, turn % indexNames.length)]
  for (const [what, run] of runs) {
    for (const name of order) {
      const ns = run(indexes[name]).nsPerOp
      const key = `${what}\0${name}`
      best.set(key, Math.min(best.get(key) ?? Infinity, ns))
    }
  }
}
const rows = runs.map(([what]) => {
  const base = best.get(`${what}\0without synonyms`)!
  return [
    what,
    ...(Object.keys(indexes) as Name[]).map((name) => {
      const ns = best.get(`${what}\0${name}`)!
      return name === 'without synonyms' ? formatNs(ns) : `${formatNs(ns)} (${(ns / base).toFixed(2)}×)`
    }),
  ]
})

const sample = iris.slice(0, 20_000)
const curation = [
  ['candidates(iri)', formatNs(time(sample, (iri) => candidates(withSynonyms, iri)).nsPerOp)],
  ['standardize(iri)', formatNs(time(sample, (iri) => withSynonyms.standardize(iri)).nsPerOp)],
  ['standardize(name)', formatNs(time(names.slice(0, 20_000), (name) => withSynonyms.standardize(name)).nsPerOp)],
  [
    'searchNamespaces(host)',
    formatNs(time(['schema.org', 'xmlns.com/foaf', 'w3.org/ns', 'purl.org/dc'], (q) => searchNamespaces(withSynonyms, q), { rounds: 3 }).nsPerOp),
  ],
]

const text = [
  '# Namespace synonyms\n',
  `Node ${process.version}, ${new Date().toISOString().slice(0, 10)}; \`npm run bench\` (bench/synonyms.ts). The default index without its ` +
    `namespace synonyms, as shipped (${namespaceSynonyms?.length ?? 0}), and with an https twin of ${twins.length} namespaces more; ` +
    'each figure is the best of six medians taken in turns (the order rotating), so that load on a shared machine falls on all alike. Ratios are to the index without synonyms.\n',
  markdownTable(['ns per call', ...Object.keys(indexes)], rows),
  '\nWhat only curation uses (the default index, 20,000 IRIs or names of the shrink workload):\n',
  markdownTable(['operation', 'per call'], curation),
].join('\n')
console.log(text)
writeFileSync(new URL('./results/synonyms.md', import.meta.url), text)
