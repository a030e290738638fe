// Delivery: a change's events on their way to the long polls that wait for them — written into the queues
// inside the change's transaction, announced after its commit (to this process's waits, and through the
// broker to other processes'), and the long poll itself.

import type { Clock } from '../clock.js'
import type { ChangeLog } from '../store/changes.js'
import type { EventBroker, LatestEvent } from './event-broker.js'
import type { Queue, QueueStore } from './event-queues.js'
import { Waiters } from './event-waiters.js'

export interface LongPollOptions {
  /** How long to wait before answering with a heartbeat. */
  readonly heartbeatMs: number
  /** The client's connection (the request's ServerResponse): when it closes, the wait ends with nothing to answer. */
  readonly connection: ClientConnection
  /**
   * `delivery.sequence` as noted before the request read its queue: news heard since then ends the wait
   * at once (a change that committed while that read was on its way back is not missed).
   */
  readonly readAt: number
  /**
   * Given, a wake-up whose events are in memory answers through it at once, inside the wake-up (a change
   * to 1,000 waiting queues then writes 1,000 answers in one pass, without a round of promise continuations
   * through the middleware for each); the wait then ends with `'answered'`.
   */
  readonly respond?: (events: readonly string[] | LatestEvent) => void
}

/**
 * What a long poll watches of its client's connection. (Not an AbortSignal: adding and removing an
 * EventTarget's listener for each of 1,000 polls took a tenth of a wake-up of 1,000 queues.)
 */
export interface ClientConnection {
  /** True once the connection is closed. */
  readonly destroyed: boolean
  once(event: 'close', listener: () => void): unknown
  off(event: 'close', listener: () => void): unknown
}

/** The events to answer with (JSON texts with their ids; a heartbeat is one), `'answered'` (by `respond`), or `'gone'`. */
export type LongPollResult = readonly string[] | 'answered' | 'gone'

export class Delivery {
  readonly #queues: QueueStore
  readonly #waiters: Waiters

  /** Fans each change of `changes` out into the queues, and announces it through `broker` once committed. */
  constructor(changes: ChangeLog, queues: QueueStore, broker: EventBroker, clock: Clock) {
    this.#queues = queues
    // Another process's change may come with its answers (PostgresBroker): the requests it wakes here take theirs from them.
    this.#waiters = new Waiters(broker, clock, (answers, wake) => queues.offer(answers, wake))
    changes.addWriter(async (events, tx) => {
      const { touched, answers } = await queues.fanOut(events, tx)
      return () => {
        queues.committed(answers) // this process's woken requests answer from memory
        broker.publish(touched, answers)
      }
    })
  }

  /** Noted by a request before it reads its queue, and passed to `wait` as `readAt`. */
  get sequence(): number {
    return this.#waiters.sequence
  }

  /** How many requests wait now. */
  get size(): number {
    return this.#waiters.size
  }

  /** Queues with a request waiting now: they never expire. */
  connected(): ReadonlySet<string> {
    return this.#waiters.connected()
  }

  /** Ends every wait with a heartbeat, and every later one at once (the service is stopping). */
  releaseAll(): void {
    this.#waiters.releaseAll()
  }

  /**
   * The events of `queue` (the request's own, checked) after `lastEventId`: at once when this process's
   * change has just left them in memory, else once news comes, or a heartbeat after `heartbeatMs`, or when a
   * newer request takes the queue over (it answers what is there, often a heartbeat). A queue dropped or
   * expired meanwhile is BAD_EVENT_QUEUE_ID.
   */
  async wait(queue: Queue, lastEventId: number, options: LongPollOptions): Promise<LongPollResult> {
    const latest = this.#queues.takeLatest(queue.id, lastEventId)
    if (latest !== undefined) return [latest]
    const { connection, respond } = options
    if (connection.destroyed) return 'gone'
    const answerAtOnce = respond === undefined ? undefined : (): boolean | Promise<boolean> => this.#answerAtOnce(queue.id, lastEventId, respond)
    const gone = (listener: () => void): (() => void) => {
      connection.once('close', listener)
      return () => connection.off('close', listener)
    }
    let readAt = options.readAt
    for (;;) {
      const outcome = await this.#waiters.wait(queue.id, options.heartbeatMs, gone, answerAtOnce, readAt)
      if (outcome === 'answered' || outcome === 'gone') return outcome
      await this.#queues.owned(queue.id, queue.userId) // dropped meanwhile: BAD_EVENT_QUEUE_ID
      // A heartbeat is queued like any event; anything queued meanwhile (a request that took over the
      // queue may have left events unacknowledged) comes with it.
      if (outcome !== 'events') await this.#queues.append(queue.id, { type: 'heartbeat' })
      readAt = this.#waiters.sequence
      const events = await this.#queues.readJson(queue.id, lastEventId)
      if (events.length > 0) return events
    }
  }

  /**
   * On a wake-up with news: its events handed to `respond`, from memory when there (the one event, with the
   * bytes its change shares among its queues), else read; false when there are none.
   */
  #answerAtOnce(queueId: string, lastEventId: number, respond: (events: readonly string[] | LatestEvent) => void): boolean | Promise<boolean> {
    const latest = this.#queues.takeLatestEvent(queueId, lastEventId)
    if (latest !== undefined) {
      respond(latest)
      return true
    }
    return (async () => {
      if (!(await this.#queues.exists(queueId))) return false
      const events = await this.#queues.readJson(queueId, lastEventId)
      if (events.length === 0) return false
      respond(events)
      return true
    })()
  }
}
