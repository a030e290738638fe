// @prefixd/core in a browser: bundled by esbuild for the browser platform (no Node.js built-ins), loaded
// in Debian's Chromium, both tiers of the default data fetched on demand and answering there.

import assert from 'node:assert/strict'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { browserAvailable, CHROMIUM, launchBrowser } from '../web/browser.js'
import type { PrefixIndex } from '@prefixd/core'
import { bundleCore, serveBundle, type CoreBundle } from './browser/bundle.js'

/** What the bundle's entry sets on the page's global object. */
interface Window {
  prefixd: typeof PrefixIndex
}

describe('@prefixd/core in Chromium, bundled by esbuild', function () {
  this.timeout(120_000)
  let dir: string
  let bundle: CoreBundle
  let served: { server: Server; url: string }
  let browser: Browser
  let page: Page
  const fetched: string[] = []

  before(async function () {
    if (!browserAvailable()) {
      console.log(`    skipped: no browser at ${CHROMIUM} (apt-get install chromium, or set PREFIXD_CHROMIUM)`)
      return this.skip()
    }
    dir = await mkdtemp(join(tmpdir(), 'prefixd-core-bundle-'))
    bundle = await bundleCore(dir)
    served = await serveBundle(bundle)
    browser = await launchBrowser()
    page = await browser.newPage()
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname.slice(1)))
    await page.goto(served.url)
    await page.waitForFunction(() => (globalThis as unknown as Window).prefixd !== undefined)
  })
  after(async () => {
    await browser?.close()
    served?.server.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('bundles without Node.js built-ins, each tier of the data in a chunk of its own', () => {
    assert.deepEqual(bundle.nodeBuiltins, [])
    assert.notEqual(bundle.tiers.prefixes, bundle.main)
    assert.notEqual(bundle.tiers.full, bundle.main)
    // The page has loaded the core and nothing of the data yet.
    assert.deepEqual(
      fetched.filter((name) => name !== ''),
      [bundle.main],
    )
  })

  it("is at most 15 KB gzipped without the data, n3's Turtle parser left out (PrefixIndexBuilder.addRdf has it)", async () => {
    const main = await readFile(join(bundle.dir, bundle.main), 'utf8')
    assert.doesNotMatch(main, /_readInTopContext|_tokenizeToEnd/)
    // Issue 28's goal, 15 KB, in the KB of 1,024 bytes bench/browser.ts reports.
    assert.ok(bundle.sizes.get(bundle.main)!.gzip <= 15 * 1024, `${bundle.sizes.get(bundle.main)!.gzip} bytes gzipped`)
    // The README's figure is this bundle's, to within 2 %.
    const readme = await readFile(new URL('../../packages/core/README.md', import.meta.url), 'utf8')
    const figure = Number(/leaves both out: ([\d.]+) KB gzipped/.exec(readme)?.[1])
    assert.ok(
      Math.abs(figure * 1024 - bundle.sizes.get(bundle.main)!.gzip) <= 0.02 * bundle.sizes.get(bundle.main)!.gzip,
      `the README says ${figure} KB, the bundle is ${(bundle.sizes.get(bundle.main)!.gzip / 1024).toFixed(1)} KB`,
    )
  })

  it('loads the prefixes tier alone and expands, shrinks and completes prefixes with it', async () => {
    const answers = await page.evaluate(async () => {
      const index = await (globalThis as unknown as Window).prefixd.loadDefault({ tier: 'prefixes' })
      return {
        size: index.size,
        expand: index.expand('foaf:Person'),
        shrink: index.shrink('http://schema.org/Person'),
        complete: index.autocomplete('foa', { limit: 3 }),
        provenance: index.provenance.map((p: { name: string; tier: string }) => [p.name, p.tier]),
      }
    })
    assert.equal(answers.size.terms, 0)
    assert.ok(answers.size.prefixes > 3000)
    assert.equal(answers.expand, 'http://xmlns.com/foaf/0.1/Person')
    assert.equal(answers.shrink, 'schema:Person')
    assert.ok(answers.complete?.includes('foaf:'), String(answers.complete))
    assert.deepEqual(answers.provenance, [['@prefixd/data', 'prefixes']])
    assert.ok(fetched.includes(bundle.tiers.prefixes))
    assert.ok(!fetched.includes(bundle.tiers.full), 'the full tier is not fetched for the prefixes tier')
  })

  it('loads the full tier on demand, with the terms', async () => {
    const answers = await page.evaluate(async () => {
      const started = performance.now()
      const index = await (globalThis as unknown as Window).prefixd.loadDefault()
      const ms = performance.now() - started
      return { ms, terms: index.size.terms, complete: index.autocomplete('schema:Pers', { type: 'rdfs:Class', limit: 1 }) }
    })
    assert.ok(answers.terms > 20000)
    assert.deepEqual(answers.complete, ['schema:Person'])
    assert.ok(fetched.includes(bundle.tiers.full))
    assert.ok(answers.ms > 0)
  })

  it('rejects a file it cannot fetch with a PrefixError', async () => {
    const code = await page.evaluate(async () =>
      (globalThis as unknown as Window).prefixd.loadDefault({ file: '/nosuch.json' }).then(
        () => 'loaded',
        (e: { code?: string }) => e.code,
      ),
    )
    assert.equal(code, 'INVALID_SOURCE')
  })
})
