// What a worker of `--workers N` and its primary say to each other over the cluster's IPC channel: event
// fan-out (an EventBroker) and request budgets (a rate limiter), both counted or relayed by the primary.

import { randomBytes } from 'node:crypto'
import type { BrokerListener, EventBroker } from '../events/event-broker.js'
import type { RateDecision } from '../http/rate-limit.js'

/** Messages between a worker and the primary. */
export type WorkerMessage =
  | { readonly kind: 'prefixd-chat:publish'; readonly queueIds: readonly string[] }
  | { readonly kind: 'prefixd-chat:take'; readonly request: string; readonly caller: number | string }
  | { readonly kind: 'prefixd-chat:decision'; readonly request: string; readonly decision: RateDecision }

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { kind?: unknown }).kind === 'string' &&
    (value as { kind: string }).kind.startsWith('prefixd-chat:')
  )
}

/** The IPC channel of a worker process (`process.send` and its messages). */
export interface Channel {
  send(message: WorkerMessage): void
  on(event: 'message', listener: (message: unknown) => void): void
}

/**
 * A worker's broker: its own waiting requests hear at once, the other workers through the primary,
 * which relays every publish to all workers but its sender.
 */
export class WorkerBroker implements EventBroker {
  readonly #listeners = new Set<BrokerListener>()
  readonly #channel: Channel

  constructor(channel: Channel) {
    this.#channel = channel
    channel.on('message', (message) => {
      if (isWorkerMessage(message) && message.kind === 'prefixd-chat:publish') this.#tell(message.queueIds)
    })
  }

  publish(queueIds: readonly string[]): void {
    if (queueIds.length === 0) return
    this.#tell(queueIds)
    this.#channel.send({ kind: 'prefixd-chat:publish', queueIds })
  }

  subscribe(listener: BrokerListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #tell(queueIds: readonly string[]): void {
    for (const listener of this.#listeners) listener(queueIds)
  }
}

/** A worker's rate limiter: asks the primary, which holds the one count of every caller. */
export class WorkerRateLimiter {
  readonly #channel: Channel
  readonly #pending = new Map<string, (decision: RateDecision) => void>()
  readonly #prefix = randomBytes(4).toString('hex')
  #next = 0

  constructor(channel: Channel) {
    this.#channel = channel
    channel.on('message', (message) => {
      if (!isWorkerMessage(message) || message.kind !== 'prefixd-chat:decision') return
      const resolve = this.#pending.get(message.request)
      this.#pending.delete(message.request)
      resolve?.(message.decision)
    })
  }

  take(caller: number | string): Promise<RateDecision> {
    const request = `${this.#prefix}:${this.#next++}`
    return new Promise((resolve) => {
      this.#pending.set(request, resolve)
      this.#channel.send({ kind: 'prefixd-chat:take', request, caller })
    })
  }
}
