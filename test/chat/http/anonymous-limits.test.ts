// Rate-limit headers on every answer: public endpoints and failed authentications are counted per address.

import assert from 'node:assert/strict'
import { expectError, startTestChat } from '../chat-helpers.js'

describe('chat rate limit without credentials', () => {
  it('sends the X-RateLimit headers on public answers and 401s, and answers 429 to a flood of bad keys', async () => {
    // The service's clock starts on a multiple of the window: no window ends during the test (on the real
    // clock, one ended at each full hour, whenever the test ran across one).
    const chat = await startTestChat({ rateLimit: { limit: 3, windowSeconds: 3600 }, startAt: 1_800_000_000 })
    try {
      const open = await fetch(`${chat.url}/api/v1/server_settings`)
      assert.equal(open.status, 200)
      assert.equal(open.headers.get('x-ratelimit-limit'), '3')
      assert.equal(open.headers.get('x-ratelimit-remaining'), '2')
      const bad = await chat.as('max', { email: 'max@example.com', key: 'x'.repeat(32) }).get('/users/me')
      expectError(bad, 401, 'INVALID_API_KEY')
      assert.equal(bad.headers.get('x-ratelimit-remaining'), '1')
      expectError(await chat.as('max', { email: 'max@example.com', key: 'y'.repeat(32) }).get('/users/me'), 401, 'INVALID_API_KEY')
      // The address has used its budget: guessing keys stops here, whatever the key.
      const flood = await chat.as('max', { email: 'max@example.com', key: 'z'.repeat(32) }).get('/users/me')
      expectError(flood, 429, 'RATE_LIMIT_HIT', 'API usage exceeded rate limit')
      assert.ok(Number(flood.headers.get('retry-after')) > 0)
      // A user with valid credentials has a budget of their own.
      assert.equal((await chat.as('max').get('/users/me')).status, 200)
    } finally {
      await chat.close()
    }
  })
})
