// Liveness and readiness for a load balancer, answered at the listener before any framework (a balancer asks every
// second or two: no log line, no rate budget, no credentials), and the drain a SIGTERM starts.

import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'

/** Where a balancer asks whether the process runs at all (200 while its event loop turns). */
export const LIVE_PATH = '/health/live'
/** Where a balancer asks whether to send requests here: 503 while draining or while the dependency is unreachable. */
export const READY_PATH = '/health/ready'
/** How long a check's verdict is reused: a balancer's checks, and several balancers, cost one query a second. */
const CHECK_REUSE_MS = 1000
/** A check that takes longer than this counts as unreachable (a partitioned host never answers). */
const CHECK_TIMEOUT_MS = 2000

export interface HealthOptions {
  /** Resolves when the dependency answers (a `SELECT 1`, a listening connection in place); rejects when not. Default none. */
  readonly check?: () => Promise<void>
  /** What `check` reaches, as the reason names it: `'database'` gives `'database unreachable'`. Default `'store'`. */
  readonly dependency?: string
  /** Milliseconds, monotonic; default `performance.now`. */
  readonly now?: () => number
}

/** Why a process is not ready (`'draining'`, `'store unreachable'`), or `undefined` when it is. */
export type NotReady = 'draining' | `${string} unreachable` | undefined

/**
 * A process's health: draining (set once, by a SIGTERM) and its dependency's reachability, checked at most once a
 * second whoever asks, one check at a time.
 *
 * @example
 * const health = new Health({ check: () => pool.query('SELECT 1').then(() => {}), dependency: 'database' })
 * await health.notReady() // undefined, or 'database unreachable' for the next second
 */
export class Health {
  readonly #check: (() => Promise<void>) | undefined
  readonly #unreachable: `${string} unreachable`
  readonly #now: () => number
  #draining = false
  #checkedAt = -Infinity
  #reachable = true
  #checking: Promise<void> | undefined

  constructor(options: HealthOptions = {}) {
    this.#check = options.check
    this.#unreachable = `${options.dependency ?? 'store'} unreachable`
    this.#now = options.now ?? (() => performance.now())
  }

  /** True once `drain` was called: readiness fails and every answer closes its connection. */
  get draining(): boolean {
    return this.#draining
  }

  /** Readiness fails from now on; the process still answers what it is sent, each answer closing its connection. */
  drain(): void {
    this.#draining = true
  }

  /** Why this process should not be sent requests now, or `undefined` when it should. */
  async notReady(): Promise<NotReady> {
    if (this.#draining) return 'draining'
    if (this.#check !== undefined && this.#now() - this.#checkedAt >= CHECK_REUSE_MS) {
      this.#checking ??= this.#probe(this.#check).finally(() => (this.#checking = undefined))
      await this.#checking
    }
    return this.#draining ? 'draining' : this.#reachable ? undefined : this.#unreachable
  }

  async #probe(check: () => Promise<void>): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS)))
    try {
      await Promise.race([check(), late])
      this.#reachable = true
    } catch {
      this.#reachable = false
    } finally {
      clearTimeout(timer)
      this.#checkedAt = this.#now()
    }
  }
}

/** What the health paths answer, in the shapes of the service's own API. */
export interface HealthAnswers {
  /** Answers {@link LIVE_PATH}. */
  readonly live: (res: ServerResponse) => void
  /** Answers {@link READY_PATH}: 200 when `why` is `undefined`, else 503 saying why. */
  readonly ready: (res: ServerResponse, why: NotReady) => void
}

/**
 * `listener` with the health paths answered first, and, while draining, every answer sent with `Connection: close`
 * (so that a balancer's kept-alive connection ends after its answer instead of being cut under a request). `open`
 * holds the responses in flight (see {@link closeInFlight}).
 */
export function withHealth(listener: RequestListener, health: Health, answers: HealthAnswers, open: Set<ServerResponse> = new Set()): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url === undefined ? '' : req.url.split('?', 1)[0]!
    if (path === LIVE_PATH) return answers.live(res)
    if (path === READY_PATH) {
      void health.notReady().then((why) => answers.ready(res, why))
      return
    }
    if (health.draining) res.setHeader('Connection', 'close')
    open.add(res)
    res.once('close', () => open.delete(res))
    listener(req, res)
  }
}

/** Responses not sent yet close their connection once sent (a drain, or the service's stop, beginning under them). */
export function closeInFlight(open: Set<ServerResponse>): void {
  for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close')
}
