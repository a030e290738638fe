// The one error type of @prefixd/core: a closed set of codes that callers (HTTP, CLI) map to their own statuses.

/** Why a name could not be expanded, an IRI not shrunk, or a table entry not loaded. */
export type PrefixErrorCode =
  | 'NOT_A_PREFIXED_NAME'
  | 'INVALID_PREFIX'
  | 'UNKNOWN_PREFIX'
  | 'INVALID_LOCAL_NAME'
  | 'INVALID_IRI'
  | 'NO_NAMESPACE'
  | 'UNWRITABLE_LOCAL_NAME'
  | 'INVALID_SOURCE'

/** A domain failure with a code from {@link PrefixErrorCode} and a message fit to show a user. */
export class PrefixError extends Error {
  override readonly name = 'PrefixError'
  constructor(
    readonly code: PrefixErrorCode,
    message: string,
  ) {
    super(message)
  }
}
