// The home search for a prefix being typed, and the results page Enter opens (count, paging, filters in the URL),
// at 1280 and 390 px in light and dark: in Chromium against the real resolver, axe-clean, no console error.

import assert from 'node:assert/strict'
import { screenshot } from './browser.js'
import { axeViolations, LOOKS, overflowsSideways } from './page-check.js'
import { usePagesInChromium } from './pages-in-chromium.js'

describe('search for what is typed, and the results page, in Chromium', function () {
  this.timeout(60_000)
  const site = usePagesInChromium()

  it('shows foaf:, skos: and owl: first for fo, sk and ow, typed as a person types', async () => {
    const { page } = await site.open('/')
    const box = page.getByRole('combobox')
    for (const [typed, expected] of [
      ['fo', 'foaf:'],
      ['sk', 'skos:'],
      ['ow', 'owl:'],
    ]) {
      await box.fill('')
      await box.pressSequentially(typed!, { delay: 40 })
      await page
        .getByRole('option')
        .first()
        .locator('.name', { hasText: new RegExp(`^${expected}$`) })
        .waitFor()
    }
  })

  it('opens the results page on Enter: the count, one page, and paging links that keep the query', async () => {
    const { page } = await site.open('/')
    const box = page.getByRole('combobox')
    await box.pressSequentially('person', { delay: 20 })
    await page.getByRole('option').first().waitFor()
    await box.press('Enter')
    await page.waitForURL(`${site.url}/search?q=person`)
    const status = page.getByRole('status')
    await status.getByText(/^\d+ results for “person”; 1–20 shown\.$/).waitFor()
    const total = Number(/^(\d+)/.exec(await status.innerText())![1])
    const expected = (await (await fetch(`${site.url}/api/v1/search/results?q=person`)).json()) as { total: number }
    assert.equal(total, expected.total)
    assert.equal(await page.locator('.hit').count(), 20)
    // Each hit: a name linking to its page, a kind, a vocabulary; foaf:Person with its one-line definition.
    const person = page.locator('.hit').filter({ has: page.locator('a.name', { hasText: /^foaf:Person$/ }) })
    assert.match(await person.innerText(), /class[\s\S]*A person\.[\s\S]*in foaf:/)
    await page.getByRole('navigation', { name: 'Result pages' }).getByRole('link', { name: 'Next page' }).click()
    await page.waitForURL(`${site.url}/search?q=person&page=2`)
    await status.getByText(/; 21–\d+ shown\.$/).waitFor()
  })

  it('filters by vocabulary, kind and deprecation, each kept in the URL', async () => {
    const { page } = await site.open('/search?q=person')
    await page.locator('.hit').first().waitFor()
    await page.getByLabel('Kind').selectOption('class')
    await page.waitForURL(`${site.url}/search?q=person&kind=class`)
    await page.locator('.hit').first().waitFor()
    const kinds = await page.locator('.hit .kind').allInnerTexts()
    assert.ok(kinds.length > 0 && kinds.every((kind) => kind === 'class'), kinds.join(' '))
    await page.getByLabel('Vocabulary').selectOption('schema')
    await page.waitForURL(`${site.url}/search?q=person&vocabulary=schema&kind=class`)
    await page.locator('.hit a.name', { hasText: /^schema:Person$/ }).waitFor()
    assert.equal(await page.locator('.hit').count(), 1)
    // Deprecated terms: only them, or none of them.
    await page.goto(`${site.url}/search?q=name&deprecated=only`)
    await page.locator('.hit').first().waitFor()
    assert.equal(await page.locator('.hit').count(), await page.locator('.hit .deprecated-badge').count())
    await page.goto(`${site.url}/search?q=name&deprecated=exclude`)
    await page.locator('.hit').first().waitFor()
    assert.equal(await page.locator('.hit .deprecated-badge').count(), 0)
    // Nothing found says so, with the filters.
    await page.goto(`${site.url}/search?q=zzqqxx`)
    await page.getByRole('status').getByText('Nothing found for “zzqqxx”.').waitFor()
  })

  for (const look of LOOKS) {
    it(`is axe-clean and fits the screen at ${look.viewport.width} px, ${look.colorScheme} (home with fo, results)`, async () => {
      const { page } = await site.open('/?q=fo', look)
      await page.getByRole('option').first().waitFor()
      await screenshot(page, `search-fo-${look.name}`, { fullPage: false })
      const opened = await site.open('/search?q=person', look)
      await opened.page.locator('.hit').first().waitFor()
      assert.equal(await overflowsSideways(opened.page), false)
      await screenshot(opened.page, `results-${look.name}`, { fullPage: false })
      const violations = await axeViolations(opened.page, (p) => p.locator('.hit').first().waitFor())
      assert.deepEqual(violations, [])
    })
  }
})
