// The syntax check's own thread: parsing a large document takes a while, and the server must keep
// answering completions meanwhile. It keeps a copy of each open document, edited by the same changes.

import { parentPort } from 'node:worker_threads'
import { syntaxErrors, type SyntaxProblem, type SyntaxRequest } from './syntax-errors.js'

/** A check of a document the worker holds. */
export type WorkerCheck = Omit<SyntaxRequest, 'text'> & { readonly kind: 'check'; readonly id: number; readonly uri: string }

/** What the server sends: documents opened, edited and closed, and checks. */
export type WorkerMessage =
  | { readonly kind: 'open'; readonly uri: string; readonly text: string }
  | { readonly kind: 'change'; readonly uri: string; readonly start: number; readonly end: number; readonly text: string }
  | { readonly kind: 'close'; readonly uri: string }
  | WorkerCheck

const documents = new Map<string, string>()

/**
 * A full collection, run after each check's answer is sent. A check of a 1 MB document leaves some 15 MB of
 * garbage on this thread (the text flattened after each edit, tokens read to resume after an error, the
 * parsers' own), and V8 let it stay until the heap grew further: the thread's heap stood at 20–22 MB after
 * each check where 6–7 MB were live. Collected at once it falls back to 9–11 MB, for a few milliseconds of
 * this thread's time against the parse's hundreds. (`gc` is there when the server set --expose-gc first.)
 */
const collect = (globalThis as { gc?: () => void }).gc

parentPort?.on('message', async (message: WorkerMessage) => {
  switch (message.kind) {
    case 'open':
      documents.set(message.uri, message.text)
      return
    case 'change': {
      const text = documents.get(message.uri)
      if (text !== undefined) documents.set(message.uri, text.slice(0, message.start) + message.text + text.slice(message.end))
      return
    }
    case 'close':
      documents.delete(message.uri)
      return
    case 'check': {
      const { kind: _kind, id, uri, ...request } = message
      const text = documents.get(uri) ?? ''
      const problems = await syntaxErrors({ ...request, text }).catch((error: Error): SyntaxProblem[] => [
        { line: 0, startColumn: 0, endColumn: 1, message: `the syntax check failed: ${error.message}` },
      ])
      parentPort!.postMessage({ id, problems })
      if (collect !== undefined) setImmediate(collect)
    }
  }
})
