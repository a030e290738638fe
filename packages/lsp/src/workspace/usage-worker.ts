// The workspace reading's own thread: parsing 100 MB of RDF takes seconds of a core and much garbage, and the
// server's thread must keep answering completions meanwhile. It reads one file at a time and sends its usage back.

import { createReadStream } from 'node:fs'
import { parentPort } from 'node:worker_threads'
import { readRdfInto, UsageCollector, usageFormatOf, type UsageFile } from '@prefixd/core'
import { jsonLdQuads } from '../json-ld/json-ld.js'
import { lowerThreadPriority } from '../thread-priority.js'

/** Chunks read at a time: on this thread their size holds up no request. */
const CHUNK_BYTES = 64 * 1024

lowerThreadPriority()

/** A file to read: from disk, or from the text an editor has of it. */
export interface UsageWorkerRequest {
  readonly id: number
  readonly path: string
  readonly text?: string
}

/** Its usage (what precedes a syntax error kept, the error in `problem`), or `gone` when the file is not there. */
export type UsageWorkerAnswer = { readonly id: number; readonly usage: UsageFile; readonly problem?: string } | { readonly id: number; readonly gone: true }

async function read({ id, path, text }: UsageWorkerRequest): Promise<UsageWorkerAnswer> {
  const format = usageFormatOf(path)
  if (format === undefined) return { id, gone: true }
  let chunks: AsyncIterable<Uint8Array | string> | Iterable<string> = [text ?? '']
  let stream: ReturnType<typeof createReadStream> | undefined
  if (text === undefined) {
    stream = createReadStream(path, { highWaterMark: CHUNK_BYTES })
    const opened = await new Promise<boolean>((resolve) => {
      stream!.once('open', () => resolve(true))
      stream!.once('error', () => resolve(false))
    })
    if (!opened) return { id, gone: true }
    chunks = stream
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
  return { id, usage: collector.finish().toJSON(), ...(problem !== undefined && { problem }) }
}

// One file at a time, in the order asked: a file read again after a change is answered after the first reading.
let queue = Promise.resolve()
parentPort?.on('message', (request: UsageWorkerRequest) => {
  queue = queue.then(async () => parentPort!.postMessage(await read(request)))
})
