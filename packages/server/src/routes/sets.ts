// /api/v1/sets: project prefix sets that teams PUT, GET and DELETE at runtime; `set=` on the read endpoints.

import { createHash } from 'node:crypto'
import type { Next } from 'koa'
import type { ApiSetWritten } from '@prefixd/core'
import { readBodyText } from '../body-text.js'
import { HttpError } from '../http-error.js'
import { booleanParam, decodePathSegment, queryParams } from '../query-params.js'
import { sendAnswer, sendJson, servedIndex } from '../respond.js'
import { makeAnswer } from '../served-index.js'
import { BODY_TYPES, readSetBody, rebindWarnings, writeSetBody, type BodyProblem } from '../sets/set-bodies.js'
import type { SetRegistry } from '../sets/set-registry.js'
import type { Precondition, SetRecord } from '../sets/set-store.js'
import type { BearerTokens } from '../sets/tokens.js'
import { tableFormat } from './prefixes.js'
import type { ServerContext, ServerRouter } from '../server-state.js'

/** What the set routes need: the sets, the operator's tokens, and whether reading sets needs one too. */
export interface SetsConfig {
  readonly registry: SetRegistry
  readonly tokens: BearerTokens
  readonly privateReads: boolean
  /** The heap a JSON-LD vocabulary file's reading thread may take, in MB. */
  readonly jsonLdHeapMb: number
}

/** Largest body of a PUT (as the bulk POSTs). */
export const MAX_SET_BYTES = 4 * 2 ** 20
/** Most prefixes in one set. */
export const MAX_SET_PREFIXES = 100_000
/** A set's name: a URL path segment as it is, so it needs no escaping anywhere. */
export const SET_NAME = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,63}$/

export function addSetRoutes(router: ServerRouter, sets: SetsConfig | undefined, off: string): void {
  const config = (): SetsConfig => {
    if (sets === undefined) throw new HttpError('NOT_FOUND', off)
    return sets
  }
  router.get('/api/v1/sets', async (ctx) => {
    // Without a store there are no sets: an empty list (the pages ask for it to offer a set picker), not a 404,
    // and why in a header, so that the sets page says sets are off instead of offering a form that cannot work.
    if (sets === undefined) {
      ctx.set('Prefixd-Sets-Off', off)
      return sendJson(ctx, 200, [])
    }
    const { registry, privateReads, tokens } = config()
    if (privateReads) requireToken(ctx, tokens, 'reading')
    ctx.set('Cache-Control', 'no-store')
    sendJson(ctx, 200, await stored(ctx, registry.store.list()))
  })
  router.get('/api/v1/sets/:name', async (ctx) => {
    const { registry, privateReads, tokens } = config()
    if (privateReads) requireToken(ctx, tokens, 'reading')
    const name = setName(ctx)
    const { format, type } = tableFormat(ctx)
    const record = await stored(ctx, registry.store.get(name))
    if (record === undefined) throw unknownSet(name)
    const answer = makeAnswer(200, type, writeSetBody(record.entries, format), undefined, { 'Prefixd-Standalone': String(record.standalone) })
    // The set's own tag, named by format: every representation of one version shares its first part, which If-Match compares.
    sendAnswer(ctx, { ...answer, etag: `${record.etag.slice(0, -1)}.${format}"` }, 'no-cache')
  })
  router.put('/api/v1/sets/:name', async (ctx) => {
    const { registry, tokens } = config()
    requireToken(ctx, tokens)
    const name = setName(ctx)
    const standalone = booleanParam(ctx, 'standalone')
    const format = bodyFormat(ctx)
    const read = readSetBody(await readBodyText(ctx, MAX_SET_BYTES, `a set body is at most ${MAX_SET_BYTES} bytes`), format)
    if (read.entries === undefined) throw badBody(read.problems)
    if (read.entries.length > MAX_SET_PREFIXES) throw new HttpError('PAYLOAD_TOO_LARGE', `a set holds at most ${MAX_SET_PREFIXES} prefixes`)
    const etag = `"${createHash('sha256')
      .update(JSON.stringify([standalone, read.entries]))
      .digest('base64url')
      .slice(0, 22)}"`
    const record: SetRecord = { name, entries: read.entries, standalone, etag, updated: new Date().toISOString() }
    const outcome = await stored(ctx, registry.store.put(record, precondition(ctx)))
    if (outcome === 'failed') throw preconditionFailed(name)
    registry.invalidate([name])
    ctx.set('ETag', etag)
    if (outcome === 'created') ctx.set('Location', `/api/v1/sets/${name}`)
    // Stored all the same (a team may mean it), but said: the set's foaf: is not FOAF for its readers.
    const table = servedIndex(ctx).table
    const warnings = rebindWarnings(read.entries, (prefix) => table.namespace(prefix)).slice(0, 100)
    const written: ApiSetWritten = { success: true, name, prefixes: record.entries.length, standalone, etag, updated: record.updated, warnings }
    sendJson(ctx, outcome === 'created' ? 201 : 200, written)
  })
  router.delete('/api/v1/sets/:name', async (ctx) => {
    const { registry, tokens } = config()
    requireToken(ctx, tokens)
    const name = setName(ctx)
    const outcome = await stored(ctx, registry.store.delete(name, precondition(ctx)))
    if (outcome === 'missing') throw unknownSet(name)
    if (outcome === 'failed') throw preconditionFailed(name)
    registry.invalidate([name])
    ctx.status = 204
  })
}

