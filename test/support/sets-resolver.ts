// A resolver that keeps project sets, over real HTTP on 127.0.0.1, for the tests of the sets' API and pages: the app
// with a set store (SQLite in memory unless one is given) and its tokens — the set-up those tests each wrote out.

import type { PrefixIndex } from '@prefixd/core'
import { createApp, openSetStore, type AppOptions, type SetsOptions, type SetStore } from '@prefixd/server'
import { listen, type Running } from '../server/http-helpers.js'

export interface SetsResolver {
  readonly url: string
  readonly store: SetStore
  /** PUTs a set as Turtle with the first token, and gives the answer. */
  putSet(name: string, turtle: string): Promise<Response>
  /** Closes the server, then the store. */
  close(): Promise<void>
}

export interface SetsResolverOptions {
  readonly index: PrefixIndex
  /** The write tokens (the first is the one `putSet` sends). */
  readonly tokens: readonly [string, ...string[]]
  /** The store, closed with the resolver; default a new SQLite store in memory. */
  readonly store?: SetStore
  /** Further options of the app (its site for the pages) and of its sets (`privateReads`). */
  readonly app?: Omit<AppOptions, 'index' | 'sets'>
  readonly sets?: Omit<SetsOptions, 'store' | 'tokens'>
}

export async function startSetsResolver(options: SetsResolverOptions): Promise<SetsResolver> {
  const store = options.store ?? (await openSetStore(':memory:'))
  const sets = { ...options.sets, store, tokens: [...options.tokens] }
  let running: Running
  try {
    running = await listen(createApp({ ...options.app, index: options.index, sets }))
  } catch (error) {
    // Closed with the resolver, so closed here when there is none: a PostgreSQL store left open keeps mocha from exiting.
    await store.close()
    throw error
  }
  return {
    url: running.url,
    store,
    putSet: (name, turtle) =>
      fetch(`${running.url}/api/v1/sets/${name}`, {
        method: 'PUT',
        body: turtle,
        headers: { 'content-type': 'text/turtle', authorization: `Bearer ${options.tokens[0]}` },
      }),
    close: async () => {
      await running.close()
      await store.close()
    },
  }
}
