// Alternatives with reasons, in Chromium against the real resolver: a vocabulary page lists the other prefixes of its
// namespace (grade, score, reasons from /api/v1/candidates) and the namespaces proposed for its prefix; an IRI on the
// search page says which names could shorten it and why one is written — at 1280 and 390 px, light and dark.

import assert from 'node:assert/strict'
import { screenshot } from './browser.js'
import { axeViolations, LOOKS, overflowsSideways, type OpenPage } from './page-check.js'
import { usePagesInChromium } from './pages-in-chromium.js'

describe('alternatives with reasons in Chromium', function () {
  this.timeout(60_000)
  const site = usePagesInChromium()

  it('lists the prefixes written for dc11:’s namespace, each with its grade, score and reasons as the API gives them', async () => {
    const { page } = await site.open('/prefix/dc')
    const section = page.getByRole('region', { name: 'Other names' })
    await section.waitFor()
    const api = (await (await fetch(`${site.url}/api/v1/candidates?q=${encodeURIComponent('http://purl.org/dc/elements/1.1/')}`)).json()) as {
      candidates: Array<{ name: string; namespace: string; reasons: string[]; chosen: boolean; score: number }>
    }
    const expected = api.candidates.filter((c) => c.namespace === 'http://purl.org/dc/elements/1.1/')
    const items = section.locator('.candidate')
    assert.equal(await items.count(), expected.length)
    for (const [i, c] of expected.entries()) {
      const text = await items.nth(i).innerText()
      assert.ok(text.startsWith(c.name), text)
      assert.ok(text.includes(`score ${c.score.toFixed(2)}`) && text.includes(c.reasons[0]!), text)
      assert.equal(text.includes('what shrink writes'), c.chosen, text)
    }
    // The other names lead to their own pages; this page's own name is not a link.
    await section.getByRole('link', { name: 'dc11:' }).click()
    await page.waitForURL(`${site.url}/prefix/dc11`)
  })

  it('names the namespace a registry proposes for a prefix that the table binds elsewhere (prefix.cc’s prefix:)', async () => {
    const opened = await site.open('/prefix/prefix')
    const section = opened.page.getByRole('region', { name: 'Other names' })
    await section.waitFor()
    assert.match(
      await section.innerText(),
      /Other namespaces proposed for prefix: http:\/\/prefix\.cc\/ \(prefix\.cc\) — the table keeps http:\/\/qudt\.org\/vocab\/prefix\//,
    )
  })

  it('says for an IRI on the search page which names could shorten it, and why one is written', async () => {
    const { page } = await site.open(`/?q=${encodeURIComponent('http://purl.org/dc/elements/1.1/title')}`)
    const why = page.locator('#answer details.why')
    await why.waitFor()
    assert.match(await why.locator('summary').innerText(), /^Why dc11:title\? 3 names could shorten it$/)
    await why.locator('summary').click()
    const chosen = why.locator('.candidate.chosen')
    assert.match(await chosen.innerText(), /^dc11:title — what shrink writes curated, score 0\.\d\d\s+curated vocabulary/)
    assert.equal(await why.locator('.candidate').count(), 3)
  })

  it('for https://schema.org/Person counts only the names that expand back to it; the http form’s names apart, each with its own namespace', async () => {
    const { page } = await site.open(`/?q=${encodeURIComponent('https://schema.org/Person')}`)
    const why = page.locator('#answer details.why')
    await why.waitFor()
    await why.locator('summary').click()
    const lists = why.locator('ul.candidates')
    const exact = await lists.nth(0).locator('.candidate').allInnerTexts()
    const shown = exact.length
    assert.match(await why.locator('summary').innerText(), new RegExp(`^Why sdo:Person\\? ${shown} names could shorten it$`))
    // Every name counted expands back to exactly the IRI asked about (checked through the API, as a user would).
    for (const text of exact) {
      const name = text.split(' ')[0]!
      const expanded = (await (await fetch(`${site.url}/api/v1/expand?q=${encodeURIComponent(name)}`)).json()) as { value: string }
      assert.equal(expanded.value, 'https://schema.org/Person', name)
    }
    assert.ok(!exact.some((t) => /^(schema|so|url|sorg):/.test(t)), exact.join('\n'))
    assert.match(await why.locator('p.other-form').innerText(), /^For the other form <http:\/\/schema\.org\/Person> \(not this IRI; standardize writes it\):$/)
    const other = await lists.nth(1).innerText()
    assert.match(other, /^schema:Person /m)
    assert.match(other, /its namespace <http:\/\/schema\.org\/> has 18 characters: the name expands to <http:\/\/schema\.org\/Person>, not to this IRI/)
  })

  for (const look of LOOKS) {
    it(`is axe-clean and fits the screen at ${look.viewport.width} px, ${look.colorScheme}`, async () => {
      const opened = await site.open('/prefix/dc', look)
      const ready = (page: OpenPage['page']) => page.getByRole('region', { name: 'Other names' }).waitFor()
      await ready(opened.page)
      assert.equal(await overflowsSideways(opened.page), false)
      await opened.page.getByRole('region', { name: 'Other names' }).scrollIntoViewIfNeeded()
      await screenshot(opened.page, `alternatives-${look.name}`, { fullPage: false })
      assert.deepEqual(await axeViolations(opened.page, ready), [])
    })
  }
})
