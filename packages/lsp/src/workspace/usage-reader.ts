// The server's side of the workspace reading's thread: files sent to it in turn, each answered with its usage;
// folders listed and searched for shape files there too.

import { Worker } from 'node:worker_threads'
import { Usage, usageRows, type UsageRows } from '@prefixd/core'
import type { ReadAnswer, UsageWorkerAnswer, UsageWorkerRequest } from './usage-worker.js'
import { listWorkspaceFiles, type WorkspaceListing } from './workspace-files.js'

/** One file's reading: its usage as rows (what precedes a syntax error) and the error, or undefined when the file is gone. */
export type FileReading = { readonly usage: UsageRows; readonly problem?: string } | undefined

/**
 * Reads workspace files on a worker thread (usage-worker.ts), so that parsing — seconds of a core for 100 MB, and
 * its garbage — never holds up a completion on the server's thread: there each file costs only its usage's
 * counts, added from the rows the thread sends (core's UsageRows). Why: read on the server's thread in 16 KiB slices, completion
 * over stdio waited p99 31 ms, max 376 ms, while 100 MB were read (bench/usage-lsp.ts; the slices, the collector's
 * pauses and the progress writes between them). A worker that dies is started again for the next file; the files
 * it was reading are answered with the error (a listing or a shape search it had under way is made on this thread).
 */
/** A request without its id (each member of the union apart). */
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never

export class UsageReader {
  #worker: Worker | undefined
  #next = 0
  readonly #pending = new Map<number, (answer: UsageWorkerAnswer | Error) => void>()

  /** Reads `path` from disk, or from `text` (what an editor has of it). */
  read(path: string, text?: string): Promise<FileReading> {
    return this.#ask<ReadAnswer>({ kind: 'read', path, ...(text !== undefined && { text }) }).then((answer) => {
      if (answer instanceof Error) return { usage: usageRows(Usage.empty()), problem: `${path}: not read: ${answer.message}` }
      if ('gone' in answer) return undefined
      return { usage: answer.usage, ...(answer.problem !== undefined && { problem: answer.problem }) }
    })
  }

  /** The RDF files of `folder` (see listWorkspaceFiles), listed on the thread. */
  list(folder: string): Promise<WorkspaceListing> {
    return this.#ask<{ listing: WorkspaceListing }>({ kind: 'list', folder }).then((answer) =>
      answer instanceof Error ? listWorkspaceFiles(folder) : answer.listing,
    )
  }

  /** The shape files of `folder` (see shapeFilesFound), found on the thread. */
  shapeFiles(folder: string, globs?: readonly string[]): Promise<string[]> {
    return this.#ask<{ shapes: string[] }>({ kind: 'shapes', folder, ...(globs !== undefined && { globs }) }).then((answer) =>
      // Loaded only then, as WorkspaceShapes does: its module and minimatch are not the server's start's.
      answer instanceof Error ? import('../shacl/shape-files.js').then(({ shapeFilesFound }) => shapeFilesFound(folder, globs)) : answer.shapes,
    )
  }

  /** Sends `request` to the thread: its answer, or the Error that kept it from answering. */
  #ask<A>(request: DistributiveOmit<UsageWorkerRequest, 'id'>): Promise<A | Error> {
    const id = this.#next++
    const answered = new Promise<UsageWorkerAnswer | Error>((resolve) => this.#pending.set(id, resolve))
    this.#start().postMessage({ ...request, id })
    return answered.then((answer) => (answer instanceof Error ? answer : 'failed' in answer ? new Error(answer.failed) : (answer as A)))
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
