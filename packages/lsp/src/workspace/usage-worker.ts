// The workspace reading's own thread: parsing 100 MB of RDF takes seconds of a core and much garbage, and the
// server's thread must keep answering completions meanwhile. It reads one file at a time and sends its usage back;
// it also lists the folders' RDF files and finds their shape files, each a walk of the whole folder.

import type { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { parentPort } from 'node:worker_threads'
import { readRdfInto, transferOf, UsageCollector, usageFormatOf, usageRows, type UsageRows } from '@prefixd/core'
import { jsonLdQuads } from '../json-ld/json-ld.js'
import { shapeFilesFound } from '../shacl/shape-files.js'
import { lowerThreadPriority } from '../thread-priority.js'
import { listWorkspaceFiles, type WorkspaceListing } from './workspace-files.js'

/** Chunks read at a time: on this thread their size holds up no request. */
const CHUNK_BYTES = 64 * 1024
/** Files up to this size are read in one call. */
const WHOLE_FILE_BYTES = 1024 * 1024

// Niced as the syntax thread is: reading never delays a completion. On a busy machine that slows the reading
// (at a load of 8–9 on 2 cores, 750 files took 2.8–3.2 s where the server's own thread took 1.1–1.9 s, and 1.9–3.9 s
// at the server's priority); on an idle one a core of its own runs it at full speed.
lowerThreadPriority()

/**
 * What the server's thread asks: a file to read (from disk, or from the text an editor has of it), a folder's RDF
 * files listed (workspace-files.ts), or its shape files found (shape-files.ts).
 */
export type UsageWorkerRequest =
  | { readonly id: number; readonly kind: 'read'; readonly path: string; readonly text?: string }
  | { readonly id: number; readonly kind: 'list'; readonly folder: string }
  | { readonly id: number; readonly kind: 'shapes'; readonly folder: string; readonly globs?: readonly string[] }

/** A file's usage as rows (what precedes a syntax error kept, the error in `problem`), or `gone` when the file is not there. */
export type ReadAnswer = { readonly id: number; readonly usage: UsageRows; readonly problem?: string } | { readonly id: number; readonly gone: true }

export type UsageWorkerAnswer =
  | ReadAnswer
  | { readonly id: number; readonly listing: WorkspaceListing }
  | { readonly id: number; readonly shapes: string[] }
  | { readonly id: number; readonly failed: string }

async function read({ id, path, text }: UsageWorkerRequest & { kind: 'read' }): Promise<ReadAnswer> {
  const format = usageFormatOf(path)
  if (format === undefined) return { id, gone: true }
  let chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string> = [text ?? '']
  let stream: ReturnType<typeof createReadStream> | undefined
  if (text === undefined) {
    const handle = await open(path).catch(() => undefined)
    if (handle === undefined) return { id, gone: true }
    try {
      // A small file in one read (most are: a stream's events cost more than its parse); a large one as a stream.
      const size = (await handle.stat()).size
      if (size <= WHOLE_FILE_BYTES) chunks = [await handle.readFile()]
      else chunks = stream = handle.createReadStream({ highWaterMark: CHUNK_BYTES, autoClose: false })
    } catch {
      await handle.close()
      return { id, gone: true }
    }
    stream?.once('close', () => void handle.close())
    if (stream === undefined) await handle.close()
  }
  const collector = new UsageCollector()
  let problem: string | undefined
  try {
    await readRdfInto(collector, chunks, { format: format.format, gzip: text === undefined && format.gzip, name: path, jsonLd: jsonLdQuads })
  } catch (error) {
    problem = (error as Error).message
  } finally {
    stream?.destroy()
  }
  return { id, usage: usageRows(collector.finish()), ...(problem !== undefined && { problem }) }
}

// One file at a time, in the order asked: a file read again after a change is answered after the first reading.
// A listing or a shape search runs beside the readings (their awaits interleave): on the server's thread the shape
// search alone took a quarter of a core for the first half second of a 100 MB workspace, its stat and read calls
// holding up the completions that came meanwhile.
let queue = Promise.resolve()
parentPort?.on('message', (request: UsageWorkerRequest) => {
  const { id } = request
  if (request.kind === 'list')
    void answer(
      id,
      listWorkspaceFiles(request.folder).then((listing) => ({ id, listing })),
    )
  else if (request.kind === 'shapes')
    void answer(
      id,
      shapeFilesFound(request.folder, request.globs).then((shapes) => ({ id, shapes })),
    )
  else queue = queue.then(() => answer(id, read(request)))
})

async function answer(id: number, answered: Promise<UsageWorkerAnswer>): Promise<void> {
  const message = await answered.catch((error: Error): UsageWorkerAnswer => ({ id, failed: error.message }))
  // A usage's rows move to the server's thread (see UsageRows): no copy, and nothing there to parse.
  parentPort!.postMessage(message, 'usage' in message ? transferOf(message.usage) : [])
}
