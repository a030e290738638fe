// The service's pino logger: JSON lines written asynchronously by default, readable lines for a terminal.

import type { Writable } from 'node:stream'
import { pino, type Logger, type LevelWithSilent } from 'pino'
import { LogWriter } from './log-writer.js'

export type { Logger }

export const LOG_LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
export const LOG_FORMATS = ['json', 'pretty'] as const
export type LogFormat = (typeof LOG_FORMATS)[number]

export interface LoggerOptions {
  /** Least severe level written; default `info` (one line per request). */
  readonly level?: LevelWithSilent
  /** `json` (default) or `pretty`, one coloured line per entry for a person at a terminal (needs pino-pretty). */
  readonly format?: LogFormat
  /**
   * Where lines go: a file descriptor (default 1, stdout), written asynchronously in batches by a
   * {@link LogWriter} so that a request never waits for the log, or a stream (tests).
   */
  readonly destination?: number | Writable
  /** Called with the number of lines dropped because the destination fell {@link MAX_BUFFERED_LOG} bytes behind or failed. */
  readonly onDropped?: (lines: number) => void
}

/**
 * Log bytes held while the destination cannot keep up (a stalled pipe, a slow disk); lines beyond are
 * dropped and counted rather than letting memory grow until the process dies.
 */
export const MAX_BUFFERED_LOG = 16 * 2 ** 20

/**
 * A logger for `prefixd serve`. Pretty output loads pino-pretty only when asked for; it is an optional
 * dependency, so when it is missing the answer is a clear error rather than a crash at start.
 *
 * @example
 * const logger = await createLogger({ level: 'info', format: process.stdout.isTTY ? 'pretty' : 'json' })
 */
export async function createLogger(options: LoggerOptions = {}): Promise<Logger> {
  const level = options.level ?? 'info'
  const destination = options.destination ?? 1
  if (options.format === 'pretty') {
    const pretty = await loadPinoPretty()
    return pino(
      { level },
      pretty({
        destination,
        sync: typeof destination !== 'number',
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname,reqId,method,url,status,ms',
        messageFormat: '{if method}{method} {url} {status} {ms} ms{end}{msg}',
      }),
    )
  }
  if (typeof destination !== 'number') return pino({ level }, destination)
  const writer = new LogWriter(destination, { maxBytes: MAX_BUFFERED_LOG, ...(options.onDropped && { onDropped: options.onDropped }) })
  const logger = pino({ level }, writer)
  directLines.set(logger, writer)
  return logger
}

export interface DirectLineWriter {
  /** Writes `lines` whole lines (each with its newline). */
  write(text: string, lines: number): boolean
  /** See {@link LogWriter.holdBack}. */
  holdBack(drain: () => void): void
  readonly bindings: string
}

/** Where a logger made here writes its JSON lines, for those who build a line themselves. */
const directLines = new WeakMap<Logger, LogWriter>()

/**
 * The writer of a logger that {@link createLogger} made for JSON lines to a descriptor, or `undefined` for
 * any other logger. The request log writes its `info` lines there itself, in pino's format and order, with
 * pino's `bindings` (`,"pid":…,"hostname":"…"`): pino's general serializer took twice as long per line.
 */
export function directLineWriter(logger: Logger): DirectLineWriter | undefined {
  const writer = directLines.get(logger)
  if (writer === undefined) return undefined
  return {
    write: (text, lines) => writer.write(text, lines),
    holdBack: (drain) => writer.holdBack(drain),
    get bindings() {
      return (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym]!
    },
  }
}

type PrettyFactory = (options: Record<string, unknown>) => Writable

async function loadPinoPretty(): Promise<PrettyFactory> {
  try {
    const module = (await import('pino-pretty')) as unknown as { default: PrettyFactory }
    return module.default
  } catch {
    throw new Error('pretty logs need the optional package pino-pretty (npm install pino-pretty), or use JSON logs')
  }
}
