// Request budgets counted in PostgreSQL, so that the rate limit holds across chat processes that share
// only their database: one atomic upsert per request on a small pool of its own.

import pg from 'pg'
import type { RateDecision, RateLimitOptions } from './rate-limit.js'

/** Every this many requests, rows of windows long past are deleted (addresses without credentials come and go). */
const SWEEP_EVERY = 1000

/**
 * The same fixed windows as RateLimiter, with the count in the `rate_limits` table (migration 7). Its
 * connections run with `synchronous_commit = off`: a count lost in a crash of the database server only
 * gives a caller a few requests more, and a flush per request would double the cost of every call.
 */
export class PostgresRateLimiter {
  readonly #pool: pg.Pool
  readonly #now: () => number
  #taken = 0

  constructor(
    url: string,
    readonly options: RateLimitOptions,
    now: () => number,
  ) {
    this.#pool = new pg.Pool({ connectionString: url, max: 4, options: '-c synchronous_commit=off' })
    this.#pool.on('error', () => {}) // an idle connection lost: the pool opens another
    this.#now = now
  }

  async take(caller: number | string): Promise<RateDecision> {
    const now = this.#now()
    const { limit, windowSeconds } = this.options
    const start = Math.floor(now / windowSeconds) * windowSeconds
    // A newer window restarts the count; an older one (another process's clock behind) counts in the current.
    const { rows } = await this.#pool.query<{ count: string; window_start: string }>({
      name: 'rate-limit-take',
      text: `INSERT INTO rate_limits AS r (caller, window_start, count) VALUES ($1, $2, 1)
             ON CONFLICT (caller) DO UPDATE SET
               count = CASE WHEN excluded.window_start > r.window_start THEN 1 ELSE r.count + 1 END,
               window_start = greatest(r.window_start, excluded.window_start)
             RETURNING count, window_start`,
      values: [String(caller), start],
    })
    if (++this.#taken % SWEEP_EVERY === 0) void this.#pool.query('DELETE FROM rate_limits WHERE window_start < $1', [start - windowSeconds]).catch(() => {})
    const count = Number(rows[0]!.count)
    const reset = Number(rows[0]!.window_start) + windowSeconds
    const allowed = count <= limit
    return { allowed, limit, remaining: Math.max(0, limit - count), reset, retryAfter: allowed ? 0 : Math.max(0, reset - now) }
  }

  close(): Promise<void> {
    return this.#pool.end()
  }
}
