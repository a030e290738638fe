// What the page tests share: the real resolver serving the pages on the default data, and headless Chromium.

import assert from 'node:assert/strict'
import type { Browser } from 'playwright-core'
import { PrefixIndex } from '@prefixd/core'
import { createApp, loadSite } from '@prefixd/server'
import { SITE_DIR } from '@prefixd/web'
import { listen, type Running } from '../server/http-helpers.js'
import { browserAvailable, CHROMIUM, launchBrowser } from './browser.js'
import { LOOKS, openPage, type Look, type OpenPage } from './page-check.js'

/** For a suite's `before`: skips it (saying why) where there is no browser, else starts the resolver and Chromium. */
export async function startPagesInChromium(suite: Mocha.Context): Promise<{ browser: Browser; server: Running }> {
  if (!browserAvailable()) {
    console.log(`    skipped: no browser at ${CHROMIUM} (apt-get install chromium, or set PREFIXD_CHROMIUM)`)
    suite.skip()
  }
  const [index, site] = await Promise.all([PrefixIndex.loadDefault(), loadSite(SITE_DIR)])
  const server = await listen(createApp({ index, site }))
  return { browser: await launchBrowser(), server }
}

/** For a suite's `after`: closes what {@link startPagesInChromium} started, if it did. */
export async function stopPagesInChromium(browser: Browser | undefined, server: Running | undefined): Promise<void> {
  await browser?.close()
  await server?.close()
}

/** The resolver and Chromium of a suite that {@link usePagesInChromium} runs. */
export interface PagesInChromium {
  readonly browser: Browser
  /** The resolver's origin (`http://127.0.0.1:PORT`), for `fetch` and `page.goto`. */
  readonly url: string
  /**
   * Opens `path` (from the resolver's origin) in a fresh context of the given look, recording its errors; the page
   * the test opened before is closed first (its errors still count), and the last one after the test.
   */
  open(path: string, look?: Look): Promise<OpenPage>
}

/**
 * Call in a `describe` body: registers the suite's hooks — the resolver and Chromium started before it (the suite
 * skipped, saying why, where there is no browser) and closed after it, and after each test the pages it opened
 * closed, a test that passed failing if they logged an error. `expected` lets through the errors a test
 * provokes on purpose (a 404 page's load).
 */
export function usePagesInChromium(expected: (error: string, test: Mocha.Test) => boolean = () => false): PagesInChromium {
  let started: { browser: Browser; server: Running } | undefined
  let current: OpenPage | undefined
  let errors: string[][] = []
  before(async function () {
    started = await startPagesInChromium(this)
  })
  after(() => stopPagesInChromium(started?.browser, started?.server))
  afterEach(async function () {
    const logged = errors.flat()
    await current?.context.close()
    current = undefined
    errors = []
    const test = this.currentTest
    if (test?.state === 'passed')
      assert.deepEqual(
        logged.filter((error) => !expected(error, test)),
        [],
        'page errors',
      )
  })
  const running = (): { browser: Browser; server: Running } => {
    if (started === undefined) throw new Error('the pages in Chromium are used before the suite started them')
    return started
  }
  return {
    get browser() {
      return running().browser
    },
    get url() {
      return running().server.url
    },
    async open(path, look = LOOKS[0]) {
      await current?.context.close()
      current = await openPage(running().browser, running().server.url + path, look)
      errors.push(current.errors)
      return current
    },
  }
}
