// The per-client token bucket: exact behaviour on an injected clock, its bound as a property, and 429s over HTTP.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { PrefixIndex } from '@prefixd/core'
import { createApp, TokenBuckets } from '@prefixd/server'
import { listen } from './http-helpers.js'

/** A clock the test moves by hand. */
function manualClock(): { now: () => number; advance: (ms: number) => void } {
  let t = 1000
  return { now: () => t, advance: (ms) => (t += ms) }
}

describe('TokenBuckets', () => {
  it('lets a burst through, then one request per 1/rate seconds, and says how long to wait', () => {
    const clock = manualClock()
    const buckets = new TokenBuckets({ rate: 2, burst: 3, now: clock.now })
    assert.deepEqual(
      [1, 2, 3].map(() => buckets.take('a')),
      [0, 0, 0],
    )
    assert.equal(buckets.take('a'), 500)
    clock.advance(200)
    assert.equal(buckets.take('a'), 300)
    clock.advance(300)
    assert.equal(buckets.take('a'), 0)
    assert.equal(buckets.take('a'), 500)
    // Idle long enough, the bucket is full again, never fuller.
    clock.advance(60_000)
    assert.deepEqual(
      [1, 2, 3, 4].map(() => buckets.take('a')),
      [0, 0, 0, 500],
    )
  })

  it('keeps one bucket per client', () => {
    const clock = manualClock()
    const buckets = new TokenBuckets({ rate: 1, burst: 1, now: clock.now })
    assert.equal(buckets.take('a'), 0)
    assert.equal(buckets.take('a'), 1000)
    assert.equal(buckets.take('b'), 0)
  })

  it('defaults the burst to the rate, and to 1 below one request a second', () => {
    assert.equal(new TokenBuckets({ rate: 5 }).burst, 5)
    assert.equal(new TokenBuckets({ rate: 0.5 }).burst, 1)
    assert.throws(() => new TokenBuckets({ rate: 0 }), TypeError)
    assert.throws(() => new TokenBuckets({ rate: 1, burst: 0.5 }), TypeError)
  })

  it('never lets more than burst + rate × elapsed through, and lets a client through once it waited as told', () => {
    const events = fc.array(fc.record({ client: fc.constantFrom('a', 'b'), wait: fc.integer({ min: 0, max: 3000 }), obey: fc.boolean() }), { maxLength: 200 })
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 10 }), events, (rate, burst, list) => {
        const clock = manualClock()
        const start = clock.now()
        const buckets = new TokenBuckets({ rate, burst, now: clock.now })
        const allowed = { a: 0, b: 0 }
        for (const { client, wait, obey } of list) {
          clock.advance(wait)
          const told = buckets.take(client)
          if (told === 0) allowed[client]++
          else if (obey) {
            clock.advance(told)
            assert.equal(buckets.take(client), 0, 'waiting as told lets the request through')
            allowed[client]++
          }
          const bound = burst + (rate * (clock.now() - start)) / 1000 + 1e-9
          assert.ok(allowed[client] <= bound, `${allowed[client]} requests allowed, at most ${bound}`)
        }
      }),
    )
  })
})

describe('rate limit over HTTP', () => {
  let index: PrefixIndex
  before(async () => {
    index = await PrefixIndex.loadDefault()
  })

  it('answers 429 RATE_LIMITED with Retry-After and CORS beyond the burst, and again 200 once tokens come back', async () => {
    const clock = manualClock()
    const service = await listen(createApp({ index, rateLimit: { rate: 0.5, burst: 2, now: clock.now } }))
    try {
      const get = () => fetch(`${service.url}/api/v1/expand?q=foaf:Person`)
      assert.deepEqual([(await get()).status, (await get()).status], [200, 200])
      const refused = await get()
      assert.equal(refused.status, 429)
      assert.equal(refused.headers.get('retry-after'), '2')
      assert.equal(refused.headers.get('access-control-allow-origin'), '*')
      const body = (await refused.json()) as { success: boolean; error: { code: string; message: string } }
      assert.equal(body.success, false)
      assert.equal(body.error.code, 'RATE_LIMITED')
      assert.match(body.error.message, /more than 0\.5 requests a second \(bursts of 2\) from this client; retry in 2 s/)
      clock.advance(1500)
      assert.equal((await get()).headers.get('retry-after'), '1') // 0.5 s to go, rounded up
      clock.advance(500)
      assert.equal((await get()).status, 200)
    } finally {
      await service.close()
    }
  })

  it('tells clients apart by the last X-Forwarded-For entry only with trustProxy', async () => {
    for (const trustProxy of [false, true]) {
      const clock = manualClock()
      const service = await listen(createApp({ index, trustProxy, rateLimit: { rate: 1, burst: 1, now: clock.now } }))
      try {
        const from = async (forwarded: string) => (await fetch(`${service.url}/api/v1/health`, { headers: { 'x-forwarded-for': forwarded } })).status
        // The client may write anything before the entry its proxy appends; only that last one counts.
        const statuses = [await from('192.0.2.1'), await from('192.0.2.2'), await from('192.0.2.9, 192.0.2.2')]
        assert.deepEqual(statuses, trustProxy ? [200, 200, 429] : [200, 429, 429], `trustProxy: ${trustProxy}`)
      } finally {
        await service.close()
      }
    }
  })
})
