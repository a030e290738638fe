// Per-user request budget in fixed windows (chat-behaviour.md: 200 requests per 60 s by default).

export interface RateLimitOptions {
  /** Requests allowed per window. */
  readonly limit: number
  readonly windowSeconds: number
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { limit: 200, windowSeconds: 60 }

export interface RateDecision {
  readonly allowed: boolean
  readonly limit: number
  readonly remaining: number
  /** UNIX seconds at which the window ends. */
  readonly reset: number
  /** Seconds until a request is allowed again (0 when allowed). */
  readonly retryAfter: number
}

/** One counter per user id, kept only for the current window: bounded by the number of users. */
export class RateLimiter {
  readonly #windows = new Map<number, { start: number; count: number }>()

  constructor(
    readonly options: RateLimitOptions,
    private readonly now: () => number,
  ) {}

  take(userId: number): RateDecision {
    const now = this.now()
    let window = this.#windows.get(userId)
    if (window === undefined || now >= window.start + this.options.windowSeconds) {
      window = { start: Math.floor(now / this.options.windowSeconds) * this.options.windowSeconds, count: 0 }
      this.#windows.set(userId, window)
    }
    const reset = window.start + this.options.windowSeconds
    const allowed = window.count < this.options.limit
    if (allowed) window.count++
    return {
      allowed,
      limit: this.options.limit,
      remaining: this.options.limit - window.count,
      reset,
      retryAfter: allowed ? 0 : Math.max(0, reset - now),
    }
  }
}
