// A set's vocabulary files in Chromium against a resolver with a SQLite store: /sets uploads and removes them
// (a file that does not read answered with its file, line and column), and /editor, with the set chosen in its
// picker, offers the files' terms ranked by their usage after the property written before, saying why.

import assert from 'node:assert/strict'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { PrefixIndex } from '@prefixd/core'
import { loadSite } from '@prefixd/server'
import { SITE_DIR } from '@prefixd/web'
import { startSetsResolver, type SetsResolver } from '../support/sets-resolver.js'
import { WDG, widgetData, WIDGETS_TTL } from '../server/sets/widgets.js'
import { browserAvailable, CHROMIUM, launchBrowser, screenshot } from './browser.js'
import { recordErrors } from './page-check.js'

const TOKEN = 'page-token-0123456789'

describe('a set’s vocabulary files in Chromium', function () {
  this.timeout(60_000)
  let browser: Browser
  let server: SetsResolver
  let context: BrowserContext
  let page: Page
  let errors: string[]
  const dir = mkdtempSync(join(tmpdir(), 'prefixd-vocabulary-page-'))
  const auth = { authorization: `Bearer ${TOKEN}` }

  before(async function () {
    if (!browserAvailable()) {
      console.log(`    skipped: no browser at ${CHROMIUM} (apt-get install chromium, or set PREFIXD_CHROMIUM)`)
      return this.skip()
    }
    const [index, site] = await Promise.all([PrefixIndex.loadDefault(), loadSite(SITE_DIR)])
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
    // A refused upload shows in the console as a failed resource: the one the test provokes is expected.
    errors = recordErrors(page, /status of 400/)
  })
  afterEach(async function () {
    await context?.close()
    if (this.currentTest?.state === 'passed') assert.deepEqual(errors, [], 'page errors')
  })

  it('/sets uploads a set’s files, says where one does not read, and removes one', async () => {
    const put = await fetch(`${server.url}/api/v1/sets/uploads`, {
      method: 'PUT',
      body: '@prefix up: <http://example.org/up#> .',
      headers: { 'content-type': 'text/turtle', ...auth },
    })
    assert.equal(put.status, 201)
    writeFileSync(join(dir, 'widgets.ttl'), WIDGETS_TTL)
    writeFileSync(join(dir, 'data.nt.gz'), gzipSync(widgetData(5)))
    writeFileSync(join(dir, 'broken.ttl'), '@prefix a: <http://a.example/> .\na:b a:c a:d ;\n   a:e ] .\n')
    await page.goto(`${server.url}/sets#uploads`)
    await page.getByRole('heading', { name: 'Set uploads' }).waitFor()
    await page.getByText('No vocabulary files yet.').waitFor()
    await page.getByLabel('Token').fill(TOKEN)
    await page.getByLabel('Add vocabulary or data files').setInputFiles([join(dir, 'widgets.ttl'), join(dir, 'data.nt.gz')])
    const files = page.locator('#files')
    await files.getByRole('row', { name: /data\.nt\.gz/ }).waitFor()
    assert.match(await files.getByRole('row', { name: /widgets\.ttl/ }).innerText(), /widgets\.ttl\s+4 terms defined, 12 statements/)
    assert.match(await files.getByRole('row', { name: /data\.nt\.gz/ }).innerText(), /0 terms defined, 16 statements, gzip’d/)
    await page.locator('#files-result', { hasText: 'Added widgets.ttl: 4 terms defined, 12 statements read.' }).waitFor()
    // The list of sets counts them.
    await page
      .locator('#sets')
      .getByRole('row', { name: /uploads\s+1 prefix, 2 vocabulary files/ })
      .waitFor()
    await screenshot(page, 'sets-vocabularies')

    await page.getByLabel('Add vocabulary or data files').setInputFiles(join(dir, 'broken.ttl'))
    await page.locator('#files-result.error', { hasText: 'Not added: broken.ttl:3:8: Expected entity but got ]; nothing was stored' }).waitFor()
    assert.equal(await files.getByRole('row').count(), 3) // the header and the two files: nothing stored
    // Two files of one upload that would be stored under one name: neither is sent.
    writeFileSync(join(dir, 'my widgets.ttl'), WIDGETS_TTL)
    writeFileSync(join(dir, 'my-widgets.ttl'), WIDGETS_TTL)
    await page.getByLabel('Add vocabulary or data files').setInputFiles([join(dir, 'my widgets.ttl'), join(dir, 'my-widgets.ttl')])
    await page.locator('#files-result.error', { hasText: 'my widgets.ttl, my-widgets.ttl would all be stored as my-widgets.ttl' }).waitFor()
    assert.equal(await files.getByRole('row').count(), 3)

    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Remove widgets.ttl' }).click()
    await page.locator('#files-result', { hasText: 'Removed widgets.ttl.' }).waitFor()
    assert.equal(await files.getByRole('row', { name: /widgets\.ttl/ }).count(), 0)
    const listed = (await (await fetch(`${server.url}/api/v1/sets/uploads/vocabularies`)).json()) as Array<{ file: string }>
    assert.deepEqual(
      listed.map((f) => f.file),
      ['data.nt.gz'],
    )
    // On a 375 px phone the files and their buttons fit the screen: no sideways scrolling.
    await page.setViewportSize({ width: 375, height: 740 })
    await page.reload()
    await page.getByRole('button', { name: 'Remove data.nt.gz' }).waitFor()
    assert.equal(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth'), 0)
    await screenshot(page, 'sets-vocabularies-375')
  })

  it('/editor with the set chosen offers its terms, the one usually written next first, and says why', async () => {
    const put = (path: string, body: string, type: string) =>
      fetch(`${server.url}/api/v1/sets/${path}`, { method: 'PUT', body, headers: { 'content-type': type, ...auth } })
    assert.equal((await put('team', '@prefix team: <http://example.org/team#> .', 'text/turtle')).status, 201)
    assert.equal((await put('team/vocabularies/widgets.ttl', WIDGETS_TTL, 'text/turtle')).status, 201)
    assert.equal((await put('team/vocabularies/data.nt', widgetData(20), 'application/n-triples')).status, 201)
    const asked: URL[] = []
    page.on('request', (request) => request.url().includes('/api/v1/autocomplete') && asked.push(new URL(request.url())))
    const doc = `@prefix wdg: <${WDG}> .\n\n<#w> a wdg:Widget ;\n  wdg:weight "1" ;\n  `
    await page.goto(`${server.url}/editor`)
    await page.evaluate(`localStorage.setItem('prefixd.editor', ${JSON.stringify(JSON.stringify({ language: 'turtle', doc }))})`)
    await page.reload()
    await page.getByLabel('Prefix set').selectOption('team')
    await page.waitForURL(/\/editor\?set=team$/)
    const editor = page.getByRole('textbox', { name: 'Turtle or SPARQL document' })
    await editor.press('Control+End')
    await page.keyboard.type('wdg:w', { delay: 40 })
    // The first option, once the answer is in: wdg:width, written after wdg:weight in every widget of the data.
    await page.waitForFunction("document.querySelector('.cm-tooltip-autocomplete li .cm-completionLabel')?.textContent === 'wdg:width'")
    await page.locator('.cm-completionInfo', { hasText: 'used 20 times in set team; after wdg:weight 20 times; on 20 wdg:Widget' }).waitFor()
    const labels = await page.locator('.cm-tooltip-autocomplete .cm-completionLabel').allInnerTexts()
    assert.ok(labels.includes('wdg:weight') && labels.includes('wdg:wheel'), labels.join(', '))
    // The terms were asked for with the set, the position and the subject's context (a bare `wdg` asks for prefixes).
    const request = asked.find((url) => url.searchParams.get('set') === 'team' && url.searchParams.get('q')!.startsWith(WDG))
    assert.ok(request, asked.join(', '))
    assert.equal(request.searchParams.get('previous'), `${WDG}weight`)
    assert.equal(request.searchParams.get('prefer'), 'property')
    assert.equal(request.searchParams.get('types'), `${WDG}Widget`)
    assert.equal(request.searchParams.get('written'), `${WDG}weight`)
    await screenshot(page, 'editor-set-vocabularies')
    // Its term page, with the set: the file's comment as the definition, and where the file defines it.
    await page.goto(`${server.url}/prefix/wdg/weight?set=team`)
    await page.getByText('How heavy it is, in grams.').waitFor()
    await page.getByText('Defined in widgets.ttl, line 5, a vocabulary file of the set team.').waitFor()
  })
})
