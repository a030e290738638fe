// Subscriptions: GET, POST (subscribe, creating channels), DELETE (unsubscribe) /users/me/subscriptions and POST /users/me/subscriptions/properties.

import { badRequest, ChatError } from '../common/chat-error.js'
import { ok, type ChatRouter, type ChatServices } from './context.js'
import { invalid } from '../common/params.js'
import { isAdministrator, userByEmail, userById, type User } from '../org/users.js'
import {
  activeSubscriberIds,
  canSeeChannel,
  channelByName,
  channelObservers,
  channelRecord,
  describeChannel,
  describeSubscriptions,
  nextColor,
  NOTIFICATION_PROPERTIES,
  type ChannelRecord,
} from '../org/subscriptions.js'
import { subscribedAt } from '../org/channels.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'

/** Longest channel name and description (the reference server's limits). */
export const MAX_CHANNEL_NAME_LENGTH = 60
export const MAX_CHANNEL_DESCRIPTION_LENGTH = 1024
/** Most channels and people one request may name. */
const MAX_PER_REQUEST = 500

export function addSubscriptionRoutes(router: ChatRouter, services: ChatServices): void {
  const { db } = services

  router.get('/api/v1/users/me/subscriptions', async (ctx) => {
    const { params, user } = ctx.state
    const raw = params.string('include_subscribers')
    // `partial` may send a subset (chat-events.md); this service always knows them all, so it sends all.
    if (raw !== undefined && raw !== 'true' && raw !== 'false' && raw !== 'partial') throw invalid('include_subscribers')
    ok(ctx, { subscriptions: await describeSubscriptions(db, user.id, { subscribers: raw === 'true' || raw === 'partial' }) })
  })

  router.post('/api/v1/users/me/subscriptions', async (ctx) => {
    const { params, user } = ctx.state
    const wanted = params.json('subscriptions', channelRequests, { required: true })
    const principals = params.json('principals', principalList)
    const fatal = params.bool('authorization_errors_fatal') ?? true
    const inviteOnly = params.bool('invite_only') ?? false
    const historyPublic = params.bool('history_public_to_subscribers') ?? !inviteOnly
    if (params.bool('is_web_public') === true) throw badRequest('Web-public channels are not enabled.')
    params.bool('announce') // there is no announcement channel to post in
    const answer = await services.changes.write(async (emit, tx) => {
      const people = principals === undefined ? [user] : await principalUsers(tx, principals)
      const subscribed = new Map<number, string[]>()
      const already = new Map<number, string[]>()
      const unauthorized: string[] = []
      const now = Math.floor(services.now())
      for (const request of wanted) {
        let channel = await channelByName(tx, request.name)
        if (channel === undefined) {
          // Creating: anyone but guests (the reference API's default channel-creation policy).
          if (user.role === 'guest') throw badRequest('Insufficient permission')
          channel = await createChannel(tx, user, request, inviteOnly, historyPublic, now)
        } else if (!(await maySubscribe(tx, user, channel, people))) {
          unauthorized.push(channel.name)
          continue
        }
        const added: User[] = []
        for (const person of people) {
          if ((await subscribedAt(tx, channel.id, person.id)) !== undefined) {
            push(already, person.id, channel.name)
            continue
          }
          await tx.run(
            'INSERT INTO subscriptions (stream_id, user_id, subscribed_at, color) VALUES (?, ?, ?, ?)',
            channel.id,
            person.id,
            now,
            await nextColor(tx, person.id),
          )
          push(subscribed, person.id, channel.name)
          added.push(person)
        }
        if (added.length > 0) await announceSubscribed(tx, emit, channel, added, request.created === true)
      }
      if (unauthorized.length > 0 && fatal) throw badRequest(`Unable to access channel (${unauthorized[0]!.slice(0, 100)}).`)
      return {
        subscribed: Object.fromEntries([...subscribed].map(([id, names]) => [String(id), names])),
        already_subscribed: Object.fromEntries([...already].map(([id, names]) => [String(id), names])),
        ...(!fatal && { unauthorized }),
      }
    })
    ok(ctx, answer)
  })

  router.delete('/api/v1/users/me/subscriptions', async (ctx) => {
    const { params, user } = ctx.state
    const names = params.json('subscriptions', channelNames, { required: true })
    const principals = params.json('principals', principalList)
    const answer = await services.changes.write(async (emit, tx) => {
      const people = principals === undefined ? [user] : await principalUsers(tx, principals)
      // Removing others is for administrators (the reference API's default can_remove_subscribers_group).
      if (people.some((p) => p.id !== user.id) && !isAdministrator(user)) throw badRequest('Insufficient permission')
      const channels: ChannelRecord[] = []
      const missing: string[] = []
      for (const name of names) {
        const channel = await channelByName(tx, name)
        if (channel === undefined || !canSeeChannel(channel, user, (await subscribedAt(tx, channel.id, user.id)) !== undefined)) missing.push(name)
        else channels.push(channel)
      }
      if (missing.length > 0) throw badRequest(`Channel(s) (${missing.join(', ').slice(0, 200)}) do not exist`)
      const removed: string[] = []
      const notRemoved: string[] = []
      for (const channel of channels) {
        const gone: number[] = []
        for (const person of people) {
          const { changes } = await tx.run('DELETE FROM subscriptions WHERE stream_id = ? AND user_id = ?', channel.id, person.id)
          if (changes > 0) gone.push(person.id)
        }
        if (gone.length === 0) {
          notRemoved.push(channel.name)
          continue
        }
        removed.push(channel.name)
        emit(gone, { type: 'subscription', op: 'remove', subscriptions: [{ name: channel.name, stream_id: channel.id }] })
        const observers = (await channelObservers(tx, channel)).filter((id) => !gone.includes(id))
        emit(observers, { type: 'subscription', op: 'peer_remove', stream_ids: [channel.id], user_ids: gone })
      }
      return { removed, not_removed: notRemoved }
    })
    ok(ctx, answer)
  })

  router.post('/api/v1/users/me/subscriptions/properties', async (ctx) => {
    const { params, user } = ctx.state
    const changes = params.json('subscription_data', propertyChanges, { required: true })
    await services.changes.write(async (emit, tx) => {
      for (const change of changes) {
        if ((await subscribedAt(tx, change.stream_id, user.id)) === undefined) throw badRequest(`Not subscribed to channel ID ${change.stream_id}`)
        const { column, stored, events } = propertyUpdate(change)
        await tx.run(`UPDATE subscriptions SET ${column} = ? WHERE stream_id = ? AND user_id = ?`, stored, change.stream_id, user.id)
        for (const [property, value] of events) emit([user.id], { type: 'subscription', op: 'update', stream_id: change.stream_id, property, value })
      }
    })
    ok(ctx, { subscription_data: changes })
  })
}

