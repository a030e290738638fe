// A long poll's answer (GET /events): the event bytes, the latest-event cache, the frame and the write — the one
// module that cuts and splices an event's text, and the only one that writes a GET /events answer.

import type { ServerResponse } from 'node:http'

/** An answer up to its first event. */
const ANSWER_START = '{"result":"success","msg":"","events":['
const JSON_TYPE = 'application/json; charset=utf-8'

/** A queue's newest event as answer text (`{"id":…}`), for a request waiting after the event before it. */
export interface LatestEvent {
  readonly eventId: number
  readonly json: string
  /**
   * The same text after its `{"id":N,`, as UTF-8 bytes: one Buffer shared by every queue given that event, so
   * that 1,000 answers write it as it is rather than each flattening and encoding a copy of its own (the
   * copies' garbage made the collector run in the middle of a wake-up). Absent, `json` is written.
   */
  readonly after?: Buffer
}

/** The answers a change's fan-out prepared, by queue (a queue given two events of one change: the later wins). */
export type PreparedAnswers = ReadonlyArray<readonly [queueId: string, latest: LatestEvent]>

/** A stored event (`{"type":…}`, as JSON.stringify wrote it) as answer text, its id first: `{"id":7,"type":…}`. */
export function withId(eventId: number, stored: string): string {
  return `{"id":${eventId},${stored.slice(1)}`
}

/** What follows `{"id":N,` in every queue's answer text of `stored`, as UTF-8: one Buffer for them all. */
export function sharedBytes(stored: string): Buffer {
  return Buffer.from(stored.slice(1))
}

/** The answer a change's fan-out keeps for a queue given `stored` as event `eventId`, with its `sharedBytes`. */
export function latestEvent(eventId: number, stored: string, bytes: Buffer): LatestEvent {
  return { eventId, json: withId(eventId, stored), after: bytes }
}

/** An answer's text after `{"id":N` (`,"type":…}`: what a notification carries), or undefined when it has none. */
export function textAfterId(latest: LatestEvent): string | undefined {
  const head = `{"id":${latest.eventId}`
  return latest.json.startsWith(head) ? latest.json.slice(head.length) : undefined
}

/** Back from `textAfterId`, with `bytes` (that text after its comma, encoded once) shared by a notification's queues. */
export function fromTextAfterId(eventId: number, rest: string, bytes: Buffer | undefined): LatestEvent {
  return { eventId, json: `{"id":${eventId}${rest}`, ...(bytes !== undefined && { after: bytes }) }
}

/** `fromTextAfterId`'s shared bytes of `rest`: undefined when nothing follows the id (never an event: each has a type). */
export function bytesAfterId(rest: string): Buffer | undefined {
  return rest.startsWith(',') ? Buffer.from(rest.slice(1)) : undefined
}

/**
 * The newest event each queue was given by a change of this process (or by another's, while its wake-up runs):
 * a request woken by that change usually wants exactly it, and then reads nothing. An entry is dropped when
 * taken, when another event follows it outside a change (a heartbeat), and with its queue.
 */
export class LatestEvents {
  readonly #latest = new Map<string, LatestEvent>()

  /** The answers of a change that has committed: they may now be answered from memory. */
  committed(answers: PreparedAnswers): void {
    for (const [queueId, latest] of answers) this.#latest.set(queueId, latest)
  }

  /**
   * Answers another process's change sent along (PostgresBroker): kept while `wake` wakes the requests waiting
   * here (each takes its answer at once, or reads the store), then dropped, so that memory holds no entry for
   * queues served elsewhere.
   */
  offer(answers: PreparedAnswers, wake: () => void): void {
    this.committed(answers)
    try {
      wake()
    } finally {
      for (const [queueId, latest] of answers) if (this.#latest.get(queueId) === latest) this.#latest.delete(queueId)
    }
  }

  /** The one event after `afterId` when a change just gave it to the queue (taken: a second call misses), else undefined. */
  take(queueId: string, afterId: number): LatestEvent | undefined {
    const latest = this.#latest.get(queueId)
    if (latest === undefined || latest.eventId !== afterId + 1) return undefined
    this.#latest.delete(queueId)
    return latest
  }

  has(queueId: string): boolean {
    return this.#latest.has(queueId)
  }

  /** The queue was given an event outside a change (a heartbeat), or it is gone. */
  forget(queueId: string): void {
    this.#latest.delete(queueId)
  }
}

/** An answer after its last event: the queue's id and the parameters nothing read. */
export function frameEnd(queueId: string, ignored: readonly string[]): string {
  const unread = ignored.length > 0 ? `,"ignored_parameters_unsupported":${JSON.stringify(ignored)}` : ''
  return `],"queue_id":${JSON.stringify(queueId)}${unread}}`
}

/**
 * Writes a GET /events answer: `events` (texts as read from the store, sent as they are: never parsed and
 * serialized again) or one event with its shared bytes, between the answer's start and `end` (frameEnd).
 *
 * Answers written here, to Node's response rather than through Koa.
 *
 * Why: a change to 1,000 waiting queues wakes 1,000 requests in one call of the broker's listener, and each is
 * answered right there (events/delivery.ts): its event's bytes as the change encoded them once for all its queues,
 * between this answer's own start and end, one writev when `end()` uncorks the socket. Through Koa, each answer
 * would first wait for a round of promise continuations through the middleware, and 1,000 copies of the text
 * (flattened, encoded, then prefixed) made the collector run in the middle of the wake-up: 7 MB of garbage per
 * wake-up with a 2.5 KB message (bench:chat-mentions, bench:chat-wake). Koa's handling of the request awaits the
 * answer, then finds the response ended (`ctx.writable` false) and writes nothing more.
 *
 * What is written here is only a 200 success with the events: a refused request (a bad queue, a pruned id)
 * throws before anything is written, and Koa's error middleware answers it; a client gone gets nothing.
 */
export function writeAnswer(response: ServerResponse, end: string, events: readonly string[] | LatestEvent): void {
  const one = Array.isArray(events) ? undefined : (events as LatestEvent)
  if (one?.after === undefined) {
    const body = `${ANSWER_START}${one === undefined ? (events as readonly string[]).join(',') : one.json}${end}`
    response.writeHead(200, ['Content-Type', JSON_TYPE, 'Content-Length', String(Buffer.byteLength(body))])
    response.end(body)
    return
  }
  // (The start is ASCII: its length is its bytes.)
  const start = `${ANSWER_START}{"id":${one.eventId},`
  response.writeHead(200, ['Content-Type', JSON_TYPE, 'Content-Length', String(start.length + one.after.length + Buffer.byteLength(end))])
  response.write(start)
  response.write(one.after)
  response.end(end)
}
