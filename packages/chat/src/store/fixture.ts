// Loads an organization from a fixture file (the format of fixtures/chat-org.json) into an empty database.

import { readFileSync } from 'node:fs'
import type { Db } from './db.js'
import { linkifierLinker } from '../linkify/linkify.js'
import { renderMessage } from '../render/render.js'
import { hashApiKey, hashPassword } from '../org/secrets.js'
import type { TextLinker } from '../linkify/text-linker.js'

/** The reference organization shipped with the package, so that a fresh clone works on its own. */
export const REFERENCE_FIXTURE = new URL('../../fixtures/chat-org.json', import.meta.url)

type Row = Record<string, unknown>

interface Fixture {
  readonly realm: Row & { readonly allowed_domains?: readonly Row[] }
  readonly [section: string]: unknown
}

const rows = (fixture: Fixture, section: string): readonly Row[] => (Array.isArray(fixture[section]) ? (fixture[section] as Row[]) : [])
const flag = (value: unknown): number => (value === true ? 1 : 0)

/**
 * Reads `file` and inserts its organization, all in one transaction: a fixture that does not load
 * leaves the database empty. Passwords are hashed here (scrypt), keys stored as hashes. Messages and
 * reminders are rendered as a message sent now would be: with the fixture's linkifiers, then
 * `textLinkers` (the prefix glue, when the service has an index).
 */
