// Sends a cached (or freshly computed) answer with ETag, Cache-Control and a 304 for a matching If-None-Match.

import type { PrefixIndex } from '@prefixd/core'
import { markReplayable } from './replay.js'
import { makeAnswer, type Answer, type ServedIndex } from './served-index.js'
import type { ServerContext } from './server-state.js'

export const JSON_TYPE = 'application/json; charset=utf-8'
/** Answers change only when the data is reloaded; clients may reuse them for a while and then revalidate. */
const CACHE_CONTROL = 'public, max-age=300'
/** Answers from a set, which its owners change at runtime. */
export const REVALIDATE = 'no-cache'

/** What a route computes: a status and a JSON value (and headers of its own), or a ready body with its media type. */
export type Computed =
  | readonly [status: number, value: unknown]
  | readonly [status: number, value: unknown, headers: Readonly<Record<string, string>>]
  | readonly [status: number, body: string, type: string]

/** The served index of this request (taken once, so a reload never splits a request). */
export function servedIndex(ctx: ServerContext): ServedIndex {
  const served = ctx.state.served
  if (served === undefined) throw new Error('no served index: app.ts sets one before any route runs')
  return served
}

/**
 * Answers from the cache under `key`, computing and caching on a miss. The key must name every
 * input of `compute` (route and parameters). `tableOnly`: `compute` needs prefixes only (expand,
 * shrink, the table), so a set need not build its terms for it.
 */
export function respond(ctx: ServerContext, key: string, compute: (index: PrefixIndex) => Computed, tableOnly = false): void {
  const served = servedIndex(ctx)
  if (served.scope !== '') key = served.scope + key
  let answer = served.answers.get(key)
  if (answer !== undefined) served.stats.hits++
  else {
    served.stats.misses++
    const computed = compute(tableOnly ? served.table : served.index)
    answer =
      computed.length === 3 && typeof computed[2] === 'string'
        ? makeAnswer(computed[0], computed[2], computed[1] as string)
        : makeAnswer(computed[0], JSON_TYPE, JSON.stringify(computed[1]), undefined, computed[2] as Readonly<Record<string, string>> | undefined)
    served.answers.set(key, answer)
  }
  markReplayable(ctx, served)
  // A set may change at any moment: its answers are revalidated (their ETag makes that cheap).
  sendAnswer(ctx, answer, served.scope === '' ? CACHE_CONTROL : REVALIDATE)
}

/** Sends a made answer: its encoding by Accept-Encoding, its ETag, and a 304 when the client has it. */
export function sendAnswer(ctx: ServerContext, answer: Answer, cacheControl = CACHE_CONTROL): void {
  ctx.status = answer.status
  ctx.set('Content-Type', answer.type) // a full media type already: skips Koa's lookup by extension
  ctx.set('Cache-Control', cacheControl)
  if (answer.headers !== undefined) ctx.set(answer.headers)
  let body = answer.body
  let etag = answer.etag
  let encoding: 'br' | 'gzip' | undefined
  if (answer.br !== undefined && answer.gzip !== undefined) {
    ctx.vary('Accept-Encoding') // also on a 304: caches must key the answer by encoding
    // Brotli whenever accepted (smaller than gzip), whatever order the client lists them in.
    encoding = ctx.acceptsEncodings('br') ? 'br' : ctx.acceptsEncodings('gzip') ? 'gzip' : undefined
    if (encoding !== undefined) {
      body = encoding === 'br' ? answer.br : answer.gzip
      etag = `${answer.etag.slice(0, -1)}-${encoding}"` // a strong tag names one representation (RFC 9110 §8.8.3)
    }
  }
  ctx.set('ETag', etag)
  // RFC 9110 §13.1.2 evaluated here rather than with ctx.fresh, which ignores If-None-Match whenever
  // the request says Cache-Control: no-cache — and fetch() adds exactly that to conditional requests.
  const ifNoneMatch = ctx.get('If-None-Match')
  if (ifNoneMatch !== '' && answer.status === 200 && matchesEntityTag(ifNoneMatch, etag)) {
    ctx.status = 304
    return
  }
  if (encoding !== undefined) ctx.set('Content-Encoding', encoding)
  ctx.body = body
}

/** Sends a JSON value that is not worth caching (bulk answers, errors). */
export function sendJson(ctx: ServerContext, status: number, value: unknown): void {
  ctx.status = status
  ctx.type = JSON_TYPE
  ctx.body = JSON.stringify(value)
}

/** Whether an If-None-Match list names `etag` (weak comparison, `*` matches any). */
function matchesEntityTag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}
