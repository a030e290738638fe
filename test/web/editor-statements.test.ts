// /editor on a document of a megabyte in Chromium: a completion where a predicate goes asks with the subject's context
// read from the start of its statement — the same `previous`, `types` and `written` as reading the whole text gives —
// at the end, at the top after the statements were learnt, and at the end again after that edit before them all.

import assert from 'node:assert/strict'
import type { Browser, Page } from 'playwright-core'
import { PrefixIndex } from '@prefixd/core'
import { declaredPrefixes } from '@prefixd/core/syntax'
import { createApp, loadSite } from '@prefixd/server'
import { SITE_DIR } from '@prefixd/web'
import { subjectContext } from '../../packages/web/src/editor/subject-context.js'
import { listen, type Running } from '../server/http-helpers.js'
import { WDG } from '../server/sets/widgets.js'
import { browserAvailable, CHROMIUM, launchBrowser } from './browser.js'

const HEAD = `@prefix wdg: <${WDG}> .\n@prefix ex: <http://example.org/> .\n`
/** About a megabyte of statements, each with a blank node and a list, then a subject being written. */
function bigDocument(): string {
  const lines = [HEAD]
  for (let i = 0; lines.length < 12_000; i++) lines.push(`<#w${i}> a wdg:Widget ; wdg:weight "${i}" ; ex:part [ ex:of ( <#a> <#b> ) ] ; wdg:width 3.5 .\n`)
  return lines.join('') + '<#last> a wdg:Widget, ex:Thing ;\n  wdg:weight "1" ;\n  ex:part [ ex:size 2 ] ;\n  '
}

describe('/editor on a megabyte in Chromium', function () {
  this.timeout(120_000)
  let browser: Browser
  let server: Running
  let page: Page
  const errors: string[] = []

  before(async function () {
    if (!browserAvailable()) {
      console.log(`    skipped: no browser at ${CHROMIUM} (apt-get install chromium, or set PREFIXD_CHROMIUM)`)
      return this.skip()
    }
    const [index, site] = await Promise.all([PrefixIndex.loadDefault(), loadSite(SITE_DIR)])
    server = await listen(createApp({ index, site }))
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
    await server?.close()
  })

  /**
   * Types `wdg:` where a predicate goes and compares the context the completion request carries with the context of
   * all the text before it, as the page kept it (once it holds each of `needles`; the last ends where the cursor is).
   */
  async function completeAndCompare(asked: URL[], ...needles: string[]): Promise<URL> {
    const from = asked.length
    await page.keyboard.type('wdg:', { delay: 30 })
    const request = await waitForRequest(asked, from)
    // A function, not a string: the page's Content-Security-Policy refuses eval.
    const handle = await page.waitForFunction((wanted: string[]) => {
      const storage = (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage
      const doc = (JSON.parse(storage.getItem('prefixd.editor') ?? 'null') as { doc?: string } | null)?.doc ?? ''
      return wanted.every((needle) => doc.includes(needle)) && doc
    }, needles)
    const stored = (await handle.jsonValue()) as string
    const marker = needles.at(-1)!
    const before = stored.slice(0, stored.indexOf(marker) + marker.length - 'wdg:'.length)
    const expected = subjectContext(before, declaredPrefixes(stored))
    assert.deepEqual(
      { previous: request.searchParams.get('previous'), types: request.searchParams.get('types'), written: request.searchParams.get('written') },
      { previous: expected.previous ?? null, types: expected.types.join(' ') || null, written: expected.written.join(' ') || null },
    )
    return request
  }

  it('asks with the context of the whole text, read from the statement at the cursor, before and after an edit above it', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } })
    page = await context.newPage()
    page.on('pageerror', (error) => errors.push(error.message))
    const asked: URL[] = []
    page.on('request', (request) => request.url().includes('/api/v1/autocomplete') && asked.push(new URL(request.url())))
    const doc = bigDocument()
    assert.ok(doc.length > 1_000_000, String(doc.length))
    await page.goto(`${server.url}/editor`)
    await page.evaluate(`localStorage.setItem('prefixd.editor', ${JSON.stringify(JSON.stringify({ language: 'turtle', doc }))})`)
    await page.reload()
    const editor = page.getByRole('textbox', { name: 'Turtle or SPARQL document' })
    await editor.press('Control+End')
    // At the end: the subject's types, the properties it has, the one before (the blank node's own are not its).
    const end = '  ex:part [ ex:size 2 ] ;\n  wdg:'
    const atEnd = await completeAndCompare(asked, end)
    assert.deepEqual(
      [atEnd.searchParams.get('previous'), atEnd.searchParams.get('types')],
      ['http://example.org/part', `${WDG}Widget http://example.org/Thing`],
    )
    // At the top, after the directives: a statement of its own, whatever the megabyte after it says.
    await page.keyboard.press('Escape')
    await editor.press('Control+Home')
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowDown')
    await page.keyboard.type('<#top> a ex:Top ; ex:p 1 ; ', { delay: 5 })
    const atTop = await completeAndCompare(asked, '<#top> a ex:Top ; ex:p 1 ; wdg:')
    assert.deepEqual([atTop.searchParams.get('previous'), atTop.searchParams.get('types')], ['http://example.org/p', 'http://example.org/Top'])
    // Closed, and at the end again: the statements after that edit are read again, and the context is as before.
    await page.keyboard.press('Escape')
    await page.keyboard.type('1 .', { delay: 5 })
    await editor.press('Control+End')
    for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace')
    const again = await completeAndCompare(asked, 'ex:p 1 ; wdg:1 .', end)
    assert.equal(again.searchParams.get('previous'), 'http://example.org/part')
    await context.close()
    assert.deepEqual(errors, [])
  })
})

/** The first completion request for wdg: terms where a predicate goes asked since `from`. */
async function waitForRequest(asked: URL[], from: number): Promise<URL> {
  for (let tries = 0; tries < 400; tries++) {
    const found = asked.slice(from).find((url) => url.searchParams.get('prefer') === 'property' && url.searchParams.get('q')!.startsWith(WDG))
    if (found !== undefined) return found
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`no completion request: ${asked.slice(from).join(', ')}`)
}
