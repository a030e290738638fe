// The prefixed names completion has written, per prefix entry, in chunks of terms by rank: a bounded cache.

import { writeLocalName } from '../names/pn-local.js'
import type { TermIndex } from '../terms/term-index.js'
import type { PrefixEntry } from '../model.js'

/** Terms per name chunk (a power of two, so a rank splits into chunk and offset with shifts). */
// Small: relevance order touches terms scattered over the block, and each first touch writes a chunk.
const CHUNK_BITS = 4
const CHUNK = 1 << CHUNK_BITS
/** Name chunks cached at most, over all prefixes: about a million names. */
const MAX_CHUNKS = 65_536

/**
 * The prefixed names of {@link CHUNK} consecutive terms (by rank) with one prefix: `null` where no
 * local name can write the term, `undefined` where its IRI does not start with the namespace (it is
 * outside it, or differs from it in case).
 */
type NameChunk = ReadonlyArray<string | null | undefined>

/**
 * Prefixed names that completion has written: an editor asks for the same names keystroke after
 * keystroke, so each is checked, escaped and concatenated once, and a completion then only copies
 * references. A chunk is made when first touched, so a query costs at most one chunk beyond its own
 * results; past {@link MAX_CHUNKS} chunks in all the cache starts afresh, which keeps its memory bounded.
 */
export class NameChunks {
  readonly #terms: TermIndex
  readonly #termsNamespace: ((namespace: string) => string) | undefined
  readonly #chunks = new Map<PrefixEntry, Array<NameChunk | undefined>>()
  #count = 0

  constructor(terms: TermIndex, termsNamespace: ((namespace: string) => string) | undefined) {
    this.#terms = terms
    this.#termsNamespace = termsNamespace
  }

  /**
   * The name of the term at a rank written with `entry`'s prefix: `null` where no local name writes it,
   * `undefined` where the term is not in the namespace.
   */
  namerFor(entry: PrefixEntry): (rank: number) => string | null | undefined {
    let chunks = this.#chunks.get(entry)
    if (chunks === undefined) this.#chunks.set(entry, (chunks = []))
    const list = chunks
    return (rank) => {
      const chunk = list[rank >>> CHUNK_BITS] ?? this.#make(entry, list, rank >>> CHUNK_BITS)
      return chunk[rank & (CHUNK - 1)]
    }
  }

  /** Writes the names of the terms of chunk `index` with `entry`'s prefix. */
  #make(entry: PrefixEntry, chunks: Array<NameChunk | undefined>, index: number): NameChunk {
    if (this.#count >= MAX_CHUNKS) {
      // Full: start afresh. The chunks of this query are made again at once; others when next asked.
      for (const list of this.#chunks.values()) list.length = 0
      this.#count = 0
    }
    const chunk: Array<string | null | undefined> = []
    const end = Math.min((index + 1) * CHUNK, this.#terms.size)
    const base = this.#termsNamespace?.(entry.namespace) ?? entry.namespace
    for (let rank = index * CHUNK; rank < end; rank++) {
      const iri = this.#terms.at(rank).iri
      if (!iri.startsWith(base)) {
        chunk.push(undefined)
        continue
      }
      const local = writeLocalName(iri.slice(base.length))
      chunk.push(local === undefined ? null : entry.prefix + ':' + local)
    }
    chunks[index] = chunk
    this.#count++
    return chunk
  }
}
