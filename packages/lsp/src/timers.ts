// The clock and timers the server waits by: Node's, or a test's own that moves time by hand.

/** A timer that has not run yet: put back its whole delay from now, or cleared. */
export interface Timer {
  refresh(): void
  clear(): void
}

/** Milliseconds on a monotonic clock, and timers on that clock. */
export interface Timers {
  now(): number
  start(callback: () => void, ms: number): Timer
}

/** Node's monotonic clock and its timers (a refresh after the callback ran starts the timer again, as Node's does). */
export const NODE_TIMERS: Timers = {
  now: () => performance.now(),
  start: (callback, ms) => nodeTimer(setTimeout(callback, ms)),
}

/** Node's clock and timers that do not keep the process alive: for waits on the client's idleness, which end with it. */
export const NODE_IDLE_TIMERS: Timers = {
  now: NODE_TIMERS.now,
  start: (callback, ms) => nodeTimer(setTimeout(callback, ms).unref()),
}

function nodeTimer(timer: NodeJS.Timeout): Timer {
  return { refresh: () => void timer.refresh(), clear: () => clearTimeout(timer) }
}

/**
 * Runs `run` two turns of the event loop from now, once the input that came while this thread was busy has been read
 * (the loop polls for it after running expired timers) and dispatched (vscode-jsonrpc dispatches in a setImmediate):
 * for an idle wait's timer, which fires first when the thread was busy past it, to see whether a message came.
 */
export function afterPendingInput(run: () => void): void {
  setImmediate(() => setImmediate(run))
}

/** Resolves on the loop's next turn, after the input that came meanwhile is read: a pause between slices of long work. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}
