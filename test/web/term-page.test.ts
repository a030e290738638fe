// Term pages (/prefix/{prefix}/{local}) in Chromium against the real resolver: what a term means and where it sits,
// the properties that apply to a class, equivalents across vocabularies, deprecation, snippets that parse with
// their declarations, links from search and results — at 1280 and 390 px, light and dark, axe-clean.

import assert from 'node:assert/strict'
import { Parser } from 'n3'
import { screenshot } from './browser.js'
import { axeViolations, LOOKS, overflowsSideways, type OpenPage } from './page-check.js'
import { usePagesInChromium } from './pages-in-chromium.js'

describe('term pages in Chromium', function () {
  this.timeout(60_000)
  // An unknown term's page is a 404 on purpose: the browser logs that load as an error.
  const site = usePagesInChromium((error, test) => /status of 404/.test(error) && test.title.includes('unknown'))

  it('shows a class: definition, types, superclasses, equivalents, and the properties that apply through its superclasses', async () => {
    const { page } = await site.open('/prefix/foaf/Person')
    await page.getByRole('heading', { level: 1, name: /foaf:Person/ }).waitFor()
    const facts = page.locator('.term-facts')
    await facts.waitFor()
    const text = await facts.innerText()
    assert.match(text, /Vocabulary\s+foaf:/)
    assert.match(text, /Type\s+owl:Class, rdfs:Class/)
    assert.match(text, /Subclass of\s+[^\n]*foaf:Agent/)
    assert.match(text, /Equivalent to\s+[^\n]*schema:Person/)
    await page.locator('.definition').getByText('A person.').waitFor()
    // Properties: foaf:knows directly, foaf:mbox from foaf:Agent, geo's lat from wgs:SpatialThing.
    const applicable = page.locator('.applicable')
    assert.match(await applicable.getByRole('heading', { level: 2 }).innerText(), /^Properties that apply \(\d+\)$/)
    await applicable.locator('.applicable-group', { hasText: 'Directly' }).getByRole('link', { name: 'foaf:knows', exact: true }).waitFor()
    await applicable.locator('.applicable-group', { hasText: 'From foaf:Agent' }).getByRole('link', { name: 'foaf:mbox', exact: true }).waitFor()
    // Equivalents lead to the other vocabulary's page of the same class.
    await facts.getByRole('link', { name: 'schema:Person' }).click()
    await page.waitForURL(`${site.url}/prefix/schema/Person`)
    await page.getByRole('heading', { level: 1, name: /schema:Person/ }).waitFor()
    await page.locator('.term-facts').getByRole('link', { name: 'foaf:Person' }).waitFor()
  })

  it('gives Turtle and SPARQL snippets with the declarations they need, each copied by its button', async () => {
    const { page, context } = await site.open('/prefix/foaf/knows')
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const snippets = page.locator('.snippet pre')
    await snippets.first().waitFor()
    const [turtle, sparql] = await snippets.allInnerTexts()
    assert.match(turtle!, /^@prefix foaf: <http:\/\/xmlns\.com\/foaf\/0\.1\/> \.$/m)
    assert.match(turtle!, /ex:thing foaf:knows ex:value \./)
    const quads = new Parser().parse(turtle!)
    assert.equal(quads[0]!.predicate.value, 'http://xmlns.com/foaf/0.1/knows')
    assert.match(sparql!, /^PREFIX foaf: <http:\/\/xmlns\.com\/foaf\/0\.1\/>\n\nSELECT \?thing \?value WHERE \{\n {2}\?thing foaf:knows \?value \.\n\}/)
    await page.getByRole('button', { name: 'Copy SPARQL example' }).click()
    await page
      .locator('#copied')
      .getByText(/^Copied: PREFIX foaf:/)
      .waitFor()
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), sparql)
    // A property's domain and range lead to the class's own page.
    assert.match(await page.locator('.term-facts').innerText(), /Domain\s+foaf:Person[\s\S]*Range\s+foaf:Person/)
  })

  it('says a term is deprecated and names its replacement', async () => {
    const deprecated = (await (await fetch(`${site.url}/api/v1/search/results?q=name&deprecated=only&limit=100`)).json()) as {
      hits: Array<{ prefixed: string }>
    }
    const described = await Promise.all(
      deprecated.hits.map(
        async (hit) =>
          (await (await fetch(`${site.url}/api/v1/term?q=${encodeURIComponent(hit.prefixed)}`)).json()) as {
            prefixed: string
            replacedBy: Array<{ prefixed?: string }>
          },
      ),
    )
    const replaced = described.find((term) => term.replacedBy.some((r) => r.prefixed !== undefined))!
    assert.ok(replaced, 'a deprecated term with a named replacement')
    const [p, l] = [replaced.prefixed.slice(0, replaced.prefixed.indexOf(':')), replaced.prefixed.slice(replaced.prefixed.indexOf(':') + 1)]
    const opened = await site.open(`/prefix/${p}/${encodeURIComponent(l)}`)
    const note = opened.page.getByRole('note')
    await note.waitFor()
    assert.match(
      await note.innerText(),
      new RegExp(`^Deprecated: use ${replaced.replacedBy.find((r) => r.prefixed)!.prefixed!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    )
  })

  it("says whose word the facts are when the term's own vocabulary does not describe it", async () => {
    const { page } = await site.open('/prefix/dc11/Agent')
    const note = page.locator('.described-by')
    await note.waitFor()
    assert.match(await note.innerText(), /^Described only by another vocabulary: ebucore: \(@vocabulary\/ebucore@[\d.]+\)\./)
    assert.equal(await note.locator('a').getAttribute('href'), '/prefix/ebucore')
  })

  it('is where search suggestions, results and term links lead', async () => {
    const { page } = await site.open('/')
    const box = page.getByRole('combobox')
    await box.fill('foaf:Pers')
    await page.getByRole('option').filter({ hasText: 'foaf:Person' }).first().waitFor()
    await box.press('ArrowDown')
    await box.press('Enter')
    await page.waitForURL(`${site.url}/prefix/foaf/Person`)
    await page.goto(`${site.url}/search?q=person`)
    await page.locator('.hit a.name', { hasText: /^schema:Person$/ }).click()
    await page.waitForURL(`${site.url}/prefix/schema/Person`)
    await page.locator('.term-facts').waitFor()
  })

  it('is a 404 for an unknown term, offering the terms of the prefix that start alike', async () => {
    const response = await fetch(`${site.url}/prefix/foaf/Persn`, { headers: { Accept: 'text/html' } })
    assert.equal(response.status, 404)
    const { page } = await site.open('/prefix/foaf/Persn')
    await page.getByRole('heading', { name: 'Unknown term “foaf:Persn”' }).waitFor()
    await page.locator('.did-you-mean').getByRole('link', { name: 'foaf:Person', exact: true }).waitFor()
  })

  for (const look of LOOKS) {
    it(`is axe-clean and fits the screen at ${look.viewport.width} px, ${look.colorScheme}`, async () => {
      const opened = await site.open('/prefix/schema/Dataset', look)
      const ready = (page: OpenPage['page']) => page.locator('.snippet').first().waitFor()
      await ready(opened.page)
      assert.equal(await overflowsSideways(opened.page), false)
      await screenshot(opened.page, `term-${look.name}`, { fullPage: false })
      assert.deepEqual(await axeViolations(opened.page, ready), [])
    })
  }
})
