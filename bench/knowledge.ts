// The knowledge tier (@prefixd/data/knowledge): its size next to the prefixes and full tiers, and the time to
// load it in a fresh Node.js process and in a fresh Chromium page (bundled by esbuild), against the 300 ms goal.
// The prefixes and full tiers are timed the same way, so a reader sees they did not slow.

import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { browserAvailable, launchBrowser } from '../test/web/browser.js'
import { serveBundle, type CoreBundle } from '../test/core/browser/bundle.js'
import { timeInPages } from './chromium-pages.js'

const ROUNDS = 7
const GOAL_MS = 300
const RESULTS = new URL('./results/knowledge.md', import.meta.url)
const DATA = new URL('../data/', import.meta.url)
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const kb = (bytes: number): string => (bytes / 1024).toFixed(0)

type Tier = 'prefixes' | 'full' | 'knowledge'
const TIERS: readonly Tier[] = ['prefixes', 'full', 'knowledge']

// Each Node.js round is a new process: the tier is read from disk, parsed and made ready to answer.
const NODE_SCRIPT = `
import { loadKnowledge, PrefixIndex } from '@prefixd/core'
const tier = process.argv[1]
const started = performance.now()
if (tier === 'knowledge') { const k = await loadKnowledge(); if (!k.facts('http://xmlns.com/foaf/0.1/Person')?.definition) throw new Error('no definition') }
else { const index = await PrefixIndex.loadDefault({ tier }); if (index.expand('foaf:Person') === undefined) throw new Error('no foaf') }
console.log(performance.now() - started)
`

function nodeRound(tier: Tier): number {
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', NODE_SCRIPT, tier], { encoding: 'utf8' }).trim())
}

const load = loadavg()[0]!.toFixed(1)
const sizes = new Map<Tier, { bytes: number; gzip: number }>()
for (const tier of TIERS) {
  const bytes = await readFile(new URL(`${tier}.js`, DATA)) // the file shipped: the tier's JSON in a module
  sizes.set(tier, { bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length })
}
const node = new Map<Tier, number[]>(TIERS.map((t) => [t, []]))
for (let round = 0; round < ROUNDS; round++) for (const tier of TIERS) node.get(tier)!.push(nodeRound(tier))

const browser = new Map<Tier, number[]>(TIERS.map((t) => [t, []]))
const driven = new Map<Tier, number[]>(TIERS.map((t) => [t, []]))
if (browserAvailable()) {
  const dir = await mkdtemp(join(tmpdir(), 'prefixd-bench-knowledge-'))
  try {
    const entry = join(dir, 'entry.js')
    await writeFile(entry, `import { loadKnowledge, PrefixIndex } from '@prefixd/core'\nglobalThis.prefixd = { loadKnowledge, PrefixIndex }\n`)
    const result = await build({
      entryPoints: { core: entry },
      nodePaths: [fileURLToPath(new URL('../node_modules/', import.meta.url))],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      outdir: join(dir, 'out'),
      metafile: true,
      logLevel: 'silent',
    })
    const main = basename(Object.entries(result.metafile.outputs).find(([, o]) => o.entryPoint !== undefined)![0])
    // As a user's browser loads it: no DevTools attached (the goal's figure).
    const plan = Array.from({ length: ROUNDS }, () => TIERS).flat()
    const PAGE_SCRIPT = `
      await import('/${main}')
      const core = globalThis.prefixd
      await new Promise((resolve) => setTimeout(resolve, 200)) // the page settled
      const started = performance.now()
      if (task === 'knowledge') {
        const k = await core.loadKnowledge()
        if (k.facts('http://xmlns.com/foaf/0.1/Person')?.definition === undefined) throw new Error('no definition')
      } else if ((await core.PrefixIndex.loadDefault({ tier: task })).expand('foaf:Person') === undefined) throw new Error('no foaf')
      return performance.now() - started`
    const figures = await timeInPages(join(dir, 'out'), PAGE_SCRIPT, plan)
    plan.forEach((tier, i) => browser.get(tier)!.push(figures[i]!))
    // Driven by Playwright over the DevTools protocol, as the page tests are (and this column was before).
    const bundle = { dir: join(dir, 'out'), main } as CoreBundle
    const served = await serveBundle(bundle)
    const chromium = await launchBrowser()
    for (let round = 0; round < ROUNDS; round++) {
      for (const tier of TIERS) {
        const page = await chromium.newPage()
        await page.goto(served.url)
        await page.waitForFunction(() => (globalThis as { prefixd?: unknown }).prefixd !== undefined)
        const ms = await page.evaluate(async (t) => {
          const core = (globalThis as unknown as { prefixd: typeof import('@prefixd/core') }).prefixd
          const started = performance.now()
          if (t === 'knowledge') {
            const k = await core.loadKnowledge()
            if (k.facts('http://xmlns.com/foaf/0.1/Person')?.definition === undefined) throw new Error('no definition')
          } else {
            const index = await core.PrefixIndex.loadDefault({ tier: t })
            if (index.expand('foaf:Person') === undefined) throw new Error('no foaf')
          }
          return performance.now() - started
        }, tier)
        driven.get(tier)!.push(ms)
        await page.close()
      }
    }
    await chromium.close()
    served.server.close()
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

const row = (tier: Tier, what: string) => {
  const size = sizes.get(tier)!
  const ms = (xs: number[]) => (xs.length > 0 ? `${median(xs).toFixed(0)} ms` : 'no Chromium')
  return `| ${what} | ${kb(size.bytes)} KB | ${kb(size.gzip)} KB | ${median(node.get(tier)!).toFixed(0)} ms | ${ms(browser.get(tier)!)} | ${ms(driven.get(tier)!)} |`
}
const knowledgeNode = median(node.get('knowledge')!)
const knowledgeBrowser = browser.get('knowledge')!.length > 0 ? median(browser.get('knowledge')!) : NaN
const lines = [
  '# The knowledge tier (bench/knowledge.ts)',
  '',
  `Load = from the call to a tier ready to answer (\`loadKnowledge()\`, or \`PrefixIndex.loadDefault({ tier })\` for the others): in Node.js a fresh process per round (the file read, parsed and indexed), in headless Chromium a fresh page per round (the esbuild chunk fetched from 127.0.0.1, parsed and indexed) with no DevTools attached, as a user's browser runs it — and, in the last column, driven by Playwright over the DevTools protocol, whose network tracking adds to every byte fetched; median of ${ROUNDS} rounds. Load average when it started: ${load} on ${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores (the machine is shared).`,
  '',
  '| tier | bytes | gzip -9 | load in Node.js | load in Chromium | in Chromium driven over DevTools |',
  '|---|---:|---:|---:|---:|---:|',
  row('prefixes', 'prefixes (the table: expand, shrink, prefix completion)'),
  row('full', 'full (the table and the terms with types and labels)'),
  row('knowledge', 'knowledge (definitions, domains, ranges, hierarchies, vocabulary headers)'),
  '',
  `Goal (load within ${GOAL_MS} ms): Node.js ${knowledgeNode <= GOAL_MS ? 'met' : 'MISSED'}, Chromium ${Number.isNaN(knowledgeBrowser) ? 'not measured' : knowledgeBrowser <= GOAL_MS ? 'met' : 'MISSED'}.`,
  '',
]
console.log(lines.join('\n'))
await writeFile(RESULTS, lines.join('\n'))
