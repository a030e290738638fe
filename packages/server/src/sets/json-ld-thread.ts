// JSON-LD vocabulary files read off the resolver's thread (json-ld-worker.ts), a thread per file, a few at a time.

import { Worker } from 'node:worker_threads'
import { Usage, UsageReadError } from '@prefixd/core'
import type { JsonLdAnswer, JsonLdWork } from './json-ld-worker.js'

/** Files read at once: each thread may hold a 64 MiB document and its expansion; more wait their turn. */
export const MAX_JSON_LD_THREADS = 2

let running = 0
const waiting: Array<() => void> = []

/**
 * The usage of a JSON-LD document's bytes, read on a thread of its own: the resolver's thread only waits. Fails as
 * `readUsage` fails (a `UsageReadError` with the file's line and column where the document does not read).
 */
export async function readJsonLdOffThread(bytes: Uint8Array, name: string): Promise<Usage> {
  if (running >= MAX_JSON_LD_THREADS) await new Promise<void>((resolve) => waiting.push(resolve))
  running++
  try {
    const answer = await onThread({ bytes: own(bytes), name })
    if ('usage' in answer) return Usage.fromJSON(JSON.parse(answer.usage))
    if ('reason' in answer) throw new UsageReadError(name, answer.line, answer.column, answer.reason)
    throw new Error(`reading ${name} failed: ${answer.failed}`)
  } finally {
    running--
    waiting.shift()?.()
  }
}

function onThread(work: JsonLdWork): Promise<JsonLdAnswer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./json-ld-worker.js', import.meta.url), { workerData: work, transferList: [work.bytes.buffer as ArrayBuffer] })
    let answered = false
    worker.once('message', (answer: JsonLdAnswer) => ((answered = true), resolve(answer)))
    worker.once('error', reject)
    worker.once('exit', (code) => answered || reject(new Error(`the JSON-LD reading thread exited (${code}) without an answer`)))
  })
}

/** The bytes in a buffer of their own, so that handing the buffer to the thread takes nothing else with it. */
function own(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice()
}
