// serve: listens, reloads on SIGHUP, shuts down gracefully on SIGTERM/SIGINT, and forks workers with node:cluster.

import cluster, { type Worker } from 'node:cluster'
import type { Server, ServerResponse } from 'node:http'
import { AggregatorRegistry } from 'prom-client'
import type { PrefixIndex } from '@prefixd/core'
import type { Usage } from '@prefixd/core'
import { createApp, type SetsOptions } from './app.js'
import type { SetStore } from './sets/set-store.js'
import { createHttpServer } from './http-server.js'
import { closeInFlight, Health, withHealth } from './health.js'
import { shutDownOnce } from './shutdown.js'
import type { RateLimitOptions } from './rate-limit.js'
import type { Logger } from './logger.js'
import { listenMetrics, type ServerMetrics } from './metrics.js'
import { IndexHolder } from './served-index.js'
import { loadSite } from './site.js'
import { SITE_DIR } from '@prefixd/web'

export interface ServeOptions {
  /** A workspace's usage (`prefixd index`): it ranks completion and search. */
  readonly usage?: Usage
  readonly port: number
  readonly host: string
  /** Processes to run; 1 (default) serves from this process. */
  readonly workers?: number
  /** Loads the index: at start, and again on SIGHUP. */
  readonly load: () => Promise<PrefixIndex>
  /** Where status lines go (the URL when ready, reloads, shutdown). */
  readonly say: (line: string) => void
  /** Log of requests and failures; default none (failures go to stderr). */
  readonly logger?: Logger
  /** Whether the logger gets one entry per request; default true. */
  readonly logRequests?: boolean
  /**
   * Metrics to feed; default none. Served at `GET /metrics` of the service, or on `metricsPort`; with
   * workers, only on `metricsPort`, where the primary answers with the sum of every worker's.
   */
  readonly metrics?: ServerMetrics
  readonly metricsPort?: number
  /** Per-client rate limit (per process); default none. */
  readonly rateLimit?: RateLimitOptions
  /** Clients are identified by the address a proxy in front puts last in `X-Forwarded-For`; default false. */
  readonly trustProxy?: boolean
  /** Time a client has to send a whole request (408 after); 0 for none; default 30 s. */
  readonly requestTimeoutMs?: number
  /** Open connections at most (per process); default no cap. */
  readonly maxConnections?: number
  /** Folder of the built web pages; default the one of `@prefixd/web`; `false` serves the API alone. */
  readonly site?: string | URL | false
  /** Project prefix sets: `open` is called in each serving process (every worker opens the shared store). */
  readonly sets?: Omit<SetsOptions, 'store'> & { readonly open: () => Promise<SetStore> }
  /** Without `sets`: why (see AppOptions.setsOff). */
  readonly setsOff?: string
  /**
   * How long a process keeps answering after SIGTERM before it stops accepting, with `/health/ready` failing
   * meanwhile (`health.ts`): a balancer's checks' interval times their fall count. Default 0.
   */
  readonly drainMs?: number
}

/** How long in-flight requests may take to finish on shutdown, after the drain. */
export const SHUTDOWN_GRACE_MS = 10_000
/** A worker that crashes more often than this within a minute is not restarted again. */
const MAX_RESTARTS_PER_MINUTE = 5
/** Exit code of a worker that could not start (bad data, port taken): the primary gives up. */
const EXIT_START_FAILED = 2

/**
 * Runs the resolver until SIGTERM or SIGINT. In one process it resolves once listening and rejects
 * when the data cannot be loaded or the port not bound. With workers, the primary resolves at once
 * and announces the URL when every worker listens; if a worker cannot start it stops them all and
 * exits with code 2.
 */
export async function serve(options: ServeOptions): Promise<void> {
  const workers = options.workers ?? 1
  if (workers > 1 && cluster.isPrimary) return superviseWorkers(workers, options)
  try {
    await serveHere(options)
  } catch (error) {
    if (!cluster.isWorker) throw error
    // A worker reports why and exits, so the primary learns that start-up failed.
    options.say(`prefixd: worker cannot start: ${(error as Error).message}`)
    process.exit(EXIT_START_FAILED)
  }
}