interface ChannelRequest {
  readonly name: string
  readonly description: string
  created?: boolean
}

function push(map: Map<number, string[]>, id: number, name: string): void {
  const list = map.get(id)
  if (list === undefined) map.set(id, [name])
  else list.push(name)
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

async function principalUsers(db: Sql, principals: ReadonlyArray<number | string>): Promise<User[]> {
  const people = new Map<number, User>()
  for (const principal of principals) {
    const person = typeof principal === 'number' ? await userById(db, principal) : await userByEmail(db, principal)
    if (person === undefined || !person.is_active) throw badRequest('No such user')
    people.set(person.id, person)
  }
  return [...people.values()]
}

/**
 * Whether `user` may subscribe `people` to an existing channel: never an archived one; a private one
 * only when already in it (or an administrator); guests only themselves to a channel they are in.
 */
async function maySubscribe(db: Sql, user: User, channel: ChannelRecord, people: readonly User[]): Promise<boolean> {
  if (channel.is_archived) return false
  const inIt = (await subscribedAt(db, channel.id, user.id)) !== undefined
  if (user.role === 'guest') return inIt && people.every((p) => p.id === user.id)
  if (channel.invite_only) return inIt || isAdministrator(user)
  return true
}

async function createChannel(
  db: Sql,
  creator: User,
  request: ChannelRequest,
  inviteOnly: boolean,
  historyPublic: boolean,
  now: number,
): Promise<ChannelRecord> {
  const row = await db.get<{ id: number }>(
    'INSERT INTO channels (name, description, invite_only, history_public_to_subscribers, is_archived, date_created, creator_id) VALUES (?, ?, ?, ?, 0, ?, ?) RETURNING id',
    request.name,
    request.description,
    inviteOnly ? 1 : 0,
    historyPublic ? 1 : 0,
    now,
    creator.id,
  )
  request.created = true
  return (await channelRecord(db, row!.id))!
}

/**
 * The events of people joining a channel: `stream` create first when the request made it (to those who
 * may see it, once subscribed), `subscription` add to each new subscriber (with the subscriber list),
 * and `peer_add` to everyone else who may see who is in it.
 */
async function announceSubscribed(db: Sql, emit: Emit, channel: ChannelRecord, added: readonly User[], created: boolean): Promise<void> {
  const observers = await channelObservers(db, channel)
  if (created) emit(observers, { type: 'stream', op: 'create', streams: [await describeChannel(db, channel)] })
  const subscribers = await activeSubscriberIds(db, channel.id)
  for (const person of added) {
    const [subscription] = await describeSubscriptions(db, person.id, { channelIds: [channel.id] })
    emit([person.id], { type: 'subscription', op: 'add', subscriptions: [{ ...subscription, subscribers }] })
  }
  const addedIds = added.map((p) => p.id)
  emit(
    observers.filter((id) => !addedIds.includes(id)),
    { type: 'subscription', op: 'peer_add', stream_ids: [channel.id], user_ids: addedIds },
  )
}

interface PropertyChange {
  readonly stream_id: number
  readonly property: string
  readonly value: unknown
}

const COLOR = /^#[0-9a-fA-F]{6}$/

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

/**
 * The column a property writes, its stored value, and the `update` events it sends: is_muted and its
 * deprecated inverse in_home_view each send both (chat-events.md, feature level 139).
 */
function propertyUpdate(change: PropertyChange): { column: string; stored: number | string | null; events: Array<[string, unknown]> } {
  const { property, value } = change
  const bool = (): boolean => {
    if (typeof value !== 'boolean') throw badRequest(`${property} is not a boolean`)
    return value
  }
  switch (property) {
    case 'color':
      if (typeof value !== 'string' || !COLOR.test(value)) throw badRequest('color is not a valid hex color code')
      return { column: 'color', stored: value.toLowerCase(), events: [['color', value.toLowerCase()]] }
    case 'pin_to_top':
      return { column: 'pin_to_top', stored: bool() ? 1 : 0, events: [['pin_to_top', value]] }
    case 'is_muted':
      return {
        column: 'is_muted',
        stored: bool() ? 1 : 0,
        events: [
          ['is_muted', value],
          ['in_home_view', !value],
        ],
      }
    case 'in_home_view':
      return {
        column: 'is_muted',
        stored: bool() ? 0 : 1,
        events: [
          ['in_home_view', value],
          ['is_muted', !value],
        ],
      }
    default:
      if ((NOTIFICATION_PROPERTIES as readonly string[]).includes(property)) {
        // null inherits the user's own setting again (chat-events.md).
        if (value !== null && typeof value !== 'boolean') throw badRequest(`${property} is not a boolean`)
        return { column: property, stored: value === null ? null : value ? 1 : 0, events: [[property, value]] }
      }
      throw new ChatError('BAD_REQUEST', `Unknown subscription property: ${property.slice(0, 100)}`)
  }
}
