// Subscriptions: GET, POST (subscribe, creating channels), DELETE (unsubscribe) /users/me/subscriptions and POST /users/me/subscriptions/properties.

import { badRequest } from '../common/chat-error.js'
import { invalid } from '../common/params.js'
import { propertyUpdate, setSubscriptionProperties, subscribe, unsubscribe, type ChannelRequest, type PropertyChange } from '../org/subscription-changes.js'
import { describeSubscriptions } from '../org/subscriptions.js'
import { ok, type ChatRouter, type ChatServices } from './context.js'

/** Longest channel name and description (the reference server's limits). */
export const MAX_CHANNEL_NAME_LENGTH = 60
export const MAX_CHANNEL_DESCRIPTION_LENGTH = 1024
/** Most channels and people one request may name. */
const MAX_PER_REQUEST = 500

export function addSubscriptionRoutes(router: ChatRouter, services: ChatServices): void {
  router.get('/api/v1/users/me/subscriptions', async (ctx) => {
    const { params, user } = ctx.state
    const raw = params.string('include_subscribers')
    // `partial` may send a subset (chat-events.md); this service always knows them all, so it sends all.
    if (raw !== undefined && raw !== 'true' && raw !== 'false' && raw !== 'partial') throw invalid('include_subscribers')
    ok(ctx, { subscriptions: await describeSubscriptions(services.db, user.id, { subscribers: raw === 'true' || raw === 'partial' }) })
  })

  router.post('/api/v1/users/me/subscriptions', async (ctx) => {
    const { params, user } = ctx.state
    const channels = params.json('subscriptions', channelRequests, { required: true })
    const principals = params.json('principals', principalList)
    const fatal = params.bool('authorization_errors_fatal') ?? true
    const inviteOnly = params.bool('invite_only') ?? false
    const historyPublic = params.bool('history_public_to_subscribers') ?? !inviteOnly
    if (params.bool('is_web_public') === true) throw badRequest('Web-public channels are not enabled.')
    params.bool('announce') // there is no announcement channel to post in
    const request = { channels, principals, fatal, inviteOnly, historyPublic }
    ok(ctx, await services.changes.write((emit, tx) => subscribe(tx, emit, user, request, Math.floor(services.now()))))
  })

  router.delete('/api/v1/users/me/subscriptions', async (ctx) => {
    const { params, user } = ctx.state
    const names = params.json('subscriptions', channelNames, { required: true })
    const principals = params.json('principals', principalList)
    ok(ctx, await services.changes.write((emit, tx) => unsubscribe(tx, emit, user, names, principals)))
  })

  router.post('/api/v1/users/me/subscriptions/properties', async (ctx) => {
    const changes = ctx.state.params.json('subscription_data', propertyChanges, { required: true })
    await services.changes.write((emit, tx) => setSubscriptionProperties(tx, emit, ctx.state.user, changes))
    ok(ctx, { subscription_data: changes })
  })
}

/** A channel name as the reference server accepts it: trimmed, 1–60 characters, no control characters. */
function channelName(raw: unknown, name: string): string {
  if (typeof raw !== 'string') throw invalid(name, 'expected a channel name')
  const trimmed = raw.trim()
  if (trimmed === '') throw badRequest("Channel name can't be empty.")
  if ([...trimmed].length > MAX_CHANNEL_NAME_LENGTH) throw badRequest(`Channel name too long (limit: ${MAX_CHANNEL_NAME_LENGTH} characters).`)
  if (/[\u0000-\u001f\u007f-\u009f]/u.test(trimmed)) throw badRequest('Invalid character in channel name.')
  return trimmed
}

function channelRequests(value: unknown, name: string): ChannelRequest[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_PER_REQUEST) throw invalid(name, `expected a list of 1 to ${MAX_PER_REQUEST} channels`)
  return value.map((item, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw invalid(`${name}[${i}]`, 'expected an object with a name')
    const { name: raw, description = '' } = item as Record<string, unknown>
    if (typeof description !== 'string' || description.length > MAX_CHANNEL_DESCRIPTION_LENGTH || description.includes('\0'))
      throw invalid(`${name}[${i}].description`)
    return { name: channelName(raw, `${name}[${i}].name`), description }
  })
}

function channelNames(value: unknown, name: string): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_PER_REQUEST)
    throw invalid(name, `expected a list of 1 to ${MAX_PER_REQUEST} channel names`)
  // The reference clients send names; objects with a name are taken too.
  return value.map((item, i) => channelName(typeof item === 'object' && item !== null ? (item as { name?: unknown }).name : item, `${name}[${i}]`))
}

/** `principals`: user ids or emails (not mixed is not required). */
function principalList(value: unknown, name: string): Array<number | string> {
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    value.length > MAX_PER_REQUEST ||
    !value.every((v) => Number.isSafeInteger(v) || (typeof v === 'string' && v.length <= 254))
  ) {
    throw invalid(name, 'expected a list of user ids or emails')
  }
  return value as Array<number | string>
}

function propertyChanges(value: unknown, name: string): PropertyChange[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_PER_REQUEST) throw invalid(name, `expected a list of 1 to ${MAX_PER_REQUEST} changes`)
  return value.map((item, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw invalid(`${name}[${i}]`, 'expected an object with stream_id, property and value')
    const { stream_id: streamId, property, value: v } = item as Record<string, unknown>
    if (!Number.isSafeInteger(streamId)) throw invalid(`${name}[${i}].stream_id`)
    if (typeof property !== 'string') throw invalid(`${name}[${i}].property`)
    const change = { stream_id: streamId as number, property, value: v }
    propertyUpdate(change) // checks the property and its value before anything is written
    return change
  })
}
