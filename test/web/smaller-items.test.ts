// Issue 41's smaller items in Chromium: "did you mean" for an unknown prefix and an unknown prefixed name, the error
// page for an address that cannot be read, and the API page's groups — at 1280 and 390 px, light and dark.

import assert from 'node:assert/strict'
import { screenshot } from './browser.js'
import { axeViolations, LOOKS, overflowsSideways, type OpenPage } from './page-check.js'
import { usePagesInChromium } from './pages-in-chromium.js'

describe('did you mean, unreadable addresses and the API groups, in Chromium', function () {
  this.timeout(60_000)
  // These pages are 404s and 400s on purpose: the browser logs that load, and only that, as an error.
  const site = usePagesInChromium((error) => /the server responded with a status of (404|400)/.test(error))

  it('offers only prefixes a slip away: foaf: first for /prefix/fooaf, nothing for /prefix/nosuch', async () => {
    const { page } = await site.open('/prefix/fooaf')
    const offered = page.locator('.did-you-mean a')
    await offered.first().waitFor()
    assert.equal(await offered.first().innerText(), 'foaf:')
    await page.goto(`${site.url}/prefix/nosuch`)
    await page.getByRole('heading', { name: 'Unknown prefix “nosuch”' }).waitFor()
    await page
      .getByRole('status')
      .getByText(/no such prefix/)
      .waitFor()
    assert.equal(await page.locator('.did-you-mean').count(), 0)
  })

  it('offers the same name under a near prefix for /foaaf:Person, linked to its term page; none for /nosuch:x', async () => {
    const { page } = await site.open('/foaaf:Person')
    await page.getByRole('heading', { name: 'Unknown prefix “foaaf”' }).waitFor()
    const link = page.locator('.did-you-mean').getByRole('link', { name: 'foaf:Person' })
    await link.click()
    await page.waitForURL(`${site.url}/prefix/foaf/Person`)
    await page.goto(`${site.url}/nosuch:x`)
    await page.getByRole('heading', { name: 'Unknown prefix “nosuch”' }).waitFor()
    await page.waitForLoadState('networkidle')
    assert.equal(await page.locator('.did-you-mean').count(), 0)
  })

  it('names a near prefix alone, linked to its vocabulary, when it has no such term: /vaof:Person offers voaf:, never voaf:Person', async () => {
    const { page } = await site.open('/vaof:Person')
    await page.getByRole('heading', { name: 'Unknown prefix “vaof”' }).waitFor()
    const voaf = page.locator('.did-you-mean').getByRole('link', { name: 'voaf:', exact: true })
    await voaf.waitFor()
    assert.equal(await voaf.getAttribute('href'), '/prefix/voaf')
    const names = await page.locator('.did-you-mean a').allInnerTexts()
    assert.ok(!names.includes('voaf:Person'), names.join(', '))
  })

  it('shows a page, not JSON, for an address that is not percent-encoded UTF-8 (/prefix/%FF), with status 400', async () => {
    const response = await fetch(`${site.url}/prefix/%FF`, { headers: { Accept: 'text/html' } })
    assert.equal(response.status, 400)
    assert.match(response.headers.get('content-type')!, /^text\/html/)
    // Other clients keep the JSON error.
    assert.equal(((await (await fetch(`${site.url}/prefix/%FF`)).json()) as { error: { code: string } }).error.code, 'BAD_ENCODING')
    const opened = await site.open('/prefix/%FF')
    await opened.page.getByRole('heading', { name: 'Not a valid address' }).waitFor()
    assert.match(await opened.page.locator('#explanation').innerText(), /not valid percent-encoded UTF-8/)
  })

  it('groups the API page’s operations by what they are for, none under “default”', async () => {
    const { page } = await site.open('/api/docs')
    await page.locator('.opblock').first().waitFor()
    const groups = await page.locator('.opblock-tag').allInnerTexts()
    assert.ok(groups.length >= 6, groups.join(' | '))
    assert.ok(!groups.some((g) => /^default/i.test(g.trim())), groups.join(' | '))
    assert.ok(
      groups.some((g) => /^completion and search/.test(g.trim())),
      groups.join(' | '),
    )
  })

  it('lists the curated vocabularies in order, each with a title or its namespace and a count or “prefix only”', async () => {
    const { page } = await site.open('/')
    const items = page.locator('#curated li')
    await items.first().waitFor()
    const texts = await items.allInnerTexts()
    const prefixes = texts.map((text) => text.slice(0, text.indexOf(':')))
    assert.deepEqual(prefixes, [...prefixes].sort())
    // Each says what it is (a title, else its namespace) and how many terms, or that it is a prefix only.
    for (const text of texts) assert.match(text, /^\S+: \S.* (?:[\d,]+ terms?|prefix only, no terms)$/, text)
    const popular = await page.locator('#popular a').evaluateAll((links) => links.map((a) => a.getAttribute('title')))
    const curated = await page.locator('#curated a').evaluateAll((links) => links.map((a) => a.getAttribute('title')))
    assert.equal(new Set([...curated, ...popular]).size, curated.length + popular.length)
  })

  for (const look of LOOKS) {
    it(`is axe-clean and fits at ${look.viewport.width} px, ${look.colorScheme} (/prefix/fooaf, /foaaf:Person, /prefix/%FF)`, async () => {
      for (const [path, ready] of [
        ['/prefix/fooaf', (p: OpenPage['page']) => p.locator('.did-you-mean a').first().waitFor()],
        ['/foaaf:Person', (p: OpenPage['page']) => p.locator('.did-you-mean a').first().waitFor()],
        ['/prefix/%FF', (p: OpenPage['page']) => p.getByRole('heading', { name: 'Not a valid address' }).waitFor()],
      ] as const) {
        const opened = await site.open(path, look)
        await ready(opened.page)
        assert.equal(await overflowsSideways(opened.page), false, path)
        if (path === '/foaaf:Person') await screenshot(opened.page, `did-you-mean-${look.name}`, { fullPage: false })
        assert.deepEqual(await axeViolations(opened.page, ready), [], path)
      }
    })
  }
})
