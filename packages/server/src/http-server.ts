// The Node HTTP server around the app: a header limit that fits the longest accepted parameter, and
// JSON answers even for requests Node rejects before the app sees them.

import { createServer, STATUS_CODES, type Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type Koa from 'koa'
import { errorBody, STATUS_OF, type HttpErrorCode } from './http-error.js'

/**
 * Request line and headers at most. A 4,096-character parameter percent-encoded as UTF-8 takes up to
 * 36 KiB; Node's default of 16 KiB would refuse it with a bare 431 before the app could say 414.
 */
export const MAX_HEADER_BYTES = 64 * 1024

/** An HTTP server for `app` (listen on it as usual). */
export function createHttpServer(app: Koa): Server {
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, app.callback())
  server.on('clientError', answerClientError)
  return server
}

/** Node's parser refused the request: answer in the API's JSON shape, then close. */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy()
    return
  }
  const [code, message]: [HttpErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ['HEADERS_TOO_LARGE', `the request line and headers exceed ${MAX_HEADER_BYTES} bytes`]
      : ['MALFORMED_REQUEST', 'the request is not valid HTTP/1.1']
  const status = STATUS_OF[code]
  const body = JSON.stringify(errorBody(code, message))
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nAccess-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n${body}`,
  )
}
