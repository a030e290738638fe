// Reads a form-encoded request body: bounded in size, strict about its encoding.

import type { Context } from 'koa'
import { ChatError } from './chat-error.js'

/** Bodies larger than this are refused (413) before being read whole. */
export const MAX_BODY_BYTES = 1024 * 1024

/** The body as a string of form parameters (empty when there is none). */
export async function readForm(ctx: Context): Promise<string> {
  const type = ctx.get('Content-Type')
  const declared = Number(ctx.get('Content-Length') || 0)
  if (declared > MAX_BODY_BYTES) throw new ChatError('PAYLOAD_TOO_LARGE', `Request body larger than ${MAX_BODY_BYTES} bytes`)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) throw new ChatError('PAYLOAD_TOO_LARGE', `Request body larger than ${MAX_BODY_BYTES} bytes`)
    chunks.push(chunk)
  }
  if (size === 0) return ''
  if (type !== '' && !/^application\/x-www-form-urlencoded\b/i.test(type)) {
    throw new ChatError('BAD_REQUEST', 'Parameters must be form-encoded (application/x-www-form-urlencoded)')
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks))
  } catch {
    throw new ChatError('BAD_REQUEST', 'The request body is not valid UTF-8')
  }
}
