// serve: listens, reloads on SIGHUP, shuts down gracefully on SIGTERM/SIGINT, and forks workers with node:cluster.

import cluster from 'node:cluster'
import type { Server } from 'node:http'
import type { PrefixIndex } from '@prefixd/core'
import { createApp, type RequestLogEntry } from './app.js'
import { IndexHolder } from './served-index.js'

export interface ServeOptions {
  readonly port: number
  readonly host: string
  /** Processes to run; 1 (default) serves from this process. */
  readonly workers?: number
  /** Loads the index: at start, and again on SIGHUP. */
  readonly load: () => Promise<PrefixIndex>
  /** Where status lines go (the URL when ready, reloads, shutdown). */
  readonly say: (line: string) => void
  /** Request log; default none. */
  readonly log?: (entry: RequestLogEntry) => void
}

/** How long in-flight requests may take to finish on shutdown. */
const SHUTDOWN_GRACE_MS = 10_000

/** Runs the resolver until SIGTERM or SIGINT. Resolves once it is listening (and, with workers, all are). */
export async function serve(options: ServeOptions): Promise<void> {
  const workers = options.workers ?? 1
  if (workers > 1 && cluster.isPrimary) return superviseWorkers(workers, options)
  const holder = new IndexHolder(await options.load())
  const server = createApp({ index: holder, ...(options.log && { log: options.log }) }).listen(options.port, options.host)
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject))
  process.on('SIGHUP', () => {
    // The new index replaces the old only once fully built; a failed reload keeps serving the old one.
    options.load().then(
      (index) => {
        holder.replace(index)
        options.say(`prefixd reloaded: ${index.size.prefixes} prefixes, ${index.size.terms} terms`)
      },
      (error: Error) => options.say(`prefixd reload failed, still serving the previous data: ${error.message}`),
    )
  })
  const stop = (): void => {
    server.close(() => process.exit(0)) // stops accepting; exits once in-flight requests are done
    server.closeIdleConnections()
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref()
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)

  // Announced only now that the signal handlers are in place: whoever waits for this line may signal at once.
  const url = `http://${formatHost(options.host)}:${addressPort(server)}/`
  if (cluster.isWorker) process.send?.({ listening: url })
  else options.say(`prefixd listening on ${url}`)
}

/** The primary process: forks workers, restarts crashed ones, forwards SIGHUP, stops them all on SIGTERM/SIGINT. */
async function superviseWorkers(count: number, options: ServeOptions): Promise<void> {
  let stopping = false
  let ready = 0
  const fork = (): void => {
    const worker = cluster.fork()
    worker.on('message', (message: { listening?: string }) => {
      if (message.listening !== undefined && ++ready === count) {
        options.say(`prefixd listening on ${message.listening} (${count} workers)`)
      }
    })
  }
  for (let i = 0; i < count; i++) fork()
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
      return
    }
    options.say(`prefixd worker ${worker.process.pid} exited (${signal ?? code}); starting another`)
    fork()
  })
  process.on('SIGHUP', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGHUP')
  })
  const stop = (): void => {
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}

function addressPort(server: Server): number {
  const address = server.address()
  return typeof address === 'object' && address !== null ? address.port : 0
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host
}
