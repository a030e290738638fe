// ChatClient: calls the chat API as one user — HTTP Basic, form-encoded parameters, the JSON envelope, retries.

import { setTimeout as delay } from 'node:timers/promises'
import { backoffMs, DEFAULT_BACKOFF, retryAfterMs, type BackoffOptions } from './backoff.js'
import { ChatApiError } from './chat-api-error.js'

/** Waits `ms`; ends early, rejecting, when `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

/** The default `Sleep`: Node's timer, ended early by `signal` (rejecting with its AbortError). */
export const timerSleep: Sleep = (ms, signal) => delay(ms, undefined, signal === undefined ? {} : { signal })

/** Calls `callback` once after `ms` and returns the function that cancels it (the shape of the chat service's `Clock.setTimeout`). */
export type SetTimer = (callback: () => void, ms: number) => () => void

/** The default `SetTimer`: Node's timers. */
function systemTimer(callback: () => void, ms: number): () => void {
  const timer = setTimeout(callback, ms)
  return () => clearTimeout(timer)
}

/** Parameters of a call; `undefined` ones are left out, non-strings are sent as JSON (chat-api.md §1.1). */
export type CallParams = Readonly<Record<string, unknown>>

/** A success envelope: `result`, `msg` and the operation's fields. */
export type ChatSuccess = Record<string, unknown>

export interface ChatClientOptions {
  /** The service's address without `/api/v1`, e.g. `https://chat.example.com`. */
  readonly site: string
  /** The account's API email (chat-api.md §5). */
  readonly email: string
  readonly apiKey: string
  /** Default `globalThis.fetch`. */
  readonly fetch?: typeof globalThis.fetch
  /** Waits between attempts; default a timer. Tests inject one that records and returns at once. */
  readonly sleep?: Sleep
  /**
   * Starts the time limit of an attempt (`CallOptions.timeoutMs`): calls `callback` after `ms` unless the
   * returned function cancels it first. Default Node's `setTimeout`; tests inject one they fire by hand.
   */
  readonly setTimer?: SetTimer
  /** Uniform in [0, 1), the jitter of the backoff; default `Math.random`. */
  readonly random?: () => number
  /** Default base 500 ms, cap 30 s. */
  readonly backoff?: Partial<BackoffOptions>
  /** Retries of a call after its first attempt; default 8. A call may override it. */
  readonly maxRetries?: number
}

export interface CallOptions {
  /** Aborts the call: the request in flight or the wait before a retry. The call rejects with `signal.reason`. */
  readonly signal?: AbortSignal
  /** Time limit of each attempt, request and answer; default none. A timeout is retried like a network error. */
  readonly timeoutMs?: number
  /** Overrides the client's `maxRetries`; `Infinity` retries until success, a final error or an abort. */
  readonly maxRetries?: number
  /**
   * Whether doing the call twice is harmless; default true for every method but POST. A call that is not
   * is retried only when the server certainly did not act on it (a refused connection, a 429): after a
   * lost answer, a 5xx or a timeout it may have, and the error is thrown for the caller to check.
   */
  readonly idempotent?: boolean
}

/** Network errors raised before a request left: the server cannot have acted on it. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH'])

const DEFAULT_MAX_RETRIES = 8

/**
 * One attempt's end: the success body, or the error and whether it is worth a retry — after the wait
 * the server asked for (`waitMs`, a 429) or after the backoff.
 */
type Attempt = { readonly body: ChatSuccess } | { readonly error: unknown; readonly retry: boolean; readonly waitMs?: number }

/**
 * A client of the chat API authenticated as one account. Network errors, timeouts and 5xx answers are
 * retried with exponential backoff and full jitter; a 429 waits what its Retry-After says; other 4xx
 * are final. A POST (see `CallOptions.idempotent`) is retried only where it cannot have taken effect, so
 * a lost answer never sends a message twice.
 *
 * @example
 * const client = new ChatClient({ site: 'https://chat.example.com', email: 'max@example.com', apiKey })
 * const { id } = await client.call('POST', '/messages', { type: 'direct', to: [1], content: 'Hi' })
 */
export class ChatClient {
  readonly #api: string
  readonly #authorization: string
  readonly #fetch: typeof globalThis.fetch
  readonly #sleep: Sleep
  readonly #setTimer: SetTimer
  readonly #random: () => number
  readonly #backoff: BackoffOptions
  readonly #maxRetries: number

