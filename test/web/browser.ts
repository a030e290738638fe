// Headless Chromium for the page tests: Debian's /usr/bin/chromium driven by playwright-core.

import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from 'playwright-core'

export const CHROMIUM = process.env.PREFIXD_CHROMIUM ?? '/usr/bin/chromium'
/** Screenshots land here for people to look at; the folder is not committed. */
export const ARTIFACTS = new URL('../artifacts/', import.meta.url)

/**
 * Whether the browser tests can run. CI installs Chromium and sets PREFIXD_REQUIRE_BROWSER=1, so
 * there a missing browser fails the run instead of skipping the tests.
 */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true
  if (process.env.PREFIXD_REQUIRE_BROWSER === '1') throw new Error(`no browser at ${CHROMIUM}: apt-get install chromium (or set PREFIXD_CHROMIUM)`)
  return false
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    // No sandbox as root in CI; no background traffic, which this machine's closed network refuses.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/** Saves a screenshot (of the whole page unless told) as test/artifacts/{name}.png. */
export async function screenshot(page: Page, name: string, options: { readonly fullPage?: boolean } = {}): Promise<void> {
  await mkdir(ARTIFACTS, { recursive: true })
  await page.screenshot({ path: fileURLToPath(new URL(`${name}.png`, ARTIFACTS)), fullPage: options.fullPage ?? true })
}
