// Liveness and readiness for a load balancer, answered at the listener before Koa (no log line, no rate
// limit, no replay: a balancer asks every second or two), and the drain a SIGTERM starts.

import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'

/** Where a balancer asks whether the process runs at all (200 while its event loop turns). */
export const LIVE_PATH = '/health/live'
/** Where a balancer asks whether to send requests here: 503 while draining or while the store is unreachable. */
export const READY_PATH = '/health/ready'
/** How long a store check's verdict is reused: a balancer's checks, and several balancers, cost one query a second. */
const CHECK_REUSE_MS = 1000
/** A store check that takes longer than this counts as unreachable (a partitioned host never answers). */
const CHECK_TIMEOUT_MS = 2000

export interface HealthOptions {
  /** Resolves when the store answers (a `SELECT 1`, and its listening connection in place); default none. */
  readonly check?: () => Promise<void>
  /** Milliseconds, monotonic; default `performance.now`. */
  readonly now?: () => number
}

/** Why a process is not ready, or `undefined` when it is. */
export type NotReady = 'draining' | 'store unreachable' | undefined

/**
 * A process's health: draining (set once, by a SIGTERM) and the store's reachability, checked at most
 * once a second whoever asks.
 */
export class Health {
  readonly #check: (() => Promise<void>) | undefined
  readonly #now: () => number
  #draining = false
  #checkedAt = -Infinity
  #reachable = true
  #checking: Promise<void> | undefined

  constructor(options: HealthOptions = {}) {
    this.#check = options.check
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
    return this.#draining ? 'draining' : this.#reachable ? undefined : 'store unreachable'
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

/**
 * `listener` with the health paths answered first, and, while draining, every answer sent with
 * `Connection: close` (so a balancer's kept-alive connection ends after its answer instead of being cut
 * under a request). `open` counts the responses in flight (see `closeInFlight`).
 */
export function withHealth(listener: RequestListener, health: Health, open: Set<ServerResponse> = new Set()): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url === undefined ? '' : req.url.split('?', 1)[0]!
    if (path === LIVE_PATH) return answer(res, 200, { status: 'live' })
    if (path === READY_PATH) {
      void health.notReady().then((why) => (why === undefined ? answer(res, 200, { status: 'ready' }) : unavailable(res, why)))
      return
    }
    if (health.draining) res.setHeader('Connection', 'close')
    open.add(res)
    res.once('close', () => open.delete(res))
    listener(req, res)
  }
}

/** Responses not sent yet close their connection once sent (a drain beginning under them). */
export function closeInFlight(open: Set<ServerResponse>): void {
  for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close')
}

function answer(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  })
  res.end(text)
}

/** 503 in the API's error shape, with `Retry-After`, and the reason. */
function unavailable(res: ServerResponse, why: NonNullable<NotReady>): void {
  const body = { success: false, status: why === 'draining' ? 'draining' : 'unavailable', error: { code: 'UNAVAILABLE', message: `not ready: ${why}` } }
  answer(res, 503, body, { 'Retry-After': '1', ...(why === 'draining' && { Connection: 'close' }) })
}
