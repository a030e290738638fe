// The web pages end to end: the real resolver over real HTTP, driven in headless Chromium.

import assert from 'node:assert/strict'
import type { Browser, BrowserContext, Page, Request } from 'playwright-core'
import { createRequire } from 'node:module'
import type { Running } from '../server/http-helpers.js'
import { screenshot } from './browser.js'
import { startPagesInChromium, stopPagesInChromium } from './pages-in-chromium.js'

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
    ;({ browser, server } = await startPagesInChromium(this))
  })
  after(() => stopPagesInChromium(browser, server))
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
      // An ask is one autocomplete request (a word also asks /search beside it), so asks are counted by those.
      const asks = apiRequests.filter((url) => new URL(url).pathname === '/api/v1/autocomplete')
      assert.ok(asks.length >= 1 && asks.length <= 4, `requests: ${apiRequests.join(', ')}`)
      await screenshot(page, 'search')

      // Arrow down to foaf:Person, then Enter opens its term page.
      const names = await page.getByRole('option').locator('.name').allInnerTexts()
      const position = names.indexOf('foaf:Person')
      assert.ok(position >= 0, names.join(', '))
      for (let i = 0; i <= position; i++) await box.press('ArrowDown')
      assert.equal(await page.getByRole('option', { selected: true }).locator('.name').innerText(), 'foaf:Person')
      assert.equal(await box.getAttribute('aria-activedescendant'), `suggestion-${position}`)
      await box.press('Enter')
      await page.waitForURL(`${server.url}/prefix/foaf/Person`)
      await page.getByRole('heading', { level: 1, name: /^foaf:Person/ }).waitFor()
      await screenshot(page, 'term-from-search')
    })

    it('finds terms by words, completes prefixes and IRIs, and shows what a name expands to', async () => {
      await page.goto(`${server.url}/`)
      const box = page.getByRole('combobox')
      await box.fill('person')
      await page.getByRole('option').filter({ hasText: 'foaf:Person' }).first().waitFor()

      await box.fill('schema:')
      // The prefix itself comes first (the list of the previous query may still be showing: wait for it).
      await page
        .getByRole('option')
        .first()
        .locator('.name', { hasText: /^schema:$/ })
        .waitFor()

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
      await page
        .getByRole('option')
        .first()
        .locator('.name', { hasText: /^schema:$/ })
        .waitFor()
      await box.fill('foaf:knows')
      await box.press('Enter') // within the debounce: the list still shows schema:'s answer
      await page.waitForURL(`${server.url}/prefix/foaf/knows`)
    })

    it('shows the answer above the list, with a Copy button that can be clicked', async () => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'])
      await page.goto(`${server.url}/`)
      const box = page.getByRole('combobox')
      await box.fill('foaf:Person')
      const card = page.locator('#answer')
      await card.getByText('http://xmlns.com/foaf/0.1/Person').waitFor()
      await page.getByRole('option').first().waitFor()
      const cardBox = (await card.boundingBox())!
      const listBox = (await page.getByRole('listbox').boundingBox())!
      assert.ok(cardBox.y + cardBox.height <= listBox.y + 1, `card ${JSON.stringify(cardBox)} reaches into the list ${JSON.stringify(listBox)}`)
      // A real click (Playwright refuses one that something covers), with the list open.
      await card.getByRole('button', { name: 'Copy http://xmlns.com/foaf/0.1/Person' }).click()
      await page.getByRole('status').getByText('Copied: http://xmlns.com/foaf/0.1/Person').waitFor()
      assert.equal(await page.evaluate('navigator.clipboard.readText()'), 'http://xmlns.com/foaf/0.1/Person')
    })

    it('says “not a known term” for an unfinished name, and no “Nothing found” under an answer', async () => {
      await page.goto(`${server.url}/`)
      const box = page.getByRole('combobox')
      await box.fill('foaf:Pxyz')
      await page.locator('#answer').getByText('http://xmlns.com/foaf/0.1/Pxyz').waitFor()
      await page.locator('#answer .unknown-term').getByText('not a known term').waitFor()
      assert.doesNotMatch(await page.getByRole('status').innerText(), /Nothing found/)
      // A known term has no such note.
      await box.fill('foaf:Person')
      await page.getByRole('option').first().waitFor()
      await page.locator('#answer').getByText('http://xmlns.com/foaf/0.1/Person', { exact: true }).waitFor()
      assert.equal(await page.locator('#answer .unknown-term').count(), 0)
      // A typo alias expands, and the card names the prefix usually written.
      await box.fill('shema:Person')
      await page.locator('#answer .usually').getByText('shema: is a typo alias; usually').waitFor()
      assert.equal(await page.locator('#answer .usually a').getAttribute('href'), '/prefix/schema')
      // A name through a junk prefix: a visible warning on a marked card, and Copy says it copies anyway.
      await box.fill('foaa:x')
      const warning = page.locator('#answer .warning')
      await warning.getByText('foaa: is suspect: its namespace <https://kibanshoe.com/> is on a site that serves no vocabulary').waitFor()
      assert.equal(await page.locator('#answer').getAttribute('class'), 'answer warned')
      assert.ok(await warning.isVisible())
      assert.equal(await page.locator('#answer button').innerText(), 'Copy anyway')
      assert.equal(await page.locator('#answer .unknown-term').count(), 0)
      // A retired vocabulary's name links its successor.
      await box.fill('v:Person')
      await page.locator('#answer .warning').getByText('v: is a retired vocabulary').waitFor()
      assert.equal(await page.locator('#answer .warning a').getAttribute('href'), '/prefix/schema')
      // Words that match nothing and mean nothing still say so.
      await box.fill('zzqqxx')
      await page.getByRole('status').getByText('Nothing found for “zzqqxx”.').waitFor()
    })

    it('lists a Person class first for `person`; Enter opens the results page, ArrowDown and Enter the class', async () => {
      await page.goto(`${server.url}/`)
      const box = page.getByRole('combobox')
      await box.fill('person')
      await page
        .getByRole('option')
        .first()
        .locator('.name', { hasText: /:Person$/ })
        .waitFor()
      await box.press('Enter')
      await page.waitForURL(`${server.url}/search?q=person`)
      await page.goto(`${server.url}/`)
      await box.fill('person')
      await page.getByRole('option').first().waitFor()
      await box.press('ArrowDown')
      await box.press('Enter')
      await page.waitForURL(/\/prefix\/[^/]+\/Person$/)
    })

    it('lists the vocabulary a bare word names first: `schema` and ArrowDown, Enter go to schema:, not csvw:Schema', async () => {
      for (const word of ['schema', 'geo']) {
        await page.goto(`${server.url}/`)
        const box = page.getByRole('combobox')
        await box.fill(word)
        await page.getByRole('option').first().waitFor()
        await box.press('ArrowDown')
        await box.press('Enter')
        await page.waitForURL(new RegExp(`/prefix/${word}$`))
      }
    })

    it('shows a loading hint when the API takes longer than 300 ms', async () => {
      await page.route('**/api/v1/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 900))
        await route.continue()
      })
      await page.goto(`${server.url}/`)
      await page.getByRole('combobox').fill('foaf:Pe')
      await page.getByRole('status').getByText('Loading…').waitFor({ timeout: 800 })
      await page.getByRole('option').filter({ hasText: 'foaf:Person' }).first().waitFor()
      assert.doesNotMatch(await page.getByRole('status').innerText(), /Loading/)
    })

    it('says clearly when the API fails instead of showing nothing', async () => {
      expectedErrors = /^Failed to load resource: (the server responded with a status of 503|net::ERR_CONNECTION_REFUSED)/
      await page.route('**/api/v1/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false}' }))
      await page.goto(`${server.url}/`)
      await page.getByRole('combobox').fill('foaf:Pe')
      await page
        .getByRole('status')
        .getByText(/The prefixd API failed \(HTTP 503\)/)
        .waitFor()
      await page.unroute('**/api/v1/**')
      await page.route('**/api/v1/**', (route) => route.abort('connectionrefused'))
      await page.getByRole('combobox').fill('schema:Pe')
      await page
        .getByRole('status')
        .getByText(/not answering/)
        .waitFor()
    })
  })

  describe('/prefixes', () => {
    it('lists the table, narrows it as you type and copies declarations', async () => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
      await page.goto(`${server.url}/prefixes`)
      const status = page.getByRole('status')
      await status.getByText(/^[\d,]+ prefixes \([\d,]+ long-tail and suspect ones hidden\)\.$/).waitFor()
      const [total, hidden] = (await status.innerText()).match(/[\d,]+/g)!.map((n) => Number(n.replace(/,/g, '')))
      assert.ok(total! > 900 && hidden! > 2000, `total ${total}, hidden ${hidden}`)
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
      await status.getByText(/^No prefix matches “zzqqxxnothing” \([\d,]+ long-tail and suspect ones hidden\)\.$/).waitFor()
      assert.equal(await page.locator('table').isVisible(), false)
    })

    it('puts the prefix equal to the filter first: dc before dcat and dcterms', async () => {
      await page.goto(`${server.url}/prefixes`)
      await page.locator('tbody tr').first().waitFor()
      await page.getByLabel('Filter by prefix or namespace').fill('dc')
      await page.locator('tbody tr th').first().getByText('dc', { exact: true }).waitFor()
    })

    it('leaves long-tail and suspect prefixes out unless asked, and shows each grade: foaffff only with Show all', async () => {
      await page.goto(`${server.url}/prefixes?q=foaf`)
      const rows = page.locator('tbody tr')
      await rows.first().waitFor()
      assert.equal(await rows.first().locator('th').innerText(), 'foaf')
      assert.equal(await rows.first().locator('td.grade').innerText(), 'curated')
      const prefixes = await rows.locator('th').allInnerTexts()
      assert.ok(!prefixes.includes('foaffff') && !prefixes.includes('foaa'), prefixes.join(' '))
      await page.getByLabel('Show all, long-tail and suspect prefixes too').check()
      await page.locator('tbody tr th', { hasText: /^foaffff$/ }).waitFor()
      const foaffff = rows.filter({ has: page.locator('th', { hasText: /^foaffff$/ }) })
      assert.equal(await foaffff.locator('td.grade').innerText(), 'suspect')
      assert.equal(new URL(page.url()).searchParams.get('all'), 'true') // the view with every grade can be shared
      await screenshot(page, 'prefixes-all')
      await page.goto(`${server.url}/prefixes?q=foaf&all=true`)
      await page.locator('tbody tr th', { hasText: /^foaffff$/ }).waitFor()
      assert.equal(await page.getByLabel('Show all, long-tail and suspect prefixes too').isChecked(), true)
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

    it('redirects prefix:local to the term page, and a trailing slash to the vocabulary page', async () => {
      await page.goto(`${server.url}/prefix/foaf:Person`)
      assert.equal(page.url(), `${server.url}/prefix/foaf/Person`)
      await page.locator('.term-facts').waitFor()
    })

    it('filters the terms, jumps to each section and copies a term', async () => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'])
      await page.goto(`${server.url}/prefix/schema`)
      await page.locator('.term').first().waitFor()
      const all = await page.locator('.term').count()
      await page.getByLabel('Filter terms').fill('person')
      await page
        .getByRole('status')
        .getByText(/terms? match/)
        .waitFor()
      const shown = page.locator('.term:not([hidden])')
      // textContent: innerText is empty for rows that content-visibility has not laid out yet.
      const names = await shown.locator('.name').allTextContents()
      const labels = await shown.evaluateAll((items) => items.map((item) => item.textContent!.toLowerCase()))
      assert.ok(names.includes('schema:Person'), names.join(' '))
      assert.ok(names.length > 0 && names.length < all / 10, `${names.length} of ${all}`)
      assert.ok(
        labels.every((text) => text.includes('person')),
        labels.filter((text) => !text.includes('person')).join(' | '),
      )
      await page.getByLabel('Filter terms').fill('')
      await page.getByRole('status').getByText(/match/).waitFor({ state: 'detached' })
      assert.equal(await page.locator('.term[hidden]').count(), 0)

      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: /^Properties/ })
        .click()
      await page.waitForURL(/#group-properties$/)
      const heading = (await page.locator('#group-properties').boundingBox())!
      assert.ok(heading.y >= -1 && heading.y < 200, `the Properties heading is at ${heading.y}`)

      const person = page.locator('.term', { has: page.locator('.name', { hasText: /^schema:Person$/ }) })
      await person.getByRole('button', { name: 'Copy schema:Person' }).click()
      await page.locator('#copied').getByText('Copied: schema:Person').waitFor({ state: 'attached' })
      assert.equal(await page.evaluate('navigator.clipboard.readText()'), 'schema:Person')
    })

    it("renders a schema.org definition's Markdown link as a link, never as text", async () => {
      await page.goto(`${server.url}/prefix/schema/accessibilityAPI`)
      const link = page.locator('.definition a', { hasText: 'approved vocabulary' })
      await link.waitFor()
      assert.equal(await link.getAttribute('href'), 'https://www.w3.org/2021/a11y-discov-vocab/latest/#accessibilityAPI-vocabulary')
      assert.doesNotMatch(await page.locator('.definition').innerText(), /\]\(|\\n/)
    })

    it('lists schema.org under sdo: (https), each term written as sdo:', async () => {
      await page.goto(`${server.url}/prefix/sdo`)
      const person = page.locator('.term', { has: page.locator('.name', { hasText: /^sdo:Person$/ }) })
      await person.waitFor()
      assert.equal(await person.locator('a.iri').getAttribute('href'), 'https://schema.org/Person')
      assert.doesNotMatch(await page.locator('.facts').innerText(), /none known/)
    })

    it('names the usual form of a typo alias', async () => {
      await page.goto(`${server.url}/prefix/shema`)
      const usually = page.locator('.usually')
      await usually.waitFor()
      assert.match(await usually.innerText(), /typo alias: usually schema:/)
      assert.equal(await usually.getByRole('link').getAttribute('href'), '/prefix/schema')
      // It links to schema: instead of listing schema.org's terms under shema:.
      const note = page.locator('.typo-note')
      assert.match(await note.innerText(), /^shema: is a typo alias of schema: — see its [\d,]+ terms there\.$/)
      assert.equal(await note.getByRole('link').getAttribute('href'), '/prefix/schema')
      assert.equal(await page.locator('.terms, .declarations').count(), 0)
      // schema:'s page lists its synonyms apart from its typo aliases.
      await page.goto(`${server.url}/prefix/schema`)
      const typos = await page.locator('.typo-aliases').innerText()
      const synonyms = await page.locator('.synonyms').innerText()
      assert.match(typos, /\bshema:/)
      assert.doesNotMatch(synonyms, /\bshema:/)
      // A retired vocabulary names its successor.
      await page.goto(`${server.url}/prefix/v`)
      const retired = page.locator('.retired')
      await retired.waitFor()
      assert.equal(await retired.getByRole('link').getAttribute('href'), '/prefix/schema')
    })

    it('answers a browser with a 404 page for an unknown path and an unknown prefix:local', async () => {
      expectedErrors = /404/
      const missing = await page.goto(`${server.url}/no/such/page`)
      assert.equal(missing?.status(), 404)
      await page.getByRole('heading', { name: 'Page not found' }).waitFor()
      const unknown = await page.goto(`${server.url}/nosuch:Person`)
      assert.equal(unknown?.status(), 404)
      await page.getByRole('heading', { name: 'Unknown prefix “nosuch”' }).waitFor()
      assert.equal(await page.getByRole('link', { name: 'search', exact: true }).getAttribute('href'), '/?q=nosuch')
    })

    it('does not follow a suspect prefix to its host: /foaa:x names the grade and the IRI', async () => {
      const requests: string[] = []
      page.on('request', (request: Request) => requests.push(request.url()))
      const response = await page.goto(`${server.url}/foaa:x`)
      assert.equal(response?.status(), 200)
      await page.getByRole('heading', { level: 1, name: '“foaa:” is a suspect prefix' }).waitFor()
      await page.locator('#iri', { hasText: 'https://kibanshoe.com/x' }).waitFor()
      assert.match(await page.locator('#grade').innerText(), /^suspect: its namespace is on a site that serves no vocabulary/)
      assert.equal(new URL(page.url()).pathname, '/foaa:x')
      assert.ok(
        requests.every((url) => url.startsWith(server.url)),
        requests.join(' '),
      ) // nothing fetched from the third party
      await page.goto(`${server.url}/shema:Person`)
      await page.getByRole('link', { name: 'schema:' }).waitFor() // a typo alias names its usual form
      await screenshot(page, 'suspect')
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
      // Classes first after `a`: a property such as schema:performer comes, if at all, after every class.
      const labels = await page.locator('.cm-completionLabel').allInnerTexts()
      assert.ok(labels.includes('schema:Person'), labels.join(', '))
      // (Not every capitalised name after them is a class: schema:PET is an instance, ranked among the rest.)
      const firstProperty = labels.findIndex((label) => /^schema:[a-z]/.test(label))
      assert.ok(firstProperty > 0 && labels.slice(0, firstProperty).every((label) => /^schema:[A-Z]/.test(label)), labels.join(', '))
      assert.ok(
        apiRequests.some((url) => new URL(url).searchParams.get('prefer') === 'class'),
        apiRequests.join(', '),
      )
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
      // Properties first: a class comes, if at all, after every property.
      const firstClass = labels.findIndex((label) => /^foaf:[A-Z]/.test(label))
      assert.ok(firstClass === -1 || labels.slice(firstClass).every((label) => /^foaf:[A-Z]/.test(label)), labels.join(', '))
      assert.ok(
        apiRequests.some((url) => new URL(url).searchParams.get('prefer') === 'property'),
        apiRequests.join(', '),
      )
      await page.keyboard.type('kno', { delay: 40 })
      await pickCompletion(page, 'foaf:knows')
      const text = await page.locator('.cm-content').innerText()
      assert.equal(text.match(/@prefix foaf:/g)?.length, 1)
      // Completing the same prefix again declares nothing more.
      await page.keyboard.type(' ex:carol ;\n  foaf:nam', { delay: 40 })
      await pickCompletion(page, 'foaf:name')
      assert.equal((await page.locator('.cm-content').innerText()).match(/@prefix foaf:/g)?.length, 1)
    })

    it('offers schema:name first for schema:na in predicate position, so Enter picks it', async () => {
      await page.goto(`${server.url}/editor`)
      const editor = page.getByRole('textbox', { name: 'Turtle or SPARQL document' })
      await editor.waitFor()
      await editor.press('Control+End')
      await page.keyboard.press('ArrowUp') // back onto the line `ex:alice`: a predicate comes next
      await page.keyboard.press('End')
      await page.keyboard.type(' schema:na', { delay: 40 })
      await completion(page, 'schema:name').waitFor()
      assert.equal(await page.locator('.cm-tooltip-autocomplete [aria-selected="true"] .cm-completionLabel').innerText(), 'schema:name')
      await page.waitForTimeout(150) // CodeMirror ignores Enter right after the list opens
      await page.keyboard.press('Enter')
      await page.locator('.cm-content').getByText('ex:alice schema:name').waitFor()
    })

    it('keeps its text across a reload', async () => {
      await page.goto(`${server.url}/editor`)
      const editor = page.getByRole('textbox', { name: 'Turtle or SPARQL document' })
      await editor.waitFor()
      await editor.press('Control+End')
      await page.keyboard.type('ex:bob ex:knows ex:alice .', { delay: 10 })
      await page.waitForTimeout(500) // saved a moment after typing stops
      await page.reload()
      await page.locator('.cm-content').getByText('ex:bob ex:knows ex:alice .').waitFor()
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
      await page.route('**/api/v1/**', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":{"code":"INTERNAL","message":"internal error"}}' }),
      )
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
      await page
        .getByRole('status')
        .getByText(/^No completions: The prefixd API failed \(HTTP 500/)
        .waitFor()
    })
  })

  describe('accessibility', () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`has no serious or critical axe-core violations on any page (${colorScheme} scheme)`, async function () {
        this.timeout(180_000) // six pages, each checked whole: about a minute on a loaded machine
        // axe is injected as an inline script, which the pages' own policy rightly forbids.
        const checked = await browser.newContext({ bypassCSP: true, colorScheme })
        try {
          const tab = await checked.newPage()
          for (const [path, ready] of [
            ['/', '#query'],
            ['/prefixes', 'tbody tr'],
            ['/prefix/foaf', '.term'],
            ['/editor', '.cm-content'],
            ['/nosuch:Person', 'h1'],
            ['/foaa:x', '#answer:not([hidden])'],
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

    it('keeps labels readable: a term label or suggestion label is as wide as its row, not a column of letters', async () => {
      const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
      try {
        const small = await phone.newPage()
        await small.goto(`${server.url}/prefix/schema`)
        await small.locator('.term .label').first().waitFor()
        const widths = await small.locator('.term').evaluateAll((items) =>
          items.slice(0, 40).map((item) => {
            const label = item.querySelector('.label')
            return label === null
              ? null
              : { label: label.getBoundingClientRect().width, row: item.getBoundingClientRect().width, name: item.querySelector('.name')!.textContent }
          }),
        )
        for (const w of widths) if (w !== null) assert.ok(w.label >= w.row * 0.8, `${w.name}: label ${w.label}px in a row of ${w.row}px`)
        await small.goto(`${server.url}/`)
        await small.getByRole('combobox').fill('person')
        await small.getByRole('option').first().waitFor()
        const rows = await small
          .getByRole('option')
          .evaluateAll((items) =>
            items.map((item) => ({ label: item.querySelector('.label')?.getBoundingClientRect().width ?? null, row: item.getBoundingClientRect().width })),
          )
        for (const r of rows) if (r.label !== null) assert.ok(r.label >= r.row * 0.7, `label ${r.label}px in a row of ${r.row}px`)
      } finally {
        await phone.close()
      }
    })

    it("keeps the editor's completions in view: no info panel over the list", async () => {
      const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
      try {
        const small = await phone.newPage()
        await small.goto(`${server.url}/editor`)
        const editor = small.getByRole('textbox', { name: 'Turtle or SPARQL document' })
        await editor.waitFor()
        await editor.press('Control+End')
        await small.keyboard.press('ArrowUp')
        await small.keyboard.press('End')
        await small.keyboard.type(' a schema:Pe', { delay: 40 })
        const list = small.locator('.cm-tooltip-autocomplete')
        await list.locator('li').first().waitFor()
        await small.waitForTimeout(300) // the info panel follows the list
        const listBox = (await list.boundingBox())!
        assert.ok(listBox.x >= 0 && listBox.x + listBox.width <= 375 + 1, `the list spans ${listBox.x}–${listBox.x + listBox.width}px`)
        for (const info of await small.locator('.cm-completionInfo').all()) {
          const box = await info.boundingBox()
          if (box === null) continue // not shown
          const overlaps =
            box.x < listBox.x + listBox.width && listBox.x < box.x + box.width && box.y < listBox.y + listBox.height && listBox.y < box.y + box.height
          assert.ok(!overlaps, `the info panel ${JSON.stringify(box)} covers the list ${JSON.stringify(listBox)}`)
        }
        // Each option's label is readable: wider than a few letters.
        const labelWidths = await list.locator('.cm-completionLabel').evaluateAll((labels) => labels.map((l) => l.getBoundingClientRect().width))
        assert.ok(
          labelWidths.every((w) => w >= 60),
          labelWidths.join(', '),
        )
      } finally {
        await phone.close()
      }
    })
  })
})
