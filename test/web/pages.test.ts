// The web pages end to end: the real resolver over real HTTP, driven in headless Chromium.

import assert from 'node:assert/strict'
import type { Browser, BrowserContext, Page, Request } from 'playwright-core'
import { PrefixIndex } from '@prefixd/core'
import { createApp, loadSite } from '@prefixd/server'
import { SITE_DIR } from '@prefixd/web'
import { createRequire } from 'node:module'
import { listen, type Running } from '../server/http-helpers.js'
import { browserAvailable, CHROMIUM, launchBrowser, screenshot } from './browser.js'

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** The editor's completion option labelled exactly `name`. */
function completion(page: Page, name: string) {
  return page.locator('.cm-tooltip-autocomplete li', { has: page.locator('.cm-completionLabel', { hasText: new RegExp(`^${name}$`) }) })
}

/**
 * Selects the completion `name` by keyboard and accepts it with Enter. CodeMirror ignores Enter for
 * a moment after the list opens (so that typing on is not taken as a choice): wait that out first.
 */
async function pickCompletion(page: Page, name: string): Promise<void> {
  await completion(page, name).waitFor()
  const selected = page.locator('.cm-tooltip-autocomplete [aria-selected="true"] .cm-completionLabel')
  for (let i = 0; i < 60 && (await selected.innerText()) !== name; i++) await page.keyboard.press('ArrowDown')
  assert.equal(await selected.innerText(), name)
  await page.waitForTimeout(150)
  await page.keyboard.press('Enter')
  await page.locator('.cm-tooltip-autocomplete').waitFor({ state: 'detached' })
}

