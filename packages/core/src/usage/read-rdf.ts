// Reading RDF into a UsageCollector as a stream: n3's parser fed chunk by chunk, gzip undone by the platform's DecompressionStream.

import type { Quad } from '../rdf-js.js'
import { Utf8Error, Utf8Reader } from '../utf8.js'
import { UsageCollector } from './collector.js'
import { interningParser } from './interning-parser.js'
import { placeLexerErrors } from './lexer-position.js'
import { readJsonLdInto, type JsonLdToQuads } from './read-json-ld.js'
import type { Usage } from './usage.js'

/** The syntaxes the usage reader takes: n3's streaming parser, and JSON-LD through a processor the caller gives. */
export type UsageFormat = 'turtle' | 'trig' | 'n-triples' | 'n-quads' | 'json-ld'

/** What to read a file as, by its name: `.ttl`, `.trig`, `.nt`, `.nq`, `.jsonld`, each also `.gz`; undefined for others. */
export function usageFormatOf(fileName: string): { readonly format: UsageFormat; readonly gzip: boolean } | undefined {
  const match = /\.(ttl|turtle|trig|nt|nq|jsonld)(\.gz)?$/i.exec(fileName)
  if (match === null) return undefined
  const ext = match[1]!.toLowerCase()
  const format = ext === 'trig' ? 'trig' : ext === 'nt' ? 'n-triples' : ext === 'nq' ? 'n-quads' : ext === 'jsonld' ? 'json-ld' : 'turtle'
  return { format, gzip: match[2] !== undefined }
}

export interface ReadRdfOptions {
  readonly format: UsageFormat
  /** Whether the bytes are gzip'd; without it, gzip is told by its first two bytes (1f 8b), as the CLI and the resolver do. */
  readonly gzip?: boolean
  /** The document's name: where definitions are, and what errors name. */
  readonly name?: string
  /** The IRI relative IRIs resolve against (default: none; relative IRIs are then kept as written). */
  readonly baseIri?: string
  /** The JSON-LD processor, for format `json-ld` (see {@link JsonLdToQuads}): without it JSON-LD is an error. */
  readonly jsonLd?: JsonLdToQuads
}

/** RDF that does not parse: the file, line and column (1-based; column when n3 knows the token). */
export class UsageReadError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly column: number | undefined,
    readonly reason: string,
    /** What failed under the reading: a {@link Utf8Error} for bytes that are not UTF-8. */
    options?: { readonly cause?: unknown },
  ) {
    super(`${[file, line, column].filter((part) => part !== undefined).join(':')}: ${reason}`, options)
    this.name = 'UsageReadError'
  }
}

type Chunks = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>

interface StreamingParser {
  parse(
    input: { on(event: string, callback: (data?: unknown) => void): void },
    callbacks: { onQuad(error: Error | null, quad: Quad | null): void; onPrefix(prefix: string, namespace: { value: string }): void },
  ): void
  _lexer?: { previousToken?: { line?: number } }
  /** The line of the statement's subject, where the interning parser records it (see there). */
  _subjectLine?: number
}

/**
 * Reads one document into `collector` as its chunks arrive (bytes or text; a Node.js stream will do), so
 * memory holds one chunk and the collector's counts, whatever the document's size. A syntax error
 * rejects with a {@link UsageReadError}; what came before it stays counted.
 */
export async function readRdfInto(collector: UsageCollector, chunks: Chunks, options: ReadRdfOptions): Promise<void> {
  const name = options.name ?? 'input'
  if (options.format === 'json-ld') return readJsonLd(collector, chunks, { ...options, name })
  const Parser = interningParser()
  const parser = new Parser({
    format: n3Format(options.format),
    ...(options.baseIri !== undefined && { baseIRI: options.baseIri }),
  }) as unknown as StreamingParser
  placeLexerErrors(parser._lexer)
  let onData: ((data: unknown) => void) | undefined
  let onEnd: (() => void) | undefined
  let error: Error | undefined
  collector.beginDocument(name)
  const input = {
    on(event: string, callback: (data?: unknown) => void) {
      if (event === 'data') onData = callback
      else if (event === 'end') onEnd = callback as () => void
    },
  }
  parser.parse(input, {
    onQuad: (e, quad) => {
      if (e !== null) error ??= e
      else if (quad !== null) collector.addQuad(quad, parser._subjectLine ?? parser._lexer?.previousToken?.line ?? 0)
    },
    onPrefix: (prefix, namespace) => collector.addPrefix(prefix, namespace.value),
  })
  try {
    await eachText(chunks, options.gzip, (text) => {
      onData!(text)
      return error === undefined
    })
  } catch (failure) {
    collector.endDocument()
    throw inputError(failure, name)
  }
  if (error === undefined) onEnd!()
  collector.endDocument()
  if (error !== undefined) throw readError(error, name)
}

/** One document's usage: {@link readRdfInto} a fresh collector. */
export async function readUsage(chunks: Chunks, options: ReadRdfOptions): Promise<Usage> {
  const collector = new UsageCollector()
  await readRdfInto(collector, chunks, options)
  return collector.finish()
}

