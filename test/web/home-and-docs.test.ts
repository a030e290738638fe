// The home page (what prefixd does, the curated and popular vocabularies, search), the rendered API
// documentation, term meanings opened from a vocabulary page, and the compact card of an unfinished name on a
// phone — in Chromium, by element sizes and positions, axe-clean.

import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { Running } from '../server/http-helpers.js'
import { screenshot } from './browser.js'
import { startPagesInChromium, stopPagesInChromium } from './pages-in-chromium.js'

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
/** A phone, and the part of its screen a keyboard leaves (about 300 of its 740 px go to the keyboard). */
const PHONE = { width: 375, height: 740 }
const ABOVE_KEYBOARD = 440

describe('home page, API documentation and term meanings in Chromium', function () {
  this.timeout(90_000)
  let browser: Browser
  let server: Running
  let context: BrowserContext | undefined

  before(async function () {
    ;({ browser, server } = await startPagesInChromium(this))
  })
  after(() => stopPagesInChromium(browser, server))
  afterEach(async () => {
    await context?.close()
    context = undefined
  })

  /** A page that records its errors and every request it makes. */
  async function open(path: string, options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark'; mobile?: boolean } = {}) {
    // CSP bypassed only where axe-core is injected; the other checks keep the pages' own policy.
    context = await browser.newContext({
      viewport: options.viewport ?? { width: 1100, height: 800 },
      colorScheme: options.colorScheme ?? 'light',
      ...(options.mobile && { isMobile: true, hasTouch: true }),
    })
    const page = await context.newPage()
    const errors: string[] = []
    const requests: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
    page.on('request', (request) => requests.push(request.url()))
    await page.goto(server.url + path)
    return { page, errors, requests }
  }

  async function seriousViolations(page: Page): Promise<unknown[]> {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Page.setBypassCSP', { enabled: true })
    await page.reload()
    await page.addScriptTag({ path: AXE })
    const violations = await page.evaluate<Array<{ id: string; impact: string; nodes: unknown[] }>>(
      "axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 5).map((n) => n.target) })))",
    )
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  }

  describe('/ (home)', () => {
    it('says what the service does, lists curated and popular vocabularies as links to their pages, and keeps the search box first', async () => {
      const { page, errors } = await open('/')
      const curated = page.locator('#curated li')
      await curated.first().waitFor()
      assert.ok((await curated.count()) >= 50, `curated: ${await curated.count()}`)
      const popular = page.locator('#popular li')
      assert.ok((await popular.count()) >= 10, `popular: ${await popular.count()}`)
      // Curated vocabularies carry their title and size; each links to its vocabulary page.
      const schema = page.locator('#curated a', { hasText: /^schema: / })
      assert.equal(await schema.getAttribute('href'), '/prefix/schema')
      const item = page.locator('#curated li').filter({ has: page.locator('a', { hasText: /^schema: / }) })
      assert.match(await item.innerText(), /^schema: \S.* [\d,]+ terms$/)
      await page.getByRole('heading', { name: 'What prefixd does' }).waitFor()
      assert.equal(await page.getByRole('link', { name: 'HTTP API' }).getAttribute('href'), '/api/docs')
      // The search box stays the first thing, above the fold, and works.
      const box = (await page.locator('#query').boundingBox())!
      const about = (await page.locator('.about').boundingBox())!
      assert.ok(box.y < about.y && box.y + box.height < 300, `box ${JSON.stringify(box)}, about ${JSON.stringify(about)}`)
      await page.locator('#query').fill('foaf:Pe')
      await page.getByRole('option').filter({ hasText: 'foaf:Person' }).first().waitFor()
      await screenshot(page, 'home')
      await schema.click()
      await page.waitForURL(`${server.url}/prefix/schema`)
      await page.locator('.term').first().waitFor()
      assert.deepEqual(errors, [])
    })

    it('shows the lists under the answer of a query in the URL (/?q=…), without clearing the box', async () => {
      const { page, errors } = await open('/?q=foaf:Person')
      await page.getByRole('option').filter({ hasText: 'foaf:Person' }).first().waitFor()
      await page.locator('#curated li').first().waitFor({ timeout: 5_000 })
      assert.ok((await page.locator('#popular li').count()) >= 10)
      assert.equal(await page.locator('#featured').isVisible(), true)
      assert.equal(await page.locator('#query').inputValue(), 'foaf:Person')
      assert.deepEqual(errors, [])
    })

    for (const colorScheme of ['light', 'dark'] as const) {
      it(`has no serious or critical axe-core violations with the vocabularies shown (${colorScheme})`, async () => {
        const { page } = await open('/', { colorScheme })
        await page.locator('#curated li').first().waitFor()
        const found = await seriousViolations(page)
        assert.deepEqual(found, [])
      })
    }
  })

  describe('/api/docs', () => {
    it('renders every route of the OpenAPI description, offline, and the nav links to it', async () => {
      const { page, errors, requests } = await open('/')
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API' }).click()
      await page.waitForURL(`${server.url}/api/docs`)
      const operations = page.locator('.opblock')
      await operations.first().waitFor()
      const description = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> }
      const documented = Object.values(description.paths).reduce((sum, item) => sum + Object.keys(item).length, 0)
      assert.equal(await operations.count(), documented)
      await page.getByText('/api/v1/expand').first().waitFor()
      // Nothing is fetched from anywhere but the resolver (no CDN, no validator badge), and nothing failed.
      const elsewhere = requests.filter((url) => !url.startsWith(server.url) && !url.startsWith('data:'))
      assert.deepEqual(elsewhere, [])
      assert.deepEqual(errors, [])
      assert.equal(await page.getByRole('status').innerText(), '')
      // An operation opens, with its parameters.
      await page.locator('.opblock-summary', { hasText: '/api/v1/expand' }).first().click()
      await page.locator('.opblock.is-open .parameters').first().waitFor()
      await screenshot(page, 'api-docs')
    })

    it('fits a 375 px phone without sideways scrolling of the page', async () => {
      const { page } = await open('/api/docs', { viewport: PHONE, mobile: true })
      await page.locator('.opblock').first().waitFor()
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')
      assert.ok(overflow <= 0, `/api/docs scrolls sideways by ${overflow}px`)
      await screenshot(page, 'phone-api-docs', { fullPage: false })
    })

    for (const colorScheme of ['light', 'dark'] as const) {
      it(`has no serious or critical axe-core violations (${colorScheme})`, async () => {
        const { page } = await open('/api/docs', { colorScheme })
        await page.locator('.opblock').first().waitFor()
        const found = await seriousViolations(page)
        assert.deepEqual(found, [])
      })
    }
  })

  describe('term meanings on a vocabulary page', () => {
    it("a term's name is a link that opens its definition, domain, range and hierarchy, whose links lead on", async () => {
      const { page, errors } = await open('/prefix/foaf')
      const knows = page.locator('#term-knows')
      await knows.waitFor()
      await knows.getByRole('link', { name: 'foaf:knows' }).click()
      await page.waitForURL(`${server.url}/prefix/foaf#knows`)
      const meaning = knows.locator('.meaning')
      await meaning.waitFor()
      assert.match(await meaning.innerText(), /Domain\s+foaf:Person/)
      assert.match(await meaning.innerText(), /Range\s+foaf:Person/)
      // The domain leads to the Person class, which then shows its own meaning (its subclasses among it).
      await meaning.getByRole('link', { name: 'foaf:Person' }).first().click()
      await page.waitForURL(`${server.url}/prefix/foaf#Person`)
      const person = page.locator('#term-Person .meaning')
      await person.waitFor()
      assert.match(await person.innerText(), /Subclass of/)
      assert.deepEqual(errors, [])
    })
  })

  describe('at phone width', () => {
    it('keeps the card of an unfinished name to two lines, so the suggestions start above the keyboard', async () => {
      const { page, errors } = await open('/', { viewport: PHONE, mobile: true })
      await page.locator('#query').fill('foaf:Pe')
      const card = page.locator('#answer')
      await card.getByText('not a known term').waitFor()
      await page.getByRole('option').first().waitFor()
      const cardBox = (await card.boundingBox())!
      const first = (await page.getByRole('option').first().boundingBox())!
      // 170 px before: the expansion, a sentence and the Copy button, each on lines of their own.
      assert.ok(cardBox.height <= 80, `the card is ${cardBox.height} px tall`)
      assert.ok(first.y + 48 <= ABOVE_KEYBOARD, `the first suggestion starts at ${first.y} px`)
      assert.ok(cardBox.y + cardBox.height <= first.y + 1, 'the card stays above the list')
      // The whole IRI is still there for copying and for screen readers.
      assert.equal(await card.locator('.result').textContent(), 'http://xmlns.com/foaf/0.1/Pe')
      await card.getByRole('button', { name: 'Copy http://xmlns.com/foaf/0.1/Pe' }).waitFor()
      const copyBox = (await card.getByRole('button').boundingBox())!
      assert.ok(copyBox.height >= 24, `Copy is ${copyBox.height} px tall`)
      await screenshot(page, 'phone-unfinished-name', { fullPage: false })
      assert.deepEqual(errors, [])
    })
  })
})
