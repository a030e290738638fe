// What the page benchmarks share (bench/web.ts, bench/pages.ts): the resolver on loopback serving a built site, headless
// Chromium, the report written, and the search box's keystroke timed inside the page.

import { writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { PrefixIndex } from '@prefixd/core'
import { createApp, createHttpServer, loadSite } from '@prefixd/server'
import { launchBrowser } from '../test/web/browser.js'

/** The value at fraction `p` of `values` in order (0.5 the median, 0.95 the p95). */
export const percentile = (values: readonly number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!
export const median = (values: readonly number[]): number => percentile(values, 0.5)

/**
 * Serves `siteDir` from a resolver on the default data (127.0.0.1, a free port), starts Chromium, and writes the lines
 * `report` returns to `results` and the console; both are closed whatever happens.
 */
export async function benchPages(siteDir: string, results: string | URL, report: (browser: Browser, base: string) => Promise<string[]>): Promise<void> {
  const [index, site] = await Promise.all([PrefixIndex.loadDefault(), loadSite(siteDir)])
  const server = createHttpServer(createApp({ index, site }))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const browser = await launchBrowser()
  try {
    const lines = await report(browser, base)
    await writeFile(results, lines.join('\n') + '\n')
    console.log(lines.join('\n'))
  } finally {
    await browser.close()
    server.close()
  }
}

/**
 * Each query typed into the home page's search box (open in `page`) `rounds` times: the milliseconds from its input
 * event to the status line written for it, measured in the page (the box emptied first, and 200 ms let pass, so that
 * the answer to the query before cannot count).
 */
export async function searchKeystrokes(page: Page, queries: readonly string[], rounds: number): Promise<number[]> {
  const times: number[] = []
  for (let round = 0; round < rounds; round++) {
    for (const query of queries) {
      const ms = await page.evaluate(`new Promise((resolve) => {
        const box = document.getElementById('query'); const status = document.getElementById('status')
        box.value = ''; box.dispatchEvent(new Event('input'))
        setTimeout(() => {
          const observer = new MutationObserver(() => { if (status.textContent !== '') { observer.disconnect(); resolve(performance.now() - started) } })
          status.textContent = ''
          observer.observe(status, { childList: true, characterData: true, subtree: true })
          const started = performance.now()
          box.value = ${JSON.stringify(query)}; box.dispatchEvent(new Event('input'))
        }, 200)
      })`)
      times.push(ms as number)
    }
  }
  return times
}
