// Timers for tests (packages/lsp/src/timers.ts): time stands still until `advance` moves it, running each timer it passes.

import type { Timer, Timers } from '../../packages/lsp/src/timers.js'

interface Pending {
  due: number
  readonly ms: number
  readonly callback: () => void
}

export class ManualTimers implements Timers {
  #now = 0
  readonly #pending = new Set<Pending>()
  /** How many timers have run. */
  fired = 0

  now(): number {
    return this.#now
  }

  /** A refresh puts the whole delay back, and starts the timer again after it ran (as Node's does), not after a clear. */
  start(callback: () => void, ms: number): Timer {
    const pending: Pending = { due: this.#now + ms, ms, callback }
    let cleared = false
    this.#pending.add(pending)
    return {
      refresh: () => {
        if (cleared) return
        pending.due = this.#now + pending.ms
        this.#pending.add(pending)
      },
      clear: () => {
        cleared = true
        this.#pending.delete(pending)
      },
    }
  }

  /** Moves the clock `ms` on, running the timers it passes, earliest first, each at its own time. */
  advance(ms: number): void {
    const end = this.#now + ms
    for (;;) {
      const next = [...this.#pending].filter((p) => p.due <= end).sort((a, b) => a.due - b.due)[0]
      if (next === undefined) break
      this.#now = next.due
      this.#pending.delete(next)
      this.fired++
      next.callback()
    }
    this.#now = end
  }
}
