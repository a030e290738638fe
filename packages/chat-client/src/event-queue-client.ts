// EventQueueClient: registers an event queue and reads it by long polling, as an async iterator of events.

import { ChatApiError } from './chat-api-error.js'
import type { ChatClient, ChatSuccess } from './chat-client.js'

/** An event of the queue (chat-events.md §6): an increasing `id`, a `type`, and fields clients must tolerate. */
export interface ChatEvent {
  readonly id: number
  readonly type: string
  readonly [field: string]: unknown
}

/** The answer of POST /register: the queue, its starting point, and the initial state asked for. */
export interface RegisterState {
  readonly queue_id: string
  readonly last_event_id: number
  /** Default 90 when absent. */
  readonly event_queue_longpoll_timeout_seconds?: number
  readonly [field: string]: unknown
}

/**
 * Yielded by `events()` after the queue was lost (BAD_EVENT_QUEUE_ID) and a new one registered; never
 * sent by the server. Events between the two queues may be missing: rebuild state from `state`.
 */
export interface QueueReregistered {
  readonly type: 'reregister'
  readonly queue_id: string
  readonly state: RegisterState
}

export type QueueItem = ChatEvent | QueueReregistered

/** Tells the marker from an event (a server event's `type` is any string, so `type` alone does not narrow). */
export function isReregister(item: QueueItem): item is QueueReregistered {
  return item.type === 'reregister' && !('id' in item)
}

export interface EventQueueOptions {
  /** POST /register `event_types`; default all types. */
  readonly eventTypes?: readonly string[]
  /** POST /register `fetch_event_types`; default `eventTypes`. */
  readonly fetchEventTypes?: readonly string[]
  /** `[[operator, operand], …]`, e.g. `[['channel', 'general']]`. */
  readonly narrow?: ReadonlyArray<readonly [string, string]>
  readonly applyMarkdown?: boolean
  readonly allPublicStreams?: boolean
  /** Seconds the server keeps the queue without a request; default the server's (600). */
  readonly queueLifespanSecs?: number
  /** Stops `events()`: the long poll in flight is aborted, the queue deleted, the iterator returns. */
  readonly signal?: AbortSignal
  /**
   * Called (and awaited) with each registration's state, the first and every re-registration, before
   * any event of that queue is yielded: where callers (re)build the state the events then update.
   */
  readonly onRegister?: (state: RegisterState) => void | Promise<void>
  /**
   * Called (and awaited) after each answer of GET /events once all its events were yielded and handled,
   * heartbeats and empty answers included, with the number of events the answer held. What the loop body
   * did while handling them is followed by a poll that started after it: a change it made shows in the
   * events of the polls that follow, once an answer holds fewer events than the server's cap per answer
   * (this service's: `MAX_EVENTS_PER_ANSWER`, 1000) — a full answer may have left newer ones for the next.
   */
  readonly afterPoll?: (answer: { readonly events: number }) => void | Promise<void>
}

/** The timeout of GET /events when the registration names none (chat-behaviour.md: 90 s). */
const DEFAULT_LONGPOLL_SECONDS = 90
/** DELETE /events on stop is best effort: it must not hold the stop up for long. */
const DELETE_TIMEOUT_MS = 5000

/**
 * One event queue of one client. `events()` registers (unless `register()` did), then long-polls
 * GET /events forever: it yields each event except heartbeats, in order and once (delivery is
 * at-least-once, so ids already seen are skipped), and acknowledges what was yielded with the next
 * request's `last_event_id`. Network errors, 5xx and 429 are retried without end through the
 * ChatClient. On BAD_EVENT_QUEUE_ID it registers a new queue (starting from its own `last_event_id`,
 * never the old one), awaits `onRegister`, and yields a `QueueReregistered` marker. Whenever the
 * iteration ends — the signal, a `break`, or a final error — the queue is deleted, best effort.
 *
 * @example
 * const queue = new EventQueueClient(client, { eventTypes: ['message'], signal, onRegister: (state) => load(state) })
 * for await (const item of queue.events()) {
 *   if (isReregister(item)) continue // onRegister has rebuilt the state
 *   handle(item)
 * }
 */
export class EventQueueClient {
  readonly #client: ChatClient
  readonly #options: EventQueueOptions
  #queueId: string | undefined
  #lastEventId = -1
  #timeoutMs = DEFAULT_LONGPOLL_SECONDS * 1000
  #iterating = false

  constructor(client: ChatClient, options: EventQueueOptions = {}) {
    this.#client = client
    this.#options = options
  }

  /** The current queue, undefined before registration and after the iteration ended. */
  get queueId(): string | undefined {
    return this.#queueId
  }

