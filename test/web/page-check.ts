// What the flow tests of the search results, term and vocabulary pages share: a page at a given size and colour
// scheme that records its console errors, and axe-core's violations of every impact.

import { createRequire } from 'node:module'
import type { Browser, BrowserContext, Page } from 'playwright-core'

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** The sizes and schemes every flow is checked at: a desktop and a phone, light and dark. */
export const LOOKS = [
  { name: 'desktop-light', viewport: { width: 1280, height: 800 }, colorScheme: 'light', mobile: false },
  { name: 'desktop-dark', viewport: { width: 1280, height: 800 }, colorScheme: 'dark', mobile: false },
  { name: 'phone-light', viewport: { width: 390, height: 844 }, colorScheme: 'light', mobile: true },
  { name: 'phone-dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark', mobile: true },
] as const
export type Look = (typeof LOOKS)[number]

export interface OpenPage {
  readonly page: Page
  readonly context: BrowserContext
  /** Uncaught errors and console errors, as they came. */
  readonly errors: string[]
}

/** Opens `url` in a fresh context of the given look; close `context` when done. */
export async function openPage(browser: Browser, url: string, look: Look = LOOKS[0]): Promise<OpenPage> {
  const context = await browser.newContext({
    viewport: look.viewport,
    colorScheme: look.colorScheme,
    ...(look.mobile && { isMobile: true, hasTouch: true }),
  })
  const page = await context.newPage()
  const errors = recordErrors(page)
  await page.goto(url)
  return { page, context, errors }
}

/**
 * The page's uncaught errors and console errors, recorded as they come — but those `expected` matches (a failed
 * resource the test provokes, such as a refused upload's `status of 400`): filtered then, not at the end, as a late
 * request may fail after the test's last step.
 */
export function recordErrors(page: Page, expected?: RegExp): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => message.type() === 'error' && !expected?.test(message.text()) && errors.push(message.text()))
  return errors
}

/**
 * axe-core's violations of the page as it is now, every impact (ids and the first nodes). The page's
 * Content-Security-Policy would refuse the injected script: it is bypassed for this page, and the page reloaded.
 */
export async function axeViolations(page: Page, ready: (page: Page) => Promise<void>): Promise<unknown[]> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Page.setBypassCSP', { enabled: true })
  await page.reload()
  await ready(page)
  await page.addScriptTag({ path: AXE })
  return page.evaluate<unknown[]>(
    "axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target) })))",
  )
}

/** Whether the page scrolls sideways (something wider than the viewport). */
export function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth + 1')
}
