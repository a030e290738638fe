// createChatApp: the chat service as a Koa app — envelope, errors, authentication, rate limit, routes.

import Router from '@koa/router'
import Koa, { type Context, type Next } from 'koa'
import type { UserChangeFeed } from '../events/event-broker.js'
import { AuthCache } from './auth-cache.js'
import { apiKeyMatches } from '../org/secrets.js'
import { userByEmail, type User } from '../org/users.js'
import { addRoutes } from '../routes/index.js'
import type { Sql } from '../store/store.js'
import { ChatError } from '../common/chat-error.js'
import type { ChatRouter, ChatServices, ChatState } from '../routes/context.js'
import { decodeForm, Params } from '../common/params.js'
import { RateLimiter, type BudgetRider, type RateDecision, type RateLimitOptions } from './rate-limit.js'
import { readBody, readUploadBody } from './request-body.js'
import { storeUnavailable } from '../store/unavailable.js'

export interface ChatAppOptions {
  readonly rateLimit: RateLimitOptions
  /**
   * Where request budgets are counted; default a RateLimiter of this process. Several processes share
   * one (`--workers`: the primary counts for all), so that the limit holds across them.
   */
  readonly limiter?: {
    take(caller: number | string): RateDecision | Promise<RateDecision>
    /** Takes the budget and runs a read in one statement (PostgresRateLimiter): GET /events then makes one round trip, not two. */
    takeWith?<R>(caller: number | string, rider: BudgetRider): Promise<{ decision: RateDecision; rows: R[] }>
  }
  /**
   * Where changes of users are heard (PostgresBroker). Given, authenticated users are remembered
   * (AuthCache) until a user changes anywhere: a request then skips its read of the user. Default none:
   * every request reads its user (on SQLite that read costs less than keeping processes told).
   */
  readonly userChanges?: UserChangeFeed
}

const UPLOAD_PATH = '/api/v1/user_uploads'
/** Room for an upload's multipart framing and other fields beside the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024

/** The long poll: on PostgreSQL it takes its budget in the statement that reads its queue (ChatState.budgetWith). */
const EVENTS_PATH = '/api/v1/events'
/** Paths that answer without credentials. */
const PUBLIC_PATHS = new Set(['/api/v1/server_settings', '/api/v1/settings/confirm_email'])
/** Files at temporary URLs answer without credentials too: their signed token is the permission (routes/uploads.ts). */
const TEMPORARY_FILES = '/user_uploads/temporary/'

export function createChatApp(services: ChatServices, options: ChatAppOptions): Koa {
  const app = new Koa()
  const limiter: NonNullable<ChatAppOptions['limiter']> = options.limiter ?? new RateLimiter(options.rateLimit, services.now)
  const cache = options.userChanges === undefined ? undefined : new AuthCache(options.userChanges, services.now)
  const router: ChatRouter = new Router<ChatState>()
  addRoutes(router, services)

  app.on('error', logServerError)
  app.use(errorsAsEnvelope)
  app.use(async (ctx, next) => {
    // Uploaded files are served beside the API, to callers with its credentials (routes/uploads.ts).
    const file = ctx.path.startsWith('/user_uploads/')
    if (!ctx.path.startsWith('/api/v1/') && !file) throw new ChatError('NOT_FOUND', 'Not found')
    // Every answer carries the rate-limit headers: per user once authenticated, else per address
    // (which also slows down guessing keys).
    const { limit, defer, settle } = budget(ctx, limiter)
    if (PUBLIC_PATHS.has(ctx.path) || ctx.path.startsWith(TEMPORARY_FILES)) await limit(`ip:${ctx.ip}`)
    else {
      const header = ctx.get('Authorization')
      let user = cache?.get(header)
      if (user === undefined) {
        const generation = cache?.generation ?? 0
        try {
          user = await authenticate(services.db, header)
        } catch (error) {
          await limit(`ip:${ctx.ip}`)
          throw error
        }
        cache?.set(header, user, generation)
      }
      if (ctx.method !== 'GET' || ctx.path !== EVENTS_PATH || !defer(user.id)) await limit(user.id)
      ctx.state.user = user
    }
    // Every method reads the query string too, as the reference server does (zulip-js sends the
    // parameters of PATCH and DELETE there); GET and HEAD bodies are not read.
    try {
      const query = decodeForm(ctx.querystring)
      if (ctx.method === 'GET' || ctx.method === 'HEAD' || file) ctx.state.params = new Params(query)
      else if (ctx.method === 'POST' && ctx.path === UPLOAD_PATH) {
        // An upload's body may be as large as the largest file allowed (and its multipart framing).
        const { pairs, files } = await readUploadBody(ctx, services.uploadLimits.maxFileBytes + MULTIPART_OVERHEAD_BYTES)
        ctx.state.params = new Params([...query, ...pairs])
        ctx.state.files = files
      } else ctx.state.params = new Params([...query, ...(await readBody(ctx))])
      await next()
    } catch (error) {
      await settle()
      throw error
    }
    await settle()
    if (ctx.body === undefined && ctx.status === 404) throw new ChatError('NOT_FOUND', 'Not found')
  })
  app.use(router.routes())
  app.use(
    router.allowedMethods({
      throw: true,
      notImplemented: () => new ChatError('METHOD_NOT_ALLOWED', 'Method not allowed'),
      methodNotAllowed: () => new ChatError('METHOD_NOT_ALLOWED', 'Method not allowed'),
    }),
  )
  return app
}

