// Whether a store's failure is the database being out of reach (restarting, down, unreachable) rather than
// a fault of the request or of the service: those are answered 503 with Retry-After, and clients try again.

/** Node's errors for a connection that cannot be made or was lost. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])
/** pg's messages for a client whose connection ended or could not be made in time (they carry no code). */
const LOST_CONNECTION = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed)/

/**
 * True for a lost or refused connection to PostgreSQL: SQLSTATE class 08 (connection exception), 57P01–57P03
 * (the server shutting down or starting up: `pg_ctl stop/restart`), Node's network errors, and pg's own
 * messages for a connection gone. A constraint violation, a syntax error or a SQLite error is not.
 */
export function storeUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))) return true
  return LOST_CONNECTION.test(error.message)
}
