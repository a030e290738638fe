// How long a client waits before retrying: exponential backoff with full jitter, or the server's Retry-After.

export interface BackoffOptions {
  /** First ceiling of the wait, in ms; doubles on each retry. */
  readonly baseMs: number
  /** Largest ceiling of the wait, in ms. */
  readonly capMs: number
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, capMs: 30_000 }

/**
 * The wait before retry number `attempt` (0 for the first): uniform in [0, min(cap, base·2^attempt)).
 * Full jitter spreads the retries of many clients that failed together, so they do not return in step.
 */
export function backoffMs(attempt: number, options: BackoffOptions, random: () => number): number {
  return random() * Math.min(options.capMs, options.baseMs * 2 ** attempt)
}

/**
 * The wait a 429 asks for, in ms, or undefined when it names none: the body's `retry-after` (seconds,
 * with fractions, so preferred) or the Retry-After header (delta-seconds or an HTTP date, RFC 9110 §10.2.3).
 */
export function retryAfterMs(headers: Headers, body: Readonly<Record<string, unknown>>, now: number = Date.now()): number | undefined {
  const fromBody = body['retry-after']
  if (typeof fromBody === 'number' && Number.isFinite(fromBody) && fromBody >= 0) return fromBody * 1000
  const header = headers.get('retry-after')?.trim()
  if (header === undefined || header === '') return undefined
  if (/^\d+$/.test(header)) return Number(header) * 1000
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
