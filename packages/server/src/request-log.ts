// One log entry per request — method, URL, status, time taken — under a request id the answer carries too.

import { randomBytes } from 'node:crypto'
import type { Next } from 'koa'
import { pino } from 'pino'
import { directLineWriter, type DirectLineWriter, type Logger } from './logger.js'
import type { ServerContext } from './server-state.js'

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
  const lines = direct && new TurnLines(direct)
  return {
    id: (given) => (typeof given === 'string' && CLIENT_ID.test(given) ? given : makeId()),
    write(id, method, url, status, started) {
      const logged = url.length > MAX_LOGGED_URL ? url.slice(0, MAX_LOGGED_URL) + '…' : url
      const ms = Math.round((performance.now() - started) * 100) / 100
      if (status < 500 && lines !== undefined) {
        if (logger.levelVal <= INFO) lines.add(Date.now(), id, method, logged, status, ms)
        return
      }
      const entry = { reqId: id, method, url: logged, status, ms }
      if (status >= 500) logger.error(entry)
      else logger.info(entry)
    },
  }
}

const INFO = pino.levels.values.info!
/** Entries held in one turn at most; beyond, they are made into lines at once. */
const MAX_HELD = 4096

/**
 * The info lines of one event-loop turn, made at its end (or before any other line, which the writer
 * sees to) as pino would have written each. Made in a run, they cost the server about 1 µs less CPU per
 * request at full load than made one by one between answers. Not held longer: strings that outlive a
 * young-generation collection are promoted, and the old generation's collections cost more.
 */
class TurnLines {
  readonly #direct: DirectLineWriter
  /** Six fields per entry: time, id, method, URL, status, ms. */
  #held: (string | number)[] = []
  #scheduled = false
  readonly #make = (): void => this.#makeLines()

  constructor(direct: DirectLineWriter) {
    this.#direct = direct
    direct.holdBack(this.#make)
  }

  add(time: number, id: string, method: string, url: string, status: number, ms: number): void {
    this.#held.push(time, id, method, url, status, ms)
    if (this.#held.length >= MAX_HELD * 6) this.#makeLines()
    else if (!this.#scheduled) {
      this.#scheduled = true
      setImmediate(this.#make)
    }
  }

  #makeLines(): void {
    this.#scheduled = false
    const held = this.#held
    if (held.length === 0) return
    this.#held = []
    const bindings = this.#direct.bindings
    // One string for the turn, copied into the writer's bytes in one call rather than one per line.
    let text = ''
    for (let i = 0; i < held.length; i += 6) {
      text += infoLine(
        held[i] as number,
        bindings,
        held[i + 1] as string,
        held[i + 2] as string,
        held[i + 3] as string,
        held[i + 4] as number,
        held[i + 5] as number,
      )
    }
    this.#direct.write(text, held.length / 6)
  }
}

/** `{"level":30,"time":…,<bindings>,"reqId":…,"method":…,"url":…,"status":…,"ms":…}` and a newline, as pino writes it. */
function infoLine(time: number, bindings: string, id: string, method: string, url: string, status: number, ms: number): string {
  return `{"level":${INFO},"time":${time}${bindings},"reqId":${jsonString(id)},"method":${jsonString(method)},"url":${jsonString(url)},"status":${status},"ms":${ms}}\n`
}

/** Printable ASCII but `"` and `\`: a JSON string as it stands. */
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
  return async function logRequest(ctx: ServerContext, next: Next): Promise<void> {
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
