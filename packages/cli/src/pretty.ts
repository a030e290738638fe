// prefixd pretty: N-Triples, N-Quads, Turtle or TriG in; Turtle or TriG out with the prefixes the data
// uses, streamed: n3 parses, turtle-writer.ts writes with the names prefix-chooser.ts picks.

import { extname } from 'node:path'
import type { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { pathToFileURL } from 'node:url'
import { StreamParser } from 'n3'
import type { PrefixIndex } from '@prefixd/core'
import { TurtleWriter } from './turtle-writer.js'
import { UsageError } from './usage-error.js'

export const PRETTY_FORMATS = ['n-triples', 'n-quads', 'turtle', 'trig'] as const
export type PrettyFormat = (typeof PRETTY_FORMATS)[number]

const BY_EXTENSION: Readonly<Record<string, PrettyFormat>> = { '.nt': 'n-triples', '.nq': 'n-quads', '.ttl': 'turtle', '.trig': 'trig' }
const N3_FORMAT: Readonly<Record<PrettyFormat, string>> = { 'n-triples': 'N-Triples', 'n-quads': 'N-Quads', turtle: 'Turtle', trig: 'TriG' }

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
 * Reads RDF from `input` and writes it to `output` as Turtle (from N-Triples or Turtle) or TriG (from
 * N-Quads or TriG). A prefix is declared just before the first statement that uses it (Turtle allows
 * `@prefix` between statements), so nothing is held back: memory stays bounded whatever the input's size.
 * The file's own declarations win over the index. Rejects with n3's error on a syntax error.
 */
export async function pretty(index: PrefixIndex, input: Readable, output: Writable, format: PrettyFormat, file?: string): Promise<void> {
  const parser = new StreamParser({ format: N3_FORMAT[format], ...(file !== undefined && { baseIRI: pathToFileURL(file).href }) })
  const writer = new TurtleWriter(index)
  parser.on('prefix', (prefix: string, namespace: { value: string }) => writer.chooser.declare(prefix, namespace.value))
  await pipeline(input, parser, writer, output, { end: false }) // stdout stays open: the process ends it
}
