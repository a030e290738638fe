// A set's vocabulary files, on the LV2 corpus of bench/usage.ts (Debian's lv2-dev specification and plugin packages):
// what a PUT of each specification file costs (read at once by the usage reader), and completion over HTTP under a
// set that carries the files and their usage against the same set without them — each query asked once of each,
// alternating, so every answer is computed (a set's answers are cached after). `prefixd serve` as `npm start` runs it.
// Then a JSON-LD file's PUT with GETs meanwhile (set-json-ld.ts); in process, what a PUT spends on its answer's `served` (set-file-prefixes.ts), and a set's usage layered over the
// served `--usage` against the merged copy it replaced (set-usage-layers.ts).

import { mkdtempSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readRdfInto, UsageCollector, type Usage } from '@prefixd/core'
import { loadCorpus, PLUGIN_PACKAGES, SPECIFICATION } from './usage-corpus.js'
import { startService, stop, TOKEN } from './serve-child.js'
import { filePrefixesSection } from './set-file-prefixes.js'
import { jsonLdSection } from './set-json-ld.js'
import { domainsSection, layersSection } from './set-usage-layers.js'

const PLUGINS = Number(process.env.BENCH_PLUGINS ?? 12)
const QUERIES = Number(process.env.BENCH_QUERIES ?? 400)
const RESULTS = new URL('results/set-vocabularies.md', import.meta.url)
const WORKDIR = mkdtempSync(join(tmpdir(), 'prefixd-bench-set-vocabularies-'))

const lines: string[] = []
const say = (line = ''): void => {
  console.log(line)
  lines.push(line)
}
const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN
}
const fmt = (n: number, digits = 1): string => n.toFixed(digits)

async function put(base: string, path: string, body: string | Uint8Array, type: string): Promise<number> {
  const started = performance.now()
  const response = await fetch(`${base}/api/v1/sets/${path}`, { method: 'PUT', body, headers: { 'content-type': type, authorization: `Bearer ${TOKEN}` } })
  const text = await response.text()
  if (!response.ok) throw new Error(`PUT ${path}: ${response.status} ${text.slice(0, 300)}`)
  return performance.now() - started
}

async function usageOf(files: ReadonlyArray<{ path: string; bytes: Buffer }>): Promise<Usage> {
  const collector = new UsageCollector()
  for (const file of files) await readRdfInto(collector, [file.bytes], { format: 'turtle', name: file.path }).catch(() => {}) // a file that does not read counts as far as it read
  return collector.finish()
}

/** Queries as an editor asks them where a predicate goes: the property's prefix and first letter, and the property before. */
function queriesFrom(usage: Usage, prefixes: ReadonlyArray<{ prefix: string; namespace: string }>): Array<{ q: string; previous: string }> {
  const file = usage.toJSON()
  const seen = new Set<string>()
  const queries: Array<{ q: string; previous: string; count: number }> = []
  for (let i = 0; i < file.follows.length; i += 3) {
    const [previous, next, count] = [file.follows[i]!, file.follows[i + 1]!, file.follows[i + 2]!]
    if (previous < 0) continue
    const iri = file.iris[next]!
    const row = prefixes
      .filter((p) => iri.startsWith(p.namespace) && /^[A-Za-z]/.test(iri.slice(p.namespace.length)))
      .sort((a, b) => b.namespace.length - a.namespace.length)[0]
    if (row === undefined) continue
    const q = `${row.prefix}:${iri[row.namespace.length]}`
    const key = `${q} ${file.iris[previous]}`
    if (seen.has(key)) continue
    seen.add(key)
    queries.push({ q, previous: file.iris[previous]!, count })
  }
  return queries.sort((a, b) => b.count - a.count || (a.q < b.q ? -1 : 1)).slice(0, QUERIES)
}

