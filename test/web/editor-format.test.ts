// The /editor page's Format button in Chromium: the document formatted by @prefixd/core/format (comments kept,
// keywords of a query in upper case), Shift-Alt-F does the same, and a document that does not read is left as it
// is with the status line saying where.

import assert from 'node:assert/strict'
import type { Browser, Page } from 'playwright-core'
import { PrefixIndex } from '@prefixd/core'
import { formatText } from '@prefixd/core/format'
import { createApp, loadSite } from '@prefixd/server'
import { SITE_DIR } from '@prefixd/web'
import { listen, type Running } from '../server/http-helpers.js'
import { browserAvailable, CHROMIUM, launchBrowser } from './browser.js'

const TURTLE = '@prefix ex: <http://example.org/> .\n# kept\nex:a ex:p ex:b;ex:q  1 .'

describe('the editor’s Format button in Chromium', function () {
  this.timeout(60_000)
  let browser: Browser
  let server: Running
  let page: Page
  let errors: string[]

  before(async function () {
    if (!browserAvailable()) {
      console.log(`    skipped: no browser at ${CHROMIUM} (apt-get install chromium, or set PREFIXD_CHROMIUM)`)
      return this.skip()
    }
    const [index, site] = await Promise.all([PrefixIndex.loadDefault({ tier: 'prefixes' }), loadSite(SITE_DIR)])
    server = await listen(createApp({ index, site }))
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
    await server?.close()
  })
  beforeEach(async () => {
    page = await browser.newPage()
    errors = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`${server.url}/editor`)
    await page.getByRole('textbox', { name: 'Turtle or SPARQL document' }).waitFor()
  })
  afterEach(async () => {
    await page?.close()
    assert.deepEqual(errors, [], 'page errors')
  })

  /** The document's text: its lines as CodeMirror shows them. */
  const documentText = async () => (await page.locator('.cm-line').allTextContents()).join('\n')
  /** Opens the page on `doc` in `language`, as the page restores the last visit's document. */
  async function openWith(language: string, doc: string): Promise<void> {
    await page.evaluate(`localStorage.setItem('prefixd.editor', ${JSON.stringify(JSON.stringify({ language, doc }))})`)
    await page.reload()
    await page.getByRole('textbox', { name: 'Turtle or SPARQL document' }).waitFor()
  }

  it('formats the Turtle document as the language server does, comments kept', async () => {
    await openWith('turtle', TURTLE)
    await page.getByRole('button', { name: 'Format' }).click()
    assert.equal(await documentText(), formatText(TURTLE, 'turtle'))
  })

  it('formats a query with Shift-Alt-F, and says where a document that does not read breaks', async () => {
    await openWith('sparql', 'select * where {?s ?p ?o}')
    await page.getByRole('textbox', { name: 'Turtle or SPARQL document' }).press('Shift+Alt+F')
    assert.equal(await documentText(), 'SELECT * WHERE { ?s ?p ?o }\n')
    await openWith('turtle', 'ex:a ex:p ] .')
    await page.getByRole('button', { name: 'Format' }).click()
    assert.match((await page.getByRole('status').textContent()) ?? '', /Not formatted: line 1, column 11: expected a term/)
    assert.equal(await documentText(), 'ex:a ex:p ] .')
  })
})
