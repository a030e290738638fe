// The goals of issue 24 for shrink and expand, side by side in one run: round trips over every IRI of the shipped
// vocabularies and random IRIs on their hosts, shrink on a varied workload against @zazuko/prefixes, expand against a Map.

import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { PrefixIndex } from '@prefixd/core'
import { vocabularyIris } from '../test/support/vocabulary-iris.js'
import { bareMapExpand, checkedMapExpand, zazukoContender } from './contenders.js'
import { seededRandom } from './synthetic.js'
import { cpuNsInTurns, formatNs, markdownTable, time } from './timing.js'

const load = execFileSync('uptime', { encoding: 'utf8' })
  .trim()
  .replace(/^.*load average:\s*/, '')
const index = await PrefixIndex.loadDefault()
const table = index.prefixes()
const vocabularies = vocabularyIris()
const all = [...new Set(vocabularies.flatMap((v) => v.iris))]

// 1. Round trips: every IRI of the vocabularies, then 100,000 random IRIs on their hosts (a cut of a real IRI
// after its host, and a random rest drawn from IRI characters and a few non-ASCII ones).
const misread = (iris: readonly string[]) =>
  iris.filter((iri) => {
    const name = index.shrink(iri)
    return name !== undefined && index.expand(name) !== iri
  })
const random = seededRandom(24)
const ALPHABET = "abcXYZ019-._~:/?#@!$&'()*+,;=%é中"
const randomIris = Array.from({ length: 100_000 }, () => {
  const real = all[Math.floor(random() * all.length)]!
  const host = Math.max(real.indexOf('/', real.indexOf('//') + 2), 0)
  let iri = real.slice(0, host + Math.floor(random() * (real.length - host + 1)))
  for (let n = Math.floor(random() * 10); n > 0; n--) iri += ALPHABET[Math.floor(random() * ALPHABET.length)]
  return iri
})
const wrongVocabulary = misread(all)
const wrongRandom = misread(randomIris)
const named = all.filter((iri) => index.shrink(iri) !== undefined).length

// 2. The varied workload: the vocabularies in turn, one IRI of each (drawn at random), every fifth on an unknown host.
const workload: string[] = []
for (let i = 0; workload.length < 100_000; i++) {
  if (i % 5 === 4) workload.push(`http://host-${i % 997}.unknown.example/thing/${i}`)
  else {
    const { iris } = vocabularies[i % vocabularies.length]!
    workload.push(iris[Math.floor(random() * iris.length)]!)
  }
}
// 2b. IRIs as they occur in data: drawn from every package's IRIs alike, so that a vocabulary counts by its size (QUDT's
// units, DBpedia and schema.org dominate) — issue 39's workload, where an outside harness measured 860–1,150 ns a call.
const everyIri = vocabularies.flatMap((v) => v.iris)
const weighted = Array.from({ length: 100_000 }, () => everyIri[Math.floor(random() * everyIri.length)]!)
const zazuko = zazukoContender(table)
// Answers first, on a sample: prefixd's names must read back; how @zazuko/prefixes' answers compare is counted.
const answers = { same: 0, other: 0, onlyZazuko: 0, onlyPrefixd: 0, neither: 0 }
for (const iri of workload.slice(0, 5000)) {
  const mine = index.shrink(iri)
  const theirs = zazuko.shrink(iri)
  if (mine !== undefined && index.expand(mine) !== iri) throw new Error(`prefixd misreads ${iri}: ${mine}`)
  if (mine === theirs) answers[mine === undefined ? 'neither' : 'same']++
  else if (mine === undefined) answers.onlyZazuko++
  else if (theirs === undefined) answers.onlyPrefixd++
  else answers.other++
}
// In turns, so that load on the shared machine falls on each alike; each figure is the best of three medians.
let shrinkNs = Infinity
let zazukoNs = Infinity
for (let turn = 0; turn < 3; turn++) {
  shrinkNs = Math.min(shrinkNs, time(workload, (iri) => index.shrink(iri)).nsPerOp)
  zazukoNs = Math.min(zazukoNs, time(workload, (iri) => zazuko.shrink(iri), { rounds: 3, roundMs: 500 }).nsPerOp)
}

let weightedNs = Infinity
for (let turn = 0; turn < 3; turn++) weightedNs = Math.min(weightedNs, time(weighted, (iri) => index.shrink(iri)).nsPerOp)

// CPU time of the process per call, the least of 7 passes: what other processes' load moves least.
const shrinkCpuNs = cpuNsInTurns(workload, { shrink: (iri: string) => index.shrink(iri) }, 7).shrink
const weightedCpuNs = cpuNsInTurns(weighted, { shrink: (iri: string) => index.shrink(iri) }, 7).shrink