async function serveHere(options: ServeOptions): Promise<void> {
  const holder = new IndexHolder(await options.load())
  const site = options.site === false ? undefined : await loadSite(options.site ?? SITE_DIR)
  const store = await options.sets?.open()
  const { metrics } = options
  const app = createApp({
    index: holder,
    ...(options.logger && { logger: options.logger, logRequests: options.logRequests ?? true }),
    ...(metrics && { metrics, serveMetrics: options.metricsPort === undefined }),
    ...(options.rateLimit && { rateLimit: options.rateLimit }),
    ...(options.trustProxy && { trustProxy: true }),
    ...(site && { site }),
    ...(options.sets && store && { sets: { ...options.sets, store } }),
    ...(options.setsOff !== undefined && { setsOff: options.setsOff }),
    ...(options.usage && { usage: options.usage }),
  })
  let warnedAt = -Infinity
  const health = new Health(store?.ping === undefined ? {} : { check: () => store.ping!() })
  const open = new Set<ServerResponse>()
  const server = createHttpServer(app, {
    wrap: (listener) => withHealth(listener, health, open),
    ...(options.requestTimeoutMs !== undefined && { requestTimeoutMs: options.requestTimeoutMs }),
    ...(options.maxConnections !== undefined && { maxConnections: options.maxConnections }),
    onDropped: () => {
      metrics?.droppedConnection()
      // One line a minute at most: a flood of connections must not become a flood of log lines.
      if (performance.now() - warnedAt < 60_000) return
      warnedAt = performance.now()
      options.logger?.warn(`closing new connections: ${options.maxConnections} are open (--max-connections)`)
    },
  })
  await listenOn(server, options.port, options.host)
  if (metrics && options.metricsPort !== undefined) {
    if (cluster.isWorker) {
      // The primary asks each worker for its metrics over IPC and answers with their sum.
      AggregatorRegistry.setRegistries([metrics.registry])
      new AggregatorRegistry() // installs the worker's answering listener
    } else {
      const registry = metrics.registry
      await listenMetrics(options.metricsPort, options.host, async () => ({ type: registry.contentType, body: await registry.metrics() })).catch((error) => {
        server.close()
        throw error
      })
    }
  }

  process.on('SIGHUP', () => {
    // The new index replaces the old only once fully built; a failed reload keeps serving the old one.
    options.load().then(
      (index) => {
        holder.replace(index)
        metrics?.reloaded(true)
        options.say(`prefixd reloaded: ${index.size.prefixes} prefixes, ${index.size.terms} terms`)
      },
      (error: Error) => {
        metrics?.reloaded(false)
        options.say(`prefixd reload failed, still serving the previous data: ${error.message}`)
      },
    )
  })
  const stop = gracefulStop(server, health, open, store, options)
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)

  // Announced only now that the signal handlers are in place: whoever waits for this line may signal at once.
  const url = `http://${formatHost(options.host)}:${addressPort(server)}/`
  if (cluster.isWorker) process.send?.({ listening: url })
  else options.say(`prefixd listening on ${url}`)
}

/**
 * The primary process: forks workers, forwards SIGHUP, stops them all on SIGTERM/SIGINT. A worker that
 * dies before it listens means the service cannot start: all stop and the primary exits with code 2.
 * One that dies later is replaced, unless workers keep crashing.
 */
function superviseWorkers(count: number, options: ServeOptions): void {
  let stopping = false
  const listening = new Set<Worker>()
  const restarts: number[] = []
  const stopAll = (exitCode: number): void => {
    stopping = true
    process.exitCode = exitCode
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
  }
  const fork = (): void => {
    const worker = cluster.fork()
    worker.on('message', (message: { listening?: string }) => {
      if (message.listening === undefined) return
      listening.add(worker)
      if (listening.size === count) options.say(`prefixd listening on ${message.listening} (${count} workers)`)
    })
  }
  cluster.on('exit', (worker, code, signal) => {
    const wasListening = listening.delete(worker)
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit()
      return
    }
    if (!wasListening) {
      options.say(`prefixd: a worker could not start (exit ${signal ?? code}); stopping`)
      return stopAll(EXIT_START_FAILED)
    }
    const now = Date.now()
    restarts.push(now)
    while (restarts[0]! < now - 60_000) restarts.shift()
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      options.say(`prefixd: workers keep crashing (${restarts.length} in a minute); stopping`)
      return stopAll(1)
    }
    options.say(`prefixd worker ${worker.process.pid} exited (${signal ?? code}); starting another`)
    fork()
  })
  if (options.metrics && options.metricsPort !== undefined) {
    const aggregator = new AggregatorRegistry()
    listenMetrics(options.metricsPort, options.host, async () => ({ type: aggregator.contentType, body: await aggregator.clusterMetrics() })).catch(
      (error: Error) => {
        options.say(
          `prefixd: cannot serve metrics on ${options.host}:${options.metricsPort}: ${(error as NodeJS.ErrnoException).code ?? error.message}; stopping`,
        )
        stopAll(EXIT_START_FAILED)
      },
    )
  }
  for (let i = 0; i < count; i++) fork()
  process.on('SIGHUP', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGHUP')
  })
  process.once('SIGTERM', () => stopAll(0))
  process.once('SIGINT', () => stopAll(0))
}

/** What SIGTERM and SIGINT do (`shutdown.ts`): drain for `drainMs`, then stop accepting, answer what is in flight, close the store, exit. */
function gracefulStop(server: Server, health: Health, open: Set<ServerResponse>, store: SetStore | undefined, options: ServeOptions): () => void {
  const drainMs = options.drainMs ?? 0
  return shutDownOnce(
    {
      drain: () => {
        if (drainMs > 0) options.say(`prefixd draining: not ready, answering for ${drainMs} ms more`)
        health.drain()
        closeInFlight(open)
      },
      // Stops accepting; in-flight requests are answered, each closing its connection.
      stopAccepting: () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve())
          server.closeIdleConnections()
          closeInFlight(open)
        }),
      closeStores: async () => void (await store?.close()),
      exit: (code) => process.exit(code),
    },
    { drainMs, graceMs: SHUTDOWN_GRACE_MS },
  )
}

function listenOn(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('listening', resolve).once('error', reject)
    server.listen(port, host)
  })
}

function addressPort(server: Server): number {
  const address = server.address()
  return typeof address === 'object' && address !== null ? address.port : 0
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host
}
