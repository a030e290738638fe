// The initial state POST /register returns for the event types a client asks about, read in the same
// transaction as the queue is created, so that no change falls between the state and the first event.

import type { Db } from '../store/db.js'
import { describeGroups } from '../org/groups.js'
import { userSettings } from '../org/settings.js'

type StateReader = (db: Db, userId: number) => Record<string, unknown>

const json = (text: string): unknown => JSON.parse(text)

/** Event type → the fields of its state. */
const STATE: Readonly<Record<string, StateReader>> = {
  user_settings: (db, userId) => ({ user_settings: userSettings(db, userId) }),
  drafts: (db, userId) => ({
    drafts: (db.prepare('SELECT id, type, recipients, topic, content, timestamp FROM drafts WHERE user_id = ? ORDER BY timestamp, id').all(userId) as Array<Record<string, unknown>>).map(
      ({ recipients, ...d }) => ({ ...d, to: json(String(recipients)) }),
    ),
  }),
  // Keys are the names clients of this API family fetch by: navigation_views and realm_user_groups
  // (not their event types navigation_view and user_group), user_topic and message (for max_message_id).
  navigation_views: (db, userId) => ({
    navigation_views: (db.prepare('SELECT fragment, is_pinned, name FROM navigation_views WHERE user_id = ? ORDER BY rowid').all(userId) as Array<Record<string, unknown>>).map((v) => ({
      ...v,
      is_pinned: v.is_pinned === 1,
    })),
  }),
  realm_linkifiers: (db) => ({
    realm_linkifiers: (db.prepare('SELECT id, pattern, url_template, example_input, reverse_template, alternative_url_templates FROM linkifiers ORDER BY position').all() as Array<Record<string, unknown>>).map(
      (l) => ({ ...l, alternative_url_templates: json(String(l.alternative_url_templates)) }),
    ),
  }),
  realm_user_groups: (db) => ({ realm_user_groups: describeGroups(db, true) }),
  user_topic: (db, userId) => ({
    user_topics: db.prepare('SELECT stream_id, topic AS topic_name, last_updated, visibility_policy FROM user_topics WHERE user_id = ? ORDER BY last_updated').all(userId),
  }),
  scheduled_messages: (db, userId) => ({
    scheduled_messages: (db.prepare('SELECT id, type, recipients, topic, content, scheduled_delivery_timestamp FROM scheduled_messages WHERE sender_id = ? ORDER BY scheduled_delivery_timestamp').all(userId) as Array<Record<string, unknown>>).map(
      ({ id, recipients, ...s }) => ({ scheduled_message_id: id, ...s, to: s.type === 'stream' ? (json(String(recipients)) as number[])[0] : json(String(recipients)), failed: false }),
    ),
  }),
  reminders: (db, userId) => ({
    reminders: (db.prepare('SELECT id, content, rendered_content, scheduled_delivery_timestamp, reminder_target_message_id, failed FROM reminders WHERE user_id = ? AND delivered = 0 ORDER BY scheduled_delivery_timestamp').all(userId) as Array<Record<string, unknown>>).map(
      ({ id, failed, ...r }) => ({ reminder_id: id, type: 'private', to: [userId], ...r, failed: failed === 1 }),
    ),
  }),
  realm_domains: (db) => ({
    realm_domains: (db.prepare('SELECT domain, allow_subdomains FROM allowed_domains ORDER BY domain').all() as Array<Record<string, unknown>>).map((d) => ({ ...d, allow_subdomains: d.allow_subdomains === 1 })),
  }),
  message: (db) => ({ max_message_id: (db.prepare('SELECT coalesce(max(id), -1) AS id FROM messages').get() as { id: number }).id }),
}

export const STATE_TYPES: readonly string[] = Object.keys(STATE)

/** The event types of two states, also accepted for them (a queue registered with event_types only). */
const ALIASES: Readonly<Record<string, string>> = { navigation_view: 'navigation_views', user_group: 'realm_user_groups' }

/** The state of each of `types` that has one (unknown types have none). */
export function initialState(db: Db, userId: number, types: readonly string[]): Record<string, unknown> {
  const state: Record<string, unknown> = {}
  for (const type of new Set(types.map((t) => ALIASES[t] ?? t))) Object.assign(state, STATE[type]?.(db, userId))
  return state
}
