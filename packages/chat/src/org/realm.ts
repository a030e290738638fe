// The organization's own settings (the fixture's `realm` section).

import { badRequest } from '../common/chat-error.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import { activeUserIds } from './users.js'

/**
 * The API feature level the service answers in `service_feature_level` and `zulip_feature_level`: clients
 * choose request and event formats by it. 496 is the newest level the spec names (bots may call the
 * user-group operations); the formats a client picks by level that this service speaks are listed in the
 * README ("Versions").
 */
export const FEATURE_LEVEL = 496

/**
 * `zulip_version`: the reference release whose API (at FEATURE_LEVEL) the service follows, marked as this
 * service. The official Python bindings refuse a server without one; clients read the number before `-`.
 */
export const ZULIP_VERSION = '12.0-prefixd-chat'

export interface RealmSettings {
  readonly name: string
  readonly url: string
  readonly max_topic_length: number
  readonly realm_empty_topic_display_name: string
  /**
   * Channels (for channel wildcards) or topics (for topic wildcards) with more people than this
   * accept wildcard mentions only from moderators and above; default 15.
   */
  readonly wildcard_mention_large_threshold: number
  /** Whether senders may edit what their messages say (topics may still move); default true. */
  readonly allow_message_editing: boolean
  /** How long after sending a sender may edit a message's content; null: no limit. Default 600 s. */
  readonly message_content_edit_limit_seconds: number | null
  /** How long after sending a member may move a message to another topic; null: no limit. Default 7 days. */
  readonly move_messages_within_stream_limit_seconds: number | null
  /** How long after sending a member may move a message to another channel; null: no limit. Default 7 days. */
  readonly move_messages_between_streams_limit_seconds: number | null
}

/** The reference server's defaults for its message editing settings. */
const DEFAULT_CONTENT_EDIT_LIMIT_SECONDS = 600
const DEFAULT_MOVE_LIMIT_SECONDS = 7 * 24 * 3600

/** A time limit from the realm table: null is no limit; absent or not a count of seconds, the default. */
function limitSeconds(value: unknown, fallback: number): number | null {
  if (value === null) return null
  return Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : fallback
}

export async function realmSettings(db: Sql): Promise<RealmSettings> {
  const values = new Map(
    ((await db.all('SELECT key, value FROM realm')) as Array<{ key: string; value: string }>).map((r) => [r.key, JSON.parse(r.value) as unknown]),
  )
  return {
    name: String(values.get('name') ?? 'prefixd chat'),
    url: String(values.get('url') ?? ''),
    max_topic_length: Number(values.get('max_topic_length') ?? 60),
    realm_empty_topic_display_name: String(values.get('realm_empty_topic_display_name') ?? 'general chat'),
    wildcard_mention_large_threshold: Number(values.get('wildcard_mention_large_threshold') ?? 15),
    allow_message_editing: values.get('allow_message_editing') !== false,
    message_content_edit_limit_seconds: limitSeconds(values.get('message_content_edit_limit_seconds'), DEFAULT_CONTENT_EDIT_LIMIT_SECONDS),
    move_messages_within_stream_limit_seconds: limitSeconds(values.get('move_messages_within_stream_limit_seconds'), DEFAULT_MOVE_LIMIT_SECONDS),
    move_messages_between_streams_limit_seconds: limitSeconds(values.get('move_messages_between_streams_limit_seconds'), DEFAULT_MOVE_LIMIT_SECONDS),
  }
}

/** Removes an allowed email domain (already trimmed and lower case); everyone hears `realm_domains` op `remove`. */
export async function removeAllowedDomain(tx: Sql, emit: Emit, domain: string): Promise<void> {
  const removed = await tx.run('DELETE FROM allowed_domains WHERE domain = ?', domain)
  if (removed.changes === 0) throw badRequest(`No entry found for domain ${domain.slice(0, 255)}.`)
  emit(await activeUserIds(tx), { type: 'realm_domains', op: 'remove', domain })
}

/** The email address visibility an account has before it says otherwise: 1, everyone. */
const DEFAULT_EMAIL_VISIBILITY = 1

/** Every active person's answer to a data export (GET /export/realm/consents): those who never answered have not consented. */
export async function exportConsents(db: Sql): Promise<Array<{ user_id: number; consented: boolean; email_address_visibility: number }>> {
  const rows = (await db.all(`SELECT u.id AS user_id, c.consented, c.email_address_visibility FROM users u
         LEFT JOIN export_consents c ON c.user_id = u.id WHERE u.is_active = 1 AND u.is_bot = 0 ORDER BY u.id`)) as Array<{
    user_id: number
    consented: number | null
    email_address_visibility: number | null
  }>
  return rows.map((r) => ({
    user_id: r.user_id,
    consented: r.consented === 1,
    email_address_visibility: r.email_address_visibility ?? DEFAULT_EMAIL_VISIBILITY,
  }))
}
