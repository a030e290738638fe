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
  /** For a set's answer: the set's name, and the view it came from (replayed only while the set still has that view). */
  readonly set?: { readonly name: string; readonly served: ServedIndex }
}

/** The set views now served, by name, as the set registry holds them (`undefined`: none held, or no such set). */
export interface CurrentSets {
  current(name: string): ServedIndex | undefined
}

/**
 * The answers of the table's cached GETs (expand, shrink, autocomplete, …) as they were sent, by URL and
 * the two headers that choose between representations (`Accept`, `Accept-Encoding`).
 *
 * Why: a cached answer still went through Koa — context, middleware, router, header bookkeeping — which
 * took more CPU than Node's HTTP itself (bench/results/http.md). A repeated GET is now answered by
 * {@link replayFirst} before Koa sees it, with the same bytes, headers, log line and metrics.
 * What is recorded is only what `respond()` sent from an answer cache (so it depends on the URL and those
 * two headers alone), never a 304 or anything else; a reload drops all. A set's answers are recorded once
 * {@link Replays.watchSets} is called (not when reading sets needs a token: a replay would skip the check),
 * and replayed only while the set registry still serves the view they came from — a change of the set,
 * here or heard from another process, makes a new view.
 */
export class Replays {
  readonly #holder: IndexHolder
  readonly #cache: LRUCache<string, Replay>
  /** The served index the recorded answers came from; another one means a reload happened. */
  #served: ServedIndex
  #sets: CurrentSets | undefined

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

  /** Records and replays the answers of sets too, while `sets` serves the view each came from. */
  watchSets(sets: CurrentSets): void {
    this.#sets = sets
  }

  /** The recorded answer for this request, if any (and the data was not reloaded since, nor its set changed). */
  get(req: IncomingMessage): Replay | undefined {
    if (this.#served !== this.#holder.current) return undefined
    const replay = this.#cache.get(keyOf(req))
    if (replay?.set !== undefined && this.#sets?.current(replay.set.name) !== replay.set.served) return undefined
    return replay
  }

  /** Records what a request answered through Koa, when `respond()` marked it replayable. */
  record(ctx: ServerContext): void {
    const served = ctx.state.replayable
    const body = ctx.body
    // A reload between the answer and now: the answer belongs to the old data.
    if (served === undefined || !Buffer.isBuffer(body)) return
    const set = served.set === undefined ? undefined : { name: served.set, served }
    // A reload between the answer and now: the answer belongs to the old data (a set's view: to an old one).
    if (set === undefined ? served !== this.#holder.current : this.#sets?.current(set.name) !== served) return
    if (this.#holder.current !== this.#served) {
      this.#cache.clear()
      this.#served = this.#holder.current
    }
    const headers: string[] = []
    for (const [name, value] of Object.entries(ctx.response.headers)) {
      if (name === 'x-request-id' || value === undefined) continue
      if (Array.isArray(value)) for (const one of value) headers.push(name, one)
      else headers.push(name, String(value))
    }
    const replay = { status: ctx.status, headers, headersWithId: [...headers, 'x-request-id', ''], body, route: routeOf(ctx) }
    this.#cache.set(keyOf(ctx.req), set === undefined ? replay : { ...replay, set })
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
 * Marks the answer `respond()` is sending as replayable: a GET answered from the served table or a set,
 * unconditionally (a conditional request's answer may be a 304 for this client only).
 */
export function markReplayable(ctx: ServerContext, served: ServedIndex): void {
  if (ctx.method === 'GET' && ctx.req.headers['if-none-match'] === undefined) ctx.state.replayable = served
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
