// The syntax check's own thread: parsing a large document takes a while, and the server must keep
// answering completions meanwhile. It keeps a copy of each open document, edited by the same changes.

import { parentPort } from 'node:worker_threads'
import { LineDocument } from '../text/line-document.js'
import { lowerThreadPriority } from '../thread-priority.js'
import { syntaxErrors, type SyntaxProblem, type SyntaxRequest } from './syntax-errors.js'

lowerThreadPriority()

/** A check of a document the worker holds. */
export type WorkerCheck = Omit<SyntaxRequest, 'text'> & { readonly kind: 'check'; readonly id: number; readonly uri: string }

/** What the server sends: documents opened, edited and closed, and checks. */
export type WorkerMessage =
  | { readonly kind: 'open'; readonly uri: string; readonly text: string }
  | { readonly kind: 'change'; readonly uri: string; readonly start: number; readonly end: number; readonly text: string }
  | { readonly kind: 'close'; readonly uri: string }
  | WorkerCheck

/**
 * The documents, kept as lines: an edit replaces a line or a few, and the text is joined once per check. Kept as
 * one string, each edit sliced and concatenated it again — a copy of the whole document per keystroke (1 MB: 1.3 ms
 * of this thread's CPU each, taken from the editor and the server on a 2-core machine while the user types).
 */
const documents = new Map<string, LineDocument>()

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
      documents.set(message.uri, new LineDocument(message.uri, '', 0, message.text))
      return
    case 'change':
      documents.get(message.uri)?.replace(message.start, message.end, message.text)
      return
    case 'close':
      documents.delete(message.uri)
      return
    case 'check': {
      const { kind: _kind, id, uri, ...request } = message
      const text = documents.get(uri)?.getText() ?? ''
      // Its lines cut afresh from the text joined: the lines kept before (and the text they were cut from) are let go.
      if (documents.has(uri)) documents.set(uri, new LineDocument(uri, '', 0, text))
      const problems = await syntaxErrors({ ...request, text }).catch((error: Error): SyntaxProblem[] => [
        { line: 0, startColumn: 0, endColumn: 1, message: `the syntax check failed: ${error.message}` },
      ])
      parentPort!.postMessage({ id, problems })
      if (collect !== undefined) setImmediate(collect)
    }
  }
})
