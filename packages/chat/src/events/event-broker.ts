// Fan-out of "these queues have new events" to the requests waiting on them. One small interface: one
// process uses LocalBroker below, processes sharing a PostgreSQL database postgres-broker.ts (LISTEN/NOTIFY),
// and the endpoints are the same either way — the events themselves are already in the database.

import type { PreparedAnswers } from './poll-answers.js'

/** Published alone (`[EVERY_QUEUE]`), it wakes every waiting request to read its queue again (after a gap). */
export const EVERY_QUEUE = '*'

/** Hears of new events; `answers`, when given, come from another process's change (see EventBroker.publish). */
export type BrokerListener = (queueIds: readonly string[], answers?: PreparedAnswers) => void

export interface EventBroker {
  /**
   * Says that `queueIds` have new events (after the transaction that wrote them committed). A broker
   * that reaches other processes may carry `answers` along, so that their woken requests answer
   * without reading the store; this process's own listeners are not given them (they are in memory).
   */
  publish(queueIds: readonly string[], answers?: PreparedAnswers): void
  /** Calls `listener` with queue ids that have new events, in the order listeners subscribed; returns the unsubscribe function. */
  subscribe(listener: BrokerListener): () => void
}

/** The broker of a single process: a direct call. */
export class LocalBroker implements EventBroker {
  readonly #listeners = new Set<BrokerListener>()

  publish(queueIds: readonly string[]): void {
    if (queueIds.length === 0) return
    for (const listener of this.#listeners) listener(queueIds)
  }

  subscribe(listener: BrokerListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
}

/**
 * What tells a process that a user changed through any process, or by hand in the database
 * (PostgresBroker hears a trigger's NOTIFY, in commit order with the events).
 */
export interface UserChangeFeed {
  /** Whether changes are heard now: false while the connection that hears them is lost. */
  readonly live: boolean
  /** Calls `listener` after a change of users, and when the feed is lost or back; returns the unsubscribe function. */
  onUsersChanged(listener: () => void): () => void
}
