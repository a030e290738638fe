// What routes are given: the services of a running chat, the Koa types of a request, and the success envelope.

import type Router from '@koa/router'
import type { Context } from 'koa'
import type { Clock } from '../clock.js'
import type { Delivery } from '../events/delivery.js'
import type { QueueStore } from '../events/event-queues.js'
import type { TextLinker } from '../linkify/text-linker.js'
import type { Mailer } from '../org/mailer.js'
import type { UploadLimits } from '../org/uploads.js'
import type { User } from '../org/users.js'
import type { ChangeLog } from '../store/changes.js'
import type { Store } from '../store/store.js'
import type { Params } from '../common/params.js'
import type { UploadedFile } from '../org/uploads.js'

/** What every route may use: the database, the change log, the clock and the mailer. */
export interface ChatServices {
  readonly db: Store
  readonly changes: ChangeLog
  /** UNIX time in seconds (fractions allowed): `clock.now`, for routes that only read the time. */
  readonly now: () => number
  /** Time and timers (heartbeats, expiry); injected so that tests move it instead of sleeping. */
  readonly clock: Clock
  readonly mailer: Mailer
  /** Sends the mail queued by a change; routes call it after their change is committed. */
  readonly flushMail: () => void
  /** The address of the service, for links in mail (`http://127.0.0.1:9991`). */
  readonly baseUrl: string
  readonly queues: QueueStore
  /** A change's events on their way to the long polls (events/delivery.ts). */
  readonly delivery: Delivery
  /** Linkers applied to messages after the organization's linkifiers (the prefix glue); default none. */
  readonly textLinkers?: readonly TextLinker[]
  /**
   * The prefix glue, when the service is given a prefix index: prefixed names in messages link to their
   * IRIs (`linker`, also one of `textLinkers`), and pasted IRIs become prefixed names (`shrink`).
   */
  readonly prefixGlue?: { readonly linker: TextLinker; readonly shrink: (content: string) => string }
  /** How much may be uploaded (POST /user_uploads). */
  readonly uploadLimits: UploadLimits
}

/** Koa state of an authenticated request. */
export interface ChatState {
  user: User
  params: Params
  /** The file parts of an upload's body (POST /user_uploads only). */
  files?: UploadedFile[]
  /**
   * Set for GET /events when budgets are counted in PostgreSQL: the request's rate budget is not taken yet,
   * and is taken by running a read (PostgreSQL's SQL, `$1`… placeholders) in the same statement, which
   * answers its rows (or throws 429). Cleared once called; a request that never calls it takes its budget
   * after its route (or its error) as any other.
   */
  budgetWith?: <R>(text: string, values: readonly unknown[]) => Promise<R[]>
}

export type ChatContext = Context & { state: ChatState }
export type ChatRouter = Router<ChatState>

/** The success envelope, with the fields of the operation and the parameters it did not read. */
export function ok(ctx: ChatContext, fields: Record<string, unknown> = {}): void {
  const ignored = ctx.state.params.ignored()
  ctx.status = 200
  ctx.body = { result: 'success', msg: '', ...fields, ...(ignored.length > 0 && { ignored_parameters_unsupported: ignored }) }
}
