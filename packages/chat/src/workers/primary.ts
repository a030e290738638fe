// `--workers N`: the primary process forks N chat workers that share one port (the cluster module hands
// connections out round-robin) and one database, relays event fan-out among them, counts request
// budgets for all of them, and replaces a worker that dies.

import cluster, { type Worker } from 'node:cluster'
import { RateLimiter, type RateLimitOptions } from '../http/rate-limit.js'
import { isWorkerMessage, type WorkerMessage } from './ipc.js'

/** Set in a worker's environment: it is one of several (and whether it is the first of a start). */
export const WORKER_ENV = 'PREFIXD_CHAT_WORKER'

export interface PrimaryOptions {
  readonly workers: number
  readonly rateLimit: RateLimitOptions
  /** Called once every worker listens, with the service's address. */
  readonly onListening: (url: string) => void
  /** Called when a worker exits before the service ever listened (a taken port, a bad database): nothing is retried. */
  readonly onFailure: (code: number) => void
  readonly log: (line: string) => void
}

export interface RunningPrimary {
  /** Stops every worker (each finishes as on SIGTERM) and resolves when all have exited. */
  stop(): Promise<void>
}

/**
 * Forks the workers: the first alone (it brings the schema up to date, loads the organization into an
 * empty database and gives the queues of a previous run their `restart` event), then the others. A
 * worker that dies is replaced at once; its users' queues are in the database, served by the others
 * meanwhile.
 */
export function runPrimary(options: PrimaryOptions): RunningPrimary {
  const limiter = new RateLimiter(options.rateLimit, () => Date.now() / 1000)
  let stopping = false
  let listening = 0
  let announced = false
  const fork = (first: boolean): Worker => {
    const worker = cluster.fork({ [WORKER_ENV]: first ? 'first' : 'next' })
    worker.on('message', (message: unknown) => {
      if (!isWorkerMessage(message)) return
      if (message.kind === 'prefixd-chat:publish') {
        for (const other of Object.values(cluster.workers ?? {})) if (other !== undefined && other !== worker && other.isConnected()) other.send(message)
      } else if (message.kind === 'prefixd-chat:take') {
        const answer: WorkerMessage = { kind: 'prefixd-chat:decision', request: message.request, decision: limiter.take(message.caller) }
        if (worker.isConnected()) worker.send(answer)
      }
    })
    return worker
  }
  cluster.on('listening', (worker, address) => {
    options.log(`prefixd chat: worker ${worker.id} (pid ${worker.process.pid}) listening`)
    if (++listening === 1 && !announced) for (let i = 1; i < options.workers; i++) fork(false)
    if (listening >= options.workers && !announced) {
      announced = true
      const host = address.address.includes(':') ? `[${address.address}]` : address.address
      options.onListening(`http://${host}:${address.port}`)
    }
  })
  cluster.on('exit', (worker, code, signal) => {
    listening--
    if (stopping) return
    if (!announced) {
      stopping = true
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM')
      return options.onFailure(code)
    }
    // A clean exit is a worker told to stop (Ctrl-C reaches the whole process group): not replaced.
    if (code === 0 && signal === null) return
    options.log(`prefixd chat: worker ${worker.id} (pid ${worker.process.pid}) exited (${signal ?? `code ${code}`}); starting another`)
    fork(false)
  })
  fork(true)
  return {
    stop: () => {
      stopping = true
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined)
      return Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve()
              worker.once('exit', () => resolve())
              worker.process.kill('SIGTERM')
            }),
        ),
      ).then(() => undefined)
    },
  }
}
