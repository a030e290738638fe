// Reads flag and environment values strictly: a value out of range is a usage error that names the setting.

import { UsageError } from './usage-error.js'

/** A whole number in `[min, max]`. */
export function parseWhole(text: string, name: string, min: number, max: number): number {
  const n = /^\d{1,10}$/.test(text) ? Number(text) : NaN
  if (!(n >= min && n <= max)) throw new UsageError(`${name} must be a whole number from ${min} to ${max}, got '${text}'`)
  return n
}

/** One of `allowed`. */
export function parseChoice<T extends string>(text: string, name: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(text)) throw new UsageError(`${name} must be one of ${allowed.join(', ')}, got '${text}'`)
  return text as T
}
