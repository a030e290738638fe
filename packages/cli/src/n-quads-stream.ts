// `prefixd pretty --stream` of N-Triples and N-Quads: the fast reader of n-quads-reader.ts on each run of whole
// lines, n3's Parser on a run it leaves to n3 — the quads n3's StreamParser gives, blank nodes labelled as it labels them.

import { Transform, type TransformCallback } from 'node:stream'
import { Parser } from 'n3'
import type { Quad } from '@rdfjs/types'
import { readNQuads } from './n-quads-reader.js'

/**
 * The label n3's first parser in a process puts before each blank-node label (`_:x` → `_:b0_x`), which is what
 * the stream wrote when n3's StreamParser read it all: kept, so that the output does not change.
 */
const BLANK_PREFIX = 'b0_'

/**
 * N-Triples or N-Quads bytes in, RDF/JS quads out, in input order, as n3's StreamParser gives them. Why: n3's
 * parse was most of `pretty --stream`'s time on line-based input, as it was for formatted pretty. N-Triples has
 * no state from line to line but blank-node labels, so each run of whole lines is read alone — by the fast reader,
 * or where it finds something unusual (a relative IRI, an escape in an IRI, a CR) by n3 given the same labels.
 */
export class NQuadsStream extends Transform {
  readonly #quads: boolean
  /** The bytes after the last line break, which the next chunk goes on. */
  #tail: Buffer | undefined
  /** Lines before the current run: added to n3's line numbers, which count from the run's start. */
  #lines = 0

  constructor(quads: boolean) {
    super({ readableObjectMode: true })
    this.#quads = quads
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback): void {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    const all = this.#tail === undefined ? bytes : Buffer.concat([this.#tail, bytes])
    // A line break byte never sits inside a UTF-8 sequence: a cut after one splits no character.
    const cut = all.lastIndexOf(0x0a) + 1
    this.#tail = cut < all.length ? Buffer.from(all.subarray(cut)) : undefined
    this.#run(all.subarray(0, cut), done)
  }

  override _flush(done: TransformCallback): void {
    const tail = this.#tail
    this.#tail = undefined
    this.#run(tail ?? Buffer.alloc(0), done)
  }

  #run(run: Buffer, done: TransformCallback): void {
    if (run.length === 0) return done()
    let quads: Quad[]
    try {
      quads = readNQuads(run, this.#quads, BLANK_PREFIX) ?? this.#n3(run)
    } catch (error) {
      return done(error as Error)
    }
    for (const quad of quads) this.push(quad)
    for (let i = run.indexOf(0x0a); i >= 0; i = run.indexOf(0x0a, i + 1)) this.#lines++
    done()
  }

  /** The run read by n3, whose word is final; its error says the line in the whole input. */
  #n3(run: Buffer): Quad[] {
    try {
      return new Parser({ format: this.#quads ? 'N-Quads' : 'N-Triples', blankNodePrefix: BLANK_PREFIX }).parse(run.toString('utf8'))
    } catch (error) {
      const e = error as Error & { context?: { line?: number } }
      if (this.#lines > 0) {
        e.message = e.message.replace(/on line (\d+)\.$/u, (_, line: string) => `on line ${Number(line) + this.#lines}.`)
        if (e.context?.line !== undefined) e.context.line += this.#lines
      }
      throw e
    }
  }
}
