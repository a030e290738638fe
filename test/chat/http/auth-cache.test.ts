// AuthCache: users remembered by credentials until any user changes, bounded, with a TTL as a backstop.

import assert from 'node:assert/strict'
import type { UserChangeFeed } from '../../../packages/chat/src/events/event-broker.js'
import { AuthCache } from '../../../packages/chat/src/http/auth-cache.js'
import type { User } from '../../../packages/chat/src/org/users.js'

/** A feed the test drives: `change()` is a notification, `live` the state of its connection. */
class Feed implements UserChangeFeed {
  live = true
  readonly #listeners = new Set<() => void>()
  onUsersChanged(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
  change(): void {
    for (const listener of this.#listeners) listener()
  }
}

const user = (id: number): User => ({
  id,
  email: `u${id}@example.com`,
  full_name: `U ${id}`,
  role: 'member',
  is_active: true,
  is_bot: false,
  bot_owner_id: null,
  timezone: 'UTC',
  date_joined: 0,
})

describe('AuthCache', () => {
  let now = 1000
  const setUp = (options = {}): { feed: Feed; cache: AuthCache } => {
    const feed = new Feed()
    return { feed, cache: new AuthCache(feed, () => now, options) }
  }

  it('remembers a user by the exact header that authenticated them, and forgets everyone when a user changes', () => {
    const { feed, cache } = setUp()
    cache.set('Basic a', user(1), cache.generation)
    assert.equal(cache.get('Basic a')?.id, 1)
    assert.equal(cache.get('Basic b'), undefined)
    feed.change()
    assert.equal(cache.get('Basic a'), undefined)
  })

  it('does not keep a user read before a change that was heard during the read', () => {
    const { feed, cache } = setUp()
    const generation = cache.generation // the read starts
    feed.change() // the notification arrives before the read's answer
    cache.set('Basic a', user(1), generation)
    assert.equal(cache.get('Basic a'), undefined)
  })

  it('remembers nothing while changes cannot be heard (its connection lost)', () => {
    const { feed, cache } = setUp()
    cache.set('Basic a', user(1), cache.generation)
    feed.live = false
    assert.equal(cache.get('Basic a'), undefined)
    cache.set('Basic b', user(2), cache.generation)
    feed.live = true
    assert.equal(cache.get('Basic b'), undefined)
  })

  it('forgets a user after its TTL (a backstop should a notification go missing)', () => {
    const { cache } = setUp({ ttlSeconds: 10 })
    cache.set('Basic a', user(1), cache.generation)
    now += 9
    assert.equal(cache.get('Basic a')?.id, 1)
    now += 1
    assert.equal(cache.get('Basic a'), undefined)
  })

  it('holds at most `max` users, forgetting the least recently used', () => {
    const { cache } = setUp({ max: 2 })
    cache.set('Basic a', user(1), cache.generation)
    cache.set('Basic b', user(2), cache.generation)
    cache.get('Basic a') // now the most recently used
    cache.set('Basic c', user(3), cache.generation)
    assert.equal(cache.size, 2)
    assert.equal(cache.get('Basic b'), undefined)
    assert.equal(cache.get('Basic a')?.id, 1)
    assert.equal(cache.get('Basic c')?.id, 3)
    cache.set('Basic c', user(3), cache.generation) // again: not a second entry
    assert.equal(cache.size, 2)
  })
})
