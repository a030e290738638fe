// Liveness, readiness and request ids at the listener, before Koa (a balancer's checks need no credentials,
// take no rate budget and write no log), and the drain a SIGTERM starts.

import { randomBytes } from 'node:crypto'
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'

/** 200 while the process's event loop turns. */
export const LIVE_PATH = '/health/live'
/** 200 when requests may be sent here; 503 while draining or while the database (or the listening connection) is out of reach. */
export const READY_PATH = '/health/ready'
/** A check's verdict is reused this long: every balancer's checks together cost one query a second. */
const CHECK_REUSE_MS = 1000
/** A check that takes longer counts as a failure (a partitioned database host never answers). */
const CHECK_TIMEOUT_MS = 2000
/** An id a proxy sent is kept when it is 1–128 visible ASCII characters (the resolver's rule). */
const REQUEST_ID = /^[\x21-\x7e]{1,128}$/

/** Why a process is not ready, or `undefined` when it is. */
export type NotReady = 'draining' | 'database unreachable' | undefined

export interface ChatHealthOptions {
  /** Resolves when the database answers and other processes' news is heard; rejects otherwise. */
  readonly check: () => Promise<void>
  /** Milliseconds, monotonic; default `performance.now`. */
  readonly now?: () => number
}

/** A process's readiness: draining (from SIGTERM on), and its database checked at most once a second. */
export class ChatHealth {
  readonly #check: () => Promise<void>
  readonly #now: () => number
  #draining = false
  #checkedAt = -Infinity
  #reachable = true
  #checking: Promise<void> | undefined

  constructor(options: ChatHealthOptions) {
    this.#check = options.check
    this.#now = options.now ?? (() => performance.now())
  }

  get draining(): boolean {
    return this.#draining
  }

  /** Readiness fails from now on; requests are still answered, each answer closing its connection. */
  drain(): void {
    this.#draining = true
  }

  async notReady(): Promise<NotReady> {
    if (this.#draining) return 'draining'
    if (this.#now() - this.#checkedAt >= CHECK_REUSE_MS) {
      this.#checking ??= this.#probe().finally(() => (this.#checking = undefined))
      await this.#checking
    }
    return this.#draining ? 'draining' : this.#reachable ? undefined : 'database unreachable'
  }

  async #probe(): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS)))
    try {
      await Promise.race([this.#check(), late])
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
 * `listener` behind the health paths. Every request gets an `X-Request-Id` (a proxy's, or one made here:
 * a random prefix per process and a counter), sent back and logged with any failure; while draining,
 * answers close their connections. `open` holds the responses in flight (see `closeInFlight`).
 */
export function withHealth(listener: RequestListener, health: ChatHealth, open: Set<ServerResponse>): RequestListener {
  const prefix = randomBytes(6).toString('base64url')
  let count = 0
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url === undefined ? '' : req.url.split('?', 1)[0]!
    if (path === LIVE_PATH) return answer(res, 200, { result: 'success', msg: '', status: 'live' })
    if (path === READY_PATH) {
      void health
        .notReady()
        .then((why) =>
          why === undefined
            ? answer(res, 200, { result: 'success', msg: '', status: 'ready' })
            : answer(res, 503, { result: 'error', msg: `Not ready: ${why}`, code: 'SERVICE_UNAVAILABLE', status: why }, { 'Retry-After': '1' }),
        )
      return
    }
    const given = req.headers['x-request-id']
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : `${prefix}-${(count++).toString(36)}`
    req.headers['x-request-id'] = id
    res.setHeader('X-Request-Id', id)
    if (health.draining) res.setHeader('Connection', 'close')
    open.add(res)
    res.once('close', () => open.delete(res))
    listener(req, res)
  }
}

/** Responses not sent yet close their connection once sent (the service is stopping under them). */
export function closeInFlight(open: Set<ServerResponse>): void {
  for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close')
}

function answer(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store', ...headers })
  res.end(text)
}
