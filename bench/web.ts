// Web benchmark: the pages in headless Chromium against the real resolver — bytes on the wire, load
// times cold and warm, and how fast and how sparingly the search box and the editor answer typing.

import assert from 'node:assert/strict'
import type { Browser, Page } from 'playwright-core'
import { SITE_DIR } from '@prefixd/web'
import { benchPages, median, percentile, searchKeystrokes } from './pages-in-chromium.js'

/** Where the results go; PREFIXD_BENCH_RESULTS writes them elsewhere (a run of another build, to compare). */
const RESULTS = process.env.PREFIXD_BENCH_RESULTS ?? new URL('results/web.md', import.meta.url)
/** The built site measured; PREFIXD_SITE_DIR measures another build (the one before a change) on the same machine. */
const SITE = process.env.PREFIXD_SITE_DIR ?? SITE_DIR
const LOADS = 9
/** The search box waits this long after the last keystroke (packages/web/src/search/search-page.ts). */
const DEBOUNCE_MS = 120
/** A fast typist: about 16 characters a second. */
const KEYSTROKE_MS = 60

/** Each page and what shows it is ready; another build (PREFIXD_SITE_DIR, from before the API page) is measured without /api/docs. */
const PAGES: ReadonlyArray<readonly [path: string, ready: string]> = (
  [
    ['/', '#query'],
    ['/prefixes', 'tbody tr'],
    ['/prefix/schema', '.term'],
    ['/editor', '.cm-content'],
    ['/api/docs', '.opblock'],
  ] as const
).filter(([path]) => path !== '/api/docs' || process.env.PREFIXD_SITE_DIR === undefined)

const SEARCHES = [
  'foaf:Pe',
  'schema:Per',
  'person',
  'dcterms:',
  'skos:pref',
  'http://xmlns.com/foaf/0.1/kn',
  'organization',
  'prov:was',
  'owl:Obj',
  'rdfs:sub',
  'sh:Node',
  'dcat:Data',
  'geo',
  'label',
  'schema:name',
]
const TYPED = ['schema:Person', 'foaf:knows', 'dcterms:creator', 'skos:prefLabel', 'prov:wasGeneratedBy', 'organization', 'owl:ObjectProperty']
const EDITOR_NAMES = ['schema:Pe', 'foaf:Ag', 'prov:Act', 'dcat:Dat', 'skos:Conc', 'sh:Node', 'org:Org', 'schema:Cre']

const kb = (bytes: number): string => (bytes / 1024).toFixed(1)

async function report(browser: Browser, base: string): Promise<string[]> {
  return [
    '# Web pages in Chromium',
    '',
    `Headless Chromium (${browser.version()}) and the resolver on loopback, one machine (${new Date().toISOString().slice(0, 10)}).`,
    '',
    ...(await pageLoads(browser, base)),
    '',
    ...(await searchBox(browser, base)),
    '',
    ...(await editor(browser, base)),
  ]
}

/** Bytes and time of a first visit (empty cache) and of a return visit, per page. */
async function pageLoads(browser: Browser, base: string): Promise<string[]> {
  const lines = [
    '## Loading each page',
    '',
    `Median of ${LOADS} loads until the page shows its content (its own data fetched and rendered). Bytes are`,
    'as sent (Brotli), pages, scripts, styles and API answers; the return visit is in the same browser.',
    '',
    '| page | first visit: bytes | of which script | uncompressed | time | return visit: bytes | time |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ]
  for (const [path, ready] of PAGES) {
    const cold: number[] = []
    const warm: number[] = []
    let coldBytes = 0
    let scriptBytes = 0
    let rawBytes = 0
    let warmBytes = 0
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      const first = await visit(page, base + path, ready)
      const again = await visit(page, base + path, ready)
      cold.push(first.ms)
      warm.push(again.ms)
      ;[coldBytes, scriptBytes, rawBytes, warmBytes] = [first.bytes, first.scriptBytes, first.rawBytes, again.bytes]
      await context.close()
    }
    lines.push(
      `| \`${path}\` | ${kb(coldBytes)} KB | ${kb(scriptBytes)} KB | ${kb(rawBytes)} KB | ${median(cold).toFixed(0)} ms | ${kb(warmBytes)} KB | ${median(warm).toFixed(0)} ms |`,
    )
  }
  return lines
}

