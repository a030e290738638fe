// What every command of the command line shares: the streams it talks to and its exit codes.

import type { Readable, Writable } from 'node:stream'

/** The streams a command talks to; `main.ts` passes the process's own. */
export interface CliIo {
  readonly stdin: Readable
  readonly stdout: Writable
  readonly stderr: Writable
  /** The environment: PORT, HOST and the PREFIXD_ variables of `serve`, PREFIXD_CHAT_API_KEY. */
  readonly env?: Readonly<Record<string, string | undefined>>
}

export const EXIT_FOUND = 0
export const EXIT_NOT_FOUND = 1
export const EXIT_USAGE = 2