const { packages, missing } = await loadCorpus([SPECIFICATION, ...PLUGIN_PACKAGES.slice(0, PLUGINS)])
const spec = packages.find((p) => p.name === SPECIFICATION)
if (spec === undefined) throw new Error(`the specification ${SPECIFICATION} could not be fetched (apt-get download ${SPECIFICATION})`)
const specFiles = spec.files.filter((f) => basename(f.path) !== 'manifest.ttl')
const plugins = packages.filter((p) => p !== spec)
const pluginUsage = await usageOf(plugins.flatMap((p) => p.files))
const all = await usageOf([...specFiles, ...plugins.flatMap((p) => p.files)])
const prefixes = all
  .prefixes()
  .filter((row) => /^[A-Za-z][A-Za-z0-9_-]*$/.test(row.prefix) && /^https?:\/\//.test(row.namespace))
  .slice(0, 60)
const queries = queriesFrom(all, prefixes)

say(`# A set's vocabulary files — ${new Date().toISOString().slice(0, 16)} UTC, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`)
say()
say(
  `Load average at the start: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(', ')} — the machine is shared: compare the ratios of one run.`,
)
say()
say(
  `Corpus: Debian's ${spec.deb} (${specFiles.length} specification files, manifests left out) and ${plugins.length} plugin packages (${plugins.reduce((n, p) => n + p.files.length, 0)} Turtle files)${missing.length > 0 ? `; not fetched: ${missing.join(', ')}` : ''}. Two sets with the same ${prefixes.length} prefixes (those the corpus declares most): \`lv2\` carries the specification files, each PUT as Turtle, and the plugins' usage as one \`prefixd index\` file; \`plain\` carries none.`,
)
say()

const service = await startService(join(WORKDIR, 'sets.db'), 'sqlite', WORKDIR)
try {
  const table = prefixes.map((row) => `@prefix ${row.prefix}: <${row.namespace}> .`).join('\n')
  for (const name of ['lv2', 'plain']) await put(service.base, name, table, 'text/turtle')
  const putMs: number[] = []
  for (const file of specFiles) putMs.push(await put(service.base, `lv2/vocabularies/${basename(file.path)}`, file.bytes, 'text/turtle'))
  const usageText = JSON.stringify(pluginUsage)
  const usagePutMs = await put(service.base, 'lv2/vocabularies/plugins.json', usageText, 'application/json')
  const specBytes = specFiles.reduce((n, f) => n + f.bytes.length, 0)
  say('## PUT')
  say()
  say(
    `${specFiles.length} specification files (${(specBytes / 1024).toFixed(0)} KB in all), each read and stored at its PUT: median ${fmt(percentile(putMs, 0.5))} ms, p99 ${fmt(percentile(putMs, 0.99))} ms, ${fmt(putMs.reduce((a, b) => a + b, 0) / 1000, 2)} s in all. The plugins' usage (${(usageText.length / 1024).toFixed(0)} KB of prefixd-usage/1, ${pluginUsage.triples.toLocaleString('en-US')} statements read): ${fmt(usagePutMs)} ms.`,
  )
  say()

  // The first completion of each set builds its whole index (terms ranked with the set): not what is measured.
  const ask = async (set: string, q: string, previous: string, limit = '50'): Promise<{ ms: number; first: string | undefined }> => {
    const started = performance.now()
    const response = await fetch(`${service.base}/api/v1/autocomplete?${new URLSearchParams({ q, prefer: 'property', previous, limit, set })}`)
    const body = (await response.json()) as string[] | { success: false }
    return { ms: performance.now() - started, first: Array.isArray(body) ? body[0] : undefined }
  }
  const warm = { lv2: await ask('lv2', 'lv2:p', ''), plain: await ask('plain', 'lv2:p', '') }
  // Each namespace's first completion makes what the core keeps for it (a few to hundreds of ms on a loaded machine):
  // asked once per prefix of the queries (with no letter, so not among them) before the timing.
  const firstOfEach: number[] = []
  for (const prefix of new Set(queries.map(({ q }) => q.slice(0, q.indexOf(':') + 1))))
    for (const set of ['lv2', 'plain'] as const) firstOfEach.push((await ask(set, prefix, '')).ms)
  // And every query once with another limit (another cache key, so the timed ones are computed too): the code paths
  // warm, as in a resolver that has answered for a while.
  for (const { q, previous } of queries) for (const set of ['lv2', 'plain'] as const) await ask(set, q, previous, '49')
  const times: Record<'lv2' | 'plain', number[]> = { lv2: [], plain: [] }
  for (const [i, { q, previous }] of queries.entries()) {
    for (const set of i % 2 === 0 ? (['lv2', 'plain'] as const) : (['plain', 'lv2'] as const)) times[set].push((await ask(set, q, previous)).ms)
  }
  say(
    `## Completion over HTTP, ${queries.length} distinct queries (a prefix and a letter where a predicate goes, with the property before), each asked once of each set, alternating`,
  )
  say()
  say(
    `First completion of each set (builds its whole index): lv2 ${fmt(warm.lv2.ms)} ms, plain ${fmt(warm.plain.ms)} ms; then each namespace's first (not timed below): median ${fmt(percentile(firstOfEach, 0.5))} ms, max ${fmt(Math.max(...firstOfEach))} ms.`,
  )
  say()
  say('| set | p50 ms | p90 ms | p99 ms | mean ms |')
  say('|---|---|---|---|---|')
  for (const set of ['plain', 'lv2'] as const) {
    const list = times[set]
    say(
      `| ${set}${set === 'lv2' ? ' (files and usage)' : ' (prefixes only)'} | ${fmt(percentile(list, 0.5), 2)} | ${fmt(percentile(list, 0.9), 2)} | ${fmt(percentile(list, 0.99), 2)} | ${fmt(list.reduce((a, b) => a + b, 0) / list.length, 2)} |`,
    )
  }
  const ratio = (p: number) => percentile(times.lv2, p) / percentile(times.plain, p)
  say()
  say(
    `With the set's usage against without: p50 ${fmt(ratio(0.5), 2)}×, p99 ${fmt(ratio(0.99), 2)}×. Load average at the end: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}.`,
  )
  await jsonLdSection(say, service.base, 'plain')
} finally {
  await stop(service)
}
await filePrefixesSection(say, join(WORKDIR, 'sets.db'), 'lv2')
const specUsage = await usageOf(specFiles)
layersSection(say, { served: pluginUsage, own: specUsage, prefixes, queries })
await domainsSection(say, specUsage)

await mkdir(new URL('.', RESULTS), { recursive: true })
await writeFile(RESULTS, lines.join('\n') + '\n')
console.log(`\nwritten to ${fileURLToPath(RESULTS)}`)