async function visit(page: Page, url: string, ready: string): Promise<{ ms: number; bytes: number; scriptBytes: number; rawBytes: number }> {
  let bytes = 0
  let scriptBytes = 0
  let rawBytes = 0
  const pending: Array<Promise<void>> = []
  const count = (request: import('playwright-core').Request): void => {
    pending.push(
      (async () => {
        const sizes = await request.sizes()
        const response = await request.response()
        if (response?.fromServiceWorker() || response === null) return
        bytes += sizes.responseBodySize + sizes.responseHeadersSize
        if (request.resourceType() === 'script') scriptBytes += sizes.responseBodySize
        const length = (await response.body().catch(() => Buffer.alloc(0))).length
        rawBytes += length
      })(),
    )
  }
  page.on('requestfinished', count)
  const started = performance.now()
  await page.goto(url)
  await page.locator(ready).first().waitFor()
  const ms = performance.now() - started
  await page.waitForLoadState('networkidle')
  await Promise.all(pending)
  page.off('requestfinished', count)
  return { ms, bytes, scriptBytes, rawBytes }
}

/** Time from a query to its suggestions on screen, and requests sent while someone types. */
async function searchBox(browser: Browser, base: string): Promise<string[]> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(base + '/')
  await page.locator('#query').waitFor()
  // Measured inside the page: from the input event to the list re-rendered for this query.
  const times = await searchKeystrokes(page, SEARCHES, 3)
  let requests = 0
  let keystrokes = 0
  page.on('request', (request) => void (new URL(request.url()).pathname.startsWith('/api/') && requests++))
  for (const name of TYPED) {
    await page.locator('#query').fill('')
    await page.waitForTimeout(300)
    const before = requests
    await page.locator('#query').pressSequentially(name, { delay: KEYSTROKE_MS })
    await page.waitForTimeout(400)
    assert.ok(requests > before, `no request for ${name}`)
    keystrokes += name.length
  }
  await context.close()
  const p50 = median(times)
  return [
    '## Search box (`/`)',
    '',
    `From the input event to the suggestions on screen, ${times.length} queries (${SEARCHES.length} kinds: prefixed names, prefixes, words, an IRI), in the page:`,
    '',
    '| | p50 | p95 | max |',
    '|---|---:|---:|---:|',
    `| query → suggestions shown | ${p50.toFixed(0)} ms | ${percentile(times, 0.95).toFixed(0)} ms | ${Math.max(...times).toFixed(0)} ms |`,
    `| of which the resolver and rendering (less the ${DEBOUNCE_MS} ms wait for typing to pause) | ${(p50 - DEBOUNCE_MS).toFixed(0)} ms | ${(percentile(times, 0.95) - DEBOUNCE_MS).toFixed(0)} ms | |`,
    '',
    `Typing ${TYPED.length} names (${keystrokes} keystrokes, one every ${KEYSTROKE_MS} ms) sent ${requests} API requests (each query asks two endpoints: suggestions`,
    `and the expansion, or search and prefixes). A box that asks on every keystroke sends ${keystrokes * 2}: ${((keystrokes * 2) / requests).toFixed(1)}× more.`,
  ]
}

/** Time from the keystroke that completes a partial name to CodeMirror's list of completions. */
async function editor(browser: Browser, base: string): Promise<string[]> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(base + '/editor')
  const content = page.locator('.cm-content')
  await content.waitFor()
  const times: number[] = []
  for (let round = 0; round < 2; round++) {
    for (const name of EDITOR_NAMES) {
      await content.press('Control+End')
      await page.keyboard.type(`\nex:s${round}${times.length} a ${name.slice(0, -1)}`)
      await page.keyboard.press('Escape')
      await page.waitForTimeout(150)
      const started = performance.now()
      await page.keyboard.type(name.slice(-1))
      await page.locator('.cm-tooltip-autocomplete li').first().waitFor()
      times.push(performance.now() - started)
      await page.keyboard.press('Escape')
    }
  }
  await context.close()
  return [
    '## Editor (`/editor`)',
    '',
    `From the keystroke to the completion list on screen, ${times.length} class names after \`a\` (CodeMirror waits 40 ms for typing to pause, then asks the resolver):`,
    '',
    '| | p50 | p95 | max |',
    '|---|---:|---:|---:|',
    `| keystroke → completions shown | ${median(times).toFixed(0)} ms | ${percentile(times, 0.95).toFixed(0)} ms | ${Math.max(...times).toFixed(0)} ms |`,
  ]
}

await benchPages(SITE, RESULTS, report)
