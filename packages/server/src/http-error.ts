// The one HTTP error type: a closed set of codes and the single table from code to status.

export type HttpErrorCode =
  | 'USAGE'
  | 'BAD_PARAMETER'
  | 'BAD_ENCODING'
  | 'BAD_BODY'
  | 'QUERY_TOO_LONG'
  | 'PAYLOAD_TOO_LARGE'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'NOT_ACCEPTABLE'
  | 'NOT_IMPLEMENTED'
  | 'HEADERS_TOO_LARGE'
  | 'MALFORMED_REQUEST'
  | 'REQUEST_TIMEOUT'
  | 'RATE_LIMITED'
  | 'UNAUTHORIZED'
  | 'PRECONDITION_FAILED'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UNAVAILABLE'
  | 'INTERNAL'

export const STATUS_OF: Readonly<Record<HttpErrorCode, number>> = {
  USAGE: 400,
  BAD_PARAMETER: 400,
  BAD_ENCODING: 400,
  BAD_BODY: 400,
  QUERY_TOO_LONG: 414,
  PAYLOAD_TOO_LARGE: 413,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  NOT_ACCEPTABLE: 406,
  NOT_IMPLEMENTED: 501,
  HEADERS_TOO_LARGE: 431,
  MALFORMED_REQUEST: 400,
  REQUEST_TIMEOUT: 408,
  RATE_LIMITED: 429,
  UNAUTHORIZED: 401,
  PRECONDITION_FAILED: 412,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAVAILABLE: 503,
  INTERNAL: 500,
}

/**
 * A failure the client should see. The body is `{ success: false, error: { code, message } }`
 * unless `body` is given (the spec's usage answers are `{ help }`).
 */
export class HttpError extends Error {
  override readonly name = 'HttpError'
  constructor(
    readonly code: HttpErrorCode,
    message: string,
    readonly body?: object,
  ) {
    super(message)
  }

  get status(): number {
    return STATUS_OF[this.code]
  }
}

/** The JSON body of an error with `code`. */
export function errorBody(code: HttpErrorCode, message: string): object {
  return { success: false, error: { code, message } }
}
