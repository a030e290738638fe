// Request budgets counted in PostgreSQL, so that the rate limit holds across chat processes that share
// only their database: atomic upserts on a small pool of their own, the requests that arrive together
// counted in one.

import pg from 'pg'
import { batchWhileBusy } from '../common/batch-while-busy.js'
import type { RateDecision, RateLimitOptions } from './rate-limit.js'

/** Every this many requests, rows of windows long past are deleted (addresses without credentials come and go). */
const SWEEP_EVERY = 1000

/**
 * The same fixed windows as RateLimiter, with the count in the `rate_limits` table (migration 7). Its
 * connections run with `synchronous_commit = off`: a count lost in a crash of the database server only
 * gives a caller a few requests more, and a flush per request would double the cost of every call.
 * Requests that arrive while a count is on its way are counted together in the next statement (the 1,000
 * long polls a wake-up brings back are a few upserts, not 1,000), each given its own place in the count,
 * as one upsert each would.
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

  take(caller: number | string): Promise<RateDecision> {
    return this.#take(String(caller))
  }

  readonly #take = batchWhileBusy(async (callers: readonly string[]): Promise<RateDecision[]> => {
    const now = this.#now()
    const { limit, windowSeconds } = this.options
    const start = Math.floor(now / windowSeconds) * windowSeconds
    const asked = new Map<string, number>()
    for (const caller of callers) asked.set(caller, (asked.get(caller) ?? 0) + 1)
    // A newer window restarts the count; an older one (another process's clock behind) counts in the current.
    // Rows are locked in caller order, so that two processes counting the same callers never deadlock.
    const { rows } = await this.#pool.query<{ caller: string; count: string; window_start: string }>({
      name: 'rate-limit-take-batch',
      text: `INSERT INTO rate_limits AS r (caller, window_start, count)
               SELECT e ->> 0, $2::bigint, (e ->> 1)::bigint FROM json_array_elements($1::json) AS e ORDER BY e ->> 0
             ON CONFLICT (caller) DO UPDATE SET
               count = CASE WHEN excluded.window_start > r.window_start THEN excluded.count ELSE r.count + excluded.count END,
               window_start = greatest(r.window_start, excluded.window_start)
             RETURNING caller, count, window_start`,
      values: [JSON.stringify([...asked]), start],
    })
    this.#taken += callers.length
    if (this.#taken >= SWEEP_EVERY) {
      this.#taken = 0
      void this.#pool.query('DELETE FROM rate_limits WHERE window_start < $1', [start - windowSeconds]).catch(() => {})
    }
    // Each request's place in its caller's count, in the order they came: the last one has the new count.
    const next = new Map(
      rows.map((row) => [row.caller, { count: Number(row.count) - asked.get(row.caller)! + 1, reset: Number(row.window_start) + windowSeconds }]),
    )
    return callers.map((caller) => {
      const place = next.get(caller)!
      const count = place.count++
      const allowed = count <= limit
      return { allowed, limit, remaining: Math.max(0, limit - count), reset: place.reset, retryAfter: allowed ? 0 : Math.max(0, place.reset - now) }
    })
  })

  close(): Promise<void> {
    return this.#pool.end()
  }
}
