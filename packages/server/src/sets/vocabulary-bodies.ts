// A vocabulary file sent to a set: its bytes read as they arrive (gzip undone, both sizes bounded) by the core's
// usage reader, or a `prefixd index` file checked; every failure an HttpError naming the file, line and column.

import { createGunzip } from 'node:zlib'
import { readUsage, Usage, usageFormatOf, UsageReadError, Utf8Error, type UsageFormat } from '@prefixd/core'
import { badEncoding, checkedUtf8, utf8Text } from '../body-text.js'
import { HttpError } from '../http-error.js'
import { JSON_LD_HEAP_MB, readJsonLdOffThread } from './json-ld-thread.js'

/** Largest vocabulary file as sent (gzip'd or not). */
export const MAX_VOCABULARY_BYTES = 16 * 2 ** 20
/** Largest vocabulary file once gzip is undone: a small gzip'd body may stand for a huge text. */
export const MAX_VOCABULARY_TEXT_BYTES = 64 * 2 ** 20

/** How a vocabulary file is read: an RDF syntax, or `usage` for a `prefixd index` file (`prefixd-usage/1`). */
export type VocabularyFormat = UsageFormat | 'usage'

/** Media types a vocabulary PUT takes; `application/octet-stream` (or none) goes by the file's name. */
export const VOCABULARY_TYPES: Readonly<Record<string, VocabularyFormat>> = {
  'text/turtle': 'turtle',
  'application/x-turtle': 'turtle',
  'application/trig': 'trig',
  'application/n-triples': 'n-triples',
  'application/n-quads': 'n-quads',
  'application/ld+json': 'json-ld',
  /** A `prefixd index` file (`prefixd-usage/1`). */
  'application/json': 'usage',
}

/** The format of a PUT by its Content-Type, else by the file's name (`lv2core.ttl.gz`); 415 when neither says. */
export function vocabularyFormat(contentType: string, file: string): VocabularyFormat {
  const [type = '', ...params] = contentType.split(';').map((part) => part.trim().toLowerCase())
  const charset = params.find((p) => p.startsWith('charset='))?.slice('charset='.length)
  if (charset !== undefined && !/^"?utf-?8"?$/.test(charset)) throw unsupported(contentType)
  const byType = VOCABULARY_TYPES[type]
  if (byType !== undefined) return byType
  // No type said: none, bytes, gzip, or curl's default for --data-binary (no one sends a form as a vocabulary file).
  if (type === '' || type === 'application/octet-stream' || type === 'application/gzip' || type === 'application/x-www-form-urlencoded') {
    const byName = usageFormatOf(file)
    if (byName !== undefined) return byName.format
    if (/\.json(\.gz)?$/i.test(file)) return 'usage'
  }
  throw unsupported(contentType)
}

function unsupported(contentType: string): HttpError {
  const types = Object.keys(VOCABULARY_TYPES).join(', ')
  return new HttpError(
    'UNSUPPORTED_MEDIA_TYPE',
    `a vocabulary file is sent as ${types} (UTF-8; gzip'd or not), or as application/octet-stream with a file name ending .ttl, .trig, .nt, .nq, .jsonld or .json (each also .gz) — not '${contentType.slice(0, 100)}'`,
  )
}

/** What a vocabulary file holds: its usage, and how it came. */
export interface ReadVocabulary {
  readonly usage: Usage
  readonly gzip: boolean
  readonly bytes: number
}

/**
 * Reads a body as it arrives. Gzip is recognized by its first two bytes (1f 8b), whatever the headers say. A syntax
 * error is a 400 `BAD_BODY` with `file`, `line` and `column`; a body past {@link MAX_VOCABULARY_BYTES} (or its text
 * past {@link MAX_VOCABULARY_TEXT_BYTES}) a 413. Nothing is kept of a body that fails.
 */
export async function readVocabularyBody(
  body: AsyncIterable<Buffer>,
  file: string,
  format: VocabularyFormat,
  jsonLdHeapMb = JSON_LD_HEAP_MB,
): Promise<ReadVocabulary> {
  const sent: Reading = { bytes: 0, gzip: false, failure: undefined }
  const text = plainChunks(limited(body, sent), sent)
  try {
    if (format === 'usage') return { usage: readUsageDocument(await gather(text, file), file), bytes: sent.bytes, gzip: sent.gzip }
    // JSON-LD is expanded whole, seconds of a core per few MiB: off this thread. The rest streams, a chunk at a time.
    const usage =
      format === 'json-ld'
        ? await readJsonLdOffThread(checkedUtf8(await gatherBytes(text), file), file, jsonLdHeapMb)
        : await readUsage(text, { format, name: file })
    return { usage, bytes: sent.bytes, gzip: sent.gzip }
  } catch (error) {
    // The reader reports a failure of its input as a reading error of its own: the limit's 413 is kept apart.
    if (sent.failure !== undefined) throw sent.failure
    if (error instanceof UsageReadError && error.cause instanceof Utf8Error) throw badEncoding(error.cause, file)
    if (error instanceof UsageReadError) throw badVocabulary(file, error.line, error.column, error.reason)
    throw error
  }
}

