// ChatApiError: an error envelope (`{ result: 'error', code, msg }`) answered by the chat service, or an answer that is no envelope.

/**
 * What a failed call threw: the service's `code` and `msg` (chat-api.md §1.3), the HTTP status and the
 * whole parsed body (it carries extra fields such as `queue_id` or `retry-after`). An answer that is
 * not a JSON envelope (a proxy's HTML error page) has code `UNEXPECTED_RESPONSE` and body `{ text }`.
 */
export class ChatApiError extends Error {
  override readonly name = 'ChatApiError'

  constructor(
    readonly code: string,
    readonly msg: string,
    readonly status: number,
    readonly body: Readonly<Record<string, unknown>>,
  ) {
    super(`${code} (HTTP ${status}): ${msg}`)
  }
}
