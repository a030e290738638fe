// JSON-LD vocabulary files read off the resolver's thread (json-ld-worker.ts), a thread per file, a few at a time.

import { Worker } from 'node:worker_threads'
import { Usage, UsageReadError } from '@prefixd/core'
import { HttpError } from '../http-error.js'
import type { JsonLdAnswer, JsonLdWork } from './json-ld-worker.js'

/** Files read at once: each thread may hold a 64 MiB document and its expansion; more wait their turn. */
export const MAX_JSON_LD_THREADS = 2

/**
 * The heap a reading thread may take (MB), past which it is stopped and the file refused with a 413: a document of
 * the 64 MiB allowed may expand past what the machine has, and a thread's memory is the resolver process's.
 */
export const JSON_LD_HEAP_MB = 2048

/** Files that may wait for a thread: each holds its bytes (up to 64 MiB) while it waits, so the wait is bounded too. */
export const MAX_JSON_LD_WAITING = 8

let running = 0
const waiting: Array<() => void> = []

/**
 * The usage of a JSON-LD document's bytes, read on a thread of its own: the resolver's thread only waits. Fails as
 * `readUsage` fails (a `UsageReadError` with the file's line and column where the document does not read), with a 413
 * when the thread passes `heapMb`, a 503 when {@link MAX_JSON_LD_WAITING} files already wait for a thread, and a 400
 * naming the file for any other failure of the thread.
 */
export async function readJsonLdOffThread(bytes: Uint8Array, name: string, heapMb = JSON_LD_HEAP_MB): Promise<Usage> {
  await takeThread(name)
  try {
    const answer = await onThread({ bytes: own(bytes), name }, heapMb)
    if ('usage' in answer) return Usage.fromJSON(JSON.parse(answer.usage))
    if ('reason' in answer) throw new UsageReadError(name, answer.line, answer.column, answer.reason)
    throw new HttpError('BAD_BODY', `${name}: not read as JSON-LD (${answer.failed}); nothing was stored`)
  } finally {
    releaseThread()
  }
}

async function takeThread(name: string): Promise<void> {
  if (running < MAX_JSON_LD_THREADS) return void running++
  if (waiting.length >= MAX_JSON_LD_WAITING)
    throw new HttpError(
      'UNAVAILABLE',
      `${name}: ${MAX_JSON_LD_THREADS} JSON-LD files are being read and ${MAX_JSON_LD_WAITING} wait their turn; nothing was stored, send it again later`,
    )
  // The thread is handed over by the reading that ends (releaseThread), `running` unchanged: a caller arriving between
  // its end and this one's resumption cannot take it too.
  await new Promise<void>((resolve) => waiting.push(resolve))
}

function releaseThread(): void {
  const next = waiting.shift()
  if (next === undefined) running--
  else next()
}

function onThread(work: JsonLdWork, heapMb: number): Promise<JsonLdAnswer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./json-ld-worker.js', import.meta.url), {
      workerData: work,
      transferList: [work.bytes.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    })
    let answered = false
    worker.once('message', (answer: JsonLdAnswer) => ((answered = true), resolve(answer)))
    worker.once('error', (error: Error & { code?: string }) => {
      answered = true
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY')
        reject(new HttpError('PAYLOAD_TOO_LARGE', `${work.name}: expanding it as JSON-LD takes more than the ${heapMb} MB its reading may; nothing was stored`))
      else resolve({ failed: error.message })
    })
    worker.once('exit', (code) => answered || resolve({ failed: `its reading thread ended (${code}) without an answer` }))
  })
}

/** The bytes in a buffer of their own, so that handing the buffer to the thread takes nothing else with it. */
function own(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice()
}
