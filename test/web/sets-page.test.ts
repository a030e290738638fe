// The sets page (/sets) in Chromium against a resolver with a SQLite store: list, view, paste, upload,
// bad bodies, tokens, delete; and at 375 px without sideways scrolling, with no serious axe violations.

import assert from 'node:assert/strict'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { PrefixIndex } from '@prefixd/core'
import { createApp, loadSite } from '@prefixd/server'
import { SITE_DIR } from '@prefixd/web'
import { listen } from '../server/http-helpers.js'
import { startSetsResolver, type SetsResolver } from '../support/sets-resolver.js'
import { browserAvailable, CHROMIUM, launchBrowser, screenshot } from './browser.js'
import { recordErrors } from './page-check.js'

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
const TOKEN = 'page-token-0123456789'

describe('the sets page in Chromium', function () {
  this.timeout(60_000)
  let browser: Browser
  let server: SetsResolver
  let context: BrowserContext
  let page: Page
  let errors: string[]

  const putSet = (name: string, turtle: string) => server.putSet(name, turtle)
  const status = () => page.getByRole('status')

  before(async function () {
    if (!browserAvailable()) {
      console.log(`    skipped: no browser at ${CHROMIUM} (apt-get install chromium, or set PREFIXD_CHROMIUM)`)
      return this.skip()
    }
    const [index, site] = await Promise.all([PrefixIndex.loadDefault({ tier: 'prefixes' }), loadSite(SITE_DIR)])
    server = await startSetsResolver({ index, tokens: [TOKEN], app: { site } })
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
    await server?.close()
  })
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1100, height: 800 } })
    page = await context.newPage()
    // A refused PUT shows in the console as a failed resource, and so does a name no table knows (a 404
    // answer of expand): those the tests provoke are expected.
    errors = recordErrors(page, /status of (400|401|404|412)/)
  })
  afterEach(async function () {
    await context?.close()
    if (this.currentTest?.state === 'passed') assert.deepEqual(errors, [], 'page errors')
  })

  it('lists the sets and shows one in the format chosen', async () => {
    assert.equal((await putSet('listed', '@prefix ex: <http://example.org/ns#> .\n@prefix team: <http://example.org/team/> .\n')).status, 201)
    await page.goto(`${server.url}/sets`)
    const row = page.getByRole('row', { name: /listed/ })
    await row.waitFor()
    assert.match(await row.innerText(), /listed\s+2 prefixes\s+over the default table/)
    await row.getByRole('link', { name: 'listed' }).click()
    await page.getByRole('heading', { name: 'Set listed' }).waitFor()
    assert.equal((await page.locator('#view-body').innerText()).trim(), '@prefix ex: <http://example.org/ns#> .\n@prefix team: <http://example.org/team/> .')
    await page.getByLabel('Show as').selectOption('json')
    await page.locator('#view-body', { hasText: '"team": "http://example.org/team/"' }).waitFor()
    assert.match(page.url(), /\/sets#listed$/) // a link to the set
    await screenshot(page, 'sets')
  })

  it('saves a pasted set with the token, and the API serves it with set=', async () => {
    await page.goto(`${server.url}/sets`)
    await page.getByLabel('Token').fill(TOKEN)
    await page.getByLabel('Name').fill('pasted')
    await page.getByLabel('Or paste the prefixes').fill('@prefix widget: <http://example.org/widgets/> .')
    await page.getByLabel('Stand alone').check()
    await page.getByRole('button', { name: 'Save set' }).click()
    await status().getByText('Saved pasted: 1 prefix.').waitFor()
    await page.getByRole('heading', { name: 'Set pasted' }).waitFor()
    assert.match(await page.getByRole('row', { name: /pasted/ }).innerText(), /stands alone/)
    const answer = await (await fetch(`${server.url}/api/v1/expand?q=widget:Gear&set=pasted`)).json()
    assert.deepEqual(answer, { success: true, value: 'http://example.org/widgets/Gear' })
    // The token stays for this tab: a reload keeps it.
    await page.reload()
    assert.equal(await page.getByLabel('Token').inputValue(), TOKEN)
  })

  it('uploads a JSON-LD file, taking its name and format from the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prefixd-sets-page-'))
    const file = join(dir, 'project-context.jsonld')
    writeFileSync(file, JSON.stringify({ '@context': { proj: 'http://example.org/project#', name: 'http://schema.org/name' } }))
    await page.goto(`${server.url}/sets`)
    await page.getByLabel('Token').fill(TOKEN)
    await page.getByLabel('Upload a file').setInputFiles(file)
    await status().getByText('Read project-context.jsonld: check the name and save.').waitFor()
    assert.equal(await page.getByLabel('Name').inputValue(), 'project-context')
    assert.equal(await page.getByLabel('Format').inputValue(), 'application/ld+json')
    await page.getByRole('button', { name: 'Save set' }).click()
    await status().getByText('Saved project-context: 1 prefix.').waitFor()
  })

  it('says where a body does not parse, and that a token is missing or wrong; nothing is stored', async () => {
    await page.goto(`${server.url}/sets`)
    await page.getByLabel('Name').fill('broken')
    await page.getByLabel('Or paste the prefixes').fill('@prefix a: <http://a.example/> .\n@prefix b <http://b.example/> .')
    await page.getByRole('button', { name: 'Save set' }).click()
    await status().getByText('Saving a set needs a token: enter the one your operator gave you.').waitFor()
    await page.getByLabel('Token').fill('wrong-token-0123456789')
    await page.getByRole('button', { name: 'Save set' }).click()
    await status().getByText('Not saved: the bearer token is not valid').waitFor()
    await page.getByLabel('Token').fill(TOKEN)
    await page.getByRole('button', { name: 'Save set' }).click()
    await status()
      .getByText(/^Not saved: syntax error: .*\(line 2, column 9\); nothing was stored$/)
      .waitFor()
    assert.equal((await fetch(`${server.url}/api/v1/sets/broken`)).status, 404)
  })

  it('edits the shown set and deletes it', async () => {
    await putSet('doomed', '@prefix d: <http://example.org/d#> .\n')
    await page.goto(`${server.url}/sets#doomed`)
    await page.getByRole('heading', { name: 'Set doomed' }).waitFor()
    await page.getByLabel('Token').fill(TOKEN)
    await page.getByRole('button', { name: 'Edit' }).click()
    await status().getByText('Editing doomed: Save set replaces it, unless someone changed it meanwhile.').waitFor()
    assert.equal(await page.getByLabel('Name').inputValue(), 'doomed')
    await page.getByLabel('Or paste the prefixes').fill('@prefix d: <http://example.org/d2#> .\n@prefix e: <http://example.org/e#> .')
    await page.getByRole('button', { name: 'Save set' }).click()
    await status().getByText('Saved doomed: 2 prefixes.').waitFor()
    await page.locator('#view-body', { hasText: 'http://example.org/d2#' }).waitFor()
    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Delete' }).click()
    await status().getByText('Deleted doomed.').waitFor()
    // The list is read again after the status says so: wait for the row to go rather than count at once.
    await page.getByRole('row', { name: /doomed/ }).waitFor({ state: 'detached' })
    assert.equal(await page.getByRole('row', { name: /doomed/ }).count(), 0)
    assert.equal((await fetch(`${server.url}/api/v1/expand?q=d:x&set=doomed`)).status, 404)
  })

  it('lists private sets once the token is given', async () => {
    const index = PrefixIndex.fromPrefixes({ base: 'http://example.org/base#' })
    const privateServer = await startSetsResolver({ index, tokens: [TOKEN], app: { site: await loadSite(SITE_DIR) }, sets: { privateReads: true } })
    try {
      await fetch(`${privateServer.url}/api/v1/sets/secret`, {
        method: 'PUT',
        body: '{"s":"http://example.org/s#"}',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      })
      await page.goto(`${privateServer.url}/sets`)
      await status().getByText('The sets cannot be listed: reading sets needs Authorization: Bearer TOKEN (this server keeps them private)').waitFor()
      await page.getByLabel('Token').fill(TOKEN)
      await page.getByLabel('Token').press('Tab')
      await page.getByRole('row', { name: /secret/ }).waitFor()
      assert.equal(await page.locator('#status').innerText(), '')
    } finally {
      await privateServer.close()
    }
  })

  it('shows the result of Save beside the button, in view on a 375 px phone too', async () => {
    for (const viewport of [
      { width: 1100, height: 800 },
      { width: 375, height: 740 },
    ]) {
      const tab = await browser.newContext({ viewport, ...(viewport.width < 400 && { isMobile: true, hasTouch: true }) })
      try {
        const small = await tab.newPage()
        await small.goto(`${server.url}/sets`)
        await small.getByLabel('Token').fill(TOKEN)
        await small.getByLabel('Name').fill(`beside-${viewport.width}`)
        await small.getByLabel('Or paste the prefixes').fill('@prefix beside: <http://example.org/beside#> .')
        const save = small.getByRole('button', { name: 'Save set' })
        await save.click()
        const result = small.locator('#save-result')
        await result.getByText(`Saved beside-${viewport.width}: 1 prefix.`).waitFor()
        // The set is shown above the form once saved: the result must still be where the eyes are.
        await small.getByRole('heading', { name: `Set beside-${viewport.width}` }).waitFor()
        const [button, said] = [(await save.boundingBox())!, (await result.locator('p').boundingBox())!]
        assert.ok(said.y >= 0 && said.y + said.height <= viewport.height, `${viewport.width} px: the result is off-screen at ${JSON.stringify(said)}`)
        assert.ok(button.y >= 0 && button.y + button.height <= viewport.height, `${viewport.width} px: the button is off-screen at ${JSON.stringify(button)}`)
        // Beside the button, or right under it where the row wraps.
        assert.ok(
          Math.abs(said.y - button.y) <= 8 || (said.y >= button.y + button.height - 1 && said.y - (button.y + button.height) <= 16),
          `${JSON.stringify(button)} / ${JSON.stringify(said)}`,
        )
        if (viewport.width < 400) await screenshot(small, 'phone-sets-saved', { fullPage: false })
      } finally {
        await tab.close()
      }
    }
  })

  it('lists every problem of a body at once: a relative IRI and a duplicate prefix both', async () => {
    const body = '@prefix rel: <relative/> .\n@prefix dup: <http://example.org/one#> .\n@prefix dup: <http://example.org/two#> .\n'
    const answer = (await (await putSet('two-problems', body)).json()) as { error: { problems: Array<{ entry?: string; message: string }> } }
    assert.deepEqual(answer.error.problems.map((p) => p.entry).sort(), ['dup: http://example.org/two#', 'rel: relative/'])
    await page.goto(`${server.url}/sets`)
    await page.getByLabel('Token').fill(TOKEN)
    await page.getByLabel('Name').fill('two-problems')
    await page.getByLabel('Or paste the prefixes').fill(body)
    await page.getByRole('button', { name: 'Save set' }).click()
    const result = page.locator('#save-result')
    await result.getByText('Not saved: 2 problems in the body; nothing was stored.').waitFor()
    const items = await result.locator('li').allInnerTexts()
    assert.equal(items.length, 2)
    assert.ok(
      items.some((item) => /rel: relative\/: namespace: not an absolute IRI/.test(item)),
      items.join(' | '),
    )
    assert.ok(
      items.some((item) => /dup: http:\/\/example\.org\/two#: prefix 'dup' is bound twice: to <http:\/\/example\.org\/one#> and to/.test(item)),
      items.join(' | '),
    )
    assert.equal((await fetch(`${server.url}/api/v1/sets/two-problems`)).status, 404)
  })

  it('warns when a set rebinds a prefix of the default table (foaf: elsewhere), in the API answer and beside Save', async () => {
    const body = '@prefix foaf: <http://example.org/my-foaf#> .\n@prefix mine: <http://example.org/mine#> .\n'
    const answer = (await (await putSet('rebinds', body)).json()) as { warnings: Array<{ prefix: string; namespace: string; served: string }> }
    assert.deepEqual(
      answer.warnings.map(({ prefix, namespace, served }) => ({ prefix, namespace, served })),
      [{ prefix: 'foaf', namespace: 'http://example.org/my-foaf#', served: 'http://xmlns.com/foaf/0.1/' }],
    )
    // A set that rebinds nothing has no warnings.
    assert.deepEqual(((await (await putSet('plain', '@prefix mine: <http://example.org/mine#> .')).json()) as { warnings: unknown[] }).warnings, [])
    await page.goto(`${server.url}/sets`)
    await page.getByLabel('Token').fill(TOKEN)
    await page.getByLabel('Name').fill('rebinds-too')
    await page.getByLabel('Or paste the prefixes').fill(body)
    await page.getByRole('button', { name: 'Save set' }).click()
    const result = page.locator('#save-result.warning')
    await result.getByText('Saved rebinds-too: 2 prefixes. A warning: the default table binds this prefix elsewhere.').waitFor()
    assert.match(
      await result.locator('li').innerText(),
      /^foaf: is bound to <http:\/\/example\.org\/my-foaf#> here, but the default table binds it to <http:\/\/xmlns\.com\/foaf\/0\.1\/>/,
    )
  })

  it('lets the search, table and editor pages answer from a chosen set, kept in the URL', async () => {
    await putSet('chosen', '@prefix widget: <http://example.org/widgets/> .\n')
    // Search: the picker lists the sets; choosing one asks again, from it.
    await page.goto(`${server.url}/?q=widget:Gear`)
    const picker = page.getByLabel('Prefix set')
    await picker.waitFor()
    assert.ok((await picker.locator('option').allInnerTexts()).includes('chosen'))
    await page.locator('#status').getByText('Nothing found for “widget:Gear”.').waitFor()
    await picker.selectOption('chosen')
    await page.locator('#answer').getByText('http://example.org/widgets/Gear').waitFor()
    assert.match(page.url(), /[?&]set=chosen\b/)
    assert.match(page.url(), /[?&]q=widget%3AGear\b/)
    // The URL carries it: a reload (or a link) answers from the set again, and links keep it.
    await page.reload()
    await page.locator('#answer').getByText('http://example.org/widgets/Gear').waitFor()
    assert.equal(await picker.inputValue(), 'chosen')
    // Table: the set's prefix is there, graded as the team's own.
    await page.goto(`${server.url}/prefixes?set=chosen&q=widget`)
    const row = page.getByRole('row', { name: /widget/ })
    await row.waitFor()
    assert.match(await row.innerText(), /http:\/\/example\.org\/widgets\/\s+your own/)
    assert.equal(await row.getByRole('link').getAttribute('href'), '/prefix/widget?set=chosen')
    assert.equal(await page.getByLabel('Prefix set').inputValue(), 'chosen')
    // Back to the default table: the prefix is gone, and so is set= from the URL.
    await page.getByLabel('Prefix set').selectOption('')
    await page
      .locator('#status')
      .getByText(/No prefix matches “widget”/)
      .waitFor()
    assert.doesNotMatch(page.url(), /set=/)
    // Editor: completion asks the set.
    await page.goto(`${server.url}/editor?set=chosen`)
    await page.locator('.cm-content').click()
    await page.keyboard.press('Control+End')
    await page.keyboard.type('widg')
    await page.keyboard.press('Control+Space')
    await page.locator('.cm-tooltip-autocomplete li', { hasText: 'widget:' }).first().waitFor()
    assert.equal(await page.getByLabel('Prefix set').inputValue(), 'chosen')
  })

  it('hides the picker on a resolver without sets, and asks for no set', async () => {
    const plain = await listen(createApp({ index: PrefixIndex.fromPrefixes({ base: 'http://example.org/base#' }), site: await loadSite(SITE_DIR) }))
    try {
      const requests: string[] = []
      page.on('request', (request) => requests.push(request.url()))
      await page.goto(`${plain.url}/prefixes`)
      await page.getByRole('row', { name: /base/ }).waitFor()
      assert.equal(await page.locator('.set-choice').isHidden(), true)
      assert.deepEqual(
        requests.filter((url) => url.includes('set=')),
        [],
      )
    } finally {
      await plain.close()
    }
  })

  it('fits a 375 px phone without sideways scrolling, and has no serious or critical axe violations', async () => {
    await putSet(
      'a-rather-long-set-name-for-a-phone-screen',
      '@prefix averylongprefixname: <http://example.org/a/very/long/namespace/that/goes/on/and/on#> .\n',
    )
    const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, bypassCSP: true })
    try {
      const small = await phone.newPage()
      await small.goto(`${server.url}/sets#a-rather-long-set-name-for-a-phone-screen`)
      await small.locator('#view-body').getByText('averylongprefixname').waitFor()
      const overflow = await small.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')
      assert.ok(overflow <= 0, `/sets scrolls sideways by ${overflow}px`)
      // Each field is usable: as wide as the screen allows, not squeezed.
      for (const label of ['#token', '#name', '#text', '#format']) {
        const box = (await small.locator(label).boundingBox())!
        assert.ok(box.x >= 0 && box.x + box.width <= 375 && box.width >= 200, `${label}: ${JSON.stringify(box)}`)
      }
      await screenshot(small, 'phone-sets', { fullPage: false })
      await small.addScriptTag({ path: AXE })
      const violations = await small.evaluate<Array<{ id: string; impact: string }>>(
        "axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target) })))",
      )
      assert.deepEqual(
        violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
        [],
      )
    } finally {
      await phone.close()
    }
  })
})
