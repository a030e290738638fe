// User settings (chat-api.md §2.3): each setting's type, allowed values and default, and how it is read and stored.

import type { Sql } from '../store/store.js'
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages.js'
import { invalid, type Params } from '../common/params.js'

export type SettingValue = boolean | number | string

/** One setting: its default, and how a request's parameter becomes a valid value (or a 400). */
export interface SettingDefinition {
  readonly default: SettingValue
  /** The value given in the request, validated, or undefined when the parameter is absent. */
  readonly read: (params: Params, name: string) => SettingValue | undefined
  /** Settings that live in a column of `users` rather than in `user_settings`. */
  readonly column?: 'full_name' | 'timezone'
}

/** Bounds chosen where the spec is silent (chat-api.md §8.7 "numeric bounds of settings: not shown"). */
export const FONT_SIZE_PX = { min: 12, max: 32 } as const
export const LINE_HEIGHT_PERCENT = { min: 100, max: 250 } as const
/** From one minute to one week. */
export const EMAIL_BATCHING_SECONDS = { min: 60, max: 7 * 24 * 3600 } as const
export const MAX_FULL_NAME_LENGTH = 100

/** The sounds a client may play; `none` plays nothing. */
export const NOTIFICATION_SOUNDS: readonly string[] = ['chime', 'ding', 'bell', 'chirp', 'knock', 'none']

const bool = (fallback: boolean): SettingDefinition => ({ default: fallback, read: (params, name) => params.bool(name) })

const range = (bounds: { readonly min: number; readonly max: number }, fallback: number): SettingDefinition => ({
  default: fallback,
  read: (params, name) => params.int(name, bounds),
})

const oneOfInts = (allowed: readonly number[], fallback: number): SettingDefinition => ({
  default: fallback,
  read: (params, name) => {
    const value = params.int(name)
    if (value !== undefined && !allowed.includes(value)) throw invalid(name)
    return value
  },
})

const oneOfStrings = (allowed: Iterable<string>, fallback: string): SettingDefinition => {
  const set = new Set(allowed)
  return {
    default: fallback,
    read: (params, name) => {
      const value = params.string(name, { maxLength: 100 })
      if (value !== undefined && !set.has(value)) throw invalid(name)
      return value
    },
  }
}

/**
 * Every setting of chat-api.md §2.3 except the credentials (email, old_password, new_password), in
 * the order of the table: events of one request come in this order.
 */
export const SETTINGS: Readonly<Record<string, SettingDefinition>> = {
  full_name: { default: '', read: readFullName, column: 'full_name' },
  twenty_four_hour_time: bool(false),
  // §2.3: meanings 1–4 exist, but the parameter accepts only 1, 2 and 4.
  web_channel_default_view: oneOfInts([1, 2, 4], 1),
  starred_message_counts: bool(true),
  receives_typing_notifications: bool(true),
  web_suggest_update_timezone: bool(true),
  fluid_layout_width: bool(false),
  high_contrast_mode: bool(false),
  web_font_size_px: range(FONT_SIZE_PX, 16),
  web_line_height_percent: range(LINE_HEIGHT_PERCENT, 140),
  color_scheme: oneOfInts([1, 2, 3], 1),
  enable_drafts_synchronization: bool(true),
  translate_emoticons: bool(false),
  display_emoji_reaction_users: bool(true),
  default_language: oneOfStrings(LANGUAGES.keys(), DEFAULT_LANGUAGE),
  web_home_view: oneOfStrings(['recent', 'inbox', 'all_messages'], 'inbox'),
  web_escape_navigates_to_home_view: bool(true),
  left_side_userlist: bool(false),
  emojiset: oneOfStrings(['google', 'twitter', 'text'], 'google'),
  demote_inactive_streams: oneOfInts([1, 2, 3], 1),
  user_list_style: oneOfInts([1, 2, 3], 2),
  web_animate_image_previews: oneOfStrings(['always', 'on_hover', 'never'], 'on_hover'),
  web_stream_unreads_count_display_policy: oneOfInts([1, 2, 3], 2),
  hide_ai_features: bool(false),
  web_inbox_show_channel_folders: bool(true),
  timezone: { default: '', read: readTimezone, column: 'timezone' },
  enable_stream_desktop_notifications: bool(false),
  enable_stream_email_notifications: bool(false),
  enable_stream_push_notifications: bool(false),
  enable_stream_audible_notifications: bool(false),
  notification_sound: oneOfStrings(NOTIFICATION_SOUNDS, 'chime'),
  enable_desktop_notifications: bool(true),
  enable_sounds: bool(true),
  email_notifications_batching_period_seconds: range(EMAIL_BATCHING_SECONDS, 120),
  enable_offline_email_notifications: bool(true),
  enable_offline_push_notifications: bool(true),
  enable_online_push_notifications: bool(true),
  enable_followed_topic_desktop_notifications: bool(true),
  enable_followed_topic_email_notifications: bool(true),
  enable_followed_topic_push_notifications: bool(true),
}

