// A suspect prefix's page in Chromium (/prefix/foaa, /prefix/card, /prefix/json): it says why the prefix is suspect in
// words, and neither links to its namespace (a spam shop, a personal test page, a PDF) nor offers it to copy.

import assert from 'node:assert/strict'
import { usePagesInChromium } from './pages-in-chromium.js'

describe('a suspect prefix’s page in Chromium', function () {
  this.timeout(60_000)
  const site = usePagesInChromium()

  for (const [prefix, host, why] of [
    ['foaa', 'kibanshoe.com', /site that serves no vocabulary/],
    ['card', 'ashutosh.com', /personal test or demo page/],
    ['json', 'ecma-international.org', /document's address/],
  ] as const) {
    it(`${prefix}: says why in words; no link to ${host}, no copy button`, async () => {
      const { page } = await site.open(`/prefix/${prefix}`)
      const note = page.locator('.suspect-note')
      await note.waitFor()
      assert.match(await note.innerText(), why)
      assert.match(await page.locator('.facts').innerText(), /Namespace\s+https?:\/\/[^\n]*/)
      assert.equal(await page.locator(`a[href*="${host}"]`).count(), 0)
      assert.equal(await page.getByRole('button', { name: /^Copy/ }).count(), 0)
      // The declarations stay there to read.
      assert.match(await page.locator('.declarations').innerText(), new RegExp(`@prefix ${prefix}: <`))
    })
  }

  it('a trusted prefix keeps its links and copy buttons', async () => {
    const { page } = await site.open('/prefix/foaf')
    await page.locator('.declarations').waitFor()
    assert.equal(await page.locator('.suspect-note').count(), 0)
    assert.ok((await page.locator('a[href="http://xmlns.com/foaf/0.1/"]').count()) > 0)
    assert.ok((await page.getByRole('button', { name: 'Copy Turtle' }).count()) > 0)
  })
})
