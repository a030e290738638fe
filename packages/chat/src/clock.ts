// Time as the service reads it: the current time and one-shot timers, injected so that tests move time
// instead of sleeping (heartbeats, queue expiry, saving queue activity).

export interface Clock {
  /** UNIX time in seconds (fractions allowed). */
  now(): number
  /** Calls `callback` once, `ms` milliseconds from now; returns the function that cancels it. */
  setTimeout(callback: () => void, ms: number): () => void
}

/** The system's clock: `Date.now` and Node's timers. */
export const SYSTEM_CLOCK: Clock = {
  now: () => Date.now() / 1000,
  setTimeout(callback, ms) {
    const timer = setTimeout(callback, ms)
    return () => clearTimeout(timer)
  },
}

/**
 * Runs `task` every `ms` milliseconds of `clock` until the returned function is called. Each run is
 * scheduled when the previous one ends, so that a slow task never overlaps itself.
 */
export function every(clock: Clock, ms: number, task: () => void): () => void {
  let cancel = clock.setTimeout(run, ms)
  let stopped = false
  function run(): void {
    try {
      task()
    } finally {
      if (!stopped) cancel = clock.setTimeout(run, ms)
    }
  }
  return () => {
    stopped = true
    cancel()
  }
}
