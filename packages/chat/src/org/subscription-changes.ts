// Changing subscriptions (POST, DELETE /users/me/subscriptions and POST /users/me/subscriptions/properties), by the
// rules: who may subscribe whom to which channel, creating the channels named that do not exist, who may
// unsubscribe others, and the events each change sends.

import { badRequest, ChatError } from '../common/chat-error.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import { subscribedAt } from './channels.js'
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
} from './subscriptions.js'
import { isAdministrator, userByEmail, userById, type User } from './users.js'

/** A channel to subscribe to, by name, with the description it gets if the request creates it. */
export interface ChannelRequest {
  readonly name: string
  readonly description: string
  created?: boolean
}

/** What POST /users/me/subscriptions asks, parsed. */
export interface SubscribeRequest {
  readonly channels: readonly ChannelRequest[]
  /** The people to subscribe (ids or emails); the caller when not given. */
  readonly principals: ReadonlyArray<number | string> | undefined
  /** Whether a channel the caller may not subscribe to refuses the whole request (else it is listed as unauthorized). */
  readonly fatal: boolean
  /** For the channels the request creates. */
  readonly inviteOnly: boolean
  readonly historyPublic: boolean
}

/**
 * Subscribes the request's people to its channels, in `tx` (a write transaction), creating the channels that do
 * not exist (anyone but guests may: the reference API's default channel-creation policy). Answers who was
 * subscribed to what, who was already, and (when not fatal) the channels refused.
 */
export async function subscribe(tx: Sql, emit: Emit, user: User, request: SubscribeRequest, now: number): Promise<Record<string, unknown>> {
  const people = request.principals === undefined ? [user] : await principalUsers(tx, request.principals)
  const subscribed = new Map<number, string[]>()
  const already = new Map<number, string[]>()
  const unauthorized: string[] = []
  for (const wanted of request.channels) {
    let channel = await channelByName(tx, wanted.name)
    if (channel === undefined) {
      if (user.role === 'guest') throw badRequest('Insufficient permission')
      channel = await createChannel(tx, user, wanted, request, now)
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
    if (added.length > 0) await announceSubscribed(tx, emit, channel, added, wanted.created === true)
  }
  if (unauthorized.length > 0 && request.fatal) throw badRequest(`Unable to access channel (${unauthorized[0]!.slice(0, 100)}).`)
  return {
    subscribed: Object.fromEntries([...subscribed].map(([id, names]) => [String(id), names])),
    already_subscribed: Object.fromEntries([...already].map(([id, names]) => [String(id), names])),
    ...(!request.fatal && { unauthorized }),
  }
}

/**
 * Unsubscribes `principals` (the caller when not given; others only by administrators: the reference API's default
 * can_remove_subscribers_group) from the channels `names`, all of which the caller must see. Answers the channels
 * removed from and those nobody named was in.
 */
export async function unsubscribe(
  tx: Sql,
  emit: Emit,
  user: User,
  names: readonly string[],
  principals: ReadonlyArray<number | string> | undefined,
): Promise<{ removed: string[]; not_removed: string[] }> {
  const people = principals === undefined ? [user] : await principalUsers(tx, principals)
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
}

/** A change of one subscription property (POST /users/me/subscriptions/properties). */
export interface PropertyChange {
  readonly stream_id: number
  readonly property: string
  readonly value: unknown
}

/** Applies `changes` to `user`'s own subscriptions, each of which they must have; they hear each property changed. */
export async function setSubscriptionProperties(tx: Sql, emit: Emit, user: User, changes: readonly PropertyChange[]): Promise<void> {
  for (const change of changes) {
    if ((await subscribedAt(tx, change.stream_id, user.id)) === undefined) throw badRequest(`Not subscribed to channel ID ${change.stream_id}`)
    const { column, stored, events } = propertyUpdate(change)
    await tx.run(`UPDATE subscriptions SET ${column} = ? WHERE stream_id = ? AND user_id = ?`, stored, change.stream_id, user.id)
    for (const [property, value] of events) emit([user.id], { type: 'subscription', op: 'update', stream_id: change.stream_id, property, value })
  }
}

const COLOR = /^#[0-9a-fA-F]{6}$/

/**
 * The column a property writes, its stored value, and the `update` events it sends: is_muted and its
 * deprecated inverse in_home_view each send both (chat-events.md, feature level 139). An unknown property or
 * a value of the wrong kind is a 400 (requests are checked with it before anything is written).
 */
export function propertyUpdate(change: PropertyChange): { column: string; stored: number | string | null; events: Array<[string, unknown]> } {
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

function push(map: Map<number, string[]>, id: number, name: string): void {
  const list = map.get(id)
  if (list === undefined) map.set(id, [name])
  else list.push(name)
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
  access: { readonly inviteOnly: boolean; readonly historyPublic: boolean },
  now: number,
): Promise<ChannelRecord> {
  const row = await db.get<{ id: number }>(
    'INSERT INTO channels (name, description, invite_only, history_public_to_subscribers, is_archived, date_created, creator_id) VALUES (?, ?, ?, ?, 0, ?, ?) RETURNING id',
    request.name,
    request.description,
    access.inviteOnly ? 1 : 0,
    access.historyPublic ? 1 : 0,
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
