// createApp: the Koa application of the resolver, apart from listening, so tools can mount it and tests can run it.

import Router from '@koa/router'
import Koa, { type Next } from 'koa'
import type { PrefixIndex, Usage } from '@prefixd/core'
import { errorBody, HttpError, type HttpErrorCode } from './http-error.js'
import type { Logger } from './logger.js'
import { metricsRoute, type ServerMetrics } from './metrics.js'
import { rateLimit, TokenBuckets, type RateLimitOptions } from './rate-limit.js'
import { cachedRoutes } from './route-cache.js'
import { logRequests, requestLog } from './request-log.js'
import { recordReplays, replayFirst, Replays, type ReplayOptions } from './replay.js'
import { sendJson } from './respond.js'
import { addAutocompleteRoute } from './routes/autocomplete.js'
import { addCandidatesRoute } from './routes/candidates.js'
import { addCheckRoute } from './routes/check.js'
import { addLookupRoutes } from './routes/lookup.js'
import { addMetaRoutes } from './routes/meta.js'
import { addLovRoutes } from './routes/lov.js'
import { addPrefixCcRoutes, prefixCcFiles } from './routes/prefix-cc.js'
import { addPrefixesRoute } from './routes/prefixes.js'
import { resolvePrefixedPath } from './routes/resolve.js'
import { addSearchRoutes } from './routes/search.js'
import { addSearchResultsRoute } from './routes/search-results.js'
import { addTermRoute } from './routes/term.js'
import { addSetRoutes, servedSet, type SetsConfig } from './routes/sets.js'
import { addSetVocabularyRoutes } from './routes/set-vocabularies.js'
import { JSON_LD_HEAP_MB } from './sets/json-ld-thread.js'
import { SetRegistry } from './sets/set-registry.js'
import type { SetStore } from './sets/set-store.js'
import { BearerTokens } from './sets/tokens.js'
import { addVocabularyRoute } from './routes/vocabulary.js'
import { addVocabulariesRoute } from './routes/vocabularies.js'
import { addSiteRoutes, htmlNotFound, type Site } from './site.js'
import { DEFAULT_CACHE_BYTES, IndexHolder } from './served-index.js'
import type { ServerContext, ServerState } from './server-state.js'

export interface AppOptions {
  /** The index to serve, or a holder whose index can be replaced while serving (reload). */
  readonly index: PrefixIndex | IndexHolder
  /** Bound of the answer cache in bytes; default 32 MiB. */
  readonly cacheBytes?: number
  /**
   * Logs failures (500s with their stack) and, unless `logRequests` is false, one entry per request
   * (`{reqId, method, url, status, ms}`, see `request-log.ts`); default: no log, failures to stderr.
   */
  readonly logger?: Logger
  /** Whether `logger` gets one entry per request; default true. */
  readonly logRequests?: boolean
  /** Metrics to feed (requests, latency, the answer cache, the index); default none. */
  readonly metrics?: ServerMetrics
  /** Whether this app answers `GET /metrics` from `metrics` (rather than a port of their own); default false. */
  readonly serveMetrics?: boolean
  /** A token bucket per client address (429 `RATE_LIMITED` with `Retry-After` beyond); default no limit. */
  readonly rateLimit?: RateLimitOptions
  /**
   * Whether a proxy in front adds `X-Forwarded-For`: the client is then the address the proxy saw (its
   * last entry, which the proxy wrote), not the proxy. Default false: the client is the peer address.
   */
  readonly trustProxy?: boolean
  /** The web pages (`/`, `/prefixes`, `/prefix/{prefix}`, `/editor`), from `loadSite`; default none. */
  readonly site?: Site
  /** Project prefix sets (`/api/v1/sets`, `set=` on reads); default none (those answer 404). */
  readonly sets?: SetsOptions
  /**
   * Without `sets`: why the server keeps none, in words (`serve` without better-sqlite3: 'a SQLite store needs
   * better-sqlite3, which is not installed: …'); default 'it was started without a store'. The sets page says it.
   */
  readonly setsOff?: string
  /** A workspace's usage (`prefixd index`, `Usage.fromJSON`): completion and search ranked by it; default none. */
  readonly usage?: Usage
}

