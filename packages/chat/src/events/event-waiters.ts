// The GET /events requests that wait for their queue: at most one per queue, woken by the broker, ended
// by a heartbeat timeout, by a newer request on the same queue, or by the client going away.

import type { Clock } from '../clock.js'
import { EVERY_QUEUE, type EventBroker } from './event-broker.js'
import type { PreparedAnswers } from './poll-answers.js'

export type WaitOutcome = 'events' | 'heartbeat' | 'replaced' | 'gone'

interface Waiter {
  readonly finish: (outcome: WaitOutcome) => void
}

/** Queues whose latest news is remembered (see Waiters.sequence); older entries are forgotten first. */
const NEWS_REMEMBERED = 10_000

export class Waiters {
  readonly #waiting = new Map<string, Waiter>()
  readonly #clock: Clock
  /** Counts the broker's messages: a request notes it before reading its queue (`sequence`). */
  #sequence = 0
  /** The sequence of each queue's latest news, oldest first (bounded), and of the latest EVERY_QUEUE or forgotten entry. */
  readonly #news = new Map<string, number>()
  #newsForAll = 0
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
      const sequence = ++this.#sequence
      if (queueIds.length === 1 && queueIds[0] === EVERY_QUEUE) {
        this.#newsForAll = sequence
        for (const waiter of [...this.#waiting.values()]) waiter.finish('events')
        return
      }
      for (const id of queueIds) {
        this.#news.delete(id) // (re-inserted last: the map stays in sequence order)
        this.#news.set(id, sequence)
        this.#waiting.get(id)?.finish('events')
      }
      for (const [id, forgotten] of this.#news) {
        if (this.#news.size <= NEWS_REMEMBERED) break
        this.#news.delete(id)
        this.#newsForAll = forgotten // a request that read before it may have missed news: it reads again
      }
    }
    broker.subscribe((queueIds, answers) => (answers === undefined || offer === undefined ? wake(queueIds) : offer(answers, () => wake(queueIds))))
  }

  /**
   * Noted by a request before it reads its queue and passed to `wait`: news of the queue heard after
   * it (a change that committed while the read was on its way back, whose wake-up found no request
   * waiting yet) ends the wait at once, so it is never missed.
   */
  get sequence(): number {
    return this.#sequence
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
   * `gone` fires (the client closed the connection). `readAt`: the `sequence` noted before the request
   * last read its queue (news heard since then ends the wait at once).
   */
  wait(
    queueId: string,
    heartbeatMs: number,
    gone: (listener: () => void) => () => void,
    onEvents?: () => boolean | Promise<boolean>,
    readAt?: number,
  ): Promise<WaitOutcome | 'answered'> {
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
      const cancelHeartbeat = this.#clock.setTimeout(() => finish('heartbeat'), wholeSeconds(heartbeatMs))
      const stopWatching = gone(() => finish('gone'))
      this.#waiting.set(queueId, waiter)
      if (readAt !== undefined && ((this.#news.get(queueId) ?? 0) > readAt || this.#newsForAll > readAt)) finish('events')
    })
  }

  /** Ends every wait with a heartbeat, and every later one at once (the service is stopping). */
  releaseAll(): void {
    this.#closed = true
    for (const waiter of [...this.#waiting.values()]) waiter.finish('heartbeat')
  }
}

/**
 * A wait of a second or more rounded to whole seconds: Node keeps one list of timers per duration, and
 * 1,000 waits drawn from [45, 55] s were 1,000 lists, each cancelled (a request answered) by a removal
 * from their priority queue — a sixth of a wake-up of 1,000 queues. Rounded, they share 11 lists.
 */
function wholeSeconds(ms: number): number {
  return ms < 1000 ? ms : Math.round(ms / 1000) * 1000
}