  constructor(options: ChatClientOptions) {
    this.#api = `${new URL(options.site).href.replace(/\/+$/, '')}/api/v1`
    this.#authorization = `Basic ${Buffer.from(`${options.email}:${options.apiKey}`, 'utf8').toString('base64')}`
    this.#fetch = options.fetch ?? globalThis.fetch
    this.#sleep = options.sleep ?? timerSleep
    this.#setTimer = options.setTimer ?? systemTimer
    this.#random = options.random ?? Math.random
    this.#backoff = { ...DEFAULT_BACKOFF, ...options.backoff }
    this.#maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES
  }

  /**
   * Calls `method path` (relative to `/api/v1`, e.g. `/users/me`) and returns the success body, or
   * throws: a `ChatApiError` for an error envelope, the network error once retries are spent, or
   * `signal.reason` when aborted.
   */
  async call(method: string, path: string, params: CallParams = {}, options: CallOptions = {}): Promise<ChatSuccess> {
    if (!path.startsWith('/')) throw new TypeError(`path must start with '/' (relative to /api/v1): ${path}`)
    const { signal } = options
    const maxRetries = options.maxRetries ?? this.#maxRetries
    method = method.toUpperCase()
    for (let retry = 0; ; retry++) {
      signal?.throwIfAborted()
      const attempt = await this.#attempt(method, path, params, options)
      if ('body' in attempt) return attempt.body
      if (signal?.aborted) throw signal.reason
      if (!attempt.retry || retry >= maxRetries) throw attempt.error
      try {
        await this.#sleep(attempt.waitMs ?? backoffMs(retry, this.#backoff, this.#random), signal)
      } catch (error) {
        if (signal?.aborted) throw signal.reason
        throw error
      }
    }
  }

  async #attempt(method: string, path: string, params: CallParams, options: CallOptions): Promise<Attempt> {
    const idempotent = options.idempotent ?? method !== 'POST'
    const encoded = formEncode(params)
    const query = method === 'GET' || method === 'HEAD'
    const url = `${this.#api}${path}${query && encoded !== '' ? `?${encoded}` : ''}`
    const limit = attemptSignal(options.signal, options.timeoutMs, this.#setTimer)
    let response: Response
    let text: string
    try {
      response = await this.#fetch(url, {
        method,
        headers: {
          authorization: this.#authorization,
          accept: 'application/json',
          ...(!query && { 'content-type': 'application/x-www-form-urlencoded' }),
        },
        ...(!query && { body: encoded }),
        ...(limit.signal !== undefined && { signal: limit.signal }),
      })
      text = await response.text()
    } catch (error) {
      // No answer (refused, reset, timed out): worth another try unless the caller aborted, and for a
      // call that is not idempotent only when the request never left.
      return { error, retry: idempotent || NOT_SENT.has(networkCode(error) ?? '') }
    } finally {
      limit.clear()
    }
    const body = parseObject(text)
    if (body?.result === 'success' && response.ok) return { body }
    const error =
      body?.result === 'error'
        ? new ChatApiError(String(body.code ?? 'UNKNOWN'), String(body.msg ?? ''), response.status, body)
        : new ChatApiError('UNEXPECTED_RESPONSE', `not a JSON envelope (HTTP ${response.status})`, response.status, { text: text.slice(0, 1000) })
    if (response.status === 429) {
      const waitMs = retryAfterMs(response.headers, body ?? {})
      return { error, retry: true, ...(waitMs !== undefined && { waitMs }) }
    }
    return { error, retry: idempotent && response.status >= 500 }
  }
}

/** The system error code behind a fetch failure (`fetch failed` wraps it as its cause). */
function networkCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause
  const code = cause?.code ?? (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

/** Strings as they are, everything else as JSON (chat-api.md §1.1); `undefined` values are left out. */
function formEncode(params: CallParams): string {
  const form = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) form.append(name, typeof value === 'string' ? value : JSON.stringify(value))
  }
  return form.toString()
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/**
 * The signal of one attempt: the caller's, ended also by the timeout. One listener and one timer,
 * both cleared by `clear()` whichever way the attempt ends, so a long-lived caller signal gathers none.
 */
function attemptSignal(
  signal: AbortSignal | undefined,
  timeoutMs: number | undefined,
  setTimer: SetTimer,
): { readonly signal: AbortSignal | undefined; clear(): void } {
  if (timeoutMs === undefined) return { signal, clear: () => {} }
  const controller = new AbortController()
  const onAbort = (): void => controller.abort(signal?.reason)
  const cancelTimer = setTimer(() => controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs)
  if (signal?.aborted) onAbort()
  else signal?.addEventListener('abort', onAbort, { once: true })
  return {
    signal: controller.signal,
    clear: () => {
      cancelTimer()
      signal?.removeEventListener('abort', onAbort)
    },
  }
}