// 3. expand of the same IRIs' names (misses as unknown prefixes) against a bare Map lookup and concatenation.
const names = workload.map((iri, i) => index.shrink(iri) ?? `nosuch${i % 97}:thing${i}`)
const bare = bareMapExpand(table)
const checked = checkedMapExpand(table)
let expandNs = Infinity
let bareNs = Infinity
for (let turn = 0; turn < 3; turn++) {
  expandNs = Math.min(expandNs, time(names, (name) => index.expand(name)).nsPerOp)
  bareNs = Math.min(bareNs, time(names, bare).nsPerOp)
}
// The same in CPU time, with the floor of a validating expand beside it: the bare Map that also checks the local name.
const expandCpu = cpuNsInTurns(names, { expand: (name: string) => index.expand(name), bare, checked }, 15)

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met')
const rows = [
  [
    'IRIs of the vocabularies where expand(shrink(iri)) !== iri',
    `0 of ${all.length.toLocaleString('en')}`,
    `${wrongVocabulary.length} (${named.toLocaleString('en')} named)`,
    verdict(wrongVocabulary.length === 0),
  ],
  ['random IRIs on their hosts where expand(shrink(iri)) !== iri', '0 of 100,000', String(wrongRandom.length), verdict(wrongRandom.length === 0)],
  ['shrink per call, varied workload (100,000 IRIs)', '≤ 300 ns', formatNs(shrinkNs), verdict(shrinkNs <= 300)],
  ['shrink CPU time per call, same workload (least of 7 passes)', '≤ 300 ns', formatNs(shrinkCpuNs), verdict(shrinkCpuNs <= 300)],
  ['shrink per call, IRIs weighted by vocabulary size (100,000)', '≤ 300 ns', formatNs(weightedNs), verdict(weightedNs <= 300)],
  ['shrink CPU time per call, weighted workload (least of 7 passes)', '≤ 300 ns', formatNs(weightedCpuNs), verdict(weightedCpuNs <= 300)],
  [
    'shrink against @zazuko/prefixes on the same IRIs',
    '≥ 2,000×',
    `${Math.round(zazukoNs / shrinkNs).toLocaleString('en')}× (${formatNs(zazukoNs)})`,
    verdict(zazukoNs / shrinkNs >= 2000),
  ],
  [
    'expand against a bare Map.get + concat',
    '≤ 1.5×',
    `${(expandNs / bareNs).toFixed(2)}× (${formatNs(expandNs)} / ${formatNs(bareNs)})`,
    verdict(expandNs / bareNs <= 1.5),
  ],
  [
    'expand CPU time against the bare Map (least of 15 passes, in turns)',
    '≤ 1.5×',
    `${(expandCpu.expand / expandCpu.bare).toFixed(2)}× (${formatNs(expandCpu.expand)} / ${formatNs(expandCpu.bare)})`,
    verdict(expandCpu.expand / expandCpu.bare <= 1.5),
  ],
  [
    'expand CPU time against the bare Map that checks the local name as expand does (the floor of a validating expand)',
    '≤ 1.15×',
    `${(expandCpu.expand / expandCpu.checked).toFixed(2)}× (${formatNs(expandCpu.expand)} / ${formatNs(expandCpu.checked)}; ` +
      `the floor is ${(expandCpu.checked / expandCpu.bare).toFixed(2)}× the bare Map)`,
    verdict(expandCpu.expand / expandCpu.checked <= 1.15),
  ],
]
const text = [
  '# Shrink and expand: the goals of issue 24\n',
  `Node ${process.version}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${load} (2 cores, shared); ` +
    `\`npm run bench\` (bench/shrink.ts). ${vocabularies.length} @vocabulary packages, ${all.length.toLocaleString('en')} distinct IRIs. ` +
    'The varied workload takes the packages in turn (one IRI of each, drawn at random), every fifth IRI on an unknown host. ' +
    'Times: the best of three medians of 7 rounds, the contenders in turns in one process; the ratios are the figures to read on a loaded machine.\n',
  markdownTable(['goal', 'wanted', 'measured', ''], rows),
  `\nAnswers on the first 5,000 IRIs of the workload: the same name ${answers.same}, neither names it ${answers.neither}, ` +
    `another name ${answers.other}, only @zazuko/prefixes names it ${answers.onlyZazuko} (with a prefix prefixd does not write: ` +
    `suspect, or a name that would not read back), only prefixd ${answers.onlyPrefixd}.\n`,
  wrongVocabulary.length + wrongRandom.length > 0 ? `\nFirst misreads: ${[...wrongVocabulary, ...wrongRandom].slice(0, 5).join(', ')}\n` : '',
].join('\n')
console.log(text)
writeFileSync(new URL('./results/shrink.md', import.meta.url), text)
