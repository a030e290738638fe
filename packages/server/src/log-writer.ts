// Where pino's lines go: copied at once into reusable byte chunks, written to the descriptor every few milliseconds.

import { writeSync, writev } from 'node:fs'

/**
 * How long lines are gathered before a write: unnoticeable to someone reading the log, and under load one
 * write carries hundreds of lines. Writing once per event-loop turn instead meant a hand-off to libuv's
 * thread pool and back every few requests.
 */
export const LOG_WRITE_DELAY_MS = 50

/**
 * Bytes per chunk. A line is copied into the current chunk as it arrives, so its string dies young: lines
 * kept as strings for 50 ms outlived two young-generation collections and were promoted, and the old
 * generation's collections then took more time than formatting them (CPU profile of a logged server).
 */
const CHUNK_BYTES = 64 * 1024
/** Written chunks kept for reuse; more are left to the collector. */
const SPARE_CHUNKS = 4

/**
 * A pino destination that never blocks a request: `write` copies the line into a chunk of bytes;
 * {@link LOG_WRITE_DELAY_MS} later (and after the previous write is done) the filled chunks go out in one
 * asynchronous `writev`.
 *
 * Bounded: beyond `maxBytes` held (a stalled pipe, a full disk), new lines are dropped and counted
 * through `onDropped`. What is held is written synchronously when the process exits.
 */
export class LogWriter {
  readonly #fd: number
  readonly #maxBytes: number
  readonly #delayMs: number
  readonly #onDropped: (lines: number) => void
  /** The chunk being filled, and how many of its bytes are. */
  #chunk: Buffer = Buffer.allocUnsafe(CHUNK_BYTES)
  #used = 0
  /** Filled bytes waiting to be written, oldest first (the first may be what a partial write left). */
  #pending: Buffer[] = []
  #spare: Buffer[] = []
  /** Bytes held: pending, in the chunk being filled, and left by a write (not those a write is taking). */
  #held = 0
  #busy = false
  /** An asynchronous write is under way; a flush waits for it (in `#flushed`), so that lines stay in order. */
  #writing = false
  #flushed: (() => void)[] = []
  #closed = false
  /** Writers of lines made late (see {@link holdBack}), and whether one is running. */
  readonly #heldBack: (() => void)[] = []
  #draining = false
  readonly #flush = (): void => this.#writeBatch()

  constructor(fd: number, options: { readonly maxBytes: number; readonly onDropped?: (lines: number) => void; readonly delayMs?: number }) {
    this.#fd = fd
    this.#delayMs = options.delayMs ?? LOG_WRITE_DELAY_MS
    this.#maxBytes = options.maxBytes
    this.#onDropped = options.onDropped ?? (() => {})
    process.once('exit', () => this.flushSync())
  }

  /**
   * Registers `drain`, which writes (through {@link write}) lines its owner holds back to make them later
   * (the request log makes a turn's lines at its end). It runs before any other line is taken and before
   * the exit flush, so lines stay in the order they were logged.
   */
  holdBack(drain: () => void): void {
    this.#heldBack.push(drain)
  }