/** Where sets are kept and who may change them. */
export interface SetsOptions {
  /** From `openSetStore('prefixd.db' | ':memory:' | 'postgres://…')`. */
  readonly store: SetStore
  /** Bearer tokens that may write sets; none: sets cannot be written. */
  readonly tokens?: readonly string[]
  /** Whether reading sets (and `set=`) needs a token too; default false. */
  readonly privateReads?: boolean
  /** Whether the served index was built with `wholeTable` (sets layered over it are built alike); default false. */
  readonly wholeTable?: boolean
  /** The heap a JSON-LD vocabulary file's reading thread may take, in MB (past it: a 413); default 2048. */
  readonly jsonLdHeapMb?: number
}

/**
 * The resolver as a Koa app: `/api/v1/expand`, `/shrink`, `/candidates`, `/autocomplete`, `/prefixes`,
 * `/prefixes/{prefix}`, `/suggest`, `/search`, `/health`, `/openapi.json`, the `/{prefix}:{local}`
 * redirect and, when given a site, the web pages.
 *
 * @example
 * const app = createApp({ index: await PrefixIndex.loadDefault() })
 * app.listen(8080)
 */
export function createApp(options: AppOptions): Koa {
  const cacheBytes = options.cacheBytes ?? DEFAULT_CACHE_BYTES
  const holder = options.index instanceof IndexHolder ? options.index : new IndexHolder(options.index, cacheBytes)
  const log = options.logger && options.logRequests !== false ? requestLog(options.logger) : undefined
  // A rate limit counts every request through Koa's view of the client (proxies included): no replays then.
  const replayBytes = Math.floor(cacheBytes / 4)
  const replays = options.rateLimit || replayBytes < 1 ? undefined : new Replays(holder, replayBytes)
  const app = replays ? new ReplayingApp({ replays, holder, ...(log && { log }), ...(options.metrics && { metrics: options.metrics }) }) : new Koa()
  if (replays) app.use(recordReplays(replays))
  if (options.trustProxy) {
    app.proxy = true
    app.maxIpsCount = 1 // the entry our proxy appended; those before it are the client's own say
  }
  const sets: SetsConfig | undefined = options.sets && {
    registry: new SetRegistry(holder, options.sets.store, { wholeTable: options.sets.wholeTable ?? false, ...(options.usage && { usage: options.usage }) }),
    tokens: new BearerTokens(options.sets.tokens ?? []),
    privateReads: options.sets.privateReads ?? false,
    jsonLdHeapMb: options.sets.jsonLdHeapMb ?? JSON_LD_HEAP_MB,
  }
  // A set's answers are replayed too, unless reading them needs a token (a replay would answer before the check).
  if (replays && sets && !sets.privateReads) replays.watchSets(sets.registry)
  const router = new Router<ServerState>()
  addLookupRoutes(router)
  addCandidatesRoute(router)
  addCheckRoute(router)
  addAutocompleteRoute(router, options.usage)
  addPrefixesRoute(router)
  addVocabularyRoute(router)
  addVocabulariesRoute(router)
  addSearchRoutes(router, options.usage)
  addSearchResultsRoute(router, options.usage)
  addTermRoute(router, options.usage)
  addPrefixCcRoutes(router)
  addLovRoutes(router)
  addMetaRoutes(router)
  const setsOff = `this server keeps no sets: ${options.setsOff ?? 'it was started without a store'}`
  addSetRoutes(router, sets, setsOff)
  addSetVocabularyRoutes(router, sets, setsOff)
  if (options.site) addSiteRoutes(router, options.site)

  if (options.metrics) {
    options.metrics.watch(holder)
    app.use(options.metrics.observe())
  }
  if (options.logger) {
    const logger = options.logger
    if (log) app.use(logRequests(log))
    // Koa prints errors to stderr unless the app has a listener of its own.
    app.on('error', (error: Error, ctx?: ServerContext) => logger.error({ err: error, reqId: ctx?.state.requestId }, 'internal error'))
  }
  app.use(errorsAsJson)
  app.use((ctx, next) => {
    if (answeredCors(ctx)) return
    ctx.state.served = holder.current // one index per request, even if a reload swaps it meanwhile
    return next() // no async frame of its own: this runs on every request
  })
  if (options.metrics && options.serveMetrics) app.use(metricsRoute(options.metrics.registry))
  // After CORS, so a browser can read the 429, and after /metrics, so scraping is never refused.
  if (options.rateLimit) app.use(rateLimit(new TokenBuckets(options.rateLimit)))
  app.use(servedSet(sets))
  if (options.site) app.use(htmlNotFound(options.site))
  app.use(cachedRoutes(router))
  app.use(router.allowedMethods())
  app.use(prefixCcFiles)
  app.use(resolvePrefixedPath)
  return app
}

