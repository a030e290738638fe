// A Clock for tests: real time plus an offset that `advance` moves, firing at once the timers it passes.

import type { Clock } from '@prefixd/chat'

interface Timer {
  readonly due: number
  readonly callback: () => void
  readonly real: NodeJS.Timeout
}

/**
 * Runs on in real time (a test that waits for a short heartbeat still gets it) and jumps forward with
 * `advance`, which runs every timer now due, earliest first, before it returns: an expiry check or a
 * heartbeat minutes away happens without the test sleeping.
 */
export class TestClock implements Clock {
  #offset: number
  readonly #timers = new Set<Timer>()

  /** `startAt`: UNIX seconds the clock reads now (default the real time). */
  constructor(startAt?: number) {
    this.#offset = startAt === undefined ? 0 : startAt - Date.now() / 1000
  }

  now(): number {
    return Date.now() / 1000 + this.#offset
  }

  setTimeout(callback: () => void, ms: number): () => void {
    const timer: Timer = { due: this.now() + ms / 1000, callback, real: setTimeout(() => this.#fire(timer), ms) }
    this.#timers.add(timer)
    return () => {
      clearTimeout(timer.real)
      this.#timers.delete(timer)
    }
  }

  advance(seconds: number): void {
    this.#offset += seconds
    for (;;) {
      const now = this.now()
      const due = [...this.#timers].filter((t) => t.due <= now).sort((a, b) => a.due - b.due)[0]
      if (due === undefined) return
      this.#fire(due)
    }
  }

  #fire(timer: Timer): void {
    if (!this.#timers.delete(timer)) return
    clearTimeout(timer.real)
    timer.callback()
  }
}