export function loadFixture(db: Db, file: string | URL, textLinkers: readonly TextLinker[] = []): void {
  let fixture: Fixture
  try {
    fixture = JSON.parse(readFileSync(file, 'utf8')) as Fixture
  } catch (error) {
    throw new Error(`cannot read the fixture ${String(file)}: ${(error as Error).message}`)
  }
  if (typeof fixture.realm !== 'object' || fixture.realm === null) throw new Error(`the fixture ${String(file)} has no realm`)
  const linkifiers = rows(fixture, 'linkifiers').map((l) => ({ pattern: String(l.pattern), url_template: String(l.url_template) }))
  const linkers = [linkifierLinker(linkifiers), ...textLinkers]
  const render = (content: string): string => renderMessage(content, linkers)
  db.transaction(() => {
    const realm = db.prepare('INSERT INTO realm (key, value) VALUES (?, ?)')
    for (const [key, value] of Object.entries(fixture.realm)) if (key !== 'allowed_domains') realm.run(key, JSON.stringify(value))
    const domain = db.prepare('INSERT INTO allowed_domains (domain, allow_subdomains) VALUES (?, ?)')
    for (const d of fixture.realm.allowed_domains ?? []) domain.run(d.domain, flag(d.allow_subdomains))

    const user = db.prepare(`INSERT INTO users (id, email, full_name, role, is_active, is_bot, bot_owner_id, api_key_hash, password_hash, timezone, date_joined)
      VALUES (@user_id, @email, @full_name, @role, @is_active, @is_bot, @bot_owner_id, @api_key_hash, @password_hash, @timezone, @date_joined)`)
    // Bots name their owners: people first.
    const users = [...rows(fixture, 'users')].sort((a, b) => flag(a.is_bot) - flag(b.is_bot))
    for (const u of users) {
      user.run({
        ...u,
        is_active: flag(u.is_active),
        is_bot: flag(u.is_bot),
        bot_owner_id: u.bot_owner_id ?? null,
        api_key_hash: hashApiKey(String(u.api_key)),
        password_hash: typeof u.password === 'string' ? hashPassword(u.password) : null,
        timezone: u.timezone ?? '',
      })
    }

    const channel = db.prepare(`INSERT INTO channels (id, name, description, invite_only, history_public_to_subscribers, is_archived, date_created, creator_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
    for (const c of rows(fixture, 'channels')) {
      channel.run(c.stream_id, c.name, c.description ?? '', flag(c.invite_only), flag(c.history_public_to_subscribers ?? true), flag(c.is_archived), c.date_created, c.creator_id ?? null)
    }
    const subscription = db.prepare('INSERT INTO subscriptions (stream_id, user_id, subscribed_at) VALUES (?, ?, ?)')
    for (const s of rows(fixture, 'subscriptions')) subscription.run(s.stream_id, s.user_id, s.subscribed_at)

    const message = db.prepare(`INSERT INTO messages (id, type, stream_id, topic, recipients, sender_id, content, rendered_content, timestamp)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    for (const m of rows(fixture, 'messages')) {
      const content = String(m.content)
      message.run(m.id, m.type, m.stream_id ?? null, m.topic ?? '', JSON.stringify(m.to ?? []), m.sender_id, content, render(content), m.timestamp)
    }

    const group = db.prepare(`INSERT INTO user_groups (id, name, description, is_system_group, creator_id, date_created, deactivated,
      can_add_members_group, can_join_group, can_leave_group, can_manage_group, can_mention_group, can_remove_members_group)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    const member = db.prepare('INSERT INTO group_members (group_id, user_id) VALUES (?, ?)')
    const subgroup = db.prepare('INSERT INTO group_subgroups (group_id, subgroup_id) VALUES (?, ?)')
    const groups = rows(fixture, 'user_groups')
    for (const g of groups) {
      const setting = (name: string): string => JSON.stringify(g[name] ?? null)
      group.run(g.id, g.name, g.description ?? '', flag(g.is_system_group), g.creator_id ?? null, g.date_created ?? null, flag(g.deactivated),
        setting('can_add_members_group'), setting('can_join_group'), setting('can_leave_group'), setting('can_manage_group'), setting('can_mention_group'), setting('can_remove_members_group'))
    }
    for (const g of groups) {
      for (const id of (g.members as number[] | undefined) ?? []) member.run(g.id, id)
      for (const id of (g.direct_subgroup_ids as number[] | undefined) ?? []) subgroup.run(g.id, id)
    }

    const scheduled = db.prepare(`INSERT INTO scheduled_messages (id, sender_id, type, recipients, topic, content, scheduled_delivery_timestamp) VALUES (?, ?, ?, ?, ?, ?, ?)`)
    for (const s of rows(fixture, 'scheduled_messages')) {
      scheduled.run(s.scheduled_message_id, s.sender_id, s.type, JSON.stringify(Array.isArray(s.to) ? s.to : [s.to]), s.topic ?? '', s.content, s.scheduled_delivery_timestamp)
    }
    const reminder = db.prepare(`INSERT INTO reminders (id, user_id, content, rendered_content, scheduled_delivery_timestamp, reminder_target_message_id, failed) VALUES (?, ?, ?, ?, ?, ?, ?)`)
    for (const r of rows(fixture, 'reminders')) {
      const content = String(r.content)
      reminder.run(r.reminder_id, r.user_id, content, render(content), r.scheduled_delivery_timestamp, r.reminder_target_message_id, flag(r.failed))
    }
    const token = db.prepare('INSERT INTO push_tokens (user_id, kind, token) VALUES (?, ?, ?)')
    for (const t of rows(fixture, 'push_tokens')) token.run(t.user_id, t.kind, t.token)
    const consent = db.prepare('INSERT INTO export_consents (user_id, consented, email_address_visibility) VALUES (?, ?, ?)')
    for (const c of rows(fixture, 'export_consents')) consent.run(c.user_id, flag(c.consented), c.email_address_visibility)
    const linkifier = db.prepare(`INSERT INTO linkifiers (id, position, pattern, url_template, example_input, reverse_template, alternative_url_templates) VALUES (?, ?, ?, ?, ?, ?, ?)`)
    for (const [position, l] of rows(fixture, 'linkifiers').entries()) {
      linkifier.run(l.id, position, l.pattern, l.url_template, l.example_input ?? null, l.reverse_template ?? null, JSON.stringify(l.alternative_url_templates ?? []))
    }
    const view = db.prepare('INSERT INTO navigation_views (user_id, fragment, is_pinned, name) VALUES (?, ?, ?, ?)')
    for (const v of rows(fixture, 'navigation_views')) view.run(v.user_id, v.fragment, flag(v.is_pinned), v.name ?? null)
    const draft = db.prepare('INSERT INTO drafts (id, user_id, type, recipients, topic, content, timestamp) VALUES (?, ?, ?, ?, ?, ?, ?)')
    for (const d of rows(fixture, 'drafts')) draft.run(d.id, d.user_id, d.type, JSON.stringify(d.to ?? []), d.topic ?? '', d.content, d.timestamp)
  })()
}
