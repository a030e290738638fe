// The sets page's states in Chromium: an upload of several files shows each file's line in its own state's colour
// (one added is not in the red of one refused), and a resolver that keeps no sets says so up front, with why, and
// offers no form that could only be refused.

import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { PrefixIndex } from '@prefixd/core'
import { createApp, loadSite } from '@prefixd/server'
import { SITE_DIR } from '@prefixd/web'
import { listen, type Running } from '../server/http-helpers.js'
import { startSetsResolver, type SetsResolver } from '../support/sets-resolver.js'
import { browserAvailable, CHROMIUM, launchBrowser } from './browser.js'

const TOKEN = 'states-token-0123456789'
const NO_DRIVER = 'a SQLite store needs better-sqlite3, which is not installed: npm install better-sqlite3'

describe('the sets page’s states in Chromium', function () {
  this.timeout(60_000)
  let browser: Browser
  let withSets: SetsResolver
  let withoutSets: Running
  const dir = mkdtempSync(join(tmpdir(), 'prefixd-sets-states-'))

  before(async function () {
    if (!browserAvailable()) {
      console.log(`    skipped: no browser at ${CHROMIUM}`)
      return this.skip()
    }
    const [index, site] = await Promise.all([PrefixIndex.loadDefault({ tier: 'prefixes' }), loadSite(SITE_DIR)])
    withSets = await startSetsResolver({ index, tokens: [TOKEN], app: { site } })
    // As `prefixd serve` starts it where better-sqlite3 is not installed.
    withoutSets = await listen(createApp({ index, site, setsOff: NO_DRIVER }))
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
    await withSets?.close()
    await withoutSets?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('colours each file of one upload by its own state: lv2core.ttl added, bad2.ttl not', async () => {
    assert.equal((await withSets.putSet('audio', '@prefix lv2: <http://lv2plug.in/ns/lv2core#> .')).status, 201)
    writeFileSync(join(dir, 'bad2.ttl'), '@prefix ex: <http://example.org/> .\nex:a ex:b ex:c .\nex:d ex:e ;; ] .\n')
    writeFileSync(
      join(dir, 'lv2core.ttl'),
      '@prefix lv2: <http://lv2plug.in/ns/lv2core#> .\n@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\nlv2:Plugin a rdfs:Class .\n',
    )
    const page = await browser.newPage({ viewport: { width: 1100, height: 800 } })
    await page.goto(`${withSets.url}/sets#audio`)
    await page.getByText('No vocabulary files yet.').waitFor()
    await page.getByLabel('Token').fill(TOKEN)
    await page.getByLabel('Add vocabulary or data files').setInputFiles([join(dir, 'bad2.ttl'), join(dir, 'lv2core.ttl')])
    const result = page.locator('#files-result')
    await result.getByText('2 files: 1 added, 1 not added.').waitFor()
    // The page's own getComputedStyle (the test's types have no DOM).
    const colour = (text: string) =>
      result
        .locator('li', { hasText: text })
        .evaluate((li) => (globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(li).color)
    const [added, refused, error] = await Promise.all([
      colour('Added lv2core.ttl'),
      colour('Not added: bad2.ttl'),
      page.evaluate<string>(
        "(() => { const probe = document.createElement('span'); probe.style.color = 'var(--error)'; document.body.append(probe); return getComputedStyle(probe).color })()",
      ),
    ])
    assert.equal(refused, error)
    assert.notEqual(added, error)
    await page.close()
  })

  it('says up front that sets are off and why, and offers no token box, list or form', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } })
    await page.goto(`${withoutSets.url}/sets`)
    const status = page.locator('#status')
    await status.getByText(/^Sets are off on this server/).waitFor()
    assert.equal(await status.innerText(), `Sets are off on this server — ${NO_DRIVER}. Every other page works without them.`)
    for (const hidden of ['#upload', '#sets', '#empty', '.token', '#form-title']) assert.equal(await page.locator(hidden).isVisible(), false, hidden)
    assert.equal(await page.getByText('No sets yet').isVisible(), false)
    // The API says the same to a client that tries anyway.
    const refused = await fetch(`${withoutSets.url}/api/v1/sets/team`)
    assert.equal(refused.status, 404)
    assert.equal(((await refused.json()) as { error: { message: string } }).error.message, `this server keeps no sets: ${NO_DRIVER}`)
    await page.close()
  })
})
