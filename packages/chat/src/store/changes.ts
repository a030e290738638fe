// The one place every state change goes through: a transaction that also records the events the change
// causes, so that an event queue can never miss a change nor announce one that was rolled back.

import type { Sql, Store, TransactionOptions } from './store.js'

/** An event for some users, as the event queue will deliver it (its id comes from the queue). */
export interface ChangeEvent {
  readonly users: readonly number[]
  readonly event: Readonly<Record<string, unknown>>
}

/** Records an event for `users` as part of the change being written. */
export type Emit = (users: Iterable<number>, event: Readonly<Record<string, unknown>>) => void

export type RecordedEvent = ChangeEvent & { readonly id: number }

export type ChangeListener = (events: readonly RecordedEvent[]) => void

/**
 * Writes what must commit with a change's events, inside its transaction; what it returns, if anything, is
 * called once the change has committed (to announce what it wrote), never for a change rolled back.
 */
export type ChangeWriter = (events: readonly RecordedEvent[], tx: Sql) => Promise<AfterCommit | void>

export type AfterCommit = () => void

/** The change log keeps this many recent events (for inspection); older rows are deleted. */
export const CHANGE_LOG_ROWS = 100_000

/**
 * Writes changes: `write(fn)` runs `fn` in one transaction, stores the events it emits in the
 * `events` table inside that transaction, and tells listeners after the commit.
 */
export class ChangeLog {
  readonly #store: Store
  readonly #now: () => number
  readonly #listeners = new Set<ChangeListener>()
  /** Called inside the transaction, after the change: they write what must commit with it. */
  readonly #writers = new Set<ChangeWriter>()

  constructor(store: Store, now: () => number) {
    this.#store = store
    this.#now = now
  }

  /**
   * Runs `change` in one transaction that holds the store's write lock from its start (see
   * Store.transaction): what a change checks inside it still holds when it commits, even with other
   * processes writing the same database. Every statement of the change goes through `tx`.
   * `options.shared`: the change only adds rows (see TransactionOptions); it may then run more than once.
   */
  async write<T>(change: (emit: Emit, tx: Sql) => Promise<T> | T, options?: TransactionOptions): Promise<T> {
    let recorded: RecordedEvent[] = []
    let afterCommit: AfterCommit[] = []
    const result = await this.#store.transaction(async (tx) => {
      recorded = []
      afterCommit = [] // (a shared transaction may run again)
      const emitted: ChangeEvent[] = []
      const emit: Emit = (users, event) => {
        const ids = [...new Set(users)].sort((a, b) => a - b)
        if (ids.length > 0) emitted.push({ users: ids, event })
      }
      const result = await change(emit, tx)
      const createdAt = Math.floor(this.#now())
      for (const { users, event } of emitted) {
        const row = await tx.get<{ id: number }>(
          'INSERT INTO events (created_at, user_ids, event) VALUES (?, ?, ?) RETURNING id',
          createdAt,
          JSON.stringify(users),
          JSON.stringify(event),
        )
        recorded.push({ id: row!.id, users, event })
      }
      if (recorded.length > 0) {
        for (const writer of this.#writers) {
          const then = await writer(recorded, tx)
          if (then !== undefined) afterCommit.push(then)
        }
        const newest = recorded.at(-1)!.id
        if (newest % 1000 === 0) await tx.run('DELETE FROM events WHERE id <= ?', newest - CHANGE_LOG_ROWS) // now and then, not on every write
      }
      return result
    }, options)
    for (const then of afterCommit) then()
    if (recorded.length > 0) for (const listener of this.#listeners) listener(recorded)
    return result
  }

  /** `writer` runs inside each change's transaction with its events (events/delivery.ts fans them out into the queues so). */
  addWriter(writer: ChangeWriter): void {
    this.#writers.add(writer)
  }

  /** Called with the events of each committed change; returns the unsubscribe function. */
  subscribe(listener: ChangeListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
}
