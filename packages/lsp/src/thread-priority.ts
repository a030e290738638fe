// A worker thread's lower priority: the server's own thread keeps a core for the requests while a worker parses.

import { getPriority, setPriority } from 'node:os'

/** The nice value a worker thread takes. */
const NICE = 10

/**
 * Lowers the calling thread's priority, on Linux only: Linux schedules threads apart, so the server's own thread
 * keeps its priority; elsewhere (macOS, the BSDs) the call would lower the whole process. A parse of a 1 MB
 * document takes 150 ms of a core; on a machine whose cores are busy (the editor, the server, other work) it took
 * them from the thread answering completions, which then waited for a core. Where a core is free the parse runs as
 * fast as before. Only ever lowered: a server already started nicer than this stays as it is.
 */
export function lowerThreadPriority(): void {
  if (process.platform !== 'linux') return
  try {
    if (getPriority() < NICE) setPriority(NICE)
  } catch {
    // Not permitted here: the thread runs at the server's priority.
  }
}
