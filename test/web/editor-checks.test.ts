// /editor as a document checker, in Chromium against the real resolver: the language server's checks (through
// POST /api/v1/check: the core's checks and its parsers' syntax errors) as markers with quick fixes, the set
// selector, and a phone's screen — at 1280 and 390 px, light and dark, axe-clean.

import assert from 'node:assert/strict'
import { screenshot } from './browser.js'
import { axeViolations, LOOKS, type OpenPage } from './page-check.js'
import { usePagesInChromium } from './pages-in-chromium.js'

const DOC =
  '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n@prefix shema: <http://schema.org/> .\n\n<#a> a foaf:Persn ;\n  schema:name "A" ;\n  foaf:knows <#b> <#c> .\n'

describe('the editor as a document checker, in Chromium', function () {
  this.timeout(60_000)
  const site = usePagesInChromium()

  /** Opens the editor with `doc` (through the storage the page restores from) and waits for its first check. */
  async function editorWith(doc: string, look: (typeof LOOKS)[number] = LOOKS[0], query = ''): Promise<OpenPage> {
    const page = await site.open(`/editor${query}`, look)
    await page.page.evaluate(`localStorage.setItem('prefixd.editor', ${JSON.stringify(JSON.stringify({ language: 'turtle', doc }))})`)
    await page.page.reload()
    await page.page.locator('.cm-lintRange').first().waitFor()
    return page
  }

  it('marks what the language server finds — an unknown term, an undeclared prefix, a typo alias, a syntax error — as the API does', async () => {
    const { page } = await editorWith(DOC)
    const expected = (await (
      await fetch(`${site.url}/api/v1/check?language=turtle`, { method: 'POST', body: DOC, headers: { 'Content-Type': 'text/plain' } })
    ).json()) as { findings: Array<{ code: string; message: string }> }
    const codes = expected.findings.map((f) => f.code)
    for (const code of ['unknown-term', 'undeclared-prefix', 'suspect-prefix', 'syntax']) assert.ok(codes.includes(code), codes.join(' '))
    // The panel lists every finding with its message, in the order of the text.
    await page.locator('.cm-content').click()
    await page.keyboard.press('Control+Shift+M')
    const items = page.locator('.cm-panel-lint li')
    await items.first().waitFor()
    assert.equal(await items.count(), expected.findings.length)
    const texts = await items.allInnerTexts()
    for (const [i, finding] of expected.findings.entries()) assert.ok(texts[i]!.includes(finding.message), `${texts[i]} / ${finding.message}`)
    assert.ok(texts.some((t) => /did you mean 'foaf:Person'/.test(t)))
    await screenshot(page, 'editor-checks', { fullPage: false })
  })

  it('fixes with one click: declares schema: where the declarations are, and writes the did-you-mean', async () => {
    const { page } = await editorWith(DOC)
    await page.locator('.cm-content').click()
    await page.keyboard.press('Control+Shift+M')
    await page.locator('.cm-panel-lint').getByRole('button', { name: 'Declare schema:' }).click()
    await page.locator('.cm-line', { hasText: '@prefix schema: <http://schema.org/> .' }).waitFor()
    const lines = await page.locator('.cm-line').allInnerTexts()
    assert.equal(lines.indexOf('@prefix schema: <http://schema.org/> .'), 2, lines.join('\n'))
    await page.locator('.cm-panel-lint').getByRole('button', { name: 'Use foaf:Person' }).click()
    await page.locator('.cm-line', { hasText: '<#a> a foaf:Person ;' }).waitFor()
    // Checked again: those two findings are gone; shema:'s two (unused, a typo alias) and the syntax error stay.
    const items = page.locator('.cm-panel-lint li')
    for (let i = 0; i < 100 && (await items.count()) !== 3; i++) await page.waitForTimeout(100)
    assert.equal(await items.count(), 3)
    assert.match(await page.locator('.cm-panel-lint').innerText(), /shema[\s\S]*shema[\s\S]*punctuation/)
  })

  it('strikes a deprecated term through and offers its replacement', async () => {
    const { page } = await editorWith('@prefix schema: <http://schema.org/> .\n\n<#a> schema:episodes <#b> .\n')
    const deprecated = page.locator('.cm-deprecated-term')
    await deprecated.first().waitFor()
    assert.equal(await deprecated.first().innerText(), 'schema:episodes')
    await page.locator('.cm-content').click()
    await page.keyboard.press('Control+Shift+M')
    await page.locator('.cm-panel-lint').getByRole('button', { name: 'Use schema:episode' }).click()
    await page.locator('.cm-line', { hasText: '<#a> schema:episode <#b> .' }).waitFor()
  })

  it('checks against the chosen prefix set (set in the URL), and says when the resolver cannot check', async () => {
    const opened = await editorWith('<#a> ex:thing <#b> .\n')
    const { page } = opened
    await page.locator('.cm-lintRange-error').waitFor()
    await page.route('**/api/v1/check**', (route) => route.fulfill({ status: 503, body: '{}' }))
    await page.locator('.cm-content').press('End')
    await page.keyboard.type(' ')
    await page.getByRole('status').getByText('The document could not be checked (HTTP 503).').waitFor()
    opened.errors.length = 0 // the refused request, on purpose
  })

  for (const look of LOOKS) {
    it(`is axe-clean at ${look.viewport.width} px, ${look.colorScheme}; on a phone the editor is half the screen and the popup inside it`, async () => {
      const { page } = await editorWith(DOC, look)
      const box = (await page.locator('.cm-editor').boundingBox())!
      assert.ok(box.height >= look.viewport.height / 2, `the editor is ${box.height} px tall`)
      // A completion at the end of a long line, where the popup would run off the right edge.
      await page.locator('.cm-content').click()
      await page.keyboard.press('Control+End')
      await page.keyboard.type('\n<#thing-with-a-long-name> schema:alternateN')
      const popup = page.locator('.cm-tooltip-autocomplete')
      await popup.waitFor()
      const pop = (await popup.boundingBox())!
      assert.ok(pop.x >= 0 && pop.x + pop.width <= look.viewport.width + 1, `popup ${JSON.stringify(pop)}`)
      await screenshot(page, `editor-${look.name}`, { fullPage: false })
      await page.keyboard.press('Escape')
      assert.deepEqual(await axeViolations(page, (p) => p.locator('.cm-lintRange').first().waitFor()), [])
    })
  }
})
