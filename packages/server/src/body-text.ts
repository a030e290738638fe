// Request bodies as text: UTF-8 read strictly by core's one decoder, so that every route refuses bytes that are not
// UTF-8 the same way — a 400 BAD_ENCODING saying where — instead of reading them as U+FFFD.

import { isUtf8 } from 'node:buffer'
import { decodeUtf8, Utf8Error } from '@prefixd/core'
import { HttpError } from './http-error.js'
import type { ServerContext } from './server-state.js'

/** A 400 BAD_ENCODING at the first byte that is not UTF-8: line, column (1-based) and byte offset, and the file when one is named. */
export function badEncoding(error: Utf8Error, file?: string): HttpError {
  const where = file === undefined ? 'the body' : file
  const message = `${where} is not valid UTF-8 at line ${error.line}, column ${error.column} (byte ${error.offset}); send it as UTF-8${file === undefined ? '' : '; nothing was stored'}`
  return new HttpError('BAD_ENCODING', message, {
    success: false,
    error: { code: 'BAD_ENCODING', message, ...(file !== undefined && { file }), line: error.line, column: error.column, offset: error.offset },
  })
}

/** `bytes` as text, or {@link badEncoding}. */
export function utf8Text(bytes: Uint8Array, file?: string): string {
  try {
    return decodeUtf8(bytes)
  } catch (error) {
    if (error instanceof Utf8Error) throw badEncoding(error, file)
    throw error
  }
}

/** `bytes` unchanged when they are UTF-8 (Node's native check), else {@link badEncoding}: for bytes read elsewhere (a worker). */
export function checkedUtf8(bytes: Buffer, file?: string): Buffer {
  if (!isUtf8(bytes)) utf8Text(bytes, file)
  return bytes
}

/** The request body as UTF-8 text, at most `max` bytes (a 413 saying `tooLarge` beyond), or {@link badEncoding}. */
export async function readBodyText(ctx: ServerContext, max: number, tooLarge: string): Promise<string> {
  if (Number(ctx.get('Content-Length') || 0) > max) throw new HttpError('PAYLOAD_TOO_LARGE', tooLarge)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > max) throw new HttpError('PAYLOAD_TOO_LARGE', tooLarge)
    chunks.push(chunk)
  }
  return utf8Text(Buffer.concat(chunks))
}