/**
 * Middleware: `set={name}` on any read takes that set as the served index of the request (a JSON 404
 * when there is none). Requests without it pay one substring test.
 */
export function servedSet(sets: SetsConfig | undefined) {
  return (ctx: ServerContext, next: Next): unknown => {
    if (!ctx.querystring.includes('set=')) return next()
    const name = queryParams(ctx).get('set')
    if (name === undefined || ctx.path.startsWith('/api/v1/sets')) return next()
    // A name no set can have is not looked for in the store.
    if (sets === undefined || !SET_NAME.test(name)) throw unknownSet(name)
    if (sets.privateReads) requireToken(ctx, sets.tokens, 'reading')
    const found = sets.registry.served(name)
    if (!(found instanceof Promise)) {
      if (found === undefined) throw unknownSet(name)
      ctx.state.served = found
      return next()
    }
    return stored(ctx, found).then((served) => {
      if (served === undefined) throw unknownSet(name)
      ctx.state.served = served
      return next()
    })
  }
}

/** A store's answer; a store that fails (a lost database) is a 503 for the client and an error in the log. */
export function stored<T>(ctx: ServerContext, answer: Promise<T>): Promise<T> {
  return answer.catch((error: unknown) => {
    ctx.app.emit('error', error, ctx)
    throw new HttpError('UNAVAILABLE', 'the set store is not answering; try again shortly')
  })
}

function setName(ctx: ServerContext): string {
  const name = decodePathSegment(ctx.path.slice('/api/v1/sets/'.length), 'the set name')
  if (!SET_NAME.test(name)) throw badSetName()
  return name
}

export function badSetName(): HttpError {
  return new HttpError('BAD_PARAMETER', 'a set name is 1 to 64 characters of A-Z a-z 0-9 . _ ~ -, starting with a letter or digit')
}

export function unknownSet(name: string, hint?: string): HttpError {
  return new HttpError('NOT_FOUND', `unknown set '${name.slice(0, 100)}'${hint === undefined ? '' : `: ${hint}`}`)
}

function preconditionFailed(name: string): HttpError {
  return new HttpError('PRECONDITION_FAILED', `set '${name}' is not in the state If-Match or If-None-Match asks for (someone changed it meanwhile?)`)
}

export function requireToken(ctx: ServerContext, tokens: BearerTokens, what: 'reading' | 'writing' = 'writing'): void {
  if (tokens.allows(ctx.get('Authorization'))) return
  ctx.set('WWW-Authenticate', 'Bearer realm="prefixd"')
  throw new HttpError(
    'UNAUTHORIZED',
    tokens.size === 0
      ? `this server takes no ${what === 'writing' ? 'writes to' : 'reads of'} sets: its operator gave no tokens (PREFIXD_TOKENS or --tokens-file)`
      : ctx.get('Authorization') === ''
        ? `${what} sets needs Authorization: Bearer TOKEN${what === 'reading' ? ' (this server keeps them private)' : ''}`
        : 'the bearer token is not valid',
  )
}

/** How the body is read, from its Content-Type (415 for anything else, or a charset other than UTF-8). */
function bodyFormat(ctx: ServerContext): (typeof BODY_TYPES)[string] {
  const header = ctx.get('Content-Type')
  const [type = '', ...params] = header.split(';').map((part) => part.trim().toLowerCase())
  const format = BODY_TYPES[type]
  const charset = params
    .find((p) => p.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '')
  if (format === undefined || (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')) {
    throw new HttpError('UNSUPPORTED_MEDIA_TYPE', `a set is sent as ${Object.keys(BODY_TYPES).join(', ')} (UTF-8), not '${header.slice(0, 100)}'`)
  }
  return format
}

/** A 400 naming the first problem's line and column in its message and listing every problem. */
function badBody(problems: readonly BodyProblem[]): HttpError {
  const first = problems[0]!
  const at = first.line === undefined ? '' : ` (line ${first.line}${first.column === undefined ? '' : `, column ${first.column}`})`
  const message = `${first.entry === undefined ? '' : `${first.entry}: `}${first.message}${at}; nothing was stored`
  return new HttpError('BAD_BODY', message, {
    success: false,
    error: {
      code: 'BAD_BODY',
      message,
      ...(first.line !== undefined && { line: first.line }),
      ...(first.column !== undefined && { column: first.column }),
      problems: problems.slice(0, 100),
    },
  })
}

/** The request's If-Match / If-None-Match as a check of the stored tag (`undefined`: no such set). */
export function precondition(ctx: ServerContext): Precondition {
  const ifMatch = ctx.get('If-Match').trim()
  const ifNoneMatch = ctx.get('If-None-Match').trim()
  return (current) => {
    if (ifMatch !== '' && (current === undefined || (ifMatch !== '*' && !namesVersion(ifMatch, current)))) return false
    if (ifNoneMatch === '*') return current === undefined
    if (ifNoneMatch !== '' && current !== undefined && namesVersion(ifNoneMatch, current)) return false
    return true
  }
}

/**
 * Whether a list of entity tags names the stored version `etag`: the tags of a GET carry the format
 * (and an encoding) after the version, so the version part is compared; weak tags never match (RFC 9110 §13.1.1).
 */
function namesVersion(list: string, etag: string): boolean {
  const version = etag.slice(1, -1)
  return list.split(',').some((tag) => {
    const t = tag.trim()
    return t.startsWith(`"${version}`) && /^[".-]/.test(t.slice(version.length + 1))
  })
}
