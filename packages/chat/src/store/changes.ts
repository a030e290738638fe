// The one place every state change goes through: a transaction that also records the events the change
// causes, so that an event queue can never miss a change nor announce one that was rolled back.

import type { Db } from './db.js'

/** An event for some users, as the event queue will deliver it (its id comes from the queue). */
export interface ChangeEvent {
  readonly users: readonly number[]
  readonly event: Readonly<Record<string, unknown>>
}

/** Records an event for `users` as part of the change being written. */
export type Emit = (users: Iterable<number>, event: Readonly<Record<string, unknown>>) => void

export type RecordedEvent = ChangeEvent & { readonly id: number }

export type ChangeListener = (events: readonly RecordedEvent[]) => void

/** The change log keeps this many recent events (for inspection); older rows are deleted. */
export const CHANGE_LOG_ROWS = 100_000

/**
 * Writes changes: `write(fn)` runs `fn` in one transaction, stores the events it emits in the
 * `events` table inside that transaction, and tells listeners after the commit.
 */
export class ChangeLog {
  readonly #db: Db
  readonly #now: () => number
  readonly #listeners = new Set<ChangeListener>()
  /** Called inside the transaction, after the change: they write what must commit with it. */
  readonly #writers = new Set<ChangeListener>()
  readonly #insert
  readonly #trim

  constructor(db: Db, now: () => number) {
    this.#db = db
    this.#now = now
    this.#insert = db.prepare('INSERT INTO events (created_at, user_ids, event) VALUES (?, ?, ?)')
    this.#trim = db.prepare('DELETE FROM events WHERE id <= ?')
  }

  /**
   * Runs `change` in one IMMEDIATE transaction: it holds the write lock from its first read, so what a
   * change checks inside it still holds when it commits, even with other processes writing the same
   * database (`--workers`); a deferred one could also fail at its first write when another process
   * committed after its reads (SQLITE_BUSY_SNAPSHOT, which busy_timeout does not wait out).
   */
  write<T>(change: (emit: Emit) => T): T {
    const recorded: RecordedEvent[] = []
    const result = this.#db.transaction(() => {
      const emit: Emit = (users, event) => {
        const ids = [...new Set(users)].sort((a, b) => a - b)
        if (ids.length === 0) return
        const info = this.#insert.run(Math.floor(this.#now()), JSON.stringify(ids), JSON.stringify(event))
        recorded.push({ id: Number(info.lastInsertRowid), users: ids, event })
      }
      const result = change(emit)
      if (recorded.length > 0) {
        for (const writer of this.#writers) writer(recorded)
        const newest = recorded.at(-1)!.id
        if (newest % 1000 === 0) this.#trim.run(newest - CHANGE_LOG_ROWS) // now and then, not on every write
      }
      return result
    }).immediate()
    if (recorded.length > 0) for (const listener of this.#listeners) listener(recorded)
    return result
  }

  /** `writer` runs inside each change's transaction with its events (event queues store theirs so). */
  addWriter(writer: ChangeListener): void {
    this.#writers.add(writer)
  }

  /** Called with the events of each committed change; returns the unsubscribe function. */
  subscribe(listener: ChangeListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
}
