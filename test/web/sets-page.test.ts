// The sets page (/sets) in Chromium against a resolver with a SQLite store: list, view, paste, upload,
// bad bodies, tokens, delete; and at 375 px without sideways scrolling, with no serious axe violations.

import assert from 'node:assert/strict'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { PrefixIndex } from '@prefixd/core'
import { createApp, loadSite, openSetStore, type SetStore } from '@prefixd/server'
import { SITE_DIR } from '@prefixd/web'
import { listen, type Running } from '../server/http-helpers.js'
import { browserAvailable, CHROMIUM, launchBrowser, screenshot } from './browser.js'

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
const TOKEN = 'page-token-0123456789'

describe('the sets page in Chromium', function () {
  this.timeout(60_000)
  let browser: Browser
  let server: Running
  let store: SetStore
  let context: BrowserContext
  let page: Page
  let errors: string[]

  const putSet = (name: string, turtle: string) =>
    fetch(`${server.url}/api/v1/sets/${name}`, { method: 'PUT', body: turtle, headers: { 'content-type': 'text/turtle', authorization: `Bearer ${TOKEN}` } })
  const status = () => page.getByRole('status')

  before(async function () {
    if (!browserAvailable()) {
      console.log(`    skipped: no browser at ${CHROMIUM} (apt-get install chromium, or set PREFIXD_CHROMIUM)`)
      return this.skip()
    }
    const [index, site] = await Promise.all([PrefixIndex.loadDefault({ tier: 'prefixes' }), loadSite(SITE_DIR)])
    store = await openSetStore(':memory:')
    server = await listen(createApp({ index, site, sets: { store, tokens: [TOKEN] } }))
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
    await server?.close()
    await store?.close()
  })
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1100, height: 800 } })
    page = await context.newPage()
    errors = []
    page.on('pageerror', (error) => errors.push(error.message))
    // A refused PUT shows in the console as a failed resource: those the test provokes are expected.
    page.on('console', (message) => message.type() === 'error' && !/status of (400|401|412)/.test(message.text()) && errors.push(message.text()))
  })
  afterEach(async function () {
    await context?.close()
    if (this.currentTest?.state === 'passed') assert.deepEqual(errors, [], 'page errors')
  })

  it('lists the sets and shows one in the format chosen', async () => {
    assert.equal((await putSet('listed', '@prefix ex: <http://example.org/ns#> .\n@prefix team: <http://example.org/team/> .\n')).status, 201)
    await page.goto(`${server.url}/sets`)
    const row = page.getByRole('row', { name: /listed/ })
    await row.waitFor()
    assert.match(await row.innerText(), /listed\s+2 prefixes\s+over the default table/)
    await row.getByRole('link', { name: 'listed' }).click()
    await page.getByRole('heading', { name: 'Set listed' }).waitFor()
    assert.equal((await page.locator('#view-body').innerText()).trim(), '@prefix ex: <http://example.org/ns#> .\n@prefix team: <http://example.org/team/> .')
    await page.getByLabel('Show as').selectOption('json')
    await page.locator('#view-body', { hasText: '"team": "http://example.org/team/"' }).waitFor()
    assert.match(page.url(), /\/sets#listed$/) // a link to the set
    await screenshot(page, 'sets')
  })

  it('saves a pasted set with the token, and the API serves it with set=', async () => {
    await page.goto(`${server.url}/sets`)
    await page.getByLabel('Token').fill(TOKEN)
    await page.getByLabel('Name').fill('pasted')
    await page.getByLabel('Or paste the prefixes').fill('@prefix widget: <http://example.org/widgets/> .')
    await page.getByLabel('Stand alone').check()
    await page.getByRole('button', { name: 'Save set' }).click()
    await status().getByText('Saved pasted: 1 prefix.').waitFor()
    await page.getByRole('heading', { name: 'Set pasted' }).waitFor()
    assert.match(await page.getByRole('row', { name: /pasted/ }).innerText(), /stands alone/)
    const answer = await (await fetch(`${server.url}/api/v1/expand?q=widget:Gear&set=pasted`)).json()
    assert.deepEqual(answer, { success: true, value: 'http://example.org/widgets/Gear' })
    // The token stays for this tab: a reload keeps it.
    await page.reload()
    assert.equal(await page.getByLabel('Token').inputValue(), TOKEN)
  })

  it('uploads a JSON-LD file, taking its name and format from the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prefixd-sets-page-'))
    const file = join(dir, 'project-context.jsonld')
    writeFileSync(file, JSON.stringify({ '@context': { proj: 'http://example.org/project#', name: 'http://schema.org/name' } }))
    await page.goto(`${server.url}/sets`)
    await page.getByLabel('Token').fill(TOKEN)
    await page.getByLabel('Upload a file').setInputFiles(file)
    await status().getByText('Read project-context.jsonld: check the name and save.').waitFor()
    assert.equal(await page.getByLabel('Name').inputValue(), 'project-context')
    assert.equal(await page.getByLabel('Format').inputValue(), 'application/ld+json')
    await page.getByRole('button', { name: 'Save set' }).click()
    await status().getByText('Saved project-context: 1 prefix.').waitFor()
  })

  it('says where a body does not parse, and that a token is missing or wrong; nothing is stored', async () => {
    await page.goto(`${server.url}/sets`)
    await page.getByLabel('Name').fill('broken')
    await page.getByLabel('Or paste the prefixes').fill('@prefix a: <http://a.example/> .\n@prefix b <http://b.example/> .')
    await page.getByRole('button', { name: 'Save set' }).click()
    await status().getByText('Saving a set needs a token: enter the one your operator gave you.').waitFor()
    await page.getByLabel('Token').fill('wrong-token-0123456789')
    await page.getByRole('button', { name: 'Save set' }).click()
    await status().getByText('Not saved: the bearer token is not valid').waitFor()
    await page.getByLabel('Token').fill(TOKEN)
    await page.getByRole('button', { name: 'Save set' }).click()
    await status().getByText(/^Not saved: syntax error: .*\(line 2, column 9\); nothing was stored$/).waitFor()
    assert.equal((await fetch(`${server.url}/api/v1/sets/broken`)).status, 404)
  })

  it('edits the shown set and deletes it', async () => {
    await putSet('doomed', '@prefix d: <http://example.org/d#> .\n')
    await page.goto(`${server.url}/sets#doomed`)
    await page.getByRole('heading', { name: 'Set doomed' }).waitFor()
    await page.getByLabel('Token').fill(TOKEN)
    await page.getByRole('button', { name: 'Edit' }).click()
    await status().getByText('Editing doomed: Save set replaces it, unless someone changed it meanwhile.').waitFor()
    assert.equal(await page.getByLabel('Name').inputValue(), 'doomed')
    await page.getByLabel('Or paste the prefixes').fill('@prefix d: <http://example.org/d2#> .\n@prefix e: <http://example.org/e#> .')
    await page.getByRole('button', { name: 'Save set' }).click()
    await status().getByText('Saved doomed: 2 prefixes.').waitFor()
    await page.locator('#view-body', { hasText: 'http://example.org/d2#' }).waitFor()
    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Delete' }).click()
    await status().getByText('Deleted doomed.').waitFor()
    // The list is read again after the status says so: wait for the row to go rather than count at once.
    await page.getByRole('row', { name: /doomed/ }).waitFor({ state: 'detached' })
    assert.equal(await page.getByRole('row', { name: /doomed/ }).count(), 0)
    assert.equal((await fetch(`${server.url}/api/v1/expand?q=d:x&set=doomed`)).status, 404)
  })

  it('lists private sets once the token is given', async () => {
    const index = PrefixIndex.fromPrefixes({ base: 'http://example.org/base#' })
    const privateStore = await openSetStore(':memory:')
    const privateServer = await listen(createApp({ index, site: await loadSite(SITE_DIR), sets: { store: privateStore, tokens: [TOKEN], privateReads: true } }))
    try {
      await fetch(`${privateServer.url}/api/v1/sets/secret`, { method: 'PUT', body: '{"s":"http://example.org/s#"}', headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` } })
      await page.goto(`${privateServer.url}/sets`)
      await status().getByText('The sets cannot be listed: reading sets needs Authorization: Bearer TOKEN (this server keeps them private)').waitFor()
      await page.getByLabel('Token').fill(TOKEN)
      await page.getByLabel('Token').press('Tab')
      await page.getByRole('row', { name: /secret/ }).waitFor()
      assert.equal(await status().innerText(), '')
    } finally {
      await privateServer.close()
      await privateStore.close()
    }
  })

  it('fits a 375 px phone without sideways scrolling, and has no serious or critical axe violations', async () => {
    await putSet('a-rather-long-set-name-for-a-phone-screen', '@prefix averylongprefixname: <http://example.org/a/very/long/namespace/that/goes/on/and/on#> .\n')
    const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, bypassCSP: true })
    try {
      const small = await phone.newPage()
      await small.goto(`${server.url}/sets#a-rather-long-set-name-for-a-phone-screen`)
      await small.locator('#view-body').getByText('averylongprefixname').waitFor()
      const overflow = await small.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')
      assert.ok(overflow <= 0, `/sets scrolls sideways by ${overflow}px`)
      // Each field is usable: as wide as the screen allows, not squeezed.
      for (const label of ['#token', '#name', '#text', '#format']) {
        const box = (await small.locator(label).boundingBox())!
        assert.ok(box.x >= 0 && box.x + box.width <= 375 && box.width >= 200, `${label}: ${JSON.stringify(box)}`)
      }
      await screenshot(small, 'phone-sets', { fullPage: false })
      await small.addScriptTag({ path: AXE })
      const violations = await small.evaluate<Array<{ id: string; impact: string }>>(
        "axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target) })))",
      )
      assert.deepEqual(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), [])
    } finally {
      await phone.close()
    }
  })
})
