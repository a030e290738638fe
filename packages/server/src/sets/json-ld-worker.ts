// A JSON-LD vocabulary file read on a thread of its own: the JSON-LD processor expands a document whole, a few seconds
// of a core for 5 MiB and about a minute for the 64 MiB a set's file may be, and on the resolver's thread that would
// hold every other request as long. It answers the file's usage as prefixd-usage/1 text, or why it does not read.

import { parentPort, workerData } from 'node:worker_threads'
import { readUsage, UsageReadError } from '@prefixd/core'
import { jsonLdQuads } from '@prefixd/lsp/json-ld'

/** What the thread is given: the file's bytes (transferred, not copied) and its name. */
export interface JsonLdWork {
  readonly bytes: Uint8Array
  readonly name: string
}

/** Its answer: the usage read, a reading error's place and reason, or another failure's message. */
export type JsonLdAnswer =
  { readonly usage: string } | { readonly line: number | undefined; readonly column: number | undefined; readonly reason: string } | { readonly failed: string }

const { bytes, name } = workerData as JsonLdWork
let answer: JsonLdAnswer
try {
  answer = { usage: JSON.stringify(await readUsage([bytes], { format: 'json-ld', name, jsonLd: jsonLdQuads })) }
} catch (error) {
  answer = error instanceof UsageReadError ? { line: error.line, column: error.column, reason: error.reason } : { failed: (error as Error).message }
}
parentPort!.postMessage(answer)
