// One log entry per request — method, URL, status, time taken — under a request id the answer carries too.

import { randomBytes } from 'node:crypto'
import type { Context, Next } from 'koa'
import { directLineWriter, type Logger } from './logger.js'

/** A request id a client (or a proxy in front) may choose: visible ASCII, 1 to 128 characters; others are replaced. */
const CLIENT_ID = /^[\x21-\x7e]{1,128}$/
/** Longest URL logged; a 4,096-character parameter percent-encoded would otherwise fill the log. */
const MAX_LOGGED_URL = 512

/**
 * Makes request ids: a random prefix per process and a counter in base 36 (`kX3f9q-1a`), unique across
 * workers and restarts and far cheaper than a random UUID per request.
 */
export function requestIds(): () => string {
  const prefix = randomBytes(6).toString('base64url')
  let count = 0
  return () => `${prefix}-${(count++).toString(36)}`
}

/** The request log's two steps, shared by the Koa middleware and the replayed answers (`replay.ts`). */
export interface RequestLog {
  /** The id of a request: its `X-Request-Id` when acceptable, else a new one. */
  id(given: string | string[] | undefined): string
  /** Logs a finished request, at `info`, or `error` for a 5xx; `started` is its `performance.now()`. */
  write(id: string, method: string, url: string, status: number, started: number): void
}

export function requestLog(logger: Logger, makeId = requestIds()): RequestLog {
  const direct = directLineWriter(logger)
  return {
    id: (given) => (typeof given === 'string' && CLIENT_ID.test(given) ? given : makeId()),
    write(id, method, url, status, started) {
      const logged = url.length > MAX_LOGGED_URL ? url.slice(0, MAX_LOGGED_URL) + '…' : url
      const ms = Math.round((performance.now() - started) * 100) / 100
      if (status < 500 && direct !== undefined) {
        // The line pino would write for logger.info(entry), built here: every request writes one.
        if (logger.levelVal <= INFO) direct.write(infoLine(direct.bindings, id, method, logged, status, ms))
        return
      }
      const entry = { reqId: id, method, url: logged, status, ms }
      if (status >= 500) logger.error(entry)
      else logger.info(entry)
    },
  }
}

/** pino's number for `info`. */
const INFO = 30

/** `{"level":30,"time":…,<bindings>,"reqId":…,"method":…,"url":…,"status":…,"ms":…}` and a newline, as pino writes it. */
function infoLine(bindings: string, id: string, method: string, url: string, status: number, ms: number): string {
  return `{"level":${INFO},"time":${Date.now()}${bindings},"reqId":${jsonString(id)},"method":${jsonString(method)},"url":${jsonString(url)},"status":${status},"ms":${ms}}\n`
}

/** Printable ASCII but `"` and `\\`: a JSON string as it stands. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/

function jsonString(text: string): string {
  return PLAIN.test(text) ? `"${text}"` : JSON.stringify(text)
}

/**
 * Middleware placed first: takes the request id from `X-Request-Id` or makes one, sends it back in
 * `X-Request-Id`, keeps it in `ctx.state.requestId`, and logs `{reqId, method, url, status, ms}` once
 * the answer is made.
 */
export function logRequests(log: RequestLog) {
  return async function logRequest(ctx: Context, next: Next): Promise<void> {
    const started = performance.now()
    const id = log.id(ctx.req.headers['x-request-id'])
    ctx.state.requestId = id
    ctx.set('X-Request-Id', id)
    try {
      await next()
    } finally {
      log.write(id, ctx.method, ctx.url, ctx.status, started)
    }
  }
}
