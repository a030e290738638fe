// Delivery: a change's events on their way to the long polls that wait for them — written into the queues
// inside the change's transaction, announced after its commit (to this process's waits, and through the
// broker to other processes'), and the long poll itself, whose answer poll-answers.ts writes.

import type { ServerResponse } from 'node:http'
import type { Clock } from '../clock.js'
import type { ChangeLog } from '../store/changes.js'
import type { EventBroker } from './event-broker.js'
import type { Queue, QueueStore, ReadAlong } from './event-queues.js'
import { Waiters } from './event-waiters.js'
import { frameEnd, writeAnswer, type LatestEvent, type LatestEvents } from './poll-answers.js'

/** What the route read of a GET /events request, with who asks. */
export interface LongPoll {
  readonly queueId: string
  readonly lastEventId: number
  /** `dont_block`: answer at once, even with no event. */
  readonly dontBlock: boolean
  readonly userId: number
  /** The parameters the request gave and nothing read (`ignored_parameters_unsupported`). */
  readonly ignored: readonly string[]
  /** Runs the queue's read with the request's rate budget (ChatState.budgetWith), when the limiter can. */
  readonly readAlong?: ReadAlong | undefined
}

/** A woken wait's events: read from the store, or one event from memory; `'answered'` once written in the wake-up. */
type Found = readonly string[] | LatestEvent | 'answered'

export class Delivery {
  readonly #queues: QueueStore
  readonly #waiters: Waiters
  readonly #latest: LatestEvents
  readonly #heartbeatMs: () => number

  /**
   * Fans each change of `changes` out into the queues, and announces it through `broker` once committed, its
   * answers kept in `latest` for the requests it wakes; a long poll waits `heartbeatMs()` at most.
   */
  constructor(changes: ChangeLog, queues: QueueStore, broker: EventBroker, clock: Clock, latest: LatestEvents, heartbeatMs: () => number) {
    this.#queues = queues
    this.#latest = latest
    this.#heartbeatMs = heartbeatMs
    // Another process's change may come with its answers (PostgresBroker): the requests it wakes here take theirs from them.
    this.#waiters = new Waiters(broker, clock, (answers, wake) => latest.offer(answers, wake))
    changes.addWriter(async (events, tx) => {
      const { touched, answers } = await queues.fanOut(events, tx)
      return () => {
        latest.committed(answers) // this process's woken requests answer from memory
        broker.publish(touched, answers)
      }
    })
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
   * Answers a GET /events on `response` (poll-answers.ts writes it): what the queue holds after `lastEventId`
   * at once, else once news comes, a heartbeat after `heartbeatMs()`, or a newer request takes the queue over
   * (it answers what is there, often a heartbeat). Resolves once answered, or when the client went away.
   * An unknown queue, or one dropped or expired meanwhile, is BAD_EVENT_QUEUE_ID, thrown before anything is written.
   */
  async answer(poll: LongPoll, response: ServerResponse): Promise<void> {
    const { queueId, lastEventId } = poll
    // The queue and what it holds in one read; the events are answered only once the acknowledgement is valid.
    const readAt = this.#waiters.sequence
    const { queue, events } = await this.#queues.ownedWithEvents(queueId, poll.userId, lastEventId, poll.readAlong)
    this.#queues.acknowledge(queue, lastEventId)
    this.#queues.touch(queueId)
    const end = frameEnd(queueId, poll.ignored)
    let found: Found | undefined = events
    // With dont_block, a change of this process that committed since that read left its event in memory.
    if (events.length === 0 && poll.dontBlock) found = this.#latest.take(queueId, lastEventId) ?? events
    else if (events.length === 0) found = await this.#wait(queue, lastEventId, response, readAt, end)
    this.#queues.touch(queueId) // (its lifespan counts from the end of the last connected request)
    if (found !== 'answered' && found !== undefined) writeAnswer(response, end, found)
  }

  /** The events to answer with, `'answered'` (in the wake-up), or undefined when the client went away. */
  async #wait(queue: Queue, lastEventId: number, response: ServerResponse, readAt: number, end: string): Promise<Found | undefined> {
    const latest = this.#latest.take(queue.id, lastEventId)
    if (latest !== undefined) return latest
    if (response.destroyed) return undefined
    const answerAtOnce = (): boolean | Promise<boolean> => this.#answerAtOnce(queue.id, lastEventId, response, end)
    // The connection's 'close', not an AbortSignal: adding and removing an EventTarget's listener for each of
    // 1,000 polls took a tenth of a wake-up of 1,000 queues.
    const gone = (listener: () => void): (() => void) => {
      response.once('close', listener)
      return () => response.off('close', listener)
    }
    for (;;) {
      const outcome = await this.#waiters.wait(queue.id, this.#heartbeatMs(), gone, answerAtOnce, readAt)
      if (outcome === 'answered') return outcome
      if (outcome === 'gone') return undefined
      await this.#queues.owned(queue.id, queue.userId) // dropped meanwhile: BAD_EVENT_QUEUE_ID
      // A heartbeat is queued like any event; anything queued meanwhile (a request that took over the
      // queue may have left events unacknowledged) comes with it.
      if (outcome !== 'events') await this.#queues.append(queue.id, { type: 'heartbeat' })
      readAt = this.#waiters.sequence
      const events = this.#latest.take(queue.id, lastEventId) ?? (await this.#queues.readJson(queue.id, lastEventId))
      if (!Array.isArray(events) || events.length > 0) return events
    }
  }

  /**
   * On a wake-up with news: its events answered right here, from memory when there (the one event, with the
   * bytes its change shares among its queues), else read; false when there are none. (Answered inside the
   * wake-up, a change to 1,000 waiting queues writes 1,000 answers in one pass, without a round of promise
   * continuations through the middleware for each.)
   */
  #answerAtOnce(queueId: string, lastEventId: number, response: ServerResponse, end: string): boolean | Promise<boolean> {
    const latest = this.#latest.take(queueId, lastEventId)
    if (latest !== undefined) {
      this.#queues.touch(queueId)
      writeAnswer(response, end, latest)
      return true
    }
    return (async () => {
      if (!this.#latest.has(queueId) && !(await this.#queues.exists(queueId))) return false
      const events = await this.#queues.readJson(queueId, lastEventId)
      if (events.length === 0) return false
      this.#queues.touch(queueId)
      writeAnswer(response, end, events)
      return true
    })()
  }
}
