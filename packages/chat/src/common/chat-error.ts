// The one error type of the chat service: a code, a message meant for clients, and the HTTP status its table gives.

/** Codes the service answers with (chat-api.md §7 and chat-behaviour.md). */
export type ChatErrorCode =
  | 'BAD_REQUEST'
  | 'REQUEST_VARIABLE_MISSING'
  | 'REQUEST_VARIABLE_INVALID'
  | 'INVALID_JSON'
  | 'UNAUTHORIZED'
  | 'INVALID_API_KEY'
  | 'USER_DEACTIVATED'
  | 'UNAUTHORIZED_PRINCIPAL'
  | 'RATE_LIMIT_HIT'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'BAD_EVENT_QUEUE_ID'
  | 'BAD_NARROW'
  | 'STREAM_WILDCARD_MENTION_NOT_ALLOWED'
  | 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED'
  | 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL'

const STATUS_OF: Readonly<Record<ChatErrorCode, number>> = {
  BAD_REQUEST: 400,
  REQUEST_VARIABLE_MISSING: 400,
  REQUEST_VARIABLE_INVALID: 400,
  INVALID_JSON: 400,
  UNAUTHORIZED: 401,
  INVALID_API_KEY: 401,
  USER_DEACTIVATED: 401,
  UNAUTHORIZED_PRINCIPAL: 400,
  RATE_LIMIT_HIT: 429,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  BAD_EVENT_QUEUE_ID: 400,
  BAD_NARROW: 400,
  STREAM_WILDCARD_MENTION_NOT_ALLOWED: 400,
  TOPIC_WILDCARD_MENTION_NOT_ALLOWED: 400,
  MOVE_MESSAGES_TIME_LIMIT_EXCEEDED: 400,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
}

/**
 * Failures whose answer carries another failure's code, each with its one status: where chat-behaviour.md
 * answers a caller's own missing item (or one that is not theirs: the same answer either way) with a 404
 * and BAD_REQUEST's code.
 */
const ANSWERED_AS: Readonly<Record<'OWN_ITEM_MISSING', { readonly code: ChatErrorCode; readonly status: number }>> = {
  OWN_ITEM_MISSING: { code: 'BAD_REQUEST', status: 404 },
}

/** What went wrong: a code clients read, or a failure answered with another's code (`ANSWERED_AS`). */
export type ChatErrorKind = ChatErrorCode | keyof typeof ANSWERED_AS

/**
 * A failure the client sees as `{ result: 'error', msg, code, ...extra }`, with the status the tables
 * give its kind: one kind, one status, never set per throw.
 */
export class ChatError extends Error {
  override readonly name = 'ChatError'
  readonly code: ChatErrorCode
  readonly status: number

  constructor(kind: ChatErrorKind, message: string, options: { readonly extra?: Readonly<Record<string, unknown>> } = {}) {
    super(message)
    const answered = Object.hasOwn(ANSWERED_AS, kind) ? ANSWERED_AS[kind as keyof typeof ANSWERED_AS] : undefined
    this.code = answered?.code ?? (kind as ChatErrorCode)
    this.status = answered?.status ?? STATUS_OF[kind as ChatErrorCode]
    this.extra = options.extra ?? {}
  }

  readonly extra: Readonly<Record<string, unknown>>
}

/** 400 BAD_REQUEST with the spec's message. */
export const badRequest = (message: string): ChatError => new ChatError('BAD_REQUEST', message)

/** 404 for the caller's own item that is missing or not theirs: the same answer either way. */
export const notFound = (message: string): ChatError => new ChatError('OWN_ITEM_MISSING', message)
