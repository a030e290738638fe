// @prefixd/core in a browser: the esbuild bundle's sizes (core, prefixes tier, full tier; gzip -9) and the
// time Chromium takes to fetch, parse and index each tier, against the goals of the browser issue.

import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { browserAvailable, launchBrowser } from '../test/web/browser.js'
import { bundleCore, serveBundle } from '../test/core/browser/bundle.js'
import { PrefixIndex } from '@prefixd/core'

const ROUNDS = 7
const RESULTS = new URL('./results/browser.md', import.meta.url)
const kb = (bytes: number): string => (bytes / 1024).toFixed(1)
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
/**
 * Term completions by the length of the local part: an empty or one-letter one reads a namespace's widest block. Node.js
 * answers them from answers made ahead (ready-answers.ts); the browser bundle makes none, and since 98beb90 keeps no
 * short answers either (016bc9d's cache went with it): what that costs a page, per call.
 */
const QUERIES = {
  short: ['schema:', 'schema:P', 'schema:n', 'schema:a', 'dbo:', 'dbo:b', 'foaf:', 'foaf:n'],
  longer: ['schema:Pe', 'schema:nam', 'schema:addr', 'dbo:bir', 'foaf:na', 'foaf:Pers'],
}
/** Microseconds per completion (limit 10), median of 9 runs of 300 rounds of the queries; Chromium's clock is coarse, so runs are long. */
function timeCompletions(index: Pick<PrefixIndex, 'complete'>, queries: readonly string[]): number {
  for (const q of queries) for (let i = 0; i < 50; i++) index.complete(q, { limit: 10 })
  const runs: number[] = []
  for (let run = 0; run < 9; run++) {
    const started = performance.now()
    for (let round = 0; round < 300; round++) for (const q of queries) index.complete(q, { limit: 10 })
    runs.push(((performance.now() - started) * 1000) / (300 * queries.length))
  }
  return runs.sort((a, b) => a - b)[4]!
}

if (!browserAvailable()) throw new Error('bench/browser.ts needs Chromium (apt-get install chromium)')
const dir = await mkdtemp(join(tmpdir(), 'prefixd-bench-browser-'))
try {
  const bundle = await bundleCore(dir)
  const served = await serveBundle(bundle)
  const browser = await launchBrowser()
  const times: Record<'prefixes' | 'full', number[]> = { prefixes: [], full: [] }
  for (let round = 0; round < ROUNDS; round++) {
    for (const tier of ['prefixes', 'full'] as const) {
      // A fresh page each time: the tier's chunk is fetched (from the local server), parsed and indexed.
      const page = await browser.newPage()
      await page.goto(served.url)
      await page.waitForFunction(() => (globalThis as unknown as { prefixd?: unknown }).prefixd !== undefined)
      const ms = await page.evaluate(async (t) => {
        const core = (globalThis as unknown as { prefixd: typeof PrefixIndex }).prefixd
        const started = performance.now()
        const index = await core.loadDefault({ tier: t })
        index.expand('foaf:Person') // in use, not merely parsed
        return performance.now() - started
      }, tier)
      times[tier].push(ms)
      await page.close()
    }
  }
  // Completion in the browser bundle, beside Node.js's, in this one run.
  const page = await browser.newPage()
  await page.goto(served.url)
  await page.waitForFunction(() => (globalThis as unknown as { prefixd?: unknown }).prefixd !== undefined)
  const inBrowser = await page.evaluate(
    async ({ queries, time }) => {
      const core = (globalThis as unknown as { prefixd: typeof PrefixIndex }).prefixd
      const index = await core.loadDefault({ tier: 'full' })
      const timeIn = new Function(`return ${time}`)() as typeof timeCompletions
      return { short: timeIn(index, queries.short), longer: timeIn(index, queries.longer) }
    },
    { queries: QUERIES, time: timeCompletions.toString() },
  )
  await page.close()
  await browser.close()
  served.server.close()
  const nodeIndex = await PrefixIndex.loadDefault()
  const inNode = { short: timeCompletions(nodeIndex, QUERIES.short), longer: timeCompletions(nodeIndex, QUERIES.longer) }
  const us = (n: number): string => n.toFixed(2)

  const size = (name: string) => bundle.sizes.get(name)!
  const core = size(bundle.main)
  const prefixes = size(bundle.tiers.prefixes)
  const full = size(bundle.tiers.full)
  const fullMs = median(times.full)
  const lines = [
    '# @prefixd/core in a browser (bench/browser.ts)',
    '',
    `Bundled by esbuild (browser platform, ESM, minified, code splitting); loaded in headless Chromium from a server on 127.0.0.1; load = \`PrefixIndex.loadDefault({ tier })\` from the call to an index in use (chunk fetched, parsed, indexed), median of ${ROUNDS} fresh pages. The machine was shared with other engineers' builds and tests.`,
    '',
    '| part | bytes | gzip -9 | goal | load and index in Chromium |',
    '|---|---:|---:|---|---:|',
    `| core (${bundle.main}: the library and the parts of n3 it uses, no data) | ${kb(core.bytes)} KB | ${kb(core.gzip)} KB | ≤ 25 KB gzip | |`,
    `| prefixes tier (3,446 prefixes: expand, shrink, prefix completion) | ${kb(prefixes.bytes)} KB | ${kb(prefixes.gzip)} KB | ≤ 60 KB gzip | ${median(times.prefixes).toFixed(0)} ms |`,
    `| full tier (prefixes and 21,730 terms) | ${kb(full.bytes)} KB | ${kb(full.gzip)} KB | loaded and indexed ≤ 300 ms | ${fullMs.toFixed(0)} ms (range ${Math.min(...times.full).toFixed(0)}–${Math.max(...times.full).toFixed(0)}) |`,
    '',
    `Goals: core ${core.gzip <= 25 * 1024 ? 'met' : 'MISSED'}, prefixes tier ${prefixes.gzip <= 60 * 1024 ? 'met' : 'MISSED'}, full tier ${fullMs <= 300 ? 'met' : 'MISSED'}.`,
    '',
    `Term completion per call (limit 10, full tier; median of 9 runs of 300 rounds), the browser bundle (no answers made ahead, no short answers kept) beside Node.js (answers made ahead once a prefix is asked 16 times): what the browser pays for the empty and one-letter local parts (${QUERIES.short.join(', ')}) and for longer ones (${QUERIES.longer.join(', ')}).`,
    '',
    '| local part | Chromium, browser bundle | Node.js | browser / Node |',
    '|---|---:|---:|---:|',
    `| empty or one letter | ${us(inBrowser.short)} µs | ${us(inNode.short)} µs | ${(inBrowser.short / inNode.short).toFixed(1)}× |`,
    `| two to four letters | ${us(inBrowser.longer)} µs | ${us(inNode.longer)} µs | ${(inBrowser.longer / inNode.longer).toFixed(1)}× |`,
    '',
  ]
  console.log(lines.join('\n'))
  await writeFile(RESULTS, lines.join('\n'))
} finally {
  await rm(dir, { recursive: true, force: true })
}
