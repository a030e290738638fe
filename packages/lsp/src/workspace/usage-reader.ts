// The server's side of the workspace reading's thread: files sent to it in turn, each answered with its usage.

import { Worker } from 'node:worker_threads'
import { Usage, usageRows, type UsageRows } from '@prefixd/core'
import type { UsageWorkerAnswer, UsageWorkerRequest } from './usage-worker.js'

/** One file's reading: its usage as rows (what precedes a syntax error) and the error, or undefined when the file is gone. */
export type FileReading = { readonly usage: UsageRows; readonly problem?: string } | undefined

/**
 * Reads workspace files on a worker thread (usage-worker.ts), so that parsing — seconds of a core for 100 MB, and
 * its garbage — never holds up a completion on the server's thread: there each file costs only its usage's
 * counts, added from the rows the thread sends (core's UsageRows). Why: read on the server's thread in 16 KiB slices, completion
 * over stdio waited p99 31 ms, max 376 ms, while 100 MB were read (bench/usage-lsp.ts; the slices, the collector's
 * pauses and the progress writes between them). A worker that dies is started again for the next file; the files
 * it was reading are answered with the error.
 */
export class UsageReader {
  #worker: Worker | undefined
  #next = 0
  readonly #pending = new Map<number, (answer: UsageWorkerAnswer | Error) => void>()

  /** Reads `path` from disk, or from `text` (what an editor has of it). */
  read(path: string, text?: string): Promise<FileReading> {
    const request: UsageWorkerRequest = { id: this.#next++, path, ...(text !== undefined && { text }) }
    const answered = new Promise<UsageWorkerAnswer | Error>((resolve) => this.#pending.set(request.id, resolve))
    this.#start().postMessage(request)
    return answered.then((answer) => {
      if (answer instanceof Error) return { usage: usageRows(Usage.empty()), problem: `${path}: not read: ${answer.message}` }
      if ('gone' in answer) return undefined
      return { usage: answer.usage, ...(answer.problem !== undefined && { problem: answer.problem }) }
    })
  }

  /** Stops the thread; readings under way are answered with an error. */
  stop(): void {
    const worker = this.#worker
    this.#worker = undefined
    void worker?.terminate()
    this.#fail(new Error('the reading thread stopped'))
  }

  #fail(error: Error): void {
    for (const resolve of this.#pending.values()) resolve(error)
    this.#pending.clear()
  }

  #start(): Worker {
    if (this.#worker !== undefined) return this.#worker
    const worker = new Worker(new URL('./usage-worker.js', import.meta.url))
    worker.unref() // the editor's connection, not the worker, keeps the server alive
    worker.on('message', (answer: UsageWorkerAnswer) => {
      this.#pending.get(answer.id)?.(answer)
      this.#pending.delete(answer.id)
    })
    worker.on('error', (error) => {
      if (this.#worker === worker) this.#worker = undefined
      this.#fail(error)
    })
    worker.on('exit', (code) => {
      if (this.#worker !== worker) return
      this.#worker = undefined
      this.#fail(new Error(`the reading thread exited (${code})`))
    })
    return (this.#worker = worker)
  }
}