/** A JSON-LD document: its text gathered (gzip undone), then read whole by {@link readJsonLdInto}. */
async function readJsonLd(collector: UsageCollector, chunks: Chunks, options: ReadRdfOptions & { readonly name: string }): Promise<void> {
  // A processor gives each node's properties in its own order (jsonld.js: sorted by name), not the author's.
  collector.beginDocument(options.name, { ordered: false })
  let text = ''
  try {
    await eachText(chunks, options.gzip, (part) => {
      text += part
      return true
    })
  } catch (failure) {
    collector.endDocument()
    throw inputError(failure, options.name)
  }
  const problem = await readJsonLdInto(collector, text, options)
  collector.endDocument()
  if (problem !== undefined) throw new UsageReadError(options.name, problem.line, problem.column, problem.reason)
}

function n3Format(format: UsageFormat): string {
  return format === 'turtle' ? 'text/turtle' : format === 'trig' ? 'application/trig' : format === 'n-triples' ? 'application/n-triples' : 'application/n-quads'
}

function readError(error: Error, name: string): UsageReadError {
  const context = (error as { context?: { line?: unknown; token?: { start?: unknown }; column?: unknown } }).context
  const line = typeof context?.line === 'number' ? context.line : undefined
  const start = context?.token?.start
  // A token's start, else where a lexer error found its text (placeLexerErrors).
  const column = line === undefined ? undefined : typeof start === 'number' ? start + 1 : typeof context?.column === 'number' ? context.column : undefined
  // In the language server's words: n3 quotes the text in double quotes, which a string's own quote doubles
  // (`Unexpected ""unterminated"`), and calls the end of the document `eof`.
  const reason = error.message
    .replace(/ on line \d+\.$/, '')
    .replace(/^Unexpected "(.*)"$/s, "Unexpected '$1'")
    .replace(/got eof$/, 'the document ends')
  return new UsageReadError(name, line, column, reason)
}

/**
 * Gives `each` the document's text chunk by chunk, until it returns false: gzip undone when asked or when its first
 * two bytes say so (1f 8b: no text starts so), bytes read as UTF-8 strictly (a {@link Utf8Error} where they are not).
 * Text chunks are taken as they are. Chunks at hand (an array, a generator) are read without an await each: the
 * async generators this took before cost the reader 3–4 % against n3 alone (bench/usage.ts).
 */
async function eachText(chunks: Chunks, gzip: boolean | undefined, each: (text: string) => boolean): Promise<void> {
  const utf8 = new Utf8Reader()
  const give = (chunk: Uint8Array | string): boolean => {
    const text = typeof chunk === 'string' ? chunk : utf8.read(chunk)
    return text === '' || each(text)
  }
  const gzipped = (head: Uint8Array | string) => gzip === true || (typeof head !== 'string' && head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b)
  // A string is an iterable of its characters: read as the one chunk it is (as before, if one character at a time).
  if (typeof chunks === 'string') chunks = [chunks]
  if (Symbol.iterator in chunks) {
    const iterator = chunks[Symbol.iterator]()
    const first = iterator.next()
    if (first.done === true) return
    const rest: Iterable<Uint8Array | string> = { [Symbol.iterator]: () => iterator }
    if (gzipped(first.value)) {
      for await (const bytes of gunzip(prepended(first.value, rest))) if (!give(bytes)) return
    } else {
      let more = false
      try {
        more = give(first.value)
      } finally {
        // Stopped or failed at the first chunk (a syntax error, bytes not UTF-8): closed as the loop below closes it.
        if (!more) iterator.return?.()
      }
      if (!more) return
      for (const chunk of rest) if (!give(chunk)) return
    }
  } else {
    const iterator = chunks[Symbol.asyncIterator]()
    const first = await iterator.next()
    if (first.done === true) return
    const rest: AsyncIterable<Uint8Array | string> = { [Symbol.asyncIterator]: () => iterator }
    if (gzipped(first.value)) {
      for await (const bytes of gunzip(prependedAsync(first.value, rest))) if (!give(bytes)) return
    } else {
      let more = false
      try {
        more = give(first.value)
      } finally {
        if (!more) await iterator.return?.()
      }
      if (!more) return
      for await (const chunk of rest) if (!give(chunk)) return
    }
  }
  const end = utf8.end()
  if (end !== '') each(end)
}

function* prepended<T>(first: T, rest: Iterable<T>): Generator<T> {
  yield first
  yield* rest
}

async function* prependedAsync<T>(first: T, rest: AsyncIterable<T>): AsyncGenerator<T> {
  yield first
  yield* rest
}

/** A failure of the input (bad gzip, bytes that are not UTF-8) as a reading error, placed where it can be. */
function inputError(failure: unknown, name: string): UsageReadError {
  if (failure instanceof Utf8Error) return new UsageReadError(name, failure.line, failure.column, failure.reason, { cause: failure })
  return new UsageReadError(name, undefined, undefined, (failure as Error).message)
}

/** The bytes of a gzip stream undone, chunk by chunk (DecompressionStream: Node.js 18 and browsers alike). */
async function* gunzip(chunks: Chunks): AsyncGenerator<Uint8Array> {
  const stream = new DecompressionStream('gzip')
  const writer = stream.writable.getWriter()
  const pump = (async () => {
    try {
      for await (const chunk of chunks) await writer.write(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk)
      await writer.close()
    } catch (error) {
      await writer.abort(error).catch(() => {})
    }
  })()
  const reader = stream.readable.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      yield value
    }
  } catch (error) {
    throw new Error(`not gzip data: ${(error as Error).message}`)
  } finally {
    await reader.cancel().catch(() => {}) // a reader that stopped early unblocks the writes waiting on it
    await pump
  }
}