  /** The id of the last event yielded (or heartbeat skipped): what the next request acknowledges. */
  get lastEventId(): number {
    return this.#lastEventId
  }

  /**
   * Registers a queue (POST /register, retried up to the client's `maxRetries`), awaits `onRegister`,
   * and returns the state; `events()` then reads that queue instead of registering its own.
   */
  register(): Promise<RegisterState> {
    return this.#register(undefined)
  }

  /** The events of the queue; see the class. Only one iteration at a time. */
  async *events(): AsyncGenerator<QueueItem, void, undefined> {
    if (this.#iterating) throw new TypeError('events() is already being iterated')
    this.#iterating = true
    const { signal } = this.#options
    // A function, not `signal.aborted` inline: TypeScript would keep its narrowing across the awaits.
    const aborted = (): boolean => signal?.aborted === true
    try {
      if (this.#queueId === undefined) await this.#register(Infinity)
      while (!aborted()) {
        let answer: ChatSuccess
        try {
          answer = await this.#client.call(
            'GET',
            '/events',
            { queue_id: this.#queueId, last_event_id: this.#lastEventId },
            { timeoutMs: this.#timeoutMs, maxRetries: Infinity, ...(signal && { signal }) },
          )
        } catch (error) {
          if (!(error instanceof ChatApiError && error.code === 'BAD_EVENT_QUEUE_ID')) throw error
          this.#queueId = undefined // gone on the server: nothing to delete, nothing to acknowledge
          const state = await this.#register(Infinity)
          yield { type: 'reregister', queue_id: state.queue_id, state }
          continue
        }
        const events = eventsOf(answer)
        for (const event of events) {
          if (aborted()) return
          if (event.id <= this.#lastEventId) continue // at-least-once delivery: seen already
          if (event.type !== 'heartbeat') yield event
          // After the yield: an event is acknowledged once the consumer's loop body has run on it.
          this.#lastEventId = event.id
        }
        if (aborted()) return
        await this.#options.afterPoll?.({ events: events.length })
      }
    } catch (error) {
      if (!aborted()) throw error // an abort is a clean stop, not a failure
    } finally {
      this.#iterating = false
      await this.#deleteQueue()
    }
  }

  async #register(maxRetries: number | undefined): Promise<RegisterState> {
    const o = this.#options
    const params = {
      event_types: o.eventTypes,
      fetch_event_types: o.fetchEventTypes,
      narrow: o.narrow,
      apply_markdown: o.applyMarkdown,
      all_public_streams: o.allPublicStreams,
      queue_lifespan_secs: o.queueLifespanSecs,
    }
    // A registration repeated after a lost answer leaves a spare queue, which expires unused: harmless.
    const body = await this.#client.call('POST', '/register', params, {
      idempotent: true,
      ...(o.signal && { signal: o.signal }),
      ...(maxRetries !== undefined && { maxRetries }),
    })
    const state = registerState(body)
    this.#queueId = state.queue_id
    this.#lastEventId = state.last_event_id
    this.#timeoutMs = (state.event_queue_longpoll_timeout_seconds ?? DEFAULT_LONGPOLL_SECONDS) * 1000
    await o.onRegister?.(state)
    return state
  }

  async #deleteQueue(): Promise<void> {
    const queueId = this.#queueId
    this.#queueId = undefined
    this.#lastEventId = -1
    if (queueId === undefined) return
    // A fresh signal: the caller's has usually fired already. A failure only leaves the queue to expire.
    await this.#client.call('DELETE', '/events', { queue_id: queueId }, { timeoutMs: DELETE_TIMEOUT_MS, maxRetries: 0 }).catch(() => {})
  }
}

function registerState(body: ChatSuccess): RegisterState {
  const timeout = body.event_queue_longpoll_timeout_seconds
  if (
    typeof body.queue_id !== 'string' ||
    typeof body.last_event_id !== 'number' ||
    (timeout !== undefined && (typeof timeout !== 'number' || !(timeout > 0)))
  ) {
    throw new ChatApiError('UNEXPECTED_RESPONSE', 'POST /register answered without queue_id, last_event_id or a valid longpoll timeout', 200, body)
  }
  return body as RegisterState
}

function eventsOf(body: ChatSuccess): ChatEvent[] {
  const { events } = body
  if (
    !Array.isArray(events) ||
    !events.every((e: unknown) => typeof e === 'object' && e !== null && typeof (e as ChatEvent).id === 'number' && typeof (e as ChatEvent).type === 'string')
  ) {
    throw new ChatApiError('UNEXPECTED_RESPONSE', 'GET /events answered without a list of events with id and type', 200, body)
  }
  return events as ChatEvent[]
}
