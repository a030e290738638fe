// What a chat tool talks to: the streams it writes its lines to, and the exit codes it resolves with.

import type { Writable } from 'node:stream'

/** The streams of a run: one line per change or answer on `stdout`, failures on `stderr` (`prefixd`'s `CliIo` is one). */
export interface ToolIo {
  readonly stdout: Writable
  readonly stderr: Writable
}

/** The run did what it was asked (or was stopped). */
export const EXIT_DONE = 0
/** The chat service refused, or never answered; the reason is on stderr. The command line's usage error has the same code. */
export const EXIT_REFUSED = 2
