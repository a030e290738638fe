// Prometheus metrics of the resolver (prom-client): requests and latency per route and status, the answer
// cache, the index, reloads, and what the log and the connection cap had to drop.

import { createServer, type Server } from 'node:http'
import type { Next } from 'koa'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { IndexHolder } from './served-index.js'
import type { ServerContext } from './server-state.js'

/** Latency buckets in seconds: cached answers take well under a millisecond, a cold `prefixes` some. */
const LATENCY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1]

/** The metrics of one process, and the calls that feed them. */
export class ServerMetrics {
  readonly registry = new Registry()
  readonly #requests = new Histogram({
    name: 'prefixd_http_request_duration_seconds',
    help: 'Time from receiving a request to having its answer, per method, route and status; _count is the number of requests.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  })
  readonly #reloads = new Counter({
    name: 'prefixd_reloads_total',
    help: 'Reloads of the data (SIGHUP), by result: ok, or failed (the previous data kept serving).',
    labelNames: ['result'] as const,
    registers: [this.registry],
  })
  readonly #droppedLogLines = new Counter({
    name: 'prefixd_log_lines_dropped_total',
    help: 'Log lines dropped because the log destination fell 16 MiB behind, or failed.',
    registers: [this.registry],
  })
  readonly #droppedConnections = new Counter({
    name: 'prefixd_connections_dropped_total',
    help: 'Connections closed at once because the cap on open connections was reached.',
    registers: [this.registry],
  })

  constructor(options: { readonly processMetrics?: boolean } = {}) {
    // CPU, memory, event-loop delay, handles: what an operator looks at first.
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry })
    this.#reloads.inc({ result: 'ok' }, 0)
    this.#reloads.inc({ result: 'failed' }, 0)
  }

  /**
   * Reports the answer cache and the index of `holder` whenever metrics are read (nothing is counted
   * per request here: the cache keeps plain counters, read at scrape time).
   */
  watch(holder: IndexHolder): void {
    const registers = [this.registry]
    // Counters read from the holder at scrape time; `aggregator: 'sum'` adds workers up, as for any counter.
    for (const [name, help, read] of [
      ['prefixd_answer_cache_hits_total', 'Answers sent from the answer cache.', () => holder.stats.hits],
      ['prefixd_answer_cache_misses_total', 'Answers computed because the cache did not hold them.', () => holder.stats.misses],
    ] as const) {
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset()
          this.inc(read())
        },
      })
    }
    const gauge = (name: string, help: string, read: () => number, aggregator: 'sum' | 'max'): void => {
      new Gauge({
        name,
        help,
        registers,
        aggregator,
        collect() {
          this.set(read())
        },
      })
    }
    gauge('prefixd_answer_cache_entries', 'Answers held in the answer cache.', () => holder.current.answers.size, 'sum')
    gauge('prefixd_answer_cache_bytes', 'Bytes of keys and bodies held in the answer cache (bounded).', () => holder.current.answers.calculatedSize, 'sum')
    // Every worker serves the same data: the largest figure is the index, not their sum.
    gauge('prefixd_index_prefixes', 'Prefixes in the served index.', () => holder.current.index.size.prefixes, 'max')
    gauge('prefixd_index_terms', 'Vocabulary terms in the served index.', () => holder.current.index.size.terms, 'max')
  }

  /** Middleware placed first: times every request under the route that answered it. */
  observe() {
    return async (ctx: ServerContext, next: Next): Promise<void> => {
      const started = performance.now()
      try {
        await next()
      } finally {
        this.request(ctx.method, routeOf(ctx), ctx.status, started)
      }
    }
  }

  /** Counts one request answered by `route` (a pattern, so the label has few values); `started` is its `performance.now()`. */
  request(method: string, route: string, status: number, started: number): void {
    this.#requests.observe({ method, route, status }, (performance.now() - started) / 1000)
  }

  reloaded(ok: boolean): void {
    this.#reloads.inc({ result: ok ? 'ok' : 'failed' })
  }

  droppedLogLines(lines: number): void {
    this.#droppedLogLines.inc(lines)
  }

  droppedConnection(): void {
    this.#droppedConnections.inc()
  }
}

/** Middleware answering `GET /metrics` from `registry` in the Prometheus text format. */
export function metricsRoute(registry: Registry) {
  return async function serveMetrics(ctx: ServerContext, next: Next): Promise<void> {
    if (ctx.path !== '/metrics') return next()
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next()
    ctx.state.route = '/metrics'
    ctx.set('Cache-Control', 'no-store')
    ctx.type = registry.contentType
    ctx.body = await registry.metrics()
  }
}

/**
 * A server of its own answering `GET /metrics` with what `read` gives (this process's registry, or the
 * primary's sum over its workers); resolves once listening, rejects if the port cannot be bound.
 */
export function listenMetrics(port: number, host: string, read: () => Promise<{ type: string; body: string }>): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?', 1)[0]
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' })
      response.end(JSON.stringify({ success: false, error: { code: 'NOT_FOUND', message: 'only GET /metrics is served here' } }))
      return
    }
    read().then(
      ({ type, body }) => {
        response.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' })
        response.end(request.method === 'HEAD' ? undefined : body)
      },
      (error: Error) => {
        response.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' })
        response.end(JSON.stringify({ success: false, error: { code: 'INTERNAL', message: `metrics could not be read: ${error.message}` } }))
      },
    )
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject).listen(port, host, () => {
      server.off('error', reject)
      resolve(server)
    })
  })
}

/** The router's pattern that answered a request, never the path itself; `(none)` when no route did. */
export function routeOf(ctx: ServerContext): string {
  return (ctx as { _matchedRoute?: string })._matchedRoute ?? ctx.state.route ?? '(none)'
}
