// Authenticated users remembered by this process, so that a request (a long poll above all) does not
// read its user from the database each time; forgotten as soon as any user changes anywhere.

import type { UserChangeFeed } from '../events/event-broker.js'
import type { User } from '../org/users.js'

export interface AuthCacheOptions {
  /** Most credentials remembered (default 10,000); past it the least recently used are forgotten. */
  readonly max?: number
  /** Seconds a user is remembered at most (default 10): a backstop should a notification go missing. */
  readonly ttlSeconds?: number
}

/**
 * Users by the exact `Authorization` header that authenticated them. Only successes are kept (a wrong
 * key or a deactivated user is read again each time). Any change of users empties it: they are rare,
 * and then each user costs one read again. A read that started before a change is not kept
 * (`generation`), so a notification that arrives during the read cannot be undone by it.
 */
export class AuthCache {
  // A Map iterates in insertion order: re-inserting on a hit keeps the least recently used first.
  readonly #entries = new Map<string, { readonly user: User; readonly expiresAt: number }>()
  readonly #feed: UserChangeFeed
  readonly #now: () => number
  readonly #max: number
  readonly #ttl: number
  #generation = 0

  constructor(feed: UserChangeFeed, now: () => number, options: AuthCacheOptions = {}) {
    this.#feed = feed
    this.#now = now
    this.#max = options.max ?? 10_000
    this.#ttl = options.ttlSeconds ?? 10
    feed.onUsersChanged(() => this.clear())
  }

  /** Changes each time the cache is emptied: read it before reading a user, pass it to `set`. */
  get generation(): number {
    return this.#generation
  }

  get size(): number {
    return this.#entries.size
  }

  get(header: string): User | undefined {
    const entry = this.#entries.get(header)
    if (entry === undefined) return undefined
    this.#entries.delete(header)
    if (entry.expiresAt <= this.#now() || !this.#feed.live) return undefined
    this.#entries.set(header, entry)
    return entry.user
  }

  /** Keeps `user` for `header`, unless users changed since `generation` was read or changes cannot be heard now. */
  set(header: string, user: User, generation: number): void {
    if (generation !== this.#generation || !this.#feed.live) return
    this.#entries.delete(header)
    if (this.#entries.size >= this.#max) this.#entries.delete(this.#entries.keys().next().value!)
    this.#entries.set(header, { user, expiresAt: this.#now() + this.#ttl })
  }

  clear(): void {
    this.#generation++
    this.#entries.clear()
  }
}
