// The editor's toolbar on a 375 px phone, in Chromium, with sets on: when "Prefix set" wraps to a line of its own it
// starts where "Language" does (it sat 16 px further in), and nothing of the toolbar runs off the screen.

import assert from 'node:assert/strict'
import type { Browser } from 'playwright-core'
import { PrefixIndex } from '@prefixd/core'
import { loadSite } from '@prefixd/server'
import { SITE_DIR } from '@prefixd/web'
import { startSetsResolver, type SetsResolver } from '../support/sets-resolver.js'
import { browserAvailable, CHROMIUM, launchBrowser } from './browser.js'

const TOKEN = 'toolbar-token-0123456789'

describe('the editor’s toolbar at 375 px in Chromium', function () {
  this.timeout(60_000)
  let browser: Browser
  let server: SetsResolver

  before(async function () {
    if (!browserAvailable()) {
      console.log(`    skipped: no browser at ${CHROMIUM}`)
      return this.skip()
    }
    const [index, site] = await Promise.all([PrefixIndex.loadDefault({ tier: 'prefixes' }), loadSite(SITE_DIR)])
    server = await startSetsResolver({ index, tokens: [TOKEN], app: { site } })
    assert.equal((await server.putSet('audio', '@prefix lv2: <http://lv2plug.in/ns/lv2core#> .')).status, 201)
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
    await server?.close()
  })

  it('puts "Prefix set" under "Language" at the same x when it wraps, within the screen', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } })
    await page.goto(`${server.url}/editor`)
    const picker = page.getByLabel('Prefix set')
    await picker.waitFor()
    await page.waitForFunction("document.querySelector('#set')?.options.length === 2")
    const language = (await page.locator('label[for="language"]').boundingBox())!
    const set = (await page.locator('label[for="set"]').boundingBox())!
    if (Math.abs(set.y - language.y) > 4) assert.equal(Math.round(set.x), Math.round(language.x), `Language at ${language.x}, Prefix set at ${set.x}`)
    const tools = (await page.locator('.editor-tools').boundingBox())!
    const pickerBox = (await picker.boundingBox())!
    assert.ok(pickerBox.x + pickerBox.width <= tools.x + tools.width + 0.5 && tools.x + tools.width <= 375, JSON.stringify({ pickerBox, tools }))
    await page.close()
  })
})
