// Per-user request budget in fixed windows (chat-behaviour.md: 200 requests per 60 s by default).

export interface RateLimitOptions {
  /** Requests allowed per window. */
  readonly limit: number
  readonly windowSeconds: number
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { limit: 200, windowSeconds: 60 }

/**
 * A read to run in the statement that takes a request's budget (PostgresRateLimiter.takeWith): PostgreSQL's
 * SQL with its own placeholders from $1, and their values.
 */
export interface BudgetRider {
  readonly text: string
  readonly values: readonly unknown[]
}

export interface RateDecision {
  readonly allowed: boolean
  readonly limit: number
  readonly remaining: number
  /** UNIX seconds at which the window ends. */
  readonly reset: number
  /** Seconds until a request is allowed again (0 when allowed). */
  readonly retryAfter: number
}

/** Most anonymous callers (by address) tracked at once; past it the oldest windows are forgotten. */
const MAX_ANONYMOUS = 10_000

/**
 * One counter per caller, kept only for the current window: a user id, or `ip:ADDRESS` for requests
 * without valid credentials. Bounded: users are finite, addresses are capped at MAX_ANONYMOUS.
 */
export class RateLimiter {
  readonly #windows = new Map<number | string, { start: number; count: number }>()
  #anonymous = 0

  constructor(
    readonly options: RateLimitOptions,
    private readonly now: () => number,
  ) {}

  take(caller: number | string): RateDecision {
    const now = this.now()
    let window = this.#windows.get(caller)
    if (window === undefined || now >= window.start + this.options.windowSeconds) {
      if (window === undefined && typeof caller === 'string' && ++this.#anonymous > MAX_ANONYMOUS) this.#forgetAnonymous()
      window = { start: Math.floor(now / this.options.windowSeconds) * this.options.windowSeconds, count: 0 }
      this.#windows.set(caller, window)
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

  #forgetAnonymous(): void {
    for (const key of this.#windows.keys()) if (typeof key === 'string') this.#windows.delete(key)
    this.#anonymous = 1
  }
}
