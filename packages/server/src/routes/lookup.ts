// GET and POST /api/v1/expand and /api/v1/shrink: one name or IRI, or a JSON array of them.

import { prefixWarning, type ApiLookup, type NameSyntax, type PrefixIndex } from '@prefixd/core'
import { readBodyText } from '../body-text.js'
import { HttpError } from '../http-error.js'
import { booleanParam, choiceParam, MAX_PARAMETER_LENGTH, requiredQuery } from '../query-params.js'
import { respond, sendJson, servedIndex } from '../respond.js'
import type { ServerContext, ServerRouter } from '../server-state.js'

/** Most items in one POST body. */
export const MAX_BULK_ITEMS = 10_000

const NOT_FOUND = { success: false }
const SYNTAXES: readonly NameSyntax[] = ['turtle', 'curie']

type Lookup = (index: PrefixIndex, item: string, syntax: NameSyntax, standardize: boolean) => string | undefined

const LOOKUPS: Record<'expand' | 'shrink', Lookup> = {
  expand: (index, name, syntax) => index.expand(name, { syntax }),
  // The name expands back to the IRI, unless the caller asks to standardize (then the answer says to what).
  shrink: (index, iri, syntax, standardize) => index.shrink(iri, { syntax, standardize }),
}

/** With `?standardize=true`, the IRI the name stands for when it is not the one asked about (a namespace synonym rewritten). */
function standardized(index: PrefixIndex, iri: string, standardize: boolean): string | undefined {
  if (!standardize) return undefined
  const standard = index.standardize(iri)
  return standard === undefined || standard === iri ? undefined : standard
}

/** Largest accepted request body, in bytes. */
export const MAX_BODY_BYTES = 4 * 2 ** 20

export function addLookupRoutes(router: ServerRouter): void {
  for (const [name, lookup] of Object.entries(LOOKUPS)) {
    const help = `/api/v1/${name}?q=…`
    router.get(`/api/v1/${name}`, (ctx) => {
      const q = requiredQuery(ctx, help)
      const syntax = choiceParam(ctx, 'syntax', SYNTAXES) ?? 'turtle'
      const standardize = name === 'shrink' && booleanParam(ctx, 'standardize')
      respond(
        ctx,
        `${name}\0${syntax}\0${standardize}\0${q}`,
        (index) => {
          const value = lookup(index, q, syntax, standardize)
          if (value === undefined) return [404, NOT_FOUND]
          // A name through a prefix completion does not offer still expands, but the answer says what the prefix is
          // (foaa:x → suspect, no-vocabulary-host; shema: → usually schema; v: → retired, successor schema).
          const changed = standardized(index, q, standardize)
          const answer: ApiLookup = {
            success: true,
            value,
            ...(name === 'expand' && gradeOf(index, q)),
            ...(changed !== undefined && { standardized: changed }),
          }
          return [200, answer]
        },
        true,
      )
    })
    router.post(`/api/v1/${name}`, async (ctx) => {
      const items = stringArrayBody(await jsonBody(ctx))
      const syntax = choiceParam(ctx, 'syntax', SYNTAXES) ?? 'turtle'
      const standardize = name === 'shrink' && booleanParam(ctx, 'standardize')
      const { table: index } = servedIndex(ctx)
      if (!standardize)
        return sendJson(
          ctx,
          200,
          items.map((item) => lookup(index, item, syntax, false) ?? null),
        )
      // Asked to standardize: each answer says whether its IRI was rewritten, and to what.
      sendJson(
        ctx,
        200,
        items.map((item) => {
          const value = lookup(index, item, syntax, true)
          const changed = value === undefined ? undefined : standardized(index, item, true)
          return value === undefined ? null : changed === undefined ? { value } : { value, standardized: changed }
        }),
      )
    })
  }
}

/** For a prefixed name whose prefix is not offered or is retired: its grade, the rule, the usual form or successor, and the warning. */
function gradeOf(index: PrefixIndex, name: string): Omit<ApiLookup, 'success' | 'value'> | undefined {
  const colon = name.indexOf(':')
  const warning = colon < 0 ? undefined : prefixWarning(index, name.slice(0, colon))
  if (warning === undefined) return undefined
  const { prefix: _prefix, message, ...grade } = warning
  return { ...grade, warning: message }
}

const ARRAY_EXPECTED = 'the body must be a JSON array of strings (Content-Type: application/json)'

/** The request body as JSON: Content-Type JSON, UTF-8 (BAD_ENCODING where it is not), at most {@link MAX_BODY_BYTES}. */
async function jsonBody(ctx: ServerContext): Promise<unknown> {
  if (ctx.is('application/json', '+json') === false) throw new HttpError('BAD_BODY', ARRAY_EXPECTED)
  const text = await readBodyText(ctx, MAX_BODY_BYTES, `a body is at most ${MAX_BODY_BYTES} bytes`)
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new HttpError('BAD_BODY', `the body is not JSON: ${(error as Error).message}`)
  }
}

/** The body as an array of strings, or a 400 that says what is wrong with it. */
function stringArrayBody(body: unknown): string[] {
  if (!Array.isArray(body)) {
    throw new HttpError('BAD_BODY', 'the body must be a JSON array of strings (Content-Type: application/json)')
  }
  if (body.length > MAX_BULK_ITEMS) throw new HttpError('PAYLOAD_TOO_LARGE', `at most ${MAX_BULK_ITEMS} items per request`)
  body.forEach((item, i) => {
    if (typeof item !== 'string') throw new HttpError('BAD_BODY', `item ${i} is not a string`)
    if (item.length > MAX_PARAMETER_LENGTH) {
      throw new HttpError('BAD_BODY', `item ${i} is longer than ${MAX_PARAMETER_LENGTH} characters`)
    }
  })
  return body as string[]
}
