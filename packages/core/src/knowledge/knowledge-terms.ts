// The knowledge tier's term entries by IRI: from a parsed file, or from a /2 file's text, one entry parsed per lookup.

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

const TERMS_OPEN = '"terms":['

/**
 * The terms of a `/2` file read from its text as it lies: the part before the terms is parsed, and for each
 * term only where its entry starts and ends is kept. A lookup parses one entry. The tier's 19,000 entries and
 * 2 MB of definitions then cost the text (one string) and two number arrays, not an object graph — and loading
 * it parses 0.4 MB instead of 3 MB. Entries are separated by a line break (as a person writes the file) or a
 * tab (as @prefixd/data writes it): whichever follows `"terms":[`.
 */
export class SegmentTerms implements KnowledgeTerms {
  readonly #text: string
  readonly #namespaces: readonly string[]
  readonly #namespaceIndex: ReadonlyMap<string, number>
  readonly #iris: readonly string[]
  /** Position in `iris`, by the IRI as the file writes it (`n|local`): no second copy of each IRI is made. */
  readonly #positions = new Map<string, number>()
  /** Per position in `iris`: where its entry starts in the text, or -1, and where it ends. */
  readonly #start: Int32Array
  readonly #end: Int32Array
  readonly #separator: string
  readonly #source: string
  /** How many of `iris` are in #positions so far, and where the next segment not yet read starts (see {@link SegmentTerms.readSome}). */
  #placed = 0
  #next: number
  #size = 0

  /**
   * `header`: the text up to the separator after `"terms":[`, parsed (with `terms` empty); see {@link readKnowledgeText}.
   * `read`: false to leave the IRIs' positions and the segments to {@link SegmentTerms.readSome} (a few at a time).
   */
  constructor(text: string, header: KnowledgeFile, headerEnd: number, source: string, read = true) {
    this.#text = text
    this.#source = source
    this.#namespaces = header.namespaces
    this.#namespaceIndex = new Map(header.namespaces.map((namespace, n) => [namespace, n]))
    this.#iris = header.iris
    this.#start = new Int32Array(header.iris.length).fill(-1)
    this.#end = new Int32Array(header.iris.length)
    this.#separator = text[headerEnd]!
    this.#next = headerEnd + 1
    if (read) this.readSome(Infinity)
  }

  get size(): number {
    return this.#size
  }

