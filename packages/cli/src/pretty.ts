// prefixd pretty: N-Triples, N-Quads, Turtle or TriG in; Turtle or TriG out with the prefixes the data uses.
// Formatted (formatted-writer.ts) when the input fits the memory budget, else streamed (turtle-writer.ts).

import { once } from 'node:events'
import { extname } from 'node:path'
import { Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { pathToFileURL } from 'node:url'
import { Parser, StreamParser } from 'n3'
import type { Quad } from '@rdfjs/types'
import type { PrefixIndex } from '@prefixd/core'
import { formatPieces } from './formatted-writer.js'
import { LanguageTags } from './language-tags.js'
import { readNQuads } from './n-quads-reader.js'
import { NQuadsStream } from './n-quads-stream.js'
import { TurtleWriter } from './turtle-writer.js'
import { UsageError } from './usage-error.js'

export const PRETTY_FORMATS = ['n-triples', 'n-quads', 'turtle', 'trig'] as const
export type PrettyFormat = (typeof PRETTY_FORMATS)[number]

/**
 * The largest input written formatted, in bytes: the whole dataset is then held in memory. n3's quads cost
 * about 8× their N-Triples text in heap (measured: 1,000,000 triples, 130 MB of text, 1.1 GB heap at the
 * peak), so 256 MiB of input stays within Node's default heap limit (about 4 GB on a 16 GB machine, 2 GB
 * from 4 GB down), with room for the text written. Larger input is streamed.
 */
export const FORMATTED_BUDGET = 256 * 2 ** 20

const BY_EXTENSION: Readonly<Record<string, PrettyFormat>> = { '.nt': 'n-triples', '.nq': 'n-quads', '.ttl': 'turtle', '.trig': 'trig' }
const N3_FORMAT: Readonly<Record<PrettyFormat, string>> = { 'n-triples': 'N-Triples', 'n-quads': 'N-Quads', turtle: 'Turtle', trig: 'TriG' }

export interface PrettyOptions {
  readonly format: PrettyFormat
  /** The file read, if any: its URL is the base with `resolveIris`. */
  readonly file?: string
  /** Default `false`: stream whatever the input's size (bounded memory, statements in input order). */
  readonly stream?: boolean
  /** Default `true`: names rdflib, Jena or n3 would refuse are written as full IRIs. */
  readonly strictNames?: boolean
  /**
   * Default `false`: relative IRIs are kept as written, and the input's `@base` with them. `true` resolves
   * them against the input's `@base`, else the file's URL.
   */
  readonly resolveIris?: boolean
  /** Default `false`: a namespace nothing names gets no made-up prefix; `true` derives one (formatted output only) and says so. */
  readonly derivePrefixes?: boolean
  /** Default {@link FORMATTED_BUDGET}: larger input is streamed. */
  readonly budget?: number
}

/** The input syntax: `--format`, else the file's extension, else Turtle (which reads N-Triples too). */
export function prettyFormat(file: string | undefined, format: string | undefined): PrettyFormat {
  if (format !== undefined) {
    if (!(PRETTY_FORMATS as readonly string[]).includes(format)) throw new UsageError(`unknown format '${format}'; use ${PRETTY_FORMATS.join(', ')}`)
    return format as PrettyFormat
  }
  if (file === undefined) return 'turtle'
  const byExtension = BY_EXTENSION[extname(file).toLowerCase()]
  if (byExtension === undefined) throw new UsageError(`${file}: cannot tell the RDF syntax; use .nt, .nq, .ttl or .trig, or --format`)
  return byExtension
}

/**
 * Reads RDF from `input` and writes it to `output` as Turtle (TriG when a quad is in a named graph).
 * Input up to the budget is written formatted ({@link formatPieces}); larger input, or any with
 * `stream`, is streamed with bounded memory ({@link TurtleWriter}). The input's own declarations win over
 * the index. Rejects with n3's error on a syntax error.
 */
export async function pretty(index: PrefixIndex, input: Readable, output: Writable, options: PrettyOptions): Promise<void> {
  const baseIRI = options.resolveIris === true && options.file !== undefined ? pathToFileURL(options.file).href : undefined
  if (options.stream !== true) {
    const held = await holdUpTo(input, options.budget ?? FORMATTED_BUDGET)
    if (held.complete) return formatted(index, held.chunks, output, options, baseIRI)
    input = Readable.from(held.rest())
  }
  const tags = new LanguageTags()
  const writer = new TurtleWriter(index, { strictNames: options.strictNames ?? true, language: tags.written })
  // Line-based input without a base to resolve against is read by the fast reader (n3 where it says so).
  const lines = (options.format === 'n-triples' || options.format === 'n-quads') && baseIRI === undefined
  // The stream keeps n3's resolution: relative IRIs stay relative but for an `@base`, which it does not write.
  const parser = lines
    ? new NQuadsStream(options.format === 'n-quads')
    : new StreamParser({ format: N3_FORMAT[options.format], ...(baseIRI !== undefined && { baseIRI }) })
  parser.on('prefix', (prefix: string, namespace: { value: string }) => writer.chooser.declare(prefix, namespace.value))
  // Each chunk's tags are read as the parser takes it, before it reads the literals in it (no stream stage of its own).
  const parserInternals = parser as unknown as { _transform(chunk: Buffer | string, encoding: BufferEncoding, done: (error?: Error | null) => void): void }
  const take = parserInternals._transform.bind(parser)
  parserInternals._transform = (chunk, encoding, done) => {
    tags.read(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
    take(chunk, encoding, done)
  }
  await pipeline(input, parser, writer, output, { end: false }) // stdout stays open: the process ends it
}

interface Held {
  readonly chunks: Buffer[]
  /** Whether the input ended within the budget. */
  readonly complete: boolean
  /** The held chunks, then the rest of the input. */
  rest(): AsyncGenerator<Buffer>
}

/** Reads `input` until it ends or passes `budget` bytes. */
async function holdUpTo(input: Readable, budget: number): Promise<Held> {
  const chunks: Buffer[] = []
  let size = 0
  const iterator = input[Symbol.asyncIterator]()
  let complete = true
  for (;;) {
    const next = await iterator.next()
    if (next.done === true) break
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : (next.value as Buffer)
    chunks.push(chunk)
    size += chunk.length
    if (size > budget) {
      complete = false
      break
    }
  }
  return {
    chunks,
    complete,
    async *rest() {
      yield* chunks
      for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) yield next.value as Buffer
    },
  }
}

/** The private parts of n3's Parser that keep relative IRIs as written (n3 has no option for it). */
interface ParserInternals {
  _resolveRelativeIRI(iri: string): string
  _setBase(iri: string | undefined): void
}

async function formatted(index: PrefixIndex, chunks: Buffer[], output: Writable, options: PrettyOptions, baseIRI: string | undefined): Promise<void> {
  const bytes = Buffer.concat(chunks)
  chunks.length = 0
  // Line-based input of plain lines is read without n3 (its parse was most of the time); n3 reads the rest.
  const tags = new LanguageTags()
  tags.read(bytes)
  tags.end()
  const lines = options.format === 'n-triples' || options.format === 'n-quads' ? readNQuads(bytes, options.format === 'n-quads') : undefined
  if (lines !== undefined) return write(index, { quads: lines, declared: new Map(), bases: new Set(), relativeFirst: false }, output, options, tags)
  const text = bytes.toString('utf8')
  let read = parse(text, options.format, baseIRI, options.resolveIris === true)
  // Relative IRIs under two different bases cannot be kept as written below one `@base`, nor those written before
  // the first `@base` (they resolve against the document's own address, not that base): resolved instead, which
  // leaves those before any `@base` relative, as the input had them.
  if (read.bases.size > 1 || (read.bases.size === 1 && read.relativeFirst)) read = parse(text, options.format, baseIRI, true)
  return write(index, read, output, options, tags)
}

async function write(index: PrefixIndex, read: Read, output: Writable, options: PrettyOptions, tags: LanguageTags): Promise<void> {
  const base = read.bases.size === 1 ? [...read.bases][0] : undefined
  const pieces = formatPieces(index, read.quads, {
    strictNames: options.strictNames ?? true,
    derivePrefixes: options.derivePrefixes === true,
    declared: read.declared,
    language: tags.written,
    ...(base !== undefined && { base }),
  })
  for (const piece of pieces) if (piece !== '' && !output.write(piece)) await once(output, 'drain')
}

interface Read {
  readonly quads: Quad[]
  readonly declared: Map<string, string>
  /** The `@base` IRIs declared, kept when relative IRIs are (else empty). */
  readonly bases: Set<string>
  /** A relative IRI came before the first `@base` (kept relative; so then it cannot be put under that base). */
  readonly relativeFirst: boolean
}

function parse(text: string, format: PrettyFormat, baseIRI: string | undefined, resolve: boolean): Read {
  const parser = new Parser({ format: N3_FORMAT[format], ...(baseIRI !== undefined && { baseIRI }) })
  const bases = new Set<string>()
  let relativeFirst = false
  if (!resolve) {
    const internals = parser as unknown as ParserInternals
    internals._resolveRelativeIRI = (iri) => {
      if (bases.size === 0) relativeFirst = true
      return iri
    }
    internals._setBase = (iri) => {
      if (iri) bases.add(iri)
    }
  }
  const declared = new Map<string, string>()
  const quads = parser.parse(text, null, (prefix, namespace) => {
    if (!declared.has(prefix)) declared.set(prefix, namespace.value)
  })
  return { quads, declared, bases, relativeFirst }
}