/**
 * A request's rate budget: `limit(caller)` takes it (the headers set; 429 past the limit). `defer(id)` leaves
 * it to the route's read, when the limiter can take it in the same statement (ChatState.budgetWith; false
 * when it cannot); `settle()` then takes it if the route never did — one that failed first (a missing
 * parameter) answers 429 past the limit rather than its own error, as when the budget is taken first.
 */
function budget(ctx: Context, limiter: NonNullable<ChatAppOptions['limiter']>) {
  const apply = (decision: RateDecision): void => {
    ctx.set('X-RateLimit-Limit', String(decision.limit))
    ctx.set('X-RateLimit-Remaining', String(decision.remaining))
    ctx.set('X-RateLimit-Reset', String(Math.ceil(decision.reset)))
    if (!decision.allowed) {
      ctx.set('Retry-After', String(Math.ceil(decision.retryAfter)))
      throw new ChatError('RATE_LIMIT_HIT', 'API usage exceeded rate limit', { extra: { 'retry-after': decision.retryAfter } })
    }
  }
  const limit = async (caller: number | string): Promise<void> => apply(await limiter.take(caller))
  let deferred: number | undefined
  const defer = (id: number): boolean => {
    const takeWith = limiter.takeWith?.bind(limiter)
    if (takeWith === undefined) return false
    deferred = id
    ctx.state.budgetWith = async <R>(text: string, values: readonly unknown[]): Promise<R[]> => {
      ctx.state.budgetWith = undefined
      deferred = undefined
      const { decision, rows } = await takeWith<R>(id, { text, values })
      apply(decision)
      return rows
    }
    return true
  }
  const settle = async (): Promise<void> => {
    if (deferred === undefined) return
    const id = deferred
    deferred = undefined
    ctx.state.budgetWith = undefined
    await limit(id)
  }
  return { limit, defer, settle }
}

/** The user named by HTTP Basic credentials (email and API key), or the 401 of chat-behaviour.md. */
async function authenticate(db: Sql, header: string): Promise<User> {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header)
  if (match === null) {
    throw new ChatError('UNAUTHORIZED', 'Not logged in: API authentication or user session required')
  }
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  const user = colon < 0 ? undefined : await userByEmail(db, decoded.slice(0, colon))
  // Compared even for an unknown email, so that timing does not tell which emails exist.
  const matches = apiKeyMatches(colon < 0 ? decoded : decoded.slice(colon + 1), user?.api_key_hash ?? '0'.repeat(64))
  if (user === undefined || !matches) throw new ChatError('INVALID_API_KEY', 'Invalid API key')
  if (!user.is_active) throw new ChatError('USER_DEACTIVATED', 'Account is deactivated')
  const { api_key_hash: _, ...rest } = user
  return rest
}

let unavailableLoggedAt = -Infinity
let unavailableSince = 0

/**
 * Koa's error listener, in place of its default one: a client that closed its connection early (a body cut
 * short, a reset while a long poll waited) is no fault of the service and is not logged; anything else is,
 * with its request.
 */
function logServerError(error: Error & { readonly code?: unknown }, ctx?: Context): void {
  if (clientClosed(error)) return
  const id = ctx?.get('X-Request-Id')
  const where = ctx === undefined ? '' : `${ctx.method} ${ctx.path}${id ? ` [${id}]` : ''}: `
  if (!storeUnavailable(error)) return console.error(`prefixd chat: ${where}${error.stack ?? error.message}`)
  // One line a second while the database is away, not one per request.
  unavailableSince++
  const now = performance.now()
  if (now - unavailableLoggedAt < 1000) return
  console.error(`prefixd chat: ${where}database unavailable, answered 503 (${unavailableSince} since the last line): ${error.message}`)
  unavailableLoggedAt = now
  unavailableSince = 0
}

/** Errors Node.js raises when the other end of a connection goes away, or ends it in the middle of a request. */
export function clientClosed(error: Error & { readonly code?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : ''
  return ['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE'].includes(code) || code.startsWith('HPE_') || error.message === 'aborted'
}

/** Every failure as `{ result: 'error', msg, code }` with its status; nothing else catches. */
async function errorsAsEnvelope(ctx: Context, next: Next): Promise<void> {
  try {
    await next()
  } catch (caught) {
    let error = caught
    if (storeUnavailable(error)) {
      // The database is restarting or out of reach: nothing of the request was committed, or it was and
      // is read back once it answers again; the client tries again (and the balancer, for reads, elsewhere).
      ctx.app.emit('error', error, ctx)
      ctx.set('Retry-After', '1')
      error = new ChatError('SERVICE_UNAVAILABLE', 'The database is not answering; try again shortly')
    }
    if (error instanceof ChatError) {
      ctx.status = error.status
      if (error.code === 'UNAUTHORIZED' || error.code === 'INVALID_API_KEY' || error.code === 'USER_DEACTIVATED') {
        ctx.set('WWW-Authenticate', 'Basic realm="prefixd chat"')
      }
      ctx.body = { result: 'error', msg: error.message, code: error.code, ...error.extra }
      return
    }
    ctx.app.emit('error', error, ctx)
    ctx.status = 500
    ctx.body = { result: 'error', msg: 'Internal server error', code: 'INTERNAL' }
  }
}
