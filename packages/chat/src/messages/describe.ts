// Stored messages as the API returns them (chat-events.md's message object), for GET /messages and edits:
// the people, channels and realm name they name are read once per batch, not once per message.

import { reactionsOf } from '../org/reactions.js'
import { realmSettings } from '../org/realm.js'
import type { TopicLink } from '../render/render.js'
import type { Sql } from '../store/store.js'
import { flagNames } from './flags.js'

/** The columns of `messages` a description needs (select them as MESSAGE_COLUMNS, with `m` for the table). */
export interface MessageRow {
  readonly id: number
  readonly type: 'stream' | 'private'
  readonly stream_id: number | null
  readonly topic: string
  readonly recipients: string
  readonly sender_id: number
  readonly content: string
  readonly rendered_content: string
  readonly timestamp: number
  readonly last_edit_timestamp: number | null
  readonly last_moved_timestamp: number | null
  readonly edit_history: string | null
}

export const MESSAGE_COLUMNS =
  'm.id, m.type, m.stream_id, m.topic, m.recipients, m.sender_id, m.content, m.rendered_content, m.timestamp, m.last_edit_timestamp, m.last_moved_timestamp, m.edit_history'

export interface DescribeOptions {
  /** HTML (true, the default of GET /messages) or the Markdown source. */
  readonly applyMarkdown: boolean
  readonly topicLinks: (topic: string) => readonly TopicLink[]
  /** Given, the empty topic is shown by this name (clients that did not ask for `allow_empty_topic_name`). */
  readonly emptyTopicName?: string
  /** The organization's name (`sender_realm_str`), when the caller has read its settings already; else read here. */
  readonly realmName?: string
}

/**
 * The API form of each row, with `flags` from `flagsOf` (undefined: a message the reader never received,
 * seen through a channel's public history — `read` and `historical`, as the reference API marks it).
 */
export async function describeMessages(
  db: Sql,
  rows: readonly MessageRow[],
  flagsOf: (id: number) => number | undefined,
  options: DescribeOptions,
): Promise<Array<Record<string, unknown>>> {
  if (rows.length === 0) return []
  const peopleIds = new Set<number>()
  const channelIds = new Set<number>()
  for (const row of rows) {
    peopleIds.add(row.sender_id)
    if (row.type === 'private') for (const id of JSON.parse(row.recipients) as number[]) peopleIds.add(id)
    else if (row.stream_id !== null) channelIds.add(row.stream_id)
  }
  // Independent reads, sent together: on PostgreSQL each is a round trip, and they overlap on the pool's connections.
  const [peopleRows, channelRows, realmName, reactions] = await Promise.all([
    db.all<{ id: number; email: string; full_name: string }>(
      'SELECT id, email, full_name FROM users WHERE id IN (SELECT value FROM json_each(?))',
      JSON.stringify([...peopleIds]),
    ),
    db.all<{ id: number; name: string }>('SELECT id, name FROM channels WHERE id IN (SELECT value FROM json_each(?))', JSON.stringify([...channelIds])),
    options.realmName ?? realmSettings(db).then((realm) => realm.name),
    reactionsOf(
      db,
      rows.map((r) => r.id),
    ),
  ])
  const people = new Map(peopleRows.map((p) => [p.id, p]))
  const channels = new Map(channelRows.map((c) => [c.id, c.name]))
  return rows.map((row) => {
    const sender = people.get(row.sender_id)
    const bits = flagsOf(row.id)
    const message: Record<string, unknown> = {
      id: row.id,
      type: row.type,
      sender_id: row.sender_id,
      sender_email: sender?.email ?? '',
      sender_full_name: sender?.full_name ?? '',
      sender_realm_str: realmName,
      avatar_url: null,
      client: 'API',
      is_me_message: /^\/me\s/u.test(row.content),
      content: options.applyMarkdown ? row.rendered_content : row.content,
      content_type: options.applyMarkdown ? 'text/html' : 'text/x-markdown',
      timestamp: Number(row.timestamp),
      reactions: reactions.get(row.id) ?? [],
      submessages: [],
      flags: bits === undefined ? ['read', 'historical'] : flagNames(Number(bits)),
    }
    if (row.last_edit_timestamp !== null) message.last_edit_timestamp = Number(row.last_edit_timestamp)
    if (row.last_moved_timestamp !== null) message.last_moved_timestamp = Number(row.last_moved_timestamp)
    if (row.edit_history !== null) message.edit_history = JSON.parse(row.edit_history)
    if (row.type === 'stream') {
      Object.assign(message, {
        stream_id: Number(row.stream_id),
        recipient_id: Number(row.stream_id),
        subject: row.topic === '' && options.emptyTopicName !== undefined ? options.emptyTopicName : row.topic,
        display_recipient: channels.get(Number(row.stream_id)) ?? '',
        topic_links: options.topicLinks(row.topic),
      })
    } else {
      const ids = (JSON.parse(row.recipients) as number[]).slice().sort((a, b) => a - b)
      Object.assign(message, {
        recipient_id: conversationId(ids),
        subject: '',
        display_recipient: ids.map((id) => ({ id, email: people.get(id)?.email ?? '', full_name: people.get(id)?.full_name ?? '', is_mirror_dummy: false })),
        topic_links: [],
      })
    }
    return message
  })
}

/** A stable number for a direct-message conversation (its sorted participants), as recipient_id. */
export function conversationId(participants: readonly number[]): number {
  let hash = 0x811c9dc5
  for (const char of participants.join(',')) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0
  return hash & 0x7fffffff
}
