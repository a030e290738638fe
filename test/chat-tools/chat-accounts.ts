// What the tests of `prefixd chat-sync` and `prefixd chat-bot` share: the account options of a fixture user, a wait, a listed linkifier.

import type { TestChat } from '../chat/chat-helpers.js'
import { USERS } from '../chat/chat-helpers.js'

/** The account options for the fixture user `name`. */
export function account(chat: TestChat, name: string): string[] {
  const user = USERS[name]!
  return ['--site', chat.url, '--email', user.email, '--api-key', user.api_key]
}

/** Polls `check` every 20 ms until it returns a value, or fails after `ms` (a spawned bot takes seconds to start on a loaded 2-core machine). */
export async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

export interface LinkifierRow {
  readonly id: number
  readonly pattern: string
  readonly url_template: string
  readonly example_input: string | null
  readonly reverse_template: string | null
  readonly alternative_url_templates: readonly string[]
}

export const FOAF = 'http://xmlns.com/foaf/0.1/'
