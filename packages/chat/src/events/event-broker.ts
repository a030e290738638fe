// Fan-out of "these queues have new events" to the requests waiting on them. One small interface, so
// that several processes can later share it through an existing broker (Redis pub/sub, PostgreSQL
// LISTEN/NOTIFY) without the endpoints changing: the events themselves are already in the database.

/** Published alone (`[EVERY_QUEUE]`), it wakes every waiting request to read its queue again (after a gap). */
export const EVERY_QUEUE = '*'

export interface EventBroker {
  /** Says that `queueIds` have new events (after the transaction that wrote them committed). */
  publish(queueIds: readonly string[]): void
  /** Calls `listener` with queue ids that have new events; returns the unsubscribe function. */
  subscribe(listener: (queueIds: readonly string[]) => void): () => void
}

/** The broker of a single process: a direct call. */
export class LocalBroker implements EventBroker {
  readonly #listeners = new Set<(queueIds: readonly string[]) => void>()

  publish(queueIds: readonly string[]): void {
    if (queueIds.length === 0) return
    for (const listener of this.#listeners) listener(queueIds)
  }

  subscribe(listener: (queueIds: readonly string[]) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
}
