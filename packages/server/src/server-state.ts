// What one request carries from middleware to middleware (ctx.state), typed once: app, respond, replay and metrics
// read what the others wrote.

import type Router from '@koa/router'
import type { ParameterizedContext } from 'koa'
import type { ServedIndex } from './served-index.js'

export interface ServerState {
  /** The index this request is answered from: taken once by the app (a reload never splits a request), or a set's. */
  served?: ServedIndex
  /** From `X-Request-Id` or made by request-log.ts; logged with the request and its errors. */
  requestId?: string
  /** The route the metrics count a request under when the router did not take its path. */
  route?: string
  /** `/{prefix}:{local}` through a suspect prefix: the pages answer a warning instead of a 404. */
  suspect?: boolean
  /** The answer may be kept for replay at the listener (replay.ts): the served index it came from. */
  replayable?: ServedIndex
  /** The query parameters, decoded once (query-params.ts). */
  parsedQuery?: Map<string, string>
}

export type ServerContext = ParameterizedContext<ServerState>
export type ServerRouter = Router<ServerState>
