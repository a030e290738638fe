// The knowledge tier's term entries by IRI: from a parsed file, or from a /2 file's bytes, one line read per lookup.

import { PrefixError } from '../errors.js'
import { checkKnowledgeFile, expandIri, expandIris, KNOWLEDGE_FORMAT, namespaceEnd, type KnowledgeFile, type KnowledgeTermEntry } from './knowledge-file.js'

/** A term's entry with its subclasses and subproperties (positions in the file's `iris`). */
export interface FoundEntry {
  readonly entry: KnowledgeTermEntry
  readonly subClasses: readonly number[] | undefined
  readonly subProperties: readonly number[] | undefined
}

/** What {@link Knowledge} asks of the terms: an entry by IRI, and the IRI at a position. */
export interface KnowledgeTerms {
  /** Number of terms with an entry. */
  readonly size: number
  find(iri: string): FoundEntry | undefined
  iri(position: number): string
}

/** The terms of a parsed file (`/1`, or `/2` parsed whole, as a browser's module gives it): every entry in a map. */
export class ParsedTerms implements KnowledgeTerms {
  readonly #iris: readonly string[]
  readonly #byIri = new Map<string, KnowledgeTermEntry>()
  readonly #subClasses = new Map<number, number[]>()
  readonly #subProperties = new Map<number, number[]>()

  constructor(file: KnowledgeFile) {
    this.#iris = expandIris(file)
    for (const entry of file.terms) {
      this.#byIri.set(this.#iris[entry.i]!, entry)
      for (const parent of entry.sc ?? []) push(this.#subClasses, parent, entry.i)
      for (const parent of entry.sp ?? []) push(this.#subProperties, parent, entry.i)
    }
  }

  get size(): number {
    return this.#byIri.size
  }

  find(iri: string): FoundEntry | undefined {
    const entry = this.#byIri.get(iri)
    if (entry === undefined) return undefined
    return { entry, subClasses: this.#subClasses.get(entry.i), subProperties: this.#subProperties.get(entry.i) }
  }

  iri(position: number): string {
    return this.#iris[position]!
  }
}

const NEWLINE = 10
const COMMA = 44
const TERMS_OPEN = '"terms":['

/**
 * The terms of a `/2` file read from its bytes as they lie: the first line (everything but the terms) is
 * parsed, and for each term only where its line starts and ends is kept. A lookup parses one line. The
 * tier's 19,000 entries and 2 MB of definitions then cost the file's bytes (outside the JS heap in
 * Node.js) and two number arrays, not an object graph — and loading it parses 0.6 MB instead of 3 MB.
 */
export class LineTerms implements KnowledgeTerms {
  readonly #bytes: Uint8Array
  readonly #namespaces: readonly string[]
  readonly #namespaceIndex: ReadonlyMap<string, number>
  readonly #iris: readonly string[]
  /** Position in `iris`, by the IRI as the file writes it (`n|local`): no second copy of each IRI is made. */
  readonly #positions = new Map<string, number>()
  /** Per position in `iris`: the line of its entry (start offset), or -1. */
  readonly #lineStart: Int32Array
  readonly #lineEnd: Int32Array
  readonly size: number
  static readonly #decoder = new TextDecoder()

  /** `header`: the file's first line parsed (with `terms` empty); see {@link readKnowledgeBytes}. */
  constructor(bytes: Uint8Array, header: KnowledgeFile, firstLineEnd: number, source: string) {
    this.#bytes = bytes
    this.#namespaces = header.namespaces
    this.#namespaceIndex = new Map(header.namespaces.map((namespace, n) => [namespace, n]))
    this.#iris = header.iris
    header.iris.forEach((written, position) => this.#positions.set(written, position))
    this.#lineStart = new Int32Array(header.iris.length).fill(-1)
    this.#lineEnd = new Int32Array(header.iris.length)
    let count = 0
    for (let start = firstLineEnd + 1; start < bytes.length;) {
      let end = bytes.indexOf(NEWLINE, start)
      if (end < 0) end = bytes.length
      // `{"i":123,…}` (then a comma but on the last line): the position is read from the bytes.
      if (bytes[start] === 123) {
        let position = 0
        let at = start + 5
        for (let c = bytes[at]!; c >= 48 && c <= 57; c = bytes[++at]!) position = position * 10 + (c - 48)
        if (at === start + 5 || position >= header.iris.length) throw new PrefixError('INVALID_SOURCE', `${source}: a term line without a known position`)
        this.#lineStart[position] = start
        this.#lineEnd[position] = bytes[end - 1] === COMMA ? end - 1 : end
        count++
      }
      start = end + 1
    }
    this.size = count
  }

  find(iri: string): FoundEntry | undefined {
    const position = this.#positions.get(this.#written(iri))
    if (position === undefined || this.#lineStart[position] === -1) return undefined
    const entry = JSON.parse(LineTerms.#decoder.decode(this.#bytes.subarray(this.#lineStart[position], this.#lineEnd[position]))) as KnowledgeTermEntry
    return { entry, subClasses: entry.bc, subProperties: entry.bp }
  }

  iri(position: number): string {
    return expandIri(this.#namespaces, this.#iris[position]!)
  }

  /** `iri` as the file writes it: `n|local` where its namespace is one of the file's, else whole. */
  #written(iri: string): string {
    const end = namespaceEnd(iri)
    const n = this.#namespaceIndex.get(iri.slice(0, end))
    return n === undefined ? iri : `${n}|${iri.slice(end)}`
  }
}

/**
 * The knowledge tier from a file's bytes: a `/2` file laid out by lines is read lazily ({@link LineTerms});
 * any other (a `/1` file, or one written on one line) is parsed whole.
 */
export function readKnowledgeBytes(bytes: Uint8Array, source: string): { file: KnowledgeFile; terms: KnowledgeTerms } {
  const decoder = new TextDecoder()
  const firstLineEnd = bytes.indexOf(NEWLINE)
  const firstLine = firstLineEnd < 0 ? '' : decoder.decode(bytes.subarray(0, firstLineEnd))
  if (firstLine.startsWith(`{"format":"${KNOWLEDGE_FORMAT}"`) && firstLine.endsWith(TERMS_OPEN)) {
    const header = checkKnowledgeFile(parse(firstLine + ']}', source), source)
    return { file: header, terms: new LineTerms(bytes, header, firstLineEnd, source) }
  }
  const file = checkKnowledgeFile(parse(decoder.decode(bytes), source), source)
  return { file, terms: new ParsedTerms(file) }
}

function parse(text: string, source: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new PrefixError('INVALID_SOURCE', `${source} is not JSON: ${(error as Error).message}`)
  }
}

function push(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key)
  if (list === undefined) map.set(key, [value])
  else list.push(value)
}
