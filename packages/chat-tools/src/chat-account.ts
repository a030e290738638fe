// The chat account a command acts as (--site, --email, --api-key), and how a failed call is told to the user.

import { ChatApiError } from '@prefixd/chat-client'

/** Where and as whom: the fields of `ChatClientOptions` the command line gives. */
export interface ChatAccount {
  /** The service's address without `/api/v1`, e.g. `http://127.0.0.1:9991`. */
  readonly site: string
  readonly email: string
  readonly apiKey: string
}

/**
 * One or more lines about a failed call: the server's `msg`, code and status, and each field's
 * messages from `errors` (linkifier validation); for no answer at all, the network error and its cause.
 */
export function describeFailure(error: unknown): string {
  if (error instanceof ChatApiError) {
    const lines = [`${error.msg || error.code} (${error.code}, HTTP ${error.status})`]
    const errors = error.body.errors
    if (typeof errors === 'object' && errors !== null) {
      for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
        for (const message of Array.isArray(messages) ? messages : [messages]) lines.push(`  ${field}: ${String(message)}`)
      }
    }
    return lines.join('\n')
  }
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause
  return `no answer: ${(error as Error | undefined)?.message ?? String(error)}${cause ? ` (${cause.code ?? cause.message})` : ''}`
}
