// The chat's answers to a load balancer's health checks (@prefixd/health: liveness, readiness, the drain, at the
// listener before Koa: no credentials, no rate budget, no log), and request ids given to every other request.

import { randomBytes } from 'node:crypto'
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { Health, withHealth as withHealthPaths, type HealthAnswers } from '@prefixd/health'

export { closeInFlight } from '@prefixd/health'

/** An id a proxy sent is kept when it is 1–128 visible ASCII characters (the resolver's rule). */
const REQUEST_ID = /^[\x21-\x7e]{1,128}$/

export interface ChatHealthOptions {
  /** Resolves when the database answers and other processes' news is heard; rejects otherwise. */
  readonly check: () => Promise<void>
  /** Milliseconds, monotonic; default `performance.now`. */
  readonly now?: () => number
}

/** A process's readiness: draining (from SIGTERM on), and its database checked at most once a second. */
export class ChatHealth extends Health {
  constructor(options: ChatHealthOptions) {
    super({ ...options, dependency: 'database' })
  }
}

/** The API's envelope: `result` and `msg`, a 503 with `code`, `Retry-After` and the reason as `status`. */
const ANSWERS: HealthAnswers = {
  live: (res) => answer(res, 200, { result: 'success', msg: '', status: 'live' }),
  ready: (res, why) =>
    why === undefined
      ? answer(res, 200, { result: 'success', msg: '', status: 'ready' })
      : answer(res, 503, { result: 'error', msg: `Not ready: ${why}`, code: 'SERVICE_UNAVAILABLE', status: why }, { 'Retry-After': '1' }),
}

/**
 * `listener` behind the health paths. Every request gets an `X-Request-Id` (a proxy's, or one made here:
 * a random prefix per process and a counter), sent back and logged with any failure; while draining,
 * answers close their connections. `open` holds the responses in flight (see `closeInFlight`).
 */
export function withHealth(listener: RequestListener, health: ChatHealth, open: Set<ServerResponse>): RequestListener {
  const prefix = randomBytes(6).toString('base64url')
  let count = 0
  const withId = (req: IncomingMessage, res: ServerResponse): void => {
    const given = req.headers['x-request-id']
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : `${prefix}-${(count++).toString(36)}`
    req.headers['x-request-id'] = id
    res.setHeader('X-Request-Id', id)
    listener(req, res)
  }
  return withHealthPaths(withId, health, ANSWERS, open)
}

function answer(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store', ...headers })
  res.end(text)
}
