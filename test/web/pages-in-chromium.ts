// What the page tests share: the real resolver serving the pages on the default data, and headless Chromium.

import type { Browser } from 'playwright-core'
import { PrefixIndex } from '@prefixd/core'
import { createApp, loadSite } from '@prefixd/server'
import { SITE_DIR } from '@prefixd/web'
import { listen, type Running } from '../server/http-helpers.js'
import { browserAvailable, CHROMIUM, launchBrowser } from './browser.js'

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
