// Loads an organization from a fixture file (the format of fixtures/chat-org.json) into an empty database.

import { readFileSync } from 'node:fs'
import type { SqlValue, Store } from './store/store.js'
import { linkifierLinker } from './linkify/linkify.js'
import { renderMessage } from './render/render.js'
import { backfillUserMessages } from './messages/flags.js'
import { hashApiKey, hashPassword } from './org/secrets.js'
import type { TextLinker } from './linkify/text-linker.js'

/** The reference organization shipped with the package, so that a fresh clone works on its own. */
export const REFERENCE_FIXTURE = new URL('../fixtures/chat-org.json', import.meta.url)

type Row = Record<string, unknown>

interface Fixture {
  readonly realm: Row & { readonly allowed_domains?: readonly Row[] }
  readonly [section: string]: unknown
}

const rows = (fixture: Fixture, section: string): readonly Row[] => (Array.isArray(fixture[section]) ? (fixture[section] as Row[]) : [])
const flag = (value: unknown): number => (value === true ? 1 : 0)

/** Runs one statement of the load's transaction. */
type Run = (sql: string, ...params: unknown[]) => Promise<unknown>
/** A message's content rendered with the fixture's linkifiers and the service's text linkers. */
type Render = (content: string) => string

/**
 * Reads `file` and inserts its organization, all in one transaction: a fixture that does not load
 * leaves the database empty. Passwords are hashed here (scrypt), keys stored as hashes. Messages and
 * reminders are rendered as a message sent now would be: with the fixture's linkifiers, then
 * `textLinkers` (the prefix glue, when the service has an index).
 */
export async function loadFixture(store: Store, file: string | URL, textLinkers: readonly TextLinker[] = []): Promise<void> {
  const fixture = readFixture(file)
  const linkifiers = rows(fixture, 'linkifiers').map((l) => ({ pattern: String(l.pattern), url_template: String(l.url_template) }))
  const linkers = [linkifierLinker(linkifiers), ...textLinkers]
  const render: Render = (content) => renderMessage(content, linkers)
  await store.transaction(async (db) => {
    // Fixture values are JSON: what SQL binds (numbers, strings, null).
    const run: Run = (sql, ...params) => db.run(sql, ...(params as SqlValue[]))
    await insertRealm(run, fixture)
    await insertUsers(run, fixture)
    await insertChannels(run, fixture)
    await insertMessages(run, fixture, render)
    await insertGroups(run, fixture)
    await insertScheduled(run, fixture, render)
    await insertUserSettings(run, fixture)
    await insertLinkifiers(run, fixture)
    await insertUserDrafts(run, fixture)
    await backfillUserMessages(db) // the recipients' flags of the fixture's messages
    await store.continueIds(db)
  })
}

/** The fixture in `file`, parsed, with a clear error when it cannot be read or has no realm. */
function readFixture(file: string | URL): Fixture {
  let fixture: Fixture
  try {
    fixture = JSON.parse(readFileSync(file, 'utf8')) as Fixture
  } catch (error) {
    throw new Error(`cannot read the fixture ${String(file)}: ${(error as Error).message}`)
  }
  if (typeof fixture.realm !== 'object' || fixture.realm === null) throw new Error(`the fixture ${String(file)} has no realm`)
  return fixture
}

/** The realm's settings and its allowed e-mail domains. */
async function insertRealm(run: Run, fixture: Fixture): Promise<void> {
  for (const [key, value] of Object.entries(fixture.realm))
    if (key !== 'allowed_domains') await run('INSERT INTO realm (key, value) VALUES (?, ?)', key, JSON.stringify(value))
  for (const d of fixture.realm.allowed_domains ?? [])
    await run('INSERT INTO allowed_domains (domain, allow_subdomains) VALUES (?, ?)', d.domain, flag(d.allow_subdomains))
}

/** The users, people before bots (bots name their owners). */
async function insertUsers(run: Run, fixture: Fixture): Promise<void> {
  const users = [...rows(fixture, 'users')].sort((a, b) => flag(a.is_bot) - flag(b.is_bot))
  for (const u of users) {
    await run(
      `INSERT INTO users (id, email, full_name, role, is_active, is_bot, bot_owner_id, api_key_hash, password_hash, timezone, date_joined)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      u.user_id,
      u.email,
      u.full_name,
      u.role,
      flag(u.is_active),
      flag(u.is_bot),
      u.bot_owner_id ?? null,
      hashApiKey(String(u.api_key)),
      typeof u.password === 'string' ? hashPassword(u.password) : null,
      u.timezone ?? '',
      u.date_joined,
    )
  }
}

/** The channels and who is subscribed to them. */
async function insertChannels(run: Run, fixture: Fixture): Promise<void> {
  for (const c of rows(fixture, 'channels')) {
    await run(
      `INSERT INTO channels (id, name, description, invite_only, history_public_to_subscribers, is_archived, date_created, creator_id)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      c.stream_id,
      c.name,
      c.description ?? '',
      flag(c.invite_only),
      flag(c.history_public_to_subscribers ?? true),
      flag(c.is_archived),
      c.date_created,
      c.creator_id ?? null,
    )
  }
  for (const s of rows(fixture, 'subscriptions'))
    await run('INSERT INTO subscriptions (stream_id, user_id, subscribed_at) VALUES (?, ?, ?)', s.stream_id, s.user_id, s.subscribed_at)
}

