// Channels as clients list them (stream objects), who may see one, archiving one, and a subscriber's own view of one
// (subscription objects), with who hears of their changes.

import { badRequest } from '../common/chat-error.js'
import { renderMessage } from '../render/render.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import { subscribedAt, type Channel } from './channels.js'
import type { User } from './users.js'

/** A channel row with what its listing shows. */
export interface ChannelRecord extends Channel {
  readonly description: string
  readonly date_created: number
  readonly creator_id: number | null
}

const CHANNEL_COLUMNS = 'id, name, description, invite_only, history_public_to_subscribers, is_archived, date_created, creator_id'

type ChannelRow = Omit<ChannelRecord, 'invite_only' | 'history_public_to_subscribers' | 'is_archived'> & {
  invite_only: number
  history_public_to_subscribers: number
  is_archived: number
}

function channelFromRow(row: ChannelRow): ChannelRecord {
  return {
    ...row,
    invite_only: row.invite_only === 1,
    history_public_to_subscribers: row.history_public_to_subscribers === 1,
    is_archived: row.is_archived === 1,
  }
}

/** Every channel, by id. */
export async function allChannels(db: Sql): Promise<ChannelRecord[]> {
  return (await db.all<ChannelRow>(`SELECT ${CHANNEL_COLUMNS} FROM channels ORDER BY id`)).map(channelFromRow)
}

export async function channelRecord(db: Sql, id: number): Promise<ChannelRecord | undefined> {
  const row = await db.get<ChannelRow>(`SELECT ${CHANNEL_COLUMNS} FROM channels WHERE id = ?`, id)
  return row === undefined ? undefined : channelFromRow(row)
}

/** The channel of this name, compared ignoring case (as the reference server does), or undefined. */
export async function channelByName(db: Sql, name: string): Promise<ChannelRecord | undefined> {
  const row = await db.get<ChannelRow>(`SELECT ${CHANNEL_COLUMNS} FROM channels WHERE lower(name) = lower(?)`, name)
  return row === undefined ? undefined : channelFromRow(row)
}

/**
 * Colors a new subscription takes, the first one the user does not use yet (then round again). Each is
 * a light, distinct hue, readable with dark text, as the reference clients expect `#rrggbb`.
 */
export const SUBSCRIPTION_COLORS = [
  '#76ce90',
  '#fae589',
  '#a6c7e5',
  '#e79ab5',
  '#bfd56f',
  '#f4ae55',
  '#b0a5fd',
  '#addfe5',
  '#f5ce6e',
  '#c2726a',
  '#94c849',
  '#bd86e5',
  '#ee7e4a',
  '#a6dcbf',
  '#95a5fd',
  '#53a063',
  '#9987e1',
  '#e4523d',
  '#c2c2c2',
  '#4f8de4',
] as const

/** A subscription loaded without a color (the organization's fixture) shows one fixed by its channel. */
const defaultColor = (channelId: number): string => SUBSCRIPTION_COLORS[(channelId - 1) % SUBSCRIPTION_COLORS.length]!

/** The color for a user's next subscription: the first of SUBSCRIPTION_COLORS they do not use. */
export async function nextColor(db: Sql, userId: number): Promise<string> {
  const used = new Set(
    (await db.all<{ color: string; stream_id: number }>('SELECT color, stream_id FROM subscriptions WHERE user_id = ?', userId)).map(
      (r) => r.color || defaultColor(r.stream_id),
    ),
  )
  return SUBSCRIPTION_COLORS.find((c) => !used.has(c)) ?? SUBSCRIPTION_COLORS[used.size % SUBSCRIPTION_COLORS.length]!
}

/** The stream object of GET /streams and of `stream` events. */
export async function describeChannel(db: Sql, channel: ChannelRecord): Promise<Record<string, unknown>> {
  const first = await db.get<{ id: number | null }>('SELECT min(id) AS id FROM messages WHERE stream_id = ?', channel.id)
  const count = await db.get<{ n: number }>(
    'SELECT count(*) AS n FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE s.stream_id = ? AND u.is_active = 1',
    channel.id,
  )
  return {
    stream_id: channel.id,
    name: channel.name,
    description: channel.description,
    rendered_description: renderMessage(channel.description, []),
    date_created: channel.date_created,
    creator_id: channel.creator_id,
    invite_only: channel.invite_only,
    is_web_public: false,
    is_announcement_only: false,
    stream_post_policy: 1,
    history_public_to_subscribers: channel.history_public_to_subscribers,
    first_message_id: first?.id ?? null,
    message_retention_days: null,
    is_archived: channel.is_archived,
    subscriber_count: Number(count!.n),
    stream_weekly_traffic: null,
  }
}

/** The properties a subscriber sets on their subscription (POST /users/me/subscriptions/properties). */
export const NOTIFICATION_PROPERTIES = [
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'wildcard_mentions_notify',
] as const

interface SubscriptionRow {
  stream_id: number
  color: string
  pin_to_top: number
  is_muted: number
  desktop_notifications: number | null
  audible_notifications: number | null
  push_notifications: number | null
  email_notifications: number | null
  wildcard_mentions_notify: number | null
}

const nullableBool = (value: number | null): boolean | null => (value === null ? null : value === 1)