/** Trimmed, 1 to 100 characters, no control characters or line/paragraph separators. */
function readFullName(params: Params, name: string): string | undefined {
  const raw = params.string(name, { maxLength: 1000 })
  if (raw === undefined) return undefined
  const value = raw.trim()
  if (value === '') throw invalid(name, 'it is empty')
  if ([...value].length > MAX_FULL_NAME_LENGTH) throw invalid(name, `it is longer than ${MAX_FULL_NAME_LENGTH} characters`)
  if (/[\p{Cc}\u2028\u2029]/u.test(value)) throw invalid(name, 'it contains a control character')
  return value
}

const TIMEZONES = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])
// IANA names: segments starting with a capital letter; keeps out UTC offsets and wrongly cased names
// (ICU accepts `europe/zurich` and `+01:00`, which no client of this API expects back).
const IANA_NAME = /^[A-Z][A-Za-z0-9_+-]*(\/[A-Z0-9][A-Za-z0-9_+-]*)*$/

/** Whether `name` is an IANA time zone identifier this runtime knows (canonical names and aliases). */
export function isTimezone(name: string): boolean {
  if (TIMEZONES.has(name)) return true
  if (name.length > 64 || !IANA_NAME.test(name)) return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

function readTimezone(params: Params, name: string): string | undefined {
  const value = params.string(name, { maxLength: 100 })
  if (value !== undefined && !isTimezone(value)) throw invalid(name)
  return value
}

/**
 * Every setting of `userId` with defaults applied: the `user_settings` state POST /register returns.
 * `timezone` is '' for a user who never set one.
 *
 * @example (await userSettings(db, 4)).color_scheme // 1 unless Max changed it
 */
export async function userSettings(db: Sql, userId: number): Promise<Record<string, unknown>> {
  const stored = await storedSettings(db, userId)
  const user = (await db.get('SELECT full_name, timezone FROM users WHERE id = ?', userId)) as { full_name: string; timezone: string } | undefined
  const settings: Record<string, unknown> = {}
  for (const [name, definition] of Object.entries(SETTINGS)) {
    settings[name] = definition.column !== undefined ? (user?.[definition.column] ?? definition.default) : (stored.get(name) ?? definition.default)
  }
  return settings
}

/** The current value of one setting of `userId` (its default when never changed). */
export async function settingValue(db: Sql, userId: number, name: string): Promise<SettingValue | undefined> {
  const definition = SETTINGS[name]
  if (definition === undefined) return undefined
  if (definition.column !== undefined) {
    const row = (await db.get(`SELECT ${definition.column} AS value FROM users WHERE id = ?`, userId)) as { value: string } | undefined
    return row?.value
  }
  const row = (await db.get('SELECT value FROM user_settings WHERE user_id = ? AND name = ?', userId, name)) as { value: string } | undefined
  return row === undefined ? definition.default : (JSON.parse(row.value) as SettingValue)
}

/** Stores one setting; a value equal to the default removes the row, so only changed values are kept. */
export async function writeSetting(db: Sql, userId: number, name: string, value: SettingValue): Promise<void> {
  const definition = SETTINGS[name]
  if (definition === undefined) throw new TypeError(`no setting ${name}`)
  if (definition.column !== undefined) {
    await db.run(`UPDATE users SET ${definition.column} = ? WHERE id = ?`, String(value), userId)
  } else if (value === definition.default) {
    await db.run('DELETE FROM user_settings WHERE user_id = ? AND name = ?', userId, name)
  } else {
    await db.run(
      'INSERT INTO user_settings (user_id, name, value) VALUES (?, ?, ?) ON CONFLICT (user_id, name) DO UPDATE SET value = excluded.value',
      userId,
      name,
      JSON.stringify(value),
    )
  }
}

async function storedSettings(db: Sql, userId: number): Promise<Map<string, SettingValue>> {
  const rows = (await db.all('SELECT name, value FROM user_settings WHERE user_id = ?', userId)) as Array<{ name: string; value: string }>
  return new Map(rows.map((r) => [r.name, JSON.parse(r.value) as SettingValue]))
}

/** Reads every setting present in the request, validated, in the order of SETTINGS. */
export function readSettings(params: Params): Map<string, SettingValue> {
  const values = new Map<string, SettingValue>()
  for (const [name, definition] of Object.entries(SETTINGS)) {
    const value = definition.read(params, name)
    if (value !== undefined) values.set(name, value)
  }
  return values
}
