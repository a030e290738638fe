// The Node HTTP server around the app: a header limit that fits the longest accepted parameter, the
// operator's limits (time to send a request, open connections), and JSON answers even for requests Node
// rejects before the app sees them.

import { createServer, STATUS_CODES, type RequestListener, type Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type Koa from 'koa'
import { errorBody, STATUS_OF, type HttpErrorCode } from './http-error.js'

/**
 * Request line and headers at most. A 4,096-character parameter percent-encoded as UTF-8 takes up to
 * 36 KiB; Node's default of 16 KiB would refuse it with a bare 431 before the app could say 414.
 */
export const MAX_HEADER_BYTES = 64 * 1024

/** Default time a client has to send a whole request, headers and body (Node's own is 300 s). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000
/** Node's default time to send the headers, kept when the request timeout is longer. */
const HEADERS_TIMEOUT_MS = 60_000

export interface HttpServerOptions {
  /** Milliseconds a client has to send a whole request before a JSON 408 and closing; 0 for none. Default 30 s. */
  readonly requestTimeoutMs?: number
  /** Open connections at most; a connection beyond is closed at once (`onDropped` is called). Default no cap. */
  readonly maxConnections?: number
  readonly onDropped?: () => void
  /** Wraps the app's request listener (the health paths and the drain, `health.ts`); default none. */
  readonly wrap?: (listener: RequestListener) => RequestListener
}

/** An HTTP server for `app` (listen on it as usual). */
export function createHttpServer(app: Koa, options: HttpServerOptions = {}): Server {
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS
  const server = createServer(
    {
      maxHeaderSize: MAX_HEADER_BYTES,
      requestTimeout,
      // Node requires headers to be due no later than the whole request.
      headersTimeout: requestTimeout === 0 ? HEADERS_TIMEOUT_MS : Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
      // Node checks the timeouts on this interval (30 s by default), so a short timeout needs a shorter one.
      connectionsCheckingInterval: requestTimeout === 0 ? 30_000 : Math.min(30_000, Math.max(50, Math.floor(requestTimeout / 4))),
    },
    options.wrap === undefined ? app.callback() : options.wrap(app.callback()),
  )
  if (options.maxConnections !== undefined) server.maxConnections = options.maxConnections
  if (options.onDropped) server.on('drop', options.onDropped)
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
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ['REQUEST_TIMEOUT', 'the request was not received in time']
        : ['MALFORMED_REQUEST', 'the request is not valid HTTP/1.1']
  const status = STATUS_OF[code]
  const body = JSON.stringify(errorBody(code, message))
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nAccess-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n${body}`,
  )
}
