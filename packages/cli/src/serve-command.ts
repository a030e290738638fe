// `prefixd serve`: its flags and environment variables, checked, and the service started with them.

import type { PrefixIndex } from '@prefixd/core'
import type { LogFormat } from '@prefixd/server'
import type { Writable } from 'node:stream'
import { parseChoice, parseWhole } from './flag-values.js'
import { UsageError } from './usage-error.js'

/** What `serve` needs of the command line's streams (`CliIo`). */
interface ServeIo {
  readonly stdout: Writable
  readonly env?: Readonly<Record<string, string | undefined>>
}

/** The flags of `serve`, for `parseArgs`. */
export const SERVE_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  workers: { type: 'string' },
  quiet: { type: 'boolean' },
  'log-level': { type: 'string' },
  'log-format': { type: 'string' },
} as const

export const SERVE_USAGE = `  serve                      run the HTTP resolver (Ctrl-C stops it, SIGHUP reloads the data)
      --port N               default $PORT or 8080
      --host H               default $HOST or 127.0.0.1
      --workers N            processes to run (default 1)
      --quiet                no request log (failures are still logged)
      --log-level L          fatal, error, warn, info (default), debug, trace or silent; $PREFIXD_LOG_LEVEL
      --log-format F         json (default) or pretty (default when stdout is a terminal); $PREFIXD_LOG_FORMAT
`

type Flags = { readonly [K in keyof typeof SERVE_OPTIONS]?: (typeof SERVE_OPTIONS)[K]['type'] extends 'boolean' ? boolean : string }

/** Runs the service until it is stopped; a bad flag or variable, or a port that cannot be bound, is a usage error. */
export async function runServe(args: readonly string[], flags: Flags, io: ServeIo, load: () => Promise<PrefixIndex>): Promise<void> {
  if (args.length > 0) throw new UsageError('serve takes no arguments')
  const env = io.env ?? {}
  // Loaded only here: expand and shrink start faster without Koa, pino and their middleware.
  const { serve, createLogger, LOG_FORMATS, LOG_LEVELS } = await import('@prefixd/server')
  const port = parseWhole(flags.port ?? env.PORT ?? '8080', flagName('port', flags, 'PORT'), 0, 65535)
  const host = flags.host ?? env.HOST ?? '127.0.0.1'
  const workers = parseWhole(flags.workers ?? '1', '--workers', 1, 64)
  const level = parseChoice(flags['log-level'] ?? env.PREFIXD_LOG_LEVEL ?? 'info', flagName('log-level', flags, 'PREFIXD_LOG_LEVEL'), LOG_LEVELS)
  const tty = (io.stdout as { isTTY?: boolean }).isTTY === true
  const format: LogFormat = parseChoice(flags['log-format'] ?? env.PREFIXD_LOG_FORMAT ?? (tty ? 'pretty' : 'json'), flagName('log-format', flags, 'PREFIXD_LOG_FORMAT'), LOG_FORMATS)
  let logger
  try {
    // Our own stdout is written by pino's asynchronous writer on its descriptor; another stream (tests) as a stream.
    logger = await createLogger({ level, format, destination: io.stdout === process.stdout ? 1 : io.stdout })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  await serve({
    port,
    host,
    workers,
    load,
    say: (line) => io.stdout.write(line + '\n'),
    logger,
    logRequests: !flags.quiet,
  }).catch((error: NodeJS.ErrnoException) => {
    // A taken port or a host that is not ours is the user's to fix: a usage error, not a crash.
    if (error.syscall === 'listen') throw new UsageError(`cannot listen on ${host}:${port}: ${error.code ?? error.message}`)
    throw error
  })
}

/** How to name a setting in a message: the flag if given, else the variable it came from. */
function flagName(flag: keyof Flags, flags: Flags, variable: string): string {
  return flags[flag] !== undefined ? `--${flag}` : `--${flag} (from $${variable})`
}
