// Syntax checks on a worker thread, which keeps its own copy of each open document, edited as the server's is:
// a check sends the document's URI, not its text (joining and copying 1 MB on the server's thread at each
// check held up the completions waiting behind it).

import { setFlagsFromString } from 'node:v8'
import { Worker } from 'node:worker_threads'
import type { SyntaxProblem } from './syntax-errors.js'
import type { WorkerCheck, WorkerMessage } from './syntax-worker.js'

export class SyntaxChecker {
  #worker: Worker | undefined
  #next = 0
  readonly #pending = new Map<number, (problems: SyntaxProblem[]) => void>()
  /** The documents the current worker holds: a worker started again (after a crash) is sent a document whole. */
  readonly #synced = new Set<string>()

  /** A document opened, or its whole text replaced (kept for the worker once it runs: see {@link SyntaxChecker.check}). */
  open(uri: string, text: string): void {
    if (this.#worker !== undefined) this.#post({ kind: 'open', uri, text })
  }

  /** `[start, end)` of the document (offsets in its text as the edits before left it) replaced with `text`. */
  change(uri: string, start: number, end: number, text: string): void {
    if (this.#synced.has(uri)) this.#post({ kind: 'change', uri, start, end, text })
  }

  close(uri: string): void {
    if (this.#synced.delete(uri)) this.#post({ kind: 'close', uri })
  }

  /**
   * The syntax errors of the document as its edits so far left it; none if the worker dies (it is started
   * again on the next check). `text` gives the whole text, asked only when the worker does not hold the document.
   */
  check(request: Omit<WorkerCheck, 'kind' | 'id'>, text: () => string): Promise<SyntaxProblem[]> {
    this.#start()
    if (!this.#synced.has(request.uri)) this.#post({ kind: 'open', uri: request.uri, text: text() })
    const id = this.#next++
    return new Promise((resolve) => {
      this.#pending.set(id, resolve)
      this.#post({ ...request, kind: 'check', id })
    })
  }

  /** Starts the worker ahead of the first check (once the index is loaded: on two cores it would slow that load). */
  warm(): void {
    this.#start()
  }

  /** Stops the worker; checks under way answer "no error". */
  stop(): void {
    void this.#worker?.terminate()
    this.#worker = undefined
    this.#synced.clear()
    for (const resolve of this.#pending.values()) resolve([])
    this.#pending.clear()
  }

  #post(message: WorkerMessage): void {
    const worker = this.#start()
    if (message.kind === 'open') this.#synced.add(message.uri)
    worker.postMessage(message)
  }

  #start(): Worker {
    if (this.#worker !== undefined) return this.#worker
    // A small young generation: a parse makes much short-lived garbage, and the default semi-spaces
    // (16 MB each) stay resident after it; with 4 MB the server's RSS after a 1 MB document and ten edits
    // went from 214 to 193 MB (bench/lsp.ts's document, load average 13), the parse no slower to see.
    // The thread collects its garbage after each check (see syntax-worker.ts): `gc` is given to the threads started
    // after this flag is set (a Worker refuses V8 flags of its own), not to the server's thread, whose global is made.
    // A server embedded in another program gives `gc` to that program's later workers and vm contexts too: harmless.
    setFlagsFromString('--expose-gc')
    const worker = new Worker(new URL('./syntax-worker.js', import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: 4 } })
    worker.unref() // the editor's connection, not the worker, keeps the server alive
    worker.on('message', ({ id, problems }: { id: number; problems: SyntaxProblem[] }) => {
      this.#pending.get(id)?.(problems)
      this.#pending.delete(id)
    })
    worker.on('error', () => this.stop())
    worker.on('exit', () => {
      if (this.#worker === worker) this.stop()
    })
    return (this.#worker = worker)
  }
}
