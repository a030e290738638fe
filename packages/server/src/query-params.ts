// Reads query-string parameters strictly: bad encodings, repeats, wrong types and huge values are 4xx errors.

import { HttpError } from './http-error.js'
import type { ServerContext } from './server-state.js'

/** Longest accepted parameter value, in characters (IRIs in the wild rarely pass 2,000). */
export const MAX_PARAMETER_LENGTH = 4096

/**
 * The query parameters of the request, decoded once. Koa's own parser quietly keeps malformed
 * `%` sequences; here they are a 400, as are repeated parameters (which value would win?).
 */
export function queryParams(ctx: ServerContext): ReadonlyMap<string, string> {
  return (ctx.state.parsedQuery ??= parseQueryString(ctx.querystring))
}

export function parseQueryString(raw: string): Map<string, string> {
  const params = new Map<string, string>()
  if (raw === '') return params
  for (const part of raw.split('&')) {
    if (part === '') continue
    const eq = part.indexOf('=')
    const name = decode(eq < 0 ? part : part.slice(0, eq), 'parameter name')
    const value = eq < 0 ? '' : decode(part.slice(eq + 1), `parameter '${name}'`)
    if (params.has(name)) throw new HttpError('BAD_PARAMETER', `parameter '${name}' is given more than once`)
    if (value.length > MAX_PARAMETER_LENGTH) {
      throw new HttpError('QUERY_TOO_LONG', `parameter '${name}' is longer than ${MAX_PARAMETER_LENGTH} characters`)
    }
    params.set(name, value)
  }
  return params
}

function decode(text: string, what: string): string {
  try {
    return decodeURIComponent(text.includes('+') ? text.replace(/\+/g, ' ') : text)
  } catch {
    throw new HttpError('BAD_ENCODING', `${what} is not valid percent-encoded UTF-8`)
  }
}

/** The `q` parameter, which must be present and (unless `allowEmpty`) non-empty; else a 400 with `help`. */
export function requiredQuery(ctx: ServerContext, help: string, allowEmpty = false): string {
  const q = queryParams(ctx).get('q')
  if (q === undefined || (q === '' && !allowEmpty)) throw new HttpError('USAGE', 'the q parameter is required', { help })
  return q
}

/** A boolean parameter: absent → `fallback`; only the strings `true` and `false` are accepted. */
export function booleanParam(ctx: ServerContext, name: string, fallback = false): boolean {
  const value = queryParams(ctx).get(name)
  if (value === undefined) return fallback
  if (value === 'true') return true
  if (value === 'false') return false
  throw new HttpError('BAD_PARAMETER', `parameter '${name}' must be true or false, got '${value.slice(0, 40)}'`)
}

/** A whole-number parameter in `[1, max]`; absent → `fallback`. */
export function limitParam(ctx: ServerContext, fallback: number, max: number): number {
  const value = queryParams(ctx).get('limit')
  if (value === undefined) return fallback
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new HttpError('BAD_PARAMETER', `parameter 'limit' must be a whole number from 1 to ${max}`)
  }
  return Number(value)
}

/** An optional string parameter that must be one of `allowed`. */
export function choiceParam<T extends string>(ctx: ServerContext, name: string, allowed: readonly T[]): T | undefined {
  const value = queryParams(ctx).get(name)
  if (value === undefined) return undefined
  if (!(allowed as readonly string[]).includes(value)) {
    throw new HttpError('BAD_PARAMETER', `parameter '${name}' must be one of ${allowed.join(', ')}`)
  }
  return value as T
}

/** An optional non-empty string parameter. */
export function optionalParam(ctx: ServerContext, name: string): string | undefined {
  const value = queryParams(ctx).get(name)
  if (value === '') throw new HttpError('BAD_PARAMETER', `parameter '${name}' must not be empty`)
  return value
}

/** A path segment decoded, at most {@link MAX_PARAMETER_LENGTH} characters; else a 414 or a 400 naming `what`. */
export function decodePathSegment(raw: string, what: string): string {
  if (raw.length > MAX_PARAMETER_LENGTH) throw new HttpError('QUERY_TOO_LONG', `${what} is longer than ${MAX_PARAMETER_LENGTH} characters`)
  try {
    return decodeURIComponent(raw)
  } catch {
    throw new HttpError('BAD_ENCODING', `${what} is not valid percent-encoded UTF-8`)
  }
}
