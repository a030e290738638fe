// The service's pino logger: JSON lines written asynchronously by default, readable lines for a terminal.

import type { Writable } from 'node:stream'
import { pino, type Logger, type LevelWithSilent } from 'pino'

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
   * Where lines go: a file descriptor (default 1, stdout), written by pino's own asynchronous writer
   * so that a request never waits for the log, or a stream (tests).
   */
  readonly destination?: number | Writable
  /** Called for each line dropped because the destination fell {@link MAX_BUFFERED_LOG} bytes behind. */
  readonly onDropped?: () => void
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
  // Asynchronous: a line is written at once when the writer is idle, and lines that arrive while a
  // write is under way go out together in the next one, so under load one system call carries many
  // lines and a quiet service still logs without delay. Whatever is left is flushed at exit (pino does that).
  const writer = pino.destination({ dest: destination, sync: false, maxLength: MAX_BUFFERED_LOG })
  if (options.onDropped) writer.on('drop', options.onDropped)
  return pino({ level }, writer)
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
