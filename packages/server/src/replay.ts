// Answers replayed before Koa: a GET whose cached answer was sent before is written again straight to Node's response.

import type { IncomingMessage, ServerResponse } from 'node:http'
import type Koa from 'koa'
import type { Next } from 'koa'
import { LRUCache } from 'lru-cache'
import { routeOf, type ServerMetrics } from './metrics.js'
import type { RequestLog } from './request-log.js'
import type { IndexHolder, ServedIndex } from './served-index.js'
import type { ServerContext } from './server-state.js'

/** A sent answer as it went out: status, every header but the request's own id, and the body bytes. */
interface Replay {
  readonly status: number
  /** Flat `[name, value, …]`, as `writeHead` takes it without copying into an object. */
  readonly headers: readonly string[]
  /**
   * The same and `x-request-id` last, whose value each logged replay sets just before `writeHead` reads
   * the array (at once, keeping nothing): copying the headers per request cost more than the log line.
   */
  readonly headersWithId: string[]
  readonly body: Buffer
  /** The route that made it, for the metrics. */
  readonly route: string
}

/**
 * The answers of the table's cached GETs (expand, shrink, autocomplete, …) as they were sent, by URL and
 * the two headers that choose between representations (`Accept`, `Accept-Encoding`).
 *
 * Why: a cached answer still went through Koa — context, middleware, router, header bookkeeping — which
 * took more CPU than Node's HTTP itself (bench/results/http.md). A repeated GET is now answered by
 * {@link replayFirst} before Koa sees it, with the same bytes, headers, log line and metrics.
 * What is recorded is only what `respond()` sent from the served table's answer cache (so it depends on
 * the URL and those two headers alone), never a set's answers, a 304, or anything else; a reload drops all.
 */
export class Replays {
  readonly #holder: IndexHolder
  readonly #cache: LRUCache<string, Replay>
  /** The served index the recorded answers came from; another one means a reload happened. */
  #served: ServedIndex

  constructor(holder: IndexHolder, maxBytes: number) {
    this.#holder = holder
    this.#served = holder.current
    this.#cache = new LRUCache<string, Replay>({
      maxSize: maxBytes,
      maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
      // The body is usually shared with the answer cache; counted anyway, so the bound holds if it is not.
      sizeCalculation: (replay, key) => key.length + replay.body.length + 256,
    })
  }

  /** The recorded answer for this request, if any (and the data was not reloaded since). */
  get(req: IncomingMessage): Replay | undefined {
    if (this.#served !== this.#holder.current) return undefined
    return this.#cache.get(keyOf(req))
  }

  /** Records what a request answered through Koa, when `respond()` marked it replayable. */
  record(ctx: ServerContext): void {
    const served = ctx.state.replayable
    const body = ctx.body
    // A reload between the answer and now: the answer belongs to the old data.
    if (served === undefined || served !== this.#holder.current || !Buffer.isBuffer(body)) return
    if (served !== this.#served) {
      this.#cache.clear()
      this.#served = served
    }
    const headers: string[] = []
    for (const [name, value] of Object.entries(ctx.response.headers)) {
      if (name === 'x-request-id' || value === undefined) continue
      if (Array.isArray(value)) for (const one of value) headers.push(name, one)
      else headers.push(name, String(value))
    }
    this.#cache.set(keyOf(ctx.req), { status: ctx.status, headers, headersWithId: [...headers, 'x-request-id', ''], body, route: routeOf(ctx) })
  }
}

function keyOf(req: IncomingMessage): string {
  return `${req.url}\n${req.headers.accept ?? ''}\n${req.headers['accept-encoding'] ?? ''}`
}

/** Koa middleware placed first (outermost): records each replayable answer once it is complete. */
export function recordReplays(replays: Replays) {
  return async function recordReplay(ctx: ServerContext, next: Next): Promise<void> {
    await next()
    if (ctx.state.replayable !== undefined) replays.record(ctx)
  }
}

/**
 * Marks the answer `respond()` is sending as replayable: a GET answered from the served table (not a set),
 * unconditionally (a conditional request's answer may be a 304 for this client only).
 */
export function markReplayable(ctx: ServerContext, served: ServedIndex): void {
  if (served.scope === '' && ctx.method === 'GET' && ctx.req.headers['if-none-match'] === undefined) ctx.state.replayable = served
}

export interface ReplayOptions {
  readonly replays: Replays
  readonly holder: IndexHolder
  /** The request log, when requests are logged: a replayed answer is logged like any other. */
  readonly log?: RequestLog
  readonly metrics?: ServerMetrics
}

/**
 * Node's request listener: a GET with a recorded answer (and no `If-None-Match`, whose 304 Koa decides) is
 * answered here; everything else goes to `koa`.
 */
export function replayFirst(koa: Listener, options: ReplayOptions): Listener {
  const { replays, holder, log, metrics } = options
  return function answer(request, response) {
    // HTTP/2 requests (Koa takes them too) always go through Koa.
    if (request.method !== 'GET' || request.headers['if-none-match'] !== undefined || request.httpVersionMajor !== 1) return koa(request, response)
    const req = request as IncomingMessage
    const res = response as ServerResponse
    const started = performance.now()
    const replay = replays.get(req)
    if (replay === undefined) return koa(req, res)
    holder.stats.hits++
    const id = log?.id(req.headers['x-request-id'])
    let headers = replay.headers as string[]
    if (id !== undefined) {
      headers = replay.headersWithId
      headers[headers.length - 1] = id
    }
    res.writeHead(replay.status, headers)
    res.end(replay.body)
    if (id !== undefined) log!.write(id, 'GET', req.url!, replay.status, started)
    metrics?.request('GET', replay.route, replay.status, started)
    return DONE
  }
}

/** Koa's request listener (HTTP/1 or HTTP/2), whose promise settles when the answer is made. */
type Listener = ReturnType<Koa['callback']>
const DONE = Promise.resolve()