/** What reading a body found so far, and the failure of its input (a limit passed, bad gzip), kept for the answer. */
interface Reading {
  bytes: number
  gzip: boolean
  failure: HttpError | undefined
}

function fail(reading: Reading, error: HttpError): HttpError {
  reading.failure ??= error
  return error
}

/** The body's chunks, counted into `sent.bytes`; a 413 past the bound. */
async function* limited(body: AsyncIterable<Buffer>, sent: Reading): AsyncGenerator<Buffer> {
  const chunks = body[Symbol.asyncIterator]()
  for (;;) {
    let next: IteratorResult<Buffer>
    try {
      next = await chunks.next()
    } catch (error) {
      // The client went away mid-body (Node's 'aborted'): an answer for the log, not an internal error.
      throw fail(sent, new HttpError('BAD_BODY', `the body did not arrive whole (${(error as Error).message}); nothing was stored`))
    }
    if (next.done === true) return
    sent.bytes += next.value.length
    if (sent.bytes > MAX_VOCABULARY_BYTES) throw fail(sent, tooLarge(`a vocabulary file is at most ${MAX_VOCABULARY_BYTES} bytes as sent`))
    yield next.value
  }
}

/** The chunks as text bytes: gunzipped when the first two bytes say gzip, bounded either way. */
async function* plainChunks(chunks: AsyncGenerator<Buffer>, sent: Reading): AsyncGenerator<Buffer> {
  const first = await chunks.next()
  if (first.done === true) return
  sent.gzip = first.value.length >= 2 && first.value[0] === 0x1f && first.value[1] === 0x8b
  let size = 0
  const counted = function* (chunk: Buffer): Generator<Buffer> {
    size += chunk.length
    if (size > MAX_VOCABULARY_TEXT_BYTES) throw fail(sent, tooLarge(`a vocabulary file is at most ${MAX_VOCABULARY_TEXT_BYTES} bytes once gzip is undone`))
    yield chunk
  }
  if (!sent.gzip) {
    yield* counted(first.value)
    for await (const chunk of chunks) yield* counted(chunk)
    return
  }
  const gunzip = createGunzip()
  // A reader that stops early destroys the stream: a write waiting for 'drain' then ends on 'close'.
  const drained = () => new Promise((resolve) => (gunzip.once('drain', resolve), gunzip.once('close', resolve)))
  const feed = (async () => {
    try {
      gunzip.write(first.value)
      for await (const chunk of chunks) {
        if (gunzip.destroyed) return
        if (!gunzip.write(chunk)) await drained()
      }
      gunzip.end()
    } catch (error) {
      gunzip.destroy(error as Error)
    }
  })()
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) yield* counted(chunk)
  } catch (error) {
    if (error instanceof HttpError) throw fail(sent, error)
    throw fail(sent, new HttpError('BAD_BODY', `the body starts as gzip but does not read as gzip: ${(error as Error).message}; nothing was stored`))
  } finally {
    gunzip.destroy()
    await feed
  }
}

async function gatherBytes(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const chunk of chunks) parts.push(chunk)
  return Buffer.concat(parts)
}

async function gather(chunks: AsyncIterable<Buffer>, file: string): Promise<string> {
  return utf8Text(await gatherBytes(chunks), file)
}

/** A `prefixd index` file: JSON, and a `prefixd-usage/1` document (the loader's own message otherwise). */
function readUsageDocument(text: string, file: string): Usage {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    const message = (error as Error).message
    const at = /line (\d+) column (\d+)/.exec(message)
    throw badVocabulary(file, at ? Number(at[1]) : undefined, at ? Number(at[2]) : undefined, message.replace(/ \(line \d+ column \d+\)$/, ''))
  }
  try {
    return Usage.fromJSON(value)
  } catch (error) {
    throw badVocabulary(file, undefined, undefined, (error as Error).message)
  }
}

/** A 400 naming where the file does not read; its message says so in one line. */
function badVocabulary(file: string, line: number | undefined, column: number | undefined, reason: string): HttpError {
  const at = line === undefined ? '' : `:${line}${column === undefined ? '' : `:${column}`}`
  const message = `${file}${at}: ${reason}; nothing was stored`
  return new HttpError('BAD_BODY', message, {
    success: false,
    error: { code: 'BAD_BODY', message, file, ...(line !== undefined && { line }), ...(column !== undefined && { column }), reason },
  })
}

function tooLarge(message: string): HttpError {
  return new HttpError('PAYLOAD_TOO_LARGE', `${message}; nothing was stored`)
}
