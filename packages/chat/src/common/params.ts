// Request parameters: from the query string and the body, read strictly by type; unread ones are reported.

import { ChatError } from './chat-error.js'

/** Longest string any parameter may carry; content and JSON fields are well within it. */
export const MAX_PARAMETER_LENGTH = 100_000

/**
 * The parameters of one request. Each getter marks its name as supported; `ignored()` lists the
 * rest for `ignored_parameters_unsupported`. Errors follow chat-behaviour.md: a missing required
 * parameter is REQUEST_VARIABLE_MISSING, a wrong type or value REQUEST_VARIABLE_INVALID, broken
 * JSON INVALID_JSON.
 */
export class Params {
  readonly #values = new Map<string, string>()
  readonly #used = new Set<string>()

  /** `pairs`: the query string's and the body's parameters (a name given twice, in either, is a 400). */
  constructor(pairs: Iterable<readonly [string, string]>) {
    for (const [name, value] of pairs) {
      if (this.#values.has(name)) throw invalid(name, 'it is given more than once')
      if (value.length > MAX_PARAMETER_LENGTH) throw invalid(name, `it is longer than ${MAX_PARAMETER_LENGTH} characters`)
      this.#values.set(name, value)
    }
  }

  has(name: string): boolean {
    this.#used.add(name)
    return this.#values.has(name)
  }

  /** Names given but never read by the operation. */
  ignored(): string[] {
    return [...this.#values.keys()].filter((name) => !this.#used.has(name))
  }

  #raw(name: string, required: boolean): string | undefined {
    this.#used.add(name)
    const value = this.#values.get(name)
    if (value === undefined && required) throw new ChatError('REQUEST_VARIABLE_MISSING', `Missing '${name}' argument`)
    return value
  }

  /** A string; NUL bytes are refused (no field of the API may hold one). */
  string(name: string, options: { readonly required: true; readonly maxLength?: number }): string
  string(name: string, options?: { readonly required?: false; readonly maxLength?: number }): string | undefined
  string(name: string, options: { readonly required?: boolean; readonly maxLength?: number } = {}): string | undefined {
    const value = this.#raw(name, options.required ?? false)
    if (value === undefined) return undefined
    if (value.includes('\0')) throw invalid(name, 'it contains a null byte')
    if (options.maxLength !== undefined && value.length > options.maxLength) throw invalid(name, `it is longer than ${options.maxLength} characters`)
    return value
  }

  /** A whole number, sent plain or as JSON (`5`), within `[min, max]`. */
  int(name: string, options: { readonly required: true; readonly min?: number; readonly max?: number }): number
  int(name: string, options?: { readonly required?: false; readonly min?: number; readonly max?: number }): number | undefined
  int(name: string, options: { readonly required?: boolean; readonly min?: number; readonly max?: number } = {}): number | undefined {
    const value = this.#raw(name, options.required ?? false)
    if (value === undefined) return undefined
    if (!/^-?\d{1,15}$/.test(value)) throw invalid(name)
    const number = Number(value)
    if ((options.min !== undefined && number < options.min) || (options.max !== undefined && number > options.max)) throw invalid(name)
    return number
  }

  /** `true` or `false` (JSON booleans, as clients send them). */
  bool(name: string, options: { readonly required: true }): boolean
  bool(name: string, options?: { readonly required?: false }): boolean | undefined
  bool(name: string, options: { readonly required?: boolean } = {}): boolean | undefined {
    const value = this.#raw(name, options.required ?? false)
    if (value === undefined) return undefined
    if (value === 'true') return true
    if (value === 'false') return false
    throw invalid(name)
  }

  /** A JSON-encoded field, checked by `check` (which returns the typed value or throws via `invalid`). */
  json<T>(name: string, check: (value: unknown, name: string) => T, options: { readonly required: true }): T
  json<T>(name: string, check: (value: unknown, name: string) => T, options?: { readonly required?: false }): T | undefined
  json<T>(name: string, check: (value: unknown, name: string) => T, options: { readonly required?: boolean } = {}): T | undefined {
    const value = this.#raw(name, options.required ?? false)
    if (value === undefined) return undefined
    let parsed: unknown
    try {
      parsed = JSON.parse(value)
    } catch {
      throw new ChatError('INVALID_JSON', `Argument '${name}' is not valid JSON.`)
    }
    return check(parsed, name)
  }
}

/**
 * Form pairs, decoded strictly: a `%` escape that is not valid UTF-8 is a 400 naming the parameter,
 * where URLSearchParams would quietly turn it into U+FFFD.
 */
export function* decodeForm(encoded: string): Generator<[string, string]> {
  for (const part of encoded.split('&')) {
    if (part === '') continue
    const eq = part.indexOf('=')
    const rawName = eq < 0 ? part : part.slice(0, eq)
    const name = decodeComponent(rawName, () => new ChatError('BAD_REQUEST', 'A parameter name is not valid percent-encoded UTF-8'))
    yield [name, decodeComponent(eq < 0 ? '' : part.slice(eq + 1), () => invalid(name, 'not valid percent-encoded UTF-8'))]
  }
}

function decodeComponent(text: string, error: () => ChatError): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    throw error()
  }
}

/** REQUEST_VARIABLE_INVALID naming the parameter: `Invalid color_scheme`. */
export function invalid(name: string, why?: string): ChatError {
  return new ChatError('REQUEST_VARIABLE_INVALID', why === undefined ? `Invalid ${name}` : `Invalid ${name}: ${why}`)
}

/** Checkers for `Params.json`. */
export const is = {
  intArray(value: unknown, name: string): number[] {
    if (!Array.isArray(value) || value.length > 10_000 || !value.every((v) => Number.isSafeInteger(v))) throw invalid(name, 'expected a list of integers')
    return value as number[]
  },
  stringArray(value: unknown, name: string): string[] {
    if (!Array.isArray(value) || value.length > 1000 || !value.every((v) => typeof v === 'string')) throw invalid(name, 'expected a list of strings')
    return value as string[]
  },
  object(value: unknown, name: string): Record<string, unknown> {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(name, 'expected an object')
    return value as Record<string, unknown>
  },
  any(value: unknown): unknown {
    return value
  },
}
