// The error for a wrong command line or unreadable input file: exit code 2 with its message.

export class UsageError extends Error {
  override readonly name = 'UsageError'
}
