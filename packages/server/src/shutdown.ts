// The stop a SIGTERM starts: readiness fails at once, the process keeps answering for a while (so that a
// balancer checking readiness stops sending it requests), then it stops accepting, answers what is in
// flight, closes its store and exits — within a bound, whatever hangs.

/** What a process does at each step of its stop. */
export interface ShutdownSteps {
  /** Readiness fails from now on; answers close their connections. */
  drain(): void
  /** Stops accepting and ends idle connections; resolves once every request in flight is answered. */
  stopAccepting(): Promise<void>
  /** Ends pools and listening connections. */
  closeStores(): Promise<void>
  exit(code: number): void
}

export interface ShutdownTiming {
  /** How long the process keeps answering after readiness fails; 0 stops accepting at once. */
  readonly drainMs: number
  /** How long requests in flight then have to finish; past it the process exits with code 1. */
  readonly graceMs: number
  /** Calls `callback` once after `ms` (tests pass a clock they move); default Node's timers, not keeping the process alive. */
  readonly setTimer?: (callback: () => void, ms: number) => void
}

function systemTimer(callback: () => void, ms: number): void {
  setTimeout(callback, ms).unref()
}

/**
 * Runs the steps in order: `drain`, then after `drainMs` `stopAccepting`, then `closeStores`, then
 * `exit(0)`; `exit(1)` at `drainMs + graceMs` if they are not done by then. Called again, it does nothing.
 */
export function shutDownOnce(steps: ShutdownSteps, timing: ShutdownTiming): () => void {
  const setTimer = timing.setTimer ?? systemTimer
  let started = false
  let exited = false
  const exit = (code: number): void => {
    if (exited) return
    exited = true
    steps.exit(code)
  }
  return () => {
    if (started) return
    started = true
    steps.drain()
    setTimer(() => exit(1), timing.drainMs + timing.graceMs)
    setTimer(() => {
      steps
        .stopAccepting()
        .then(() => steps.closeStores())
        .then(
          () => exit(0),
          () => exit(1),
        )
    }, timing.drainMs)
  }
}