describe('web pages in Chromium', function () {
  this.timeout(60_000)
  let browser: Browser
  let server: Running
  let context: BrowserContext
  let page: Page
  /** Every API request the page made, to check there is no flood. */
  let apiRequests: string[]
  /** Console errors a test provokes on purpose (failed requests); reset before each test. */
  let expectedErrors: RegExp | undefined

  before(async function () {
    if (!browserAvailable()) {
      console.log(`    skipped: no browser at ${CHROMIUM} (apt-get install chromium, or set PREFIXD_CHROMIUM)`)
      return this.skip()
    }
    const [index, site] = await Promise.all([PrefixIndex.loadDefault(), loadSite(SITE_DIR)])
    server = await listen(createApp({ index, site }))
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
    await server?.close()
  })
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1100, height: 800 } })
    page = await context.newPage()
    apiRequests = []
    page.on('request', (request: Request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiRequests.push(request.url())
    })
    const errors: string[] = []
    expectedErrors = undefined
    page.on('pageerror', (error) => errors.push(error.message))
    // Filtered as they come, not cleared at the end: a late request may fail after the test's last step.
    page.on('console', (message) => message.type() === 'error' && !expectedErrors?.test(message.text()) && errors.push(message.text()))
    ;(page as Page & { errors: string[] }).errors = errors
  })
  afterEach(async function () {
    const errors = (page as Page & { errors?: string[] }).errors ?? []
    await context?.close()
    // A page that throws or logs errors fails its test even when what it shows looks right.
    if (this.currentTest?.state === 'passed') assert.deepEqual(errors, [], 'page errors')
  })

  describe('/ (search)', () => {
    it('shows foaf:Person with its IRI, label and types for foaf:Pe, and opens it by keyboard', async () => {
      await page.goto(`${server.url}/`)
      const box = page.getByRole('combobox', { name: 'Prefix, prefixed name, words or IRI' })
      await box.pressSequentially('foaf:Pe', { delay: 30 })
      const option = page.getByRole('option').filter({ hasText: 'foaf:Person' }).first()
      await option.waitFor()
      const text = await option.innerText()
      assert.match(text, /http:\/\/xmlns\.com\/foaf\/0\.1\/Person/)
      assert.match(text, /owl:Class|rdfs:Class/)
      // Typing seven characters quickly asks about once (debounced; a stall may add one), not once per keystroke.
      assert.ok(apiRequests.length <= 4, `requests: ${apiRequests.join(', ')}`)
      await screenshot(page, 'search')

      // Arrow down to foaf:Person, then Enter opens its place in the vocabulary page.
      const names = await page.getByRole('option').locator('.name').allInnerTexts()
      const position = names.indexOf('foaf:Person')
      assert.ok(position >= 0, names.join(', '))
      for (let i = 0; i <= position; i++) await box.press('ArrowDown')
      assert.equal(await page.getByRole('option', { selected: true }).locator('.name').innerText(), 'foaf:Person')
      assert.equal(await box.getAttribute('aria-activedescendant'), `suggestion-${position}`)
      await box.press('Enter')
      await page.waitForURL(`${server.url}/prefix/foaf#Person`)
      const focused = page.locator('.term.focused')
      await focused.waitFor()
      assert.equal(await focused.locator('.name').innerText(), 'foaf:Person')
      await screenshot(page, 'vocabulary-term')
    })

    it('finds terms by words, completes prefixes and IRIs, and shows what a name expands to', async () => {
      await page.goto(`${server.url}/`)
      const box = page.getByRole('combobox')
      await box.fill('person')
      await page.getByRole('option').filter({ hasText: 'foaf:Person' }).first().waitFor()

      await box.fill('schema:')
      // The prefix itself comes first (the list of the previous query may still be showing: wait for it).
      await page.getByRole('option').first().locator('.name', { hasText: /^schema:$/ }).waitFor()

      await box.fill('http://xmlns.com/foaf/0.1/kno')
      await page.getByRole('option').filter({ hasText: 'foaf:knows' }).first().waitFor()

      await box.fill('foaf:Person')
      await page.locator('#answer').getByText('http://xmlns.com/foaf/0.1/Person').waitFor()
      await box.fill('http://xmlns.com/foaf/0.1/Person')
      await page.locator('#answer .result').getByText('foaf:Person', { exact: true }).waitFor()
    })

    it('closes the list with Escape, clears the box with a second one, and says when nothing matches', async () => {
      await page.goto(`${server.url}/`)
      const box = page.getByRole('combobox')
      await box.fill('foaf:Pe')
      await page.getByRole('option').first().waitFor()
      assert.equal(await box.getAttribute('aria-expanded'), 'true')
      await box.press('Escape')
      assert.equal(await box.getAttribute('aria-expanded'), 'false')
      assert.equal(await page.getByRole('listbox').isVisible(), false)
      assert.equal(await box.inputValue(), 'foaf:Pe') // the first Escape only closes the list
      await box.press('Enter') // dismissed: Enter opens nothing
      await box.press('Escape')
      assert.equal(await box.inputValue(), '')
      await box.press('ArrowDown')
      assert.equal(await page.getByRole('option').count(), 0) // nothing of the old query comes back
      assert.equal(new URL(page.url()).pathname, '/')
      await box.fill('zzqqxxnothing')
      await page.getByRole('status').getByText('Nothing found for “zzqqxxnothing”.').waitFor()
    })

    it('opens what is typed now on Enter, not the answer to an older query', async () => {
      await page.goto(`${server.url}/`)
      const box = page.getByRole('combobox')
      await box.fill('schema:')
      await page.getByRole('option').first().locator('.name', { hasText: /^schema:$/ }).waitFor()
      await box.fill('foaf:knows')
      await box.press('Enter') // within the debounce: the list still shows schema:'s answer
      await page.waitForURL(`${server.url}/prefix/foaf#knows`)
    })

    it('says clearly when the API fails instead of showing nothing', async () => {
      expectedErrors = /^Failed to load resource: (the server responded with a status of 503|net::ERR_CONNECTION_REFUSED)/
      await page.route('**/api/v1/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false}' }))
      await page.goto(`${server.url}/`)
      await page.getByRole('combobox').fill('foaf:Pe')
      await page.getByRole('status').getByText(/The prefixd API failed \(HTTP 503\)/).waitFor()
      await page.unroute('**/api/v1/**')
      await page.route('**/api/v1/**', (route) => route.abort('connectionrefused'))
      await page.getByRole('combobox').fill('schema:Pe')
      await page.getByRole('status').getByText(/not answering/).waitFor()
    })
  })

  describe('/prefixes', () => {
    it('lists the table, narrows it as you type and copies declarations', async () => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
      await page.goto(`${server.url}/prefixes`)
      const status = page.getByRole('status')
      await status.getByText(/^[\d,]+ prefixes\.$/).waitFor()
      const total = Number((await status.innerText()).replace(/\D/g, ''))
      assert.ok(total > 3000, `total ${total}`)
      assert.equal(await page.locator('tbody tr').count(), 100) // the first page of rows
      await screenshot(page, 'prefixes')

      await page.getByLabel('Filter by prefix or namespace').fill('foaf')
      await status.getByText(/of [\d,]+ prefixes match/).waitFor()
      const rows = page.locator('tbody tr')
      const shown = await rows.count()
      assert.ok(shown >= 1 && shown < 100, `rows ${shown}`)
      assert.equal(await rows.first().locator('th').innerText(), 'foaf')
      for (const prefix of await rows.locator('th').allInnerTexts()) {
        const row = rows.filter({ has: page.locator('th', { hasText: prefix }) }).first()
        const text = (await row.innerText()).toLowerCase()
        assert.ok(text.includes('foaf'), `${prefix} does not match foaf`)
      }
      assert.equal(new URL(page.url()).searchParams.get('q'), 'foaf') // the filtered view can be shared

      await page.getByRole('button', { name: 'Copy the Turtle declaration of foaf', exact: true }).click()
      assert.equal(await page.evaluate('navigator.clipboard.readText()'), '@prefix foaf: <http://xmlns.com/foaf/0.1/> .')
      await page.getByRole('button', { name: 'Copy the SPARQL declaration of foaf', exact: true }).click()
      assert.equal(await page.evaluate('navigator.clipboard.readText()'), 'PREFIX foaf: <http://xmlns.com/foaf/0.1/>')
      await page.getByRole('button', { name: 'Copy the JSON-LD declaration of foaf', exact: true }).click()
      assert.equal(await page.evaluate('navigator.clipboard.readText()'), '"foaf": "http://xmlns.com/foaf/0.1/"')
      await screenshot(page, 'prefixes-filtered')

      await page.getByLabel('Filter by prefix or namespace').fill('zzqqxxnothing')
      await status.getByText('No prefix matches “zzqqxxnothing”.').waitFor()
      assert.equal(await page.locator('table').isVisible(), false)
    })

    it('shows more rows on demand', async () => {
      await page.goto(`${server.url}/prefixes`)
      await page.getByRole('button', { name: 'Show 100 more' }).click()
      assert.equal(await page.locator('tbody tr').count(), 200)
    })
  })

  describe('/prefix/{prefix}', () => {
    it('shows the namespace, title and terms grouped by kind', async () => {
      await page.goto(`${server.url}/prefix/foaf`)
      await page.getByRole('heading', { level: 1, name: /foaf: Friend of a Friend/ }).waitFor()
      assert.ok(await page.getByRole('link', { name: 'http://xmlns.com/foaf/0.1/', exact: true }).isVisible())
      const classes = page.getByRole('region', { name: /^Classes \(\d+\)$/ })
      const properties = page.getByRole('region', { name: /^Properties \(\d+\)$/ })
      assert.ok(await classes.locator('.name', { hasText: /^foaf:Person$/ }).isVisible())
      // Below the fold: laid out lazily (content-visibility), so present rather than visible until scrolled to.
      const knows = properties.locator('.name', { hasText: /^foaf:knows$/ })
      assert.equal(await knows.count(), 1)
      await knows.scrollIntoViewIfNeeded()
      assert.ok(await knows.isVisible())
      assert.equal(await classes.locator('.name', { hasText: /^foaf:knows$/ }).count(), 0)
      await screenshot(page, 'vocabulary')
    })

    it('marks a term whose name is also a part of the page (dcterms:title)', async () => {
      await page.goto(`${server.url}/prefix/dcterms#title`)
      const focused = page.locator('.term.focused')
      await focused.waitFor()
      assert.equal(await focused.locator('.name').innerText(), 'dcterms:title')
      await page.getByRole('heading', { level: 1, name: /dcterms:/ }).waitFor() // the page's own title stays
    })

    it('redirects prefix:local and a trailing slash to the vocabulary page', async () => {
      await page.goto(`${server.url}/prefix/foaf:Person`)
      assert.equal(page.url(), `${server.url}/prefix/foaf#Person`)
      await page.locator('.term.focused').waitFor()
    })

    it('answers 404 for an unknown prefix and says so on the page', async () => {
      expectedErrors = /^Failed to load resource: the server responded with a status of 404/ // the page itself
      const response = await page.goto(`${server.url}/prefix/nosuchprefix`)
      assert.equal(response?.status(), 404)
      await page.getByRole('heading', { level: 1, name: 'Unknown prefix “nosuchprefix”' }).waitFor()
    })
  })

  describe('/editor', () => {
    it('offers schema:Person after `a schema:Pe` and adds the missing prefix line', async () => {
      await page.goto(`${server.url}/editor`)
      const editor = page.getByRole('textbox', { name: 'Turtle or SPARQL document' })
      await editor.waitFor()
      await editor.press('Control+End')
      await page.keyboard.press('ArrowUp') // back onto the line `ex:alice`
      await page.keyboard.press('End')
      await page.keyboard.type(' a schema:Pe', { delay: 40 })
      const option = completion(page, 'schema:Person')
      await option.waitFor()
      // Only classes after `a`: no property such as schema:performer is offered.
      const labels = await page.locator('.cm-completionLabel').allInnerTexts()
      assert.ok(labels.includes('schema:Person'), labels.join(', '))
      assert.ok(!labels.some((label) => /^schema:[a-z]/.test(label)), labels.join(', '))
      await screenshot(page, 'editor-completion')
      await pickCompletion(page, 'schema:Person')
      const text = await page.locator('.cm-content').innerText()
      assert.match(text, /^@prefix ex: <http:\/\/example\.org\/> \.\n@prefix schema: <https?:\/\/schema\.org\/> \.\n/)
      assert.match(text, /ex:alice a schema:Person/)
      await screenshot(page, 'editor')
    })

    it('offers properties in predicate position and keeps a declared prefix as it is', async () => {
      await page.goto(`${server.url}/editor`)
      const editor = page.getByRole('textbox', { name: 'Turtle or SPARQL document' })
      await editor.waitFor()
      await editor.press('Control+End')
      await page.keyboard.press('ArrowUp') // back onto the line `ex:alice`: what follows is a predicate
      await page.keyboard.press('End')
      await page.keyboard.type(' foaf:', { delay: 40 })
      await completion(page, 'foaf:knows').waitFor()
      const labels = await page.locator('.cm-completionLabel').allInnerTexts()
      assert.ok(labels.includes('foaf:name'), labels.join(', '))
      assert.ok(!labels.some((label) => /^foaf:[A-Z]/.test(label)), labels.join(', ')) // no classes
      assert.ok(apiRequests.some((url) => new URL(url).searchParams.get('type') === 'rdf:Property'), apiRequests.join(', '))
      await page.keyboard.type('kno', { delay: 40 })
      await pickCompletion(page, 'foaf:knows')
      const text = await page.locator('.cm-content').innerText()
      assert.equal(text.match(/@prefix foaf:/g)?.length, 1)
      // Completing the same prefix again declares nothing more.
      await page.keyboard.type(' ex:carol ;\n  foaf:nam', { delay: 40 })
      await pickCompletion(page, 'foaf:name')
      assert.equal((await page.locator('.cm-content').innerText()).match(/@prefix foaf:/g)?.length, 1)
    })

    it('completes terms after the prefix when typed slowly (the prefix list is not reused past the colon)', async () => {
      await page.goto(`${server.url}/editor`)
      const editor = page.getByRole('textbox', { name: 'Turtle or SPARQL document' })
      await editor.waitFor()
      await editor.press('Control+End')
      // A key every 200 ms: CodeMirror asks after each pause, first for prefixes (`sc`), then terms.
      await page.keyboard.type('ex:bob a schema:Pers', { delay: 200 })
      await pickCompletion(page, 'schema:Person')
      assert.match(await page.locator('.cm-content').innerText(), /ex:bob a schema:Person/)
    })

    it('does not turn a SPARQL keyword into a prefix on Enter', async () => {
      await page.goto(`${server.url}/editor`)
      await page.getByLabel('Language').selectOption('sparql')
      await page.locator('.cm-content').getByText('SELECT ?name WHERE {').waitFor()
      await page.getByRole('textbox', { name: 'Turtle or SPARQL document' }).press('Control+End')
      await page.keyboard.type('SERVICE', { delay: 120 })
      await page.waitForTimeout(300)
      assert.equal(await page.locator('.cm-tooltip-autocomplete').count(), 0)
      await page.keyboard.press('Enter')
      const text = await page.locator('.cm-content').innerText()
      assert.ok(!/PREFIX service:/i.test(text), text)
      assert.match(text, /SERVICE\n/)
    })

    it('writes SPARQL PREFIX lines in SPARQL mode', async () => {
      await page.goto(`${server.url}/editor`)
      await page.getByLabel('Language').selectOption('sparql')
      const editor = page.getByRole('textbox', { name: 'Turtle or SPARQL document' })
      await page.locator('.cm-content').getByText('SELECT ?name WHERE {').waitFor()
      await editor.click()
      await page.keyboard.press('Control+Home')
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('End') // after `?person `
      await page.keyboard.type('a foaf:Pers', { delay: 40 })
      await pickCompletion(page, 'foaf:Person')
      const text = await page.locator('.cm-content').innerText()
      assert.match(text, /^PREFIX foaf: <http:\/\/xmlns\.com\/foaf\/0\.1\/>\n/)
      assert.match(text, /\?person a foaf:Person/)
    })
  })

  describe('when the API fails', () => {
    it('every page says so in its status line', async () => {
      expectedErrors = /^Failed to load resource: the server responded with a status of 500/
      await page.route('**/api/v1/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":{"code":"INTERNAL","message":"internal error"}}' }))
      for (const path of ['/prefixes', '/prefix/foaf']) {
        await page.goto(`${server.url}${path}`)
        await page.getByRole('status').getByText('The prefixd API failed (HTTP 500: internal error).').waitFor()
      }
      // Typing in the filter of a table that never came does not pretend to have searched it.
      await page.goto(`${server.url}/prefixes`)
      await page.getByRole('status').getByText('The prefixd API failed (HTTP 500: internal error).').waitFor()
      await page.getByLabel('Filter by prefix or namespace').fill('foaf')
      await page.waitForTimeout(200)
      assert.equal(await page.getByRole('status').innerText(), 'The prefixd API failed (HTTP 500: internal error).')
      await page.goto(`${server.url}/editor`)
      await page.getByRole('textbox', { name: 'Turtle or SPARQL document' }).press('Control+End')
      await page.keyboard.type('ex:x a schema:Pe', { delay: 30 })
      await page.getByRole('status').getByText(/^No completions: The prefixd API failed \(HTTP 500/).waitFor()
    })
  })

  describe('accessibility', () => {
    for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe-core violations on any page (${colorScheme} scheme)`, async () => {
      // axe is injected as an inline script, which the pages' own policy rightly forbids.
      const checked = await browser.newContext({ bypassCSP: true, colorScheme })
      try {
        const tab = await checked.newPage()
        for (const [path, ready] of [
          ['/', '#query'],
          ['/prefixes', 'tbody tr'],
          ['/prefix/foaf', '.term'],
          ['/editor', '.cm-content'],
        ] as const) {
          await tab.goto(`${server.url}${path}`)
          await tab.locator(ready).first().waitFor()
          if (path === '/') {
            await tab.locator('#query').fill('foaf:Pe')
            await tab.getByRole('option').first().waitFor() // check the open list too
          }
          await tab.addScriptTag({ path: AXE })
          const violations = await tab.evaluate<Array<{ id: string; impact: string; nodes: unknown[] }>>(
            "axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target) })))",
          )
          const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
          assert.deepEqual(serious, [], `${path}: ${JSON.stringify(serious)}`)
        }
      } finally {
        await checked.close()
      }
    })
    }
  })

  describe('at phone width', () => {
    it('fits every page without sideways scrolling', async () => {
      const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
      try {
        const small = await phone.newPage()
        for (const [path, ready] of [
          ['/', '#query'],
          ['/prefixes', 'tbody tr'],
          ['/prefix/schema', '.term'],
          ['/editor', '.cm-content'],
        ] as const) {
          await small.goto(`${server.url}${path}`)
          await small.locator(ready).first().waitFor()
          const overflow = await small.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')
          assert.ok(overflow <= 0, `${path} scrolls sideways by ${overflow}px`)
          await screenshot(small, `phone${path === '/' ? '-search' : path.replaceAll('/', '-')}`, { fullPage: false })
        }
      } finally {
        await phone.close()
      }
    })
  })
})
