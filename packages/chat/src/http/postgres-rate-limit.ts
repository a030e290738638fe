// Request budgets counted in PostgreSQL, so that the rate limit holds across chat processes that share
// only their database: one atomic upsert per request on a small pool of its own.

import pg from 'pg'
import type { BudgetRider, RateDecision, RateLimitOptions } from './rate-limit.js'

/** Every this many requests, rows of windows long past are deleted (addresses without credentials come and go). */
const SWEEP_EVERY = 1000

/** A request's count: a newer window restarts it; an older one (another process's clock behind) counts in the current. */
const ON_CONFLICT = `ON CONFLICT (caller) DO UPDATE SET
               count = CASE WHEN excluded.window_start > r.window_start THEN 1 ELSE r.count + 1 END,
               window_start = greatest(r.window_start, excluded.window_start)
             RETURNING count, window_start`
const UPSERT = `INSERT INTO rate_limits AS r (caller, window_start, count) VALUES ($1, $2, 1) ${ON_CONFLICT}`

/**
 * The same fixed windows as RateLimiter, with the count in the `rate_limits` table (migration 7). Its
 * connections run with `synchronous_commit = off`: a count lost in a crash of the database server only
 * gives a caller a few requests more, and a flush per request would double the cost of every call.
 */
export class PostgresRateLimiter {
  readonly #pool: pg.Pool
  readonly #now: () => number
  #taken = 0
  /** The statements that take a budget with a rider, by the rider's text. */
  readonly #withRider = new Map<string, { name: string; text: string }>()

  constructor(
    url: string,
    readonly options: RateLimitOptions,
    now: () => number,
  ) {
    this.#pool = new pg.Pool({ connectionString: url, max: 4, options: '-c synchronous_commit=off', connectionTimeoutMillis: 5000 })
    this.#pool.on('error', () => {}) // an idle connection lost: the pool opens another
    this.#now = now
  }

  async take(caller: number | string): Promise<RateDecision> {
    const now = this.#now()
    const start = this.#windowStart(now)
    const { rows } = await this.#pool.query<{ count: string; window_start: string }>({ name: 'rate-limit-take', text: UPSERT, values: [String(caller), start] })
    return this.#decide(now, start, rows[0]!)
  }

  /**
   * Takes a budget as `take` does, and runs `rider` (a read) in the same statement: one round trip where a
   * request would make two (GET /events: its queue read). The rider's rows come back even when the budget
   * is spent (the caller then answers 429, as if it had not read).
   */
  async takeWith<R>(caller: number | string, rider: BudgetRider): Promise<{ decision: RateDecision; rows: R[] }> {
    const now = this.#now()
    const start = this.#windowStart(now)
    let statement = this.#withRider.get(rider.text)
    if (statement === undefined) {
      // The rider's placeholders follow the upsert's two. It is read first (the count of its rows feeds the
      // upsert), so that the caller's row is locked only for the upsert and the commit: every request of a
      // user goes through that row, one after another. It joins the budget's one row, which so comes back
      // even when the rider has none.
      const shifted = rider.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + 2}`)
      const text = `WITH rider AS MATERIALIZED (${shifted}),
        budget AS (INSERT INTO rate_limits AS r (caller, window_start, count) SELECT $1::text, $2::bigint, 1 FROM (SELECT count(*) FROM rider) AS read_first ${ON_CONFLICT})
        SELECT budget.count AS budget_count, budget.window_start AS budget_window_start, rider.* FROM budget LEFT JOIN rider ON true`
      this.#withRider.set(rider.text, (statement = { name: `rate-limit-take-with-${this.#withRider.size}`, text }))
    }
    const { rows } = await this.#pool.query<R & { budget_count: string; budget_window_start: string }>({
      ...statement,
      values: [String(caller), start, ...rider.values],
    })
    const decision = this.#decide(now, start, { count: rows[0]!.budget_count, window_start: rows[0]!.budget_window_start })
    return { decision, rows }
  }

  #windowStart(now: number): number {
    return Math.floor(now / this.options.windowSeconds) * this.options.windowSeconds
  }

  #decide(now: number, start: number, row: { count: string; window_start: string }): RateDecision {
    const { limit, windowSeconds } = this.options
    if (++this.#taken % SWEEP_EVERY === 0) void this.#pool.query('DELETE FROM rate_limits WHERE window_start < $1', [start - windowSeconds]).catch(() => {})
    const count = Number(row.count)
    const reset = Number(row.window_start) + windowSeconds
    const allowed = count <= limit
    return { allowed, limit, remaining: Math.max(0, limit - count), reset, retryAfter: allowed ? 0 : Math.max(0, reset - now) }
  }

  close(): Promise<void> {
    return this.#pool.end()
  }
}
