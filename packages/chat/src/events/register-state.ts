// The initial state POST /register returns for the event types a client asks about, read in the same
// transaction as the queue is created, so that no change falls between the state and the first event.

import type { Sql } from '../store/store.js'
import { describeGroups } from '../org/groups.js'
import { userSettings } from '../org/settings.js'
import { legacyPresence, presenceRows } from '../org/presence.js'
import { realmSettings } from '../org/realm.js'
import { activeSubscriberIds, allChannels, canSeeChannel, describeChannel, describeSubscriptions } from '../org/subscriptions.js'
import { allUsers, describeUser, userById } from '../org/users.js'

type StateReader = (db: Sql, userId: number) => Promise<Record<string, unknown>>

const json = (text: string): unknown => JSON.parse(text)

/** Event type → the fields of its state. */
const STATE: Readonly<Record<string, StateReader>> = {
  user_settings: async (db, userId) => ({ user_settings: await userSettings(db, userId) }),
  drafts: async (db, userId) => ({
    drafts: (
      (await db.all('SELECT id, type, recipients, topic, content, timestamp FROM drafts WHERE user_id = ? ORDER BY timestamp, id', userId)) as Array<
        Record<string, unknown>
      >
    ).map(({ recipients, ...d }) => ({ ...d, to: json(String(recipients)) })),
  }),
  // Keys are the names clients of this API family fetch by: navigation_views and realm_user_groups
  // (not their event types navigation_view and user_group), user_topic and message (for max_message_id).
  navigation_views: async (db, userId) => ({
    navigation_views: (
      (await db.all('SELECT fragment, is_pinned, name FROM navigation_views WHERE user_id = ? ORDER BY rowid', userId)) as Array<Record<string, unknown>>
    ).map((v) => ({
      ...v,
      is_pinned: v.is_pinned === 1,
    })),
  }),
  realm_linkifiers: async (db) => ({
    realm_linkifiers: (
      (await db.all('SELECT id, pattern, url_template, example_input, reverse_template, alternative_url_templates FROM linkifiers ORDER BY position')) as Array<
        Record<string, unknown>
      >
    ).map((l) => ({ ...l, alternative_url_templates: json(String(l.alternative_url_templates)) })),
  }),
  realm_user_groups: async (db) => ({ realm_user_groups: await describeGroups(db, true) }),
  user_topic: async (db, userId) => ({
    user_topics: await db.all(
      'SELECT stream_id, topic AS topic_name, last_updated, visibility_policy FROM user_topics WHERE user_id = ? ORDER BY last_updated',
      userId,
    ),
  }),
  scheduled_messages: async (db, userId) => ({
    scheduled_messages: (
      (await db.all(
        'SELECT id, type, recipients, topic, content, scheduled_delivery_timestamp FROM scheduled_messages WHERE sender_id = ? ORDER BY scheduled_delivery_timestamp',
        userId,
      )) as Array<Record<string, unknown>>
    ).map(({ id, recipients, ...s }) => ({
      scheduled_message_id: id,
      ...s,
      to: s.type === 'stream' ? (json(String(recipients)) as number[])[0] : json(String(recipients)),
      failed: false,
    })),
  }),
  reminders: async (db, userId) => ({
    reminders: (
      (await db.all(
        'SELECT id, content, rendered_content, scheduled_delivery_timestamp, reminder_target_message_id, failed FROM reminders WHERE user_id = ? AND delivered = 0 ORDER BY scheduled_delivery_timestamp',
        userId,
      )) as Array<Record<string, unknown>>
    ).map(({ id, failed, ...r }) => ({ reminder_id: id, type: 'private', to: [userId], ...r, failed: failed === 1 })),
  }),
  realm_domains: async (db) => ({
    realm_domains: ((await db.all('SELECT domain, allow_subdomains FROM allowed_domains ORDER BY domain')) as Array<Record<string, unknown>>).map((d) => ({
      ...d,
      allow_subdomains: d.allow_subdomains === 1,
    })),
  }),
  message: async (db) => ({ max_message_id: ((await db.get('SELECT coalesce(max(id), -1) AS id FROM messages')) as { id: number }).id }),
  // The channels a user is in (with their subscribers), and those they may see but are not in; what the
  // user has left is not recorded, so `unsubscribed` is empty.
  subscription: async (db, userId) => {
    const user = await userById(db, userId)
    const subscriptions = await describeSubscriptions(db, userId, { subscribers: true })
    const mine = new Set(subscriptions.map((s) => s.stream_id))
    const neverSubscribed: Array<Record<string, unknown>> = []
    for (const channel of await allChannels(db)) {
      if (mine.has(channel.id) || user === undefined || !canSeeChannel(channel, user, false)) continue
      neverSubscribed.push({ ...(await describeChannel(db, channel)), subscribers: await activeSubscriberIds(db, channel.id) })
    }
    return { subscriptions, unsubscribed: [], never_subscribed: neverSubscribed }
  },
  stream: async (db, userId) => {
    const user = await userById(db, userId)
    const mine = new Set((await db.all<{ stream_id: number }>('SELECT stream_id FROM subscriptions WHERE user_id = ?', userId)).map((r) => Number(r.stream_id)))
    const streams: Array<Record<string, unknown>> = []
    for (const channel of await allChannels(db))
      if (user !== undefined && canSeeChannel(channel, user, mine.has(channel.id))) streams.push(await describeChannel(db, channel))
    return { streams }
  },
  realm_user: async (db) => {
    const users = await allUsers(db)
    return { realm_users: users.filter((u) => u.is_active).map(describeUser), realm_non_active_users: users.filter((u) => !u.is_active).map(describeUser) }
  },
  // The older format, by email (as presence events carry it); every report kept (one row per user at
  // most), since the state has no clock: clients show old timestamps as offline.
  presence: async (db) => {
    const rows = await presenceRows(db, 0)
    return {
      presences: Object.fromEntries(rows.map((r) => [r.email, legacyPresence(r)])),
      presence_last_update_id: rows.reduce((max, r) => Math.max(max, r.update_id), -1),
    }
  },
  realm_emoji: async () => ({ realm_emoji: {} }),
  // The organization's settings clients read to offer editing and moving (a subset of the reference's `realm`).
  realm: async (db) => {
    const realm = await realmSettings(db)
    return {
      realm_name: realm.name,
      realm_allow_message_editing: realm.allow_message_editing,
      realm_message_content_edit_limit_seconds: realm.message_content_edit_limit_seconds,
      realm_move_messages_within_stream_limit_seconds: realm.move_messages_within_stream_limit_seconds,
      realm_move_messages_between_streams_limit_seconds: realm.move_messages_between_streams_limit_seconds,
    }
  },
}

export const STATE_TYPES: readonly string[] = Object.keys(STATE)

/** The event types of two states, also accepted for them (a queue registered with event_types only). */
const ALIASES: Readonly<Record<string, string>> = { navigation_view: 'navigation_views', user_group: 'realm_user_groups' }

/** The state of each of `types` that has one (unknown types have none). */
export async function initialState(db: Sql, userId: number, types: readonly string[]): Promise<Record<string, unknown>> {
  const state: Record<string, unknown> = {}
  for (const type of new Set(types.map((t) => ALIASES[t] ?? t))) Object.assign(state, await STATE[type]?.(db, userId))
  return state
}
