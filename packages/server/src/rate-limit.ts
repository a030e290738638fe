// A token bucket per client address: `rate` requests a second on average, bursts of up to `burst`.

import type { Next } from 'koa'
import { LRUCache } from 'lru-cache'
import { HttpError } from './http-error.js'
import type { ServerContext } from './server-state.js'

export interface RateLimitOptions {
  /** Requests a second each client may make on average. */
  readonly rate: number
  /** Requests a client may make at once after being idle; default `max(1, rate)`. */
  readonly burst?: number
  /** Milliseconds on a monotonic clock; default `performance.now`. Tests pass their own. */
  readonly now?: () => number
}

/**
 * Clients remembered at once. A bucket forgotten (least recently seen first) comes back full, so under
 * a flood of distinct addresses a client may get one extra burst: memory stays bounded instead.
 */
export const MAX_CLIENTS = 100_000

/** Floating-point slack: a client that waits exactly the time it was told must get through. */
const EPSILON = 1e-9

interface Bucket {
  tokens: number
  /** When `tokens` was last brought up to date. */
  at: number
}

export class TokenBuckets {
  readonly rate: number
  readonly burst: number
  readonly #now: () => number
  readonly #buckets = new LRUCache<string, Bucket>({ max: MAX_CLIENTS })

  constructor(options: RateLimitOptions) {
    if (!(options.rate > 0)) throw new TypeError(`rate must be a positive number, got ${options.rate}`)
    this.rate = options.rate
    this.burst = options.burst ?? Math.max(1, options.rate)
    if (!(this.burst >= 1)) throw new TypeError(`burst must be at least 1, got ${this.burst}`)
    this.#now = options.now ?? (() => performance.now())
  }

  /** Takes a token for `client`: 0 when it may go ahead, else the milliseconds until it may. */
  take(client: string): number {
    const now = this.#now()
    let bucket = this.#buckets.get(client)
    if (bucket === undefined) {
      bucket = { tokens: this.burst, at: now }
      this.#buckets.set(client, bucket)
    } else {
      bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) * this.rate) / 1000)
      bucket.at = now
    }
    if (bucket.tokens >= 1 - EPSILON) {
      bucket.tokens -= 1
      return 0
    }
    return ((1 - bucket.tokens) * 1000) / this.rate
  }
}

/**
 * Middleware refusing a client over its rate: 429 `RATE_LIMITED` with `Retry-After` in whole seconds
 * (RFC 9110 §10.2.3), rounded up so that a client waiting that long is let through.
 */
export function rateLimit(buckets: TokenBuckets) {
  return function limitRate(ctx: ServerContext, next: Next): Promise<void> | void {
    const waitMs = buckets.take(ctx.ip)
    if (waitMs === 0) return next()
    const seconds = Math.max(1, Math.ceil(waitMs / 1000))
    ctx.set('Retry-After', String(seconds))
    throw new HttpError('RATE_LIMITED', `more than ${buckets.rate} requests a second (bursts of ${buckets.burst}) from this client; retry in ${seconds} s`)
  }
}