/**
 * The app whose request listener answers repeated GETs from their recorded answers before Koa
 * (`replay.ts`); `listen()` and `callback()` both give that listener.
 */
class ReplayingApp extends Koa {
  readonly #replay: ReplayOptions

  constructor(replay: ReplayOptions) {
    super()
    this.#replay = replay
  }

  override callback(): ReturnType<Koa['callback']> {
    return replayFirst(super.callback(), this.#replay)
  }
}

const PREFLIGHT_MAX_AGE = String(24 * 60 * 60)

/**
 * CORS for a public, read-only API: every answer may be read from any origin, and a preflight is
 * answered at once (returns true). Nothing depends on the Origin, so unlike a general CORS
 * middleware this adds no `Vary: Origin` and costs one header per request.
 */
function answeredCors(ctx: ServerContext): boolean {
  ctx.set('Access-Control-Allow-Origin', '*')
  ctx.set('Access-Control-Expose-Headers', 'Prefixd-Truncated, X-Request-Id, ETag, Location, Prefixd-Standalone')
  if (ctx.method !== 'OPTIONS' || ctx.get('Access-Control-Request-Method') === '') return false
  ctx.set('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, DELETE, OPTIONS')
  ctx.set('Access-Control-Allow-Headers', ctx.get('Access-Control-Request-Headers') || 'Content-Type')
  ctx.set('Access-Control-Max-Age', PREFLIGHT_MAX_AGE)
  ctx.status = 204
  return true
}

/** Statuses the router leaves without a body. */
const UNANSWERED: Readonly<Record<number, HttpErrorCode>> = { 404: 'NOT_FOUND', 405: 'METHOD_NOT_ALLOWED', 501: 'NOT_IMPLEMENTED' }

/** Turns every failure into a JSON body with the status of its code; nothing else has try/catch. */
async function errorsAsJson(ctx: ServerContext, next: Next): Promise<void> {
  try {
    await next()
  } catch (error) {
    if (error instanceof HttpError) {
      if (error.code === 'UNAVAILABLE') ctx.set('Retry-After', '1')
      return sendJson(ctx, error.status, error.body ?? errorBody(error.code, error.message))
    }
    const status = (error as { status?: unknown }).status
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // From the body parser (malformed JSON, too large, bad charset): its message is meant for clients.
      return sendJson(ctx, status, errorBody(status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_BODY', (error as Error).message))
    }
    ctx.app.emit('error', error, ctx)
    sendJson(ctx, 500, errorBody('INTERNAL', 'internal error'))
    return
  }
  // Router misses and wrong methods come back without a body; give them the JSON one.
  const code = ctx.body == null ? UNANSWERED[ctx.status] : undefined
  if (code !== undefined) {
    const message = ctx.status === 404 ? `no route for ${ctx.method} ${ctx.path}` : `${ctx.method} is not allowed on ${ctx.path}`
    sendJson(ctx, ctx.status, errorBody(code, message))
  }
}