/** The subscription objects of `userId` (for `channelIds`, or all), by channel id; `subscribers` when asked. */
export async function describeSubscriptions(
  db: Sql,
  userId: number,
  options: { readonly channelIds?: readonly number[]; readonly subscribers?: boolean } = {},
): Promise<Array<Record<string, unknown>>> {
  const rows = await db.all<SubscriptionRow>(
    `SELECT stream_id, color, pin_to_top, is_muted, ${NOTIFICATION_PROPERTIES.join(', ')} FROM subscriptions WHERE user_id = ?${options.channelIds === undefined ? '' : ' AND stream_id IN (SELECT value FROM json_each(?))'} ORDER BY stream_id`,
    ...(options.channelIds === undefined ? [userId] : [userId, JSON.stringify(options.channelIds)]),
  )
  const result: Array<Record<string, unknown>> = []
  for (const row of rows) {
    const channel = await channelRecord(db, row.stream_id)
    if (channel === undefined) continue
    result.push({
      ...(await describeChannel(db, channel)),
      color: row.color || defaultColor(row.stream_id),
      pin_to_top: row.pin_to_top === 1,
      is_muted: row.is_muted === 1,
      in_home_view: row.is_muted !== 1,
      ...Object.fromEntries(NOTIFICATION_PROPERTIES.map((p) => [p, nullableBool(row[p])])),
      ...(options.subscribers === true && { subscribers: await activeSubscriberIds(db, row.stream_id) }),
    })
  }
  return result
}

/** The active subscribers of a channel, by id. */
export async function activeSubscriberIds(db: Sql, channelId: number): Promise<number[]> {
  return (
    await db.all<{ id: number }>(
      'SELECT s.user_id AS id FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE s.stream_id = ? AND u.is_active = 1 ORDER BY s.user_id',
      channelId,
    )
  ).map((r) => r.id)
}

/**
 * Who may know the channel exists and who is in it: for a public channel every active user but guests
 * not subscribed; for a private one its subscribers and the administrators. They hear of its creation
 * and of peers joining and leaving.
 */
export async function channelObservers(db: Sql, channel: Channel): Promise<number[]> {
  const subscribers = await activeSubscriberIds(db, channel.id)
  const others = channel.invite_only
    ? await db.all<{ id: number }>("SELECT id FROM users WHERE is_active = 1 AND role IN ('owner', 'administrator')")
    : await db.all<{ id: number }>("SELECT id FROM users WHERE is_active = 1 AND role != 'guest'")
  return [...new Set([...subscribers, ...others.map((r) => r.id)])].sort((a, b) => a - b)
}

/** Whether `user` may see the channel in a listing (and its subscribers): the rule of `channelObservers`. */
export function canSeeChannel(channel: Channel, user: User, subscribed: boolean): boolean {
  if (subscribed) return true
  if (channel.invite_only) return user.role === 'owner' || user.role === 'administrator'
  return user.role !== 'guest'
}

/** Which channels GET /streams lists (its `include_*` parameters; include_all for administrators only). */
export interface ChannelListing {
  readonly includePublic: boolean
  readonly includeSubscribed: boolean
  readonly excludeArchived: boolean
  readonly includeAll: boolean
  /** A bot's owner's channels too. */
  readonly ownerSubscribed: boolean
}

/** The channels `user` asks for, described as stream objects, by id. Guests see only their own channels, whatever include_public says (the reference API's rule). */
export async function listChannels(db: Sql, user: User, listing: ChannelListing): Promise<Array<Record<string, unknown>>> {
  const mine = await subscribedSet(db, user.id)
  const owners = listing.ownerSubscribed && user.is_bot && user.bot_owner_id !== null ? await subscribedSet(db, user.bot_owner_id) : new Set<number>()
  const streams: Array<Record<string, unknown>> = []
  for (const channel of await allChannels(db)) {
    if (listing.excludeArchived && channel.is_archived) continue
    const subscribed = mine.has(channel.id)
    const wanted =
      (listing.includeAll && canSeeChannel(channel, user, subscribed)) ||
      (listing.includeSubscribed && subscribed) ||
      (listing.includePublic && !channel.invite_only && user.role !== 'guest') ||
      owners.has(channel.id)
    if (wanted) streams.push(await describeChannel(db, channel))
  }
  return streams
}

async function subscribedSet(db: Sql, userId: number): Promise<Set<number>> {
  return new Set((await db.all<{ stream_id: number }>('SELECT stream_id FROM subscriptions WHERE user_id = ?', userId)).map((r) => r.stream_id))
}

/** The channel with this id when `user` may see it; otherwise the spec's "Invalid channel ID" (unknown or hidden alike). */
export async function visibleChannel(db: Sql, user: User, id: number): Promise<ChannelRecord> {
  const channel = await channelRecord(db, id)
  if (channel === undefined || !canSeeChannel(channel, user, (await subscribedAt(db, id, user.id)) !== undefined)) throw badRequest('Invalid channel ID')
  return channel
}

/**
 * Archives channel `id` (one `user` may see), in `tx` (a write transaction): its messages and subscriptions stay;
 * it takes no new messages and leaves default listings. Those who may see it hear `stream` op `delete`.
 */
export async function archiveChannel(tx: Sql, emit: Emit, user: User, id: number): Promise<void> {
  const channel = await visibleChannel(tx, user, id)
  if (channel.is_archived) throw badRequest('Channel is already archived')
  await tx.run('UPDATE channels SET is_archived = 1 WHERE id = ?', id)
  const archived = (await channelRecord(tx, id))!
  emit(await channelObservers(tx, archived), { type: 'stream', op: 'delete', streams: [await describeChannel(tx, archived)], stream_ids: [id] })
}
