// Syntax checks on a worker thread, one document at a time per request; a check of a version that is
// no longer current when its turn comes is skipped.

import { Worker } from 'node:worker_threads'
import type { SyntaxProblem, SyntaxRequest } from './syntax-errors.js'

export class SyntaxChecker {
  #worker: Worker | undefined
  #next = 0
  readonly #pending = new Map<number, (problems: SyntaxProblem[]) => void>()

  /** The syntax errors of the document; none if the worker dies (it is started again on the next check). */
  check(request: SyntaxRequest): Promise<SyntaxProblem[]> {
    const worker = this.#start()
    const id = this.#next++
    return new Promise((resolve) => {
      this.#pending.set(id, resolve)
      worker.postMessage({ ...request, id })
    })
  }

  /** Starts the worker ahead of the first check (once the index is loaded: on two cores it would slow that load). */
  warm(): void {
    this.#start()
  }

  /** Stops the worker; checks under way answer "no error". */
  close(): void {
    void this.#worker?.terminate()
    this.#worker = undefined
    for (const resolve of this.#pending.values()) resolve([])
    this.#pending.clear()
  }

  #start(): Worker {
    if (this.#worker !== undefined) return this.#worker
    // A small young generation: a parse makes much short-lived garbage, and the default semi-spaces
    // (16 MB each) stay resident after it; with 4 MB the server's RSS after a 1 MB document and ten edits
    // went from 214 to 193 MB (bench/lsp.ts's document, load average 13), the parse no slower to see.
    const worker = new Worker(new URL('./syntax-worker.js', import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: 4 } })
    worker.unref() // the editor's connection, not the worker, keeps the server alive
    worker.on('message', ({ id, problems }: { id: number; problems: SyntaxProblem[] }) => {
      this.#pending.get(id)?.(problems)
      this.#pending.delete(id)
    })
    worker.on('error', () => this.close())
    worker.on('exit', () => {
      if (this.#worker === worker) this.close()
    })
    return (this.#worker = worker)
  }
}
