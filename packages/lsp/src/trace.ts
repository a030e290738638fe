// A timeline of the server's work, written only when PREFIXD_LSP_TRACE names a file: each message read and
// each answer written, the slices of background work between them, and the collector's pauses — to name the
// requests that were slow and what they waited behind. Off, each call is one test of a constant.

import { appendFileSync, openSync, readSync } from 'node:fs'
import { PerformanceObserver, constants } from 'node:perf_hooks'

/** The file the timeline goes to (JSON lines), or undefined: no tracing. */
const FILE = process.env.PREFIXD_LSP_TRACE || undefined
/** Events kept before they are appended to the file (and at exit). */
const FLUSH_AT = 2000

/** Time as the client's clock reads it: CLOCK_MONOTONIC in ms (Neovim's `vim.loop.hrtime()`, Node's `process.hrtime`), so timelines join. */
const now = (): number => Number(process.hrtime.bigint()) / 1e6

const events: string[] = []

/** The main thread's scheduler statistics, opened once (the file names the thread that reads it). */
let statFd: number | undefined
const statBuffer = Buffer.alloc(128)

/**
 * This thread's time on a core and waiting for one, in ms, from the kernel's scheduler statistics: on a shared
 * machine a slice's wall time may be mostly waiting (Linux; zeros elsewhere). Read through a file kept open: a
 * readFileSync each time cost 0.1–0.3 ms, which the timeline then showed as the server's own work.
 */
function schedstat(): { cpu: number; wait: number } {
  try {
    statFd ??= openSync('/proc/thread-self/schedstat', 'r')
    const [cpu, wait] = statBuffer.toString('latin1', 0, readSync(statFd, statBuffer, 0, statBuffer.length, 0)).split(' ')
    return { cpu: Number(cpu) / 1e6, wait: Number(wait) / 1e6 }
  } catch {
    return { cpu: 0, wait: 0 }
  }
}

/** Set when the file cannot be written: the timeline is dropped, and the server goes on (it is a tool, not its work). */
let unwritable = false

function flush(): void {
  if (FILE === undefined || events.length === 0) return
  try {
    appendFileSync(FILE, events.join('\n') + '\n')
  } catch (error) {
    unwritable = true
    process.stderr.write(`prefixd: PREFIXD_LSP_TRACE: cannot write ${FILE} (${(error as Error).message}): no timeline is kept\n`)
  }
  events.length = 0
}

function record(event: Record<string, unknown>): void {
  if (unwritable) return
  events.push(JSON.stringify(event))
  if (events.length >= FLUSH_AT) flush()
}

if (FILE !== undefined) {
  process.on('exit', flush)
  setInterval(flush, 1000).unref()
  const kinds: Record<number, string> = {
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind ?? -1
      // performance.now() counts from timeOrigin; ours is the monotonic clock: the gap is taken now.
      const shift = now() - performance.now()
      // The heap after it, in MB: what a major collection's pause grows with.
      const heap = Math.round(process.memoryUsage().heapUsed / 2 ** 20)
      record({ ev: 'gc', at: entry.startTime + shift, ms: entry.duration, kind: kinds[kind] ?? String(kind), heap })
    }
  }).observe({ entryTypes: ['gc'] })
}

/**
 * Records the messages read from `input` and written to `output` as their bytes pass (a request's id and
 * method read from its JSON with a pattern: the transport's own parsing is left alone).
 */
export function traceStreams(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): void {
  if (FILE === undefined) return
  input.on('data', (chunk: Buffer | string) => {
    const at = now()
    for (const message of messagesIn(String(chunk))) record({ ev: 'read', at, ...schedstat(), ...message })
  })
  const write = output.write.bind(output) as (...args: unknown[]) => boolean
  output.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) {
      const at = now()
      for (const message of messagesIn(String(chunk))) record({ ev: 'write', at, ...schedstat(), ...message })
    }
    return write(chunk, ...rest)
  }) as typeof output.write
}

/**
 * The id and method of each JSON-RPC message whose body starts in `text`: after a header, or at the start of a
 * chunk that is a body (the server writes header and body apart). Messages cut across chunks may go unnamed.
 */
function* messagesIn(text: string): Generator<{ id?: number; method?: string }> {
  const bodies = text.split(/Content-Length: \d+\r\n(?:[\w-]+: [^\r\n]*\r\n)*\r\n/u).filter((body, i) => i > 0 || body.startsWith('{'))
  for (const body of bodies) {
    const id = /"id":(\d+)/u.exec(body)?.[1]
    const method = /"method":"([^"]+)"/u.exec(body)?.[1]
    yield { ...(id !== undefined && { id: Number(id) }), ...(method !== undefined && { method }) }
  }
}

/** Runs `work` and records how long it held the thread (when tracing), as `what`. */
export function traced<T>(what: string, work: () => T): T {
  if (FILE === undefined) return work()
  const started = now()
  const before = schedstat()
  try {
    return work()
  } finally {
    record(slice(what, started, before))
  }
}

/** A slice that began at `started` with this thread's time then: its wall time, and the thread's time on a core and waiting in it. */
function slice(what: string, started: number, before: { cpu: number; wait: number }): Record<string, unknown> {
  const after = schedstat()
  return { ev: 'slice', at: started, ms: now() - started, cpu: after.cpu - before.cpu, wait: after.wait - before.wait, what }
}

/** Records a slice that began at `mark` ({@link traceNow}) and ends now. */
export function traceSlice(what: string, mark: TraceMark | undefined): void {
  if (FILE !== undefined && mark !== undefined) record(slice(what, mark.at, mark))
}

/** Where a slice starts, when tracing. */
export interface TraceMark {
  readonly at: number
  readonly cpu: number
  readonly wait: number
}

/** The clock and this thread's times, when tracing: for {@link traceSlice}. */
export function traceNow(): TraceMark | undefined {
  return FILE === undefined ? undefined : { at: now(), ...schedstat() }
}
