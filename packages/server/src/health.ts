// The resolver's answers to a load balancer's health checks (@prefixd/health: liveness, readiness, the drain, at the
// listener before Koa: no log line, no rate limit, no replay).

import type { RequestListener, ServerResponse } from 'node:http'
import { withHealth as withHealthPaths, type Health, type HealthAnswers, type NotReady } from '@prefixd/health'

export { closeInFlight, Health } from '@prefixd/health'

/** 200 `{status}`, and a 503 in the API's error shape with `Retry-After` and the reason. */
const ANSWERS: HealthAnswers = {
  live: (res) => answer(res, 200, { status: 'live' }),
  ready: (res, why) => (why === undefined ? answer(res, 200, { status: 'ready' }) : unavailable(res, why)),
}

/**
 * `listener` with the health paths answered first, and, while draining, every answer sent with
 * `Connection: close`. `open` counts the responses in flight (see `closeInFlight`).
 */
export function withHealth(listener: RequestListener, health: Health, open: Set<ServerResponse> = new Set()): RequestListener {
  return withHealthPaths(listener, health, ANSWERS, open)
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

function unavailable(res: ServerResponse, why: NonNullable<NotReady>): void {
  const body = { success: false, status: why === 'draining' ? 'draining' : 'unavailable', error: { code: 'UNAVAILABLE', message: `not ready: ${why}` } }
  answer(res, 503, body, { 'Retry-After': '1', ...(why === 'draining' && { Connection: 'close' }) })
}
