// POST /register, GET /events (long-polling) and DELETE /events.

import { ok, type ChatRouter, type ChatServices } from './context.js'
import { DEFAULT_LIFESPAN_SECS, MAX_LIFESPAN_SECS, NARROW_OPERATORS, type NarrowTerm } from '../events/event-queues.js'
import { invalid, is } from '../common/params.js'
import { FEATURE_LEVEL, realmSettings, ZULIP_VERSION } from '../org/realm.js'
import { initialState, STATE_TYPES } from '../events/register-state.js'

/** What clients set their HTTP timeout from: above the longest heartbeat wait. */
export const LONGPOLL_TIMEOUT_SECONDS = 90

export function addEventRoutes(router: ChatRouter, services: ChatServices): void {
  const { db, queues, delivery } = services

  router.post('/api/v1/register', async (ctx) => {
    const { params, user } = ctx.state
    // JSON null is "all types", as the reference server reads it (zulip-js's callOnEachEvent sends it).
    const eventTypes = params.json('event_types', orNull(is.stringArray)) ?? null
    const fetchTypes = params.json('fetch_event_types', orNull(is.stringArray)) ?? eventTypes ?? STATE_TYPES
    const narrow = params.json('narrow', narrowTerms) ?? []
    const allPublicStreams = params.bool('all_public_streams') ?? false
    const applyMarkdown = params.bool('apply_markdown') ?? false
    const clientCapabilities = params.json('client_capabilities', is.object) ?? {}
    const lifespanSecs = params.int('queue_lifespan_secs', { min: 1, max: MAX_LIFESPAN_SECS }) ?? DEFAULT_LIFESPAN_SECS
    const realm = await realmSettings(db)
    // The queue and the state in one transaction: no change can fall between them.
    const { queueId, state } = await db.transaction(async (tx) => ({
      queueId: await queues.register(tx, user.id, { eventTypes, narrow, allPublicStreams, applyMarkdown, clientCapabilities, lifespanSecs }),
      state: await initialState(tx, user.id, fetchTypes),
    }))
    ok(ctx, {
      queue_id: queueId,
      last_event_id: -1,
      service_feature_level: FEATURE_LEVEL,
      zulip_feature_level: FEATURE_LEVEL,
      zulip_version: ZULIP_VERSION,
      event_queue_longpoll_timeout_seconds: LONGPOLL_TIMEOUT_SECONDS,
      max_topic_length: realm.max_topic_length,
      realm_empty_topic_display_name: realm.realm_empty_topic_display_name,
      ...state,
    })
  })

  // The answer is Delivery's (events/poll-answers.ts writes it): here, only what the request asks.
  router.get('/api/v1/events', async (ctx) => {
    const { params, user, budgetWith } = ctx.state
    const queueId = params.string('queue_id', { required: true, maxLength: 200 })
    const lastEventId = params.int('last_event_id', { required: true, min: -1 })
    const dontBlock = params.bool('dont_block') ?? false
    await delivery.answer({ queueId, lastEventId, dontBlock, userId: user.id, ignored: params.ignored(), readAlong: budgetWith }, ctx.res)
  })

  router.delete('/api/v1/events', async (ctx) => {
    const { params, user } = ctx.state
    const queueId = params.string('queue_id', { required: true, maxLength: 200 })
    await queues.owned(queueId, user.id)
    await queues.delete(queueId)
    ok(ctx)
  })
}

/** A checker that also takes JSON null (as `undefined`: the parameter's default). */
function orNull<T>(check: (value: unknown, name: string) => T): (value: unknown, name: string) => T | undefined {
  return (value, name) => (value === null ? undefined : check(value, name))
}

/** A narrow: `[[operator, operand], …]` or `[{operator, operand}, …]`, with the operators we filter on. */
function narrowTerms(value: unknown, name: string): NarrowTerm[] {
  if (!Array.isArray(value) || value.length > 20) throw invalid(name, 'expected a list of [operator, operand] pairs')
  return value.map((term): NarrowTerm => {
    const [operator, operand] = Array.isArray(term) ? term : [(term as { operator?: unknown })?.operator, (term as { operand?: unknown })?.operand]
    if (typeof operator !== 'string' || (typeof operand !== 'string' && typeof operand !== 'number'))
      throw invalid(name, 'expected a list of [operator, operand] pairs')
    if (!(NARROW_OPERATORS as readonly string[]).includes(operator)) throw invalid(name, `unknown operator '${operator.slice(0, 40)}'`)
    return [operator, String(operand)]
  })
}