  /** Called by pino with one line (newline included); the request log gives several at once, and says how many. */
  write(line: string, lines = 1): boolean {
    if (this.#closed) return false
    if (this.#heldBack.length > 0 && !this.#draining) this.#drainHeldBack()
    // The UTF-16 length is the byte length for ASCII lines, and a cheap bound check for the rest.
    if (this.#held + line.length > this.#maxBytes) {
      this.#onDropped(lines)
      return false
    }
    // A UTF-16 code unit takes at most 3 bytes in UTF-8: when that might not fit, start a new chunk.
    if (line.length * 3 > CHUNK_BYTES - this.#used) {
      this.#seal()
      if (line.length * 3 > CHUNK_BYTES) {
        const bytes = Buffer.from(line)
        this.#pending.push(bytes)
        this.#held += bytes.length
        return this.#schedule()
      }
    }
    const written = this.#chunk.write(line, this.#used)
    this.#used += written
    this.#held += written
    return this.#schedule()
  }

  /** pino's `logger.flush(done)`: writes what is held, after the write under way if there is one, then calls `done`. */
  flush(done: () => void = () => {}): void {
    if (this.#writing) this.#flushed.push(done)
    else {
      this.flushSync()
      done()
    }
  }

  /** Writes everything held, synchronously (at exit, or for tests). */
  flushSync(): void {
    if (this.#closed) return
    this.#drainHeldBack()
    this.#seal()
    const pending = this.#pending
    this.#pending = []
    this.#held = 0
    try {
      for (const bytes of pending) writeSync(this.#fd, bytes)
    } catch {
      // Exiting with a destination that cannot take it: nothing more can be done.
    }
  }

  #drainHeldBack(): void {
    this.#draining = true
    try {
      for (const drain of this.#heldBack) drain()
    } finally {
      this.#draining = false
    }
  }

  #schedule(): true {
    if (!this.#busy) {
      this.#busy = true
      this.#later()
    }
    return true
  }

  /** Schedules the next write; the timer never keeps the process alive (what is held is written at exit). */
  #later(): void {
    setTimeout(this.#flush, this.#delayMs).unref()
  }

  /** Moves the filled part of the current chunk to the pending list and starts another chunk. */
  #seal(): void {
    if (this.#used === 0) return
    this.#pending.push(this.#chunk.subarray(0, this.#used))
    this.#chunk = this.#spare.pop() ?? Buffer.allocUnsafe(CHUNK_BYTES)
    this.#used = 0
  }

  #writeBatch(): void {
    this.#seal()
    const batch = this.#pending
    if (batch.length === 0) {
      this.#busy = false
      return
    }
    this.#pending = []
    // Bytes handed to a write are no longer held; what the write leaves is held again.
    const bytes = byteCount(batch)
    this.#held -= bytes
    this.#writing = true
    writev(this.#fd, batch, (error, written) => {
      this.#writing = false
      this.#afterWrite(batch, bytes, error, written)
      if (this.#flushed.length > 0) {
        const flushed = this.#flushed.splice(0)
        this.flushSync()
        for (const done of flushed) done()
      }
    })
  }

  /** Takes the outcome of a write: what it left is held again, a full pipe is tried again, a failure stops logging. */
  #afterWrite(batch: Buffer[], bytes: number, error: Error | null, written: number): void {
    if (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EAGAIN') {
        // A non-blocking pipe that is full: keep the batch, before anything newer, and try again shortly.
        this.#pending = batch.concat(this.#pending)
        this.#held += bytes
        this.#later()
        return
      }
      // EPIPE (the reader is gone) or a failing disk: stop logging rather than crash the service.
      this.#closed = true
      this.#seal()
      this.#onDropped(countLines(batch) + countLines(this.#pending))
      this.#pending = []
      this.#held = 0
      return
    }
    const rest = this.#unwritten(batch, written)
    if (rest.length > 0) {
      this.#pending = rest.concat(this.#pending)
      this.#held += bytes - written
    }
    if (this.#pending.length > 0 || this.#used > 0) this.#later()
    else this.#busy = false
  }

  /** What a write of `written` bytes left of `batch`; chunks written in full go back to the spares. */
  #unwritten(batch: Buffer[], written: number): Buffer[] {
    let i = 0
    for (; i < batch.length && written >= batch[i]!.length; i++) {
      written -= batch[i]!.length
      this.#reuse(batch[i]!)
    }
    if (i === batch.length) return []
    return [batch[i]!.subarray(written), ...batch.slice(i + 1)]
  }

  /** Keeps a written chunk of the standard size for the next lines. */
  #reuse(bytes: Buffer): void {
    if (this.#spare.length < SPARE_CHUNKS && bytes.byteOffset === 0 && bytes.buffer.byteLength === CHUNK_BYTES) {
      this.#spare.push(Buffer.from(bytes.buffer, 0, CHUNK_BYTES))
    }
  }
}

function byteCount(batch: readonly Buffer[]): number {
  let count = 0
  for (const bytes of batch) count += bytes.length
  return count
}

function countLines(batch: readonly Buffer[]): number {
  let count = 0
  for (const bytes of batch) for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) count++
  return count
}
