// The GET /events requests that wait for their queue: at most one per queue, woken by the broker, ended
// by a heartbeat timeout, by a newer request on the same queue, or by the client going away.

import type { Clock } from '../clock.js'
import { EVERY_QUEUE, type EventBroker, type PreparedAnswers } from './event-broker.js'

export type WaitOutcome = 'events' | 'heartbeat' | 'replaced' | 'gone'

interface Waiter {
  readonly finish: (outcome: WaitOutcome) => void
}

export class Waiters {
  readonly #waiting = new Map<string, Waiter>()
  readonly #clock: Clock
  /** Set by releaseAll: the service is stopping, and a request that comes to wait now is not kept. */
  #closed = false

  /**
   * `offer`, when given, is called with the answers another process's change sent along (see
   * EventBroker.publish) and the wake-up of their requests: it makes them available while they wake.
   */
  constructor(broker: EventBroker, clock: Clock, offer?: (answers: PreparedAnswers, wake: () => void) => void) {
    this.#clock = clock
    // All at once: waking in slices with setImmediate between them was measured (bench/events.ts) to
    // bring the first answers sooner but the last ones later.
    const wake = (queueIds: readonly string[]): void => {
      if (queueIds.length === 1 && queueIds[0] === EVERY_QUEUE) for (const waiter of [...this.#waiting.values()]) waiter.finish('events')
      else for (const id of queueIds) this.#waiting.get(id)?.finish('events')
    }
    broker.subscribe((queueIds, answers) => (answers === undefined || offer === undefined ? wake(queueIds) : offer(answers, () => wake(queueIds))))
  }

  /** Queues with a request waiting now: they never expire. */
  connected(): ReadonlySet<string> {
    return new Set(this.#waiting.keys())
  }

  get size(): number {
    return this.#waiting.size
  }

  /**
   * Waits until the queue has news, `heartbeatMs` pass, a newer request takes over the queue, or
   * `gone` fires (the client closed the connection).
   */
  wait(queueId: string, heartbeatMs: number, gone: (listener: () => void) => () => void, onEvents?: () => boolean | Promise<boolean>): Promise<WaitOutcome | 'answered'> {
    this.#waiting.get(queueId)?.finish('replaced')
    // (A request still reading its queue when the service began to stop: its connection is closing.)
    if (this.#closed) return Promise.resolve('gone')
    return new Promise((resolve, reject) => {
      let done = false
      const finish = (outcome: WaitOutcome): void => {
        if (done) return
        done = true
        cancelHeartbeat()
        stopWatching()
        if (this.#waiting.get(queueId) === waiter) this.#waiting.delete(queueId)
        // Answered right here when it can be: a wake-up of 1,000 queues then writes 1,000 answers in one
        // pass, without a round of promise continuations through the middleware for each.
        if (outcome !== 'events' || onEvents === undefined) return resolve(outcome)
        let answered: boolean | Promise<boolean>
        try {
          answered = onEvents()
        } catch (error) {
          return reject(error as Error)
        }
        if (typeof answered === 'boolean') resolve(answered ? 'answered' : outcome)
        else answered.then((yes) => resolve(yes ? 'answered' : outcome), reject)
      }
      const waiter: Waiter = { finish }
      const cancelHeartbeat = this.#clock.setTimeout(() => finish('heartbeat'), heartbeatMs)
      const stopWatching = gone(() => finish('gone'))
      this.#waiting.set(queueId, waiter)
    })
  }

  /** Ends every wait with a heartbeat, and every later one at once (the service is stopping). */
  releaseAll(): void {
    this.#closed = true
    for (const waiter of [...this.#waiting.values()]) waiter.finish('heartbeat')
  }
}
