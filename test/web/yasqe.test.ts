// YASQE (the SPARQL editor of YASGUI), from the npm registry, pointed at prefixd as its prefix.cc and LOV backend
// with the lines of the server README: prefix, class and property completion in headless Chromium.

import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { Browser, Page } from 'playwright-core'
import { PrefixIndex } from '@prefixd/core'
import { createApp } from '@prefixd/server'
import { listen, type Running } from '../server/http-helpers.js'
import { browserAvailable, CHROMIUM, launchBrowser } from './browser.js'

const require = createRequire(import.meta.url)

/** The README's configuration, read from it (so the README's lines are the ones tested): its usePrefixd function. */
async function readmeConfiguration(): Promise<string> {
  const readme = await readFile(new URL('../../packages/server/README.md', import.meta.url), 'utf8')
  const script = /```html\n<script>\n(function usePrefixd[\s\S]*?\n)usePrefixd\(/.exec(readme)?.[1]
  assert.ok(script !== undefined, 'the server README has its YASQE configuration')
  return script
}

/** Each YASQE build and its files in node_modules. */
const BUILDS = [
  { name: '@triply/yasqe', js: '@triply/yasqe/build/yasqe.min.js', css: '@triply/yasqe/build/yasqe.min.css' },
  { name: '@zazuko/yasqe', js: '@zazuko/yasqe/build/yasqe.min.js', css: '@zazuko/yasqe/build/yasqe.min.css' },
]

describe('YASQE with prefixd as its prefix.cc and LOV backend, in Chromium', function () {
  this.timeout(120_000)
  let browser: Browser
  let resolver: Running
  let pages: Server
  let pagesUrl: string

  before(async function () {
    if (!browserAvailable()) {
      console.log(`    skipped: no browser at ${CHROMIUM} (apt-get install chromium, or set PREFIXD_CHROMIUM)`)
      return this.skip()
    }
    resolver = await listen(createApp({ index: await PrefixIndex.loadDefault() }))
    const configure = await readmeConfiguration()
    // The editor's page on an origin of its own, as an endpoint's page would be: prefixd is reached by CORS.
    pages = createServer(async (request, response) => {
      const url = new URL(request.url ?? '/', 'http://x')
      const build = BUILDS.find((b) => url.pathname === `/${b.name}/`)
      if (build !== undefined) {
        const html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>${build.name}</title>
<link rel="stylesheet" href="/file?f=${encodeURIComponent(build.css)}"><script src="/file?f=${encodeURIComponent(build.js)}"></script>
<div id="editor"></div><script>${configure}
usePrefixd(Yasqe, ${JSON.stringify(resolver.url)}); window.yasqe = new Yasqe(document.getElementById('editor'), { persistenceId: null, value: '' })</script>`
        return response.writeHead(200, { 'content-type': 'text/html' }).end(html)
      }
      const file = BUILDS.flatMap((b) => [b.js, b.css]).find((f) => f === url.searchParams.get('f'))
      if (file === undefined) return response.writeHead(404).end()
      response.writeHead(200, { 'content-type': file.endsWith('.css') ? 'text/css' : 'text/javascript' }).end(await readFile(require.resolve(file)))
    })
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve))
    pagesUrl = `http://127.0.0.1:${(pages.address() as { port: number }).port}`
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
    await resolver?.close()
    pages?.close()
  })

  /** The texts of the hints YASQE shows (CodeMirror's show-hint list). */
  const hints = (page: Page) => page.locator('.CodeMirror-hints li').allInnerTexts()

  async function open(build: (typeof BUILDS)[number]): Promise<Page> {
    const page = await browser.newPage()
    await page.goto(`${pagesUrl}/${build.name}/`)
    await page.waitForFunction(() => (globalThis as unknown as { yasqe?: unknown }).yasqe !== undefined)
    return page
  }

  /** Puts `text` in the editor with the cursor at its end, then types `typed` as a person would. */
  async function write(page: Page, text: string, typed: string): Promise<void> {
    await page.evaluate((t) => {
      const yasqe = (
        globalThis as unknown as {
          yasqe: { setValue(v: string): void; focus(): void; setCursor(p: object): void; lineCount(): number; getLine(n: number): string }
        }
      ).yasqe
      yasqe.setValue(t)
      yasqe.focus()
      const last = yasqe.lineCount() - 1
      yasqe.setCursor({ line: last, ch: yasqe.getLine(last).length })
    }, text)
    await page.keyboard.type(typed, { delay: 30 })
  }

  for (const build of BUILDS) {
    describe(build.name, () => {
      it('typing PREFIX fo offers foaf: with its namespace, from /popular/all.file.json', async () => {
        const page = await open(build)
        try {
          await write(page, '', 'PREFIX fo')
          await page.locator('.CodeMirror-hints').waitFor()
          const offered = await hints(page)
          assert.ok(offered.includes('foaf: <http://xmlns.com/foaf/0.1/>'), offered.join(' | '))
          assert.ok(
            offered.every((h) => h.startsWith('fo')),
            offered.join(' | '),
          )
        } finally {
          await page.close()
        }
      })

      it('?s a schema:Pers offers schema:Person first, from the LOV-compatible endpoint', async () => {
        const page = await open(build)
        try {
          await write(page, 'PREFIX schema: <http://schema.org/>\nSELECT * WHERE {\n  ?s a schema:Per', 's')
          await page.keyboard.press('Control+Space')
          await page.locator('.CodeMirror-hints').waitFor()
          const offered = await hints(page)
          assert.equal(offered[0], 'schema:Person', offered.join(' | '))
        } finally {
          await page.close()
        }
      })

      it('a predicate position offers properties, not classes', async () => {
        const page = await open(build)
        try {
          await write(page, 'PREFIX foaf: <http://xmlns.com/foaf/0.1/>\nSELECT * WHERE {\n  ?s foaf:', 'n')
          await page.keyboard.press('Control+Space')
          await page.locator('.CodeMirror-hints').waitFor()
          const offered = await hints(page)
          assert.ok(offered.includes('foaf:name') && offered.includes('foaf:nick'), offered.join(' | '))
          assert.ok(!offered.includes('foaf:Person') && offered.every((h) => /^foaf:n/.test(h)), offered.join(' | '))
        } finally {
          await page.close()
        }
      })
    })
  }
})