  /**
   * Takes up to `count` more IRIs' positions, or once all are taken, finds where up to `count` more segments' entries
   * start and end; true once every segment is read.
   */
  readSome(count: number): boolean {
    if (this.#placed < this.#iris.length) {
      const until = Math.min(this.#iris.length, this.#placed + count)
      for (let position = this.#placed; position < until; position++) this.#positions.set(this.#iris[position]!, position)
      this.#placed = until
      if (count !== Infinity) return false
    }
    const text = this.#text
    let start = this.#next
    for (let n = 0; n < count && start < text.length; n++) {
      let end = text.indexOf(this.#separator, start)
      if (end < 0) end = text.length
      // `{"i":123,…}` (then a comma but after the last): the position is read from the text.
      if (text.charCodeAt(start) === 123) {
        let position = 0
        let at = start + 5
        for (let c = text.charCodeAt(at); c >= 48 && c <= 57; c = text.charCodeAt(++at)) position = position * 10 + (c - 48)
        if (at === start + 5 || position >= this.#iris.length) throw new PrefixError('INVALID_SOURCE', `${this.#source}: a term entry without a known position`)
        this.#start[position] = start
        this.#end[position] = text.charCodeAt(end - 1) === 44 ? end - 1 : end
        this.#size++
      }
      start = end + 1
    }
    this.#next = start
    return start >= text.length
  }

  find(iri: string): FoundEntry | undefined {
    const position = this.#positions.get(this.#written(iri))
    if (position === undefined || this.#start[position] === -1) return undefined
    const entry = JSON.parse(this.#text.slice(this.#start[position], this.#end[position])) as KnowledgeTermEntry
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
 * The knowledge tier from a file's text: a `/2` file with its terms one per line (or tab-separated segment) is
 * read lazily ({@link SegmentTerms}); any other (a `/1` file, or one written on one line) is parsed whole.
 */
export function readKnowledgeText(text: string, source: string): { file: KnowledgeFile; terms: KnowledgeTerms } {
  const headerEnd = segmentsFrom(text)
  if (headerEnd !== undefined) {
    const header = checkKnowledgeFile(parse(text.slice(0, headerEnd) + ']}', source), source)
    return { file: header, terms: new SegmentTerms(text, header, headerEnd, source) }
  }
  const file = checkKnowledgeFile(parse(text, source), source)
  return { file, terms: new ParsedTerms(file) }
}

/** IRIs or segments read between two pauses of {@link readKnowledgeTextInSlices}: well under a millisecond's work. */
const SLICE = 2000

/**
 * {@link readKnowledgeText}, the same terms, with `pause()` awaited between slices of the work (the header but its
 * IRIs parsed, then its IRIs, then their positions and the segments, 2,000 at a time): for a thread that answers
 * requests meanwhile (the language server's: read whole, the default tier held it 25–50 ms, between two completions).
 */
export async function readKnowledgeTextInSlices(
  text: string,
  source: string,
  pause: () => Promise<void>,
): Promise<{ file: KnowledgeFile; terms: KnowledgeTerms }> {
  const headerEnd = segmentsFrom(text)
  if (headerEnd === undefined) return readKnowledgeText(text, source)
  const header = checkKnowledgeFile(await parseHeader(text.slice(0, headerEnd) + ']}', source, pause), source)
  await pause()
  const terms = new SegmentTerms(text, header, headerEnd, source, false)
  while (!terms.readSome(SLICE)) await pause()
  return { file: header, terms }
}

const IRIS_OPEN = '"iris":['

/**
 * A `/2` file's header parsed with its `iris` (most of its text: 20,098 strings in the default tier's 0.4 MB) apart,
 * 2,000 at a time with a pause before each; parsed whole where its `iris` is not the plain array of strings the data
 * writes.
 */
async function parseHeader(text: string, source: string, pause: () => Promise<void>): Promise<unknown> {
  const open = text.indexOf(IRIS_OPEN)
  if (open < 0) return parse(text, source)
  const start = open + IRIS_OPEN.length
  const iris: unknown[] = []
  let from = start
  for (;;) {
    await pause()
    const cut = runEnd(text, from, from === start)
    if (cut === undefined) return parse(text, source)
    for (const iri of parse(`[${text.slice(from, cut)}]`, source) as unknown[]) iris.push(iri)
    if (text.charCodeAt(cut) === 93) {
      const rest = parse(text.slice(0, start) + text.slice(cut), source)
      // Another object's `iris` found first: the header's own is still there, and the header is parsed whole.
      return isObject(rest) && Array.isArray(rest.iris) && rest.iris.length === 0 ? { ...rest, iris } : parse(text, source)
    }
    from = cut + 1
  }
}

/**
 * Where a run of up to SLICE strings of the `iris` array from `at` ends: the comma after its last, or the array's
 * closing bracket (at once only if `first`: the array is empty). Undefined where the array is not the plain array
 * of strings, without spaces, that the data writes.
 */
function runEnd(text: string, at: number, first: boolean): number | undefined {
  if (text.charCodeAt(at) === 93) return first ? at : undefined
  for (let n = 1; ; n++) {
    if (text.charCodeAt(at) !== 34) return undefined // not a string
    let close = text.indexOf('"', at + 1)
    while (close > 0 && escaped(text, close)) close = text.indexOf('"', close + 1)
    if (close < 0) return undefined
    at = close + 1
    const next = text.charCodeAt(at)
    if (next === 93 || (next === 44 && n === SLICE)) return at
    if (next !== 44) return undefined
    at++
  }
}

/** Whether the character at `at` follows an odd number of backslashes (a quote inside a JSON string). */
function escaped(text: string, at: number): boolean {
  let backslashes = 0
  while (text.charCodeAt(at - 1 - backslashes) === 92) backslashes++
  return backslashes % 2 === 1
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Where a `/2` file's segments start (the separator after `"terms":[`), when its terms are one per line or tab-separated segment. */
function segmentsFrom(text: string): number | undefined {
  const open = text.indexOf(TERMS_OPEN)
  const headerEnd = open < 0 ? -1 : open + TERMS_OPEN.length
  const separator = text[headerEnd]
  return text.startsWith(`{"format":"${KNOWLEDGE_FORMAT}"`) && (separator === '\n' || separator === '\t') ? headerEnd : undefined
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
