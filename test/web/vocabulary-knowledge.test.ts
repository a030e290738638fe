// The vocabulary page with the knowledge tier, in Chromium: a vocabulary's header, a term's meaning with its
// domain, range and hierarchy as links, and "did you mean" for an unknown prefix — sized and placed, axe-clean.

import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import type { Browser, Page } from 'playwright-core'
import type { Running } from '../server/http-helpers.js'
import { startPagesInChromium, stopPagesInChromium } from './pages-in-chromium.js'

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

describe('vocabulary page: what vocabularies and terms are, in Chromium', function () {
  this.timeout(90_000)
  let browser: Browser
  let server: Running

  before(async function () {
    ;({ browser, server } = await startPagesInChromium(this))
  })
  after(() => stopPagesInChromium(browser, server))

  async function open(path: string, width = 1100): Promise<Page> {
    // CSP bypassed only so that axe-core can be injected; the pages keep their own policy otherwise.
    const page = await browser.newPage({ viewport: { width, height: 800 }, bypassCSP: true })
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    ;(page as Page & { errors: string[] }).errors = errors
    await page.goto(server.url + path)
    return page
  }

  async function axeViolations(page: Page): Promise<unknown[]> {
    await page.addScriptTag({ path: AXE })
    return page.evaluate<unknown[]>(
      "axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target) })))",
    )
  }

  it("shows the vocabulary's header: description, homepage, publisher and the prefixes also written for it", async () => {
    const page = await open('/prefix/dcterms')
    try {
      const facts = page.locator('#vocabulary > dl.facts')
      await facts.waitFor()
      assert.match(await facts.innerText(), /Also written\s+dct:/)
      assert.match(await facts.innerText(), /Publisher/)
      // axe on a vocabulary of 100 terms: on schema.org's 3,000 it takes minutes on a loaded machine.
      assert.deepEqual(await axeViolations(page), [])
      await page.goto(server.url + '/prefix/schema')
      await page.locator('#vocabulary > dl.facts').waitFor()
      assert.equal(await page.locator('#vocabulary > dl.facts a.iri', { hasText: 'https://schema.org/' }).getAttribute('href'), 'https://schema.org/')
    } finally {
      await page.close()
    }
  })

  it('a term named by the fragment shows its definition, domain and range as links that lead to those terms', async () => {
    const page = await open('/prefix/foaf#knows')
    try {
      const meaning = page.locator('#term-knows .meaning')
      await meaning.waitFor()
      assert.match(await meaning.locator('.definition').innerText(), /^A person known by this person/)
      const domain = meaning.locator('dd a', { hasText: 'foaf:Person' }).first()
      assert.equal(await domain.getAttribute('href'), '/prefix/foaf#Person')
      // The meaning sits inside the term's entry, below its name.
      const [entry, box] = await Promise.all([page.locator('#term-knows').boundingBox(), meaning.boundingBox()])
      assert.ok(box!.y > entry!.y && box!.y + box!.height <= entry!.y + entry!.height + 1, JSON.stringify({ entry, box }))
      await domain.click()
      await page.locator('#term-Person .meaning .definition').waitFor()
      assert.equal(new URL(page.url()).hash, '#Person')
      assert.ok((await page.locator('#term-Person .meaning dd a', { hasText: 'foaf:Agent' }).count()) > 0) // its superclass
      assert.deepEqual(await axeViolations(page), [])
      assert.deepEqual((page as Page & { errors: string[] }).errors, [])
    } finally {
      await page.close()
    }
  })

  it('the editor narrows a complete list as strictly as the API: after `a schema:Pe`, typing `rs` leaves names starting with Pers, the definition in the info', async () => {
    const page = await open('/editor')
    try {
      const editor = page.getByRole('textbox', { name: 'Turtle or SPARQL document' })
      await editor.waitFor()
      await editor.press('Control+End')
      await page.keyboard.press('ArrowUp')
      await page.keyboard.press('End')
      await page.keyboard.type(' a schema:Pe', { delay: 40 })
      await page.locator('.cm-tooltip-autocomplete .cm-completionLabel', { hasText: /^schema:Person$/ }).waitFor()
      const asked = (await page.locator('.cm-completionLabel').allInnerTexts()).length
      await page.keyboard.type('rs', { delay: 40 })
      await page.waitForFunction("[...document.querySelectorAll('.cm-completionLabel')].every((e) => /^schema:pers/i.test(e.textContent))")
      const labels = await page.locator('.cm-completionLabel').allInnerTexts()
      assert.ok(labels.length > 0 && labels.length < asked, `${asked} → ${labels.join(', ')}`)
      assert.equal(labels[0], 'schema:Person')
      assert.ok(!labels.some((l) => /PerformingArtsEvent|permissions/.test(l)), labels.join(', '))
      await page.locator('.cm-completionInfo', { hasText: 'A person (alive, dead, undead, or fictional).' }).waitFor()
    } finally {
      await page.close()
    }
  })

  it('dark mode: the chosen completion is lighter than its neighbours and its text readable (WCAG AA)', async () => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 800 }, colorScheme: 'dark' })
    try {
      await page.goto(server.url + '/editor')
      const editor = page.getByRole('textbox', { name: 'Turtle or SPARQL document' })
      await editor.waitFor()
      await editor.press('Control+End')
      await page.keyboard.press('ArrowUp')
      await page.keyboard.press('End')
      await page.keyboard.type(' a schema:Pe', { delay: 40 })
      await page.locator('.cm-tooltip-autocomplete li[aria-selected]').waitFor()
      const colours = (await page.evaluate(`(() => {
        const rgb = (c) => c.match(/[0-9.]+/g).slice(0, 3).map(Number)
        const lum = (c) => { const [r, g, b] = rgb(c).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4 }); return 0.2126 * r + 0.7152 * g + 0.0722 * b }
        const selected = document.querySelector('.cm-tooltip-autocomplete li[aria-selected]')
        const other = document.querySelector('.cm-tooltip-autocomplete li:not([aria-selected])')
        const bg = (e) => { for (let n = e; n; n = n.parentElement) { const c = getComputedStyle(n).backgroundColor; if (!/rgba\\(0, 0, 0, 0\\)|transparent/.test(c)) return c } return 'rgb(0, 0, 0)' }
        const [s, o, t] = [lum(bg(selected)), lum(bg(other)), lum(getComputedStyle(selected).color)]
        return { selected: s, other: o, contrast: (Math.max(s, t) + 0.05) / (Math.min(s, t) + 0.05) }
      })()`)) as { selected: number; other: number; contrast: number }
      assert.ok(colours.selected > colours.other, JSON.stringify(colours))
      assert.ok(colours.contrast >= 4.5, JSON.stringify(colours))
    } finally {
      await page.close()
    }
  })

  it('on a 375 px phone, every completion row of the editor is a 24 px tap target', async () => {
    const page = await open('/editor', 375)
    try {
      const editor = page.getByRole('textbox', { name: 'Turtle or SPARQL document' })
      await editor.waitFor()
      await editor.press('Control+End')
      await page.keyboard.press('ArrowUp')
      await page.keyboard.press('End')
      await page.keyboard.type(' a schema:Pe', { delay: 40 })
      await page.locator('.cm-tooltip-autocomplete li').first().waitFor()
      // The list may be replaced while the answer to a later keystroke arrives (CI saw every row at 0 px in that
      // moment): measure once the rows of one list are laid out.
      await page.waitForFunction(`(() => {
        const rows = [...document.querySelectorAll('.cm-tooltip-autocomplete li')]
        return rows.length > 1 && rows.every((r) => r.getBoundingClientRect().height > 0)
      })()`)
      const heights = await page.locator('.cm-tooltip-autocomplete li').evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height))
      assert.ok(heights.length > 1 && heights.every((h) => h >= 24), heights.join(', '))
    } finally {
      await page.close()
    }
  })

  it('the search page keeps its query in the URL, so Back brings it back', async () => {
    const page = await open('/')
    try {
      await page.locator('#query').fill('foaf:Pe')
      await page.waitForFunction("location.search === '?q=foaf%3APe'")
      await page.goto(server.url + '/prefixes')
      await page.goBack()
      await page.waitForFunction("document.getElementById('query').value === 'foaf:Pe'")
      await page.getByRole('option').first().waitFor()
    } finally {
      await page.close()
    }
  })

  it('an unknown prefix offers what it probably meant, as tap targets of 24 px on a phone', async () => {
    const page = await open('/prefix/foaff', 375)
    try {
      const offered = page.locator('.did-you-mean a')
      await offered.first().waitFor()
      assert.ok((await offered.allInnerTexts()).includes('foaf:'), (await offered.allInnerTexts()).join())
      for (const box of await offered.evaluateAll((links) => links.map((a) => a.getBoundingClientRect().toJSON() as { width: number; height: number }))) {
        assert.ok(box.height >= 24 && box.width >= 24, JSON.stringify(box))
      }
      assert.deepEqual(await axeViolations(page), [])
    } finally {
      await page.close()
    }
  })
})