/** The messages, rendered as a message sent now would be. */
async function insertMessages(run: Run, fixture: Fixture, render: Render): Promise<void> {
  for (const m of rows(fixture, 'messages')) {
    const content = String(m.content)
    await run(
      `INSERT INTO messages (id, type, stream_id, topic, recipients, sender_id, content, rendered_content, timestamp)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      m.id,
      m.type,
      m.stream_id ?? null,
      m.topic ?? '',
      JSON.stringify(m.to ?? []),
      m.sender_id,
      content,
      render(content),
      m.timestamp,
    )
  }
}

/** The user groups with their settings, then their members and subgroups (which may name a group listed later). */
async function insertGroups(run: Run, fixture: Fixture): Promise<void> {
  const groups = rows(fixture, 'user_groups')
  for (const g of groups) {
    const setting = (name: string): string => JSON.stringify(g[name] ?? null)
    await run(
      `INSERT INTO user_groups (id, name, description, is_system_group, creator_id, date_created, deactivated,
    can_add_members_group, can_join_group, can_leave_group, can_manage_group, can_mention_group, can_remove_members_group)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      g.id,
      g.name,
      g.description ?? '',
      flag(g.is_system_group),
      g.creator_id ?? null,
      g.date_created ?? null,
      flag(g.deactivated),
      setting('can_add_members_group'),
      setting('can_join_group'),
      setting('can_leave_group'),
      setting('can_manage_group'),
      setting('can_mention_group'),
      setting('can_remove_members_group'),
    )
  }
  for (const g of groups) {
    for (const id of (g.members as number[] | undefined) ?? []) await run('INSERT INTO group_members (group_id, user_id) VALUES (?, ?)', g.id, id)
    for (const id of (g.direct_subgroup_ids as number[] | undefined) ?? [])
      await run('INSERT INTO group_subgroups (group_id, subgroup_id) VALUES (?, ?)', g.id, id)
  }
}

/** Scheduled messages and reminders (reminders rendered). */
async function insertScheduled(run: Run, fixture: Fixture, render: Render): Promise<void> {
  for (const s of rows(fixture, 'scheduled_messages')) {
    await run(
      `INSERT INTO scheduled_messages (id, sender_id, type, recipients, topic, content, scheduled_delivery_timestamp) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      s.scheduled_message_id,
      s.sender_id,
      s.type,
      JSON.stringify(Array.isArray(s.to) ? s.to : [s.to]),
      s.topic ?? '',
      s.content,
      s.scheduled_delivery_timestamp,
    )
  }
  for (const r of rows(fixture, 'reminders')) {
    const content = String(r.content)
    await run(
      `INSERT INTO reminders (id, user_id, content, rendered_content, scheduled_delivery_timestamp, reminder_target_message_id, failed) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      r.reminder_id,
      r.user_id,
      content,
      render(content),
      r.scheduled_delivery_timestamp,
      r.reminder_target_message_id,
      flag(r.failed),
    )
  }
}

/** Users' push tokens and export consents. */
async function insertUserSettings(run: Run, fixture: Fixture): Promise<void> {
  for (const t of rows(fixture, 'push_tokens')) await run('INSERT INTO push_tokens (user_id, kind, token) VALUES (?, ?, ?)', t.user_id, t.kind, t.token)
  for (const c of rows(fixture, 'export_consents'))
    await run(
      'INSERT INTO export_consents (user_id, consented, email_address_visibility) VALUES (?, ?, ?)',
      c.user_id,
      flag(c.consented),
      c.email_address_visibility,
    )
}

/** The linkifiers, in the fixture's order. */
async function insertLinkifiers(run: Run, fixture: Fixture): Promise<void> {
  for (const [position, l] of rows(fixture, 'linkifiers').entries()) {
    await run(
      `INSERT INTO linkifiers (id, position, pattern, url_template, example_input, reverse_template, alternative_url_templates) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      l.id,
      position,
      l.pattern,
      l.url_template,
      l.example_input ?? null,
      l.reverse_template ?? null,
      JSON.stringify(l.alternative_url_templates ?? []),
    )
  }
}

/** Users' saved navigation views and drafts. */
async function insertUserDrafts(run: Run, fixture: Fixture): Promise<void> {
  for (const v of rows(fixture, 'navigation_views'))
    await run('INSERT INTO navigation_views (user_id, fragment, is_pinned, name) VALUES (?, ?, ?, ?)', v.user_id, v.fragment, flag(v.is_pinned), v.name ?? null)
  for (const d of rows(fixture, 'drafts'))
    await run(
      'INSERT INTO drafts (id, user_id, type, recipients, topic, content, timestamp) VALUES (?, ?, ?, ?, ?, ?, ?)',
      d.id,
      d.user_id,
      d.type,
      JSON.stringify(d.to ?? []),
      d.topic ?? '',
      d.content,
      d.timestamp,
    )
}
