// prefixd pretty: N-Triples, N-Quads, Turtle or TriG in; Turtle or TriG out with the prefixes the data
// uses, streamed: n3 parses and writes, this module picks prefixes as their first IRI goes by.

import { extname } from 'node:path'
import { Transform, type Readable, type TransformCallback, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { pathToFileURL } from 'node:url'
import type { Quad, Term } from '@rdfjs/types'
import { StreamParser, Writer } from 'n3'
import { PrefixIndexBuilder, type PrefixIndex } from '@prefixd/core'
import { UsageError } from './usage-error.js'

export const PRETTY_FORMATS = ['n-triples', 'n-quads', 'turtle', 'trig'] as const
export type PrettyFormat = (typeof PRETTY_FORMATS)[number]

const BY_EXTENSION: Readonly<Record<string, PrettyFormat>> = { '.nt': 'n-triples', '.nq': 'n-quads', '.ttl': 'turtle', '.trig': 'trig' }
const N3_FORMAT: Readonly<Record<PrettyFormat, string>> = { 'n-triples': 'N-Triples', 'n-quads': 'N-Quads', turtle: 'Turtle', trig: 'TriG' }
/** Output text is pushed in chunks of this size: n3 writes a few characters at a time. */
const CHUNK = 64 * 1024
/** IRI families whose prefix is remembered; beyond it the memo starts afresh, so memory stays bounded. */
const MEMO_SIZE = 16_384
/** Settled families of one length compared in place before the set of them is asked. */
const RECENT_PER_LENGTH = 4
/** A file's own declarations taken into account; more are ignored (they only cost memory). */
const MAX_DECLARATIONS = 10_000

/** Datatypes n3 does not write (plain and language-tagged strings): they need no prefix. */
const IMPLICIT_DATATYPES = new Set([
  'http://www.w3.org/2001/XMLSchema#string',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#dirLangString',
])

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
  const chooser = new PrefixChooser(index, format === 'n-quads' || format === 'trig' ? 'TriG' : 'Turtle')
  parser.on('prefix', (prefix: string, namespace: { value: string }) => chooser.declare(prefix, namespace.value))
  await pipeline(input, parser, chooser, output, { end: false }) // stdout stays open: the process ends it
}

/** Quads in, text out: declares each prefix the first time an IRI needs it, then lets n3 write the quad. */
class PrefixChooser extends Transform {
  readonly #index: PrefixIndex
  readonly #writer: Writer
  #text = ''
  /** Prefixes declared in the output, never rebound: a prefix taken for another namespace is not used. */
  readonly #written = new Map<string, string>()
  /** IRI families (up to the last '/' or '#') whose prefix is settled: declared, or none fits. */
  readonly #settled = new Set<string>()
  /** The first settled families of each length, also in {@link PrefixChooser.#settled}, looked at first. */
  readonly #recent = new Map<number, string[]>()
  #lastSubject = ''
  readonly #declared = new Map<string, string>()
  /** The input's own declarations as an index, rebuilt when one is added; consulted first. */
  #fileIndex: PrefixIndex | undefined

  constructor(index: PrefixIndex, format: 'Turtle' | 'TriG') {
    super({ writableObjectMode: true, readableObjectMode: false })
    this.#index = index
    const sink = {
      write: (chunk: string, _encoding?: unknown, done?: () => void) => {
        this.#text += chunk
        done?.()
      },
      end: (done?: () => void) => done?.(),
    }
    this.#writer = new Writer(sink, { format })
  }

  declare(prefix: string, namespace: string): void {
    if (this.#declared.get(prefix) === namespace || this.#declared.size >= MAX_DECLARATIONS) return
    this.#declared.set(prefix, namespace)
    this.#fileIndex = undefined
    this.#forget() // a new declaration may give an IRI seen before a better prefix
    this.#lastSubject = ''
  }

  override _transform(quad: Quad, _encoding: BufferEncoding, done: TransformCallback): void {
    // Dumps list a subject's statements together: its IRI needs one look.
    const subject = quad.subject
    if (subject.termType !== 'NamedNode' || subject.value !== this.#lastSubject) {
      this.#visit(subject)
      if (subject.termType === 'NamedNode') this.#lastSubject = subject.value
    }
    this.#visit(quad.predicate)
    this.#visit(quad.object)
    this.#visit(quad.graph)
    this.#writer.addQuad(quad)
    if (this.#text.length >= CHUNK) this.#flush()
    done()
  }

  override _flush(done: TransformCallback): void {
    this.#writer.end(() => {
      this.#flush()
      done()
    })
  }

  #flush(): void {
    if (this.#text !== '') this.push(this.#text)
    this.#text = ''
  }

  #visit(term: Term): void {
    if (term.termType === 'NamedNode') this.#need(term.value)
    else if (term.termType === 'Literal') {
      if (!IMPLICIT_DATATYPES.has(term.datatype.value)) this.#need(term.datatype.value)
    }
    else if (term.termType === 'Quad') {
      this.#visit(term.subject)
      this.#visit(term.predicate)
      this.#visit(term.object)
      this.#visit(term.graph)
    }
  }

  #need(iri: string): void {
    // IRIs come in families (…/resource/1, …/resource/2): one shrink settles the family, keyed by the IRI
    // up to its last '/' or '#'. Only when the chosen namespace extends past that point (…/entity/Q) does
    // the next IRI of the family get its own look.
    let end = iri.length
    while (end > 0 && iri.charCodeAt(end - 1) !== 0x2f && iri.charCodeAt(end - 1) !== 0x23) end--
    // A few settled families per length are compared in place: cutting and hashing each IRI's family
    // was the largest part of the time pretty adds to n3 (CPU profile).
    const recent = this.#recent.get(end)
    if (recent !== undefined) for (const family of recent) if (iri.startsWith(family)) return
    const cut = iri.slice(0, end)
    if (this.#settled.has(cut)) return
    const file = this.#file()
    const fromFile = file?.shrink(iri)
    // Exact names only: through a namespace synonym the writer would be given a namespace its IRIs are not in.
    const name = fromFile ?? this.#index.shrink(iri, { synonyms: false })
    const prefix = name?.slice(0, name.indexOf(':'))
    const namespace = prefix === undefined ? undefined : (fromFile !== undefined ? file! : this.#index).namespace(prefix)
    if (namespace === undefined || namespace.length <= cut.length) this.#settle(cut)
    if (prefix === undefined || namespace === undefined || this.#written.has(prefix)) return
    this.#written.set(prefix, namespace)
    this.#writer.addPrefix(prefix, namespace)
  }

  #settle(cut: string): void {
    if (this.#settled.size >= MEMO_SIZE) this.#forget()
    this.#settled.add(cut)
    const recent = this.#recent.get(cut.length)
    if (recent === undefined) this.#recent.set(cut.length, [cut])
    else if (recent.length < RECENT_PER_LENGTH) recent.push(cut)
  }

  /** Forgets every settled family (bounded memory; a new declaration may also settle them otherwise). */
  #forget(): void {
    this.#settled.clear()
    this.#recent.clear()
  }

  #file(): PrefixIndex | undefined {
    if (this.#fileIndex === undefined && this.#declared.size > 0) {
      // Invalid entries (a relative namespace) are left out by the builder; the index's own prefixes remain.
      this.#fileIndex = new PrefixIndexBuilder().addPrefixes(this.#declared, { source: 'input' }).build()
    }
    return this.#fileIndex
  }
}
