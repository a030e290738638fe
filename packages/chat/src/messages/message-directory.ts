// The people, groups and channels a message may name, read for the names it contains (not the whole
// organization), and the flags each recipient gets from what it mentions.

import { effectiveMembers, holdsGroupSetting } from '../org/group-settings.js'
import { groupById } from '../org/groups.js'
import { badRequest, ChatError } from '../common/chat-error.js'
import { realmSettings } from '../org/realm.js'
import { isModeratorOrAbove, type User } from '../org/users.js'
import { channelLinkCandidates, type LinkableChannel } from '../render/channel-links.js'
import { mentionCandidates, type MentionablePerson, type Mentions } from '../render/mentions.js'
import type { MessageDirectory } from '../render/render.js'
import type { Sql } from '../store/store.js'
import { FLAG_BITS } from './flags.js'

/**
 * Who and what `content` may name: active people and active, non-system groups whose names (or ids) it
 * holds, and, when `writer` is given, the unarchived channels it links by name that `writer` may see (a
 * channel the writer cannot see stays text, so a link never tells that a private channel exists).
 */
export async function messageDirectory(db: Sql, content: string, writer?: User): Promise<MessageDirectory | undefined> {
  const candidates = mentionCandidates(content)
  const channelNames = writer === undefined ? [] : channelLinkCandidates(content)
  if (candidates.names.length + candidates.ids.length + candidates.groups.length + channelNames.length === 0) return undefined
  const texts = jsonTexts(db)
  const people =
    candidates.names.length + candidates.ids.length === 0
      ? []
      : await db.all<MentionablePerson>(
          `SELECT id, full_name FROM users WHERE is_active = 1 AND (lower(full_name) IN (${texts}) OR id IN (SELECT value FROM json_each(?)))`,
          JSON.stringify(candidates.names),
          JSON.stringify(candidates.ids),
        )
  const groups =
    candidates.groups.length === 0
      ? []
      : await db.all<{ id: number; name: string }>(
          `SELECT id, name FROM user_groups WHERE deactivated = 0 AND is_system_group = 0 AND lower(name) IN (${texts})`,
          JSON.stringify(candidates.groups),
        )
  const channels = channelNames.length === 0 ? [] : await linkableChannels(db, channelNames, writer!)
  const byName = new Map<string, MentionablePerson[]>()
  for (const p of people) byName.set(p.full_name.toLowerCase(), [...(byName.get(p.full_name.toLowerCase()) ?? []), p])
  const byId = new Map(people.map((p) => [p.id, p]))
  const groupByName = new Map(groups.map((g) => [g.name.toLowerCase(), g]))
  const channelByName = new Map(channels.map((c) => [c.name, c]))
  return {
    person(name, id) {
      if (id !== undefined) {
        const person = byId.get(id)
        // `@**Name|id**` must name that person; `@**|id**` is enough.
        return person !== undefined && (name === undefined || person.full_name.toLowerCase() === name.toLowerCase()) ? person : undefined
      }
      const named = byName.get(name!.toLowerCase())
      return named?.length === 1 ? named[0] : undefined // a shared name needs the id
    },
    group: (name) => groupByName.get(name.toLowerCase()),
    channel: (name) => channelByName.get(name),
  }
}

/** A subquery of the texts of a JSON list passed as its one parameter, in the store's dialect. */
function jsonTexts(db: Sql): string {
  return db.dialect === 'postgres' ? 'SELECT json_array_elements_text(?::json)' : 'SELECT value FROM json_each(?)'
}

/** The channels of `names` (exact names) that are not archived and that `writer` may see. */
function linkableChannels(db: Sql, names: readonly string[], writer: User): Promise<LinkableChannel[]> {
  const texts = jsonTexts(db)
  return db.all<LinkableChannel>(
    `SELECT c.id, c.name FROM channels c WHERE c.is_archived = 0 AND c.name IN (${texts})
       AND ((c.invite_only = 0 AND ? != 'guest') OR EXISTS (SELECT 1 FROM subscriptions s WHERE s.stream_id = c.id AND s.user_id = ?))`,
    JSON.stringify(names),
    writer.role,
    writer.id,
  )
}

/**
 * Refuses a message that mentions a group its sender may not mention (the group's `can_mention_group`,
 * chat-api.md §2.2). Silent mentions are not in `mentions` and are always allowed.
 */
export async function checkGroupMentions(db: Sql, senderId: number, mentions: Mentions): Promise<void> {
  for (const groupId of mentions.groups) {
    const group = await groupById(db, groupId)
    if (group === undefined || group.deactivated) continue // (deactivated since rendering: the mention notifies nobody)
    if (!(await holdsGroupSetting(db, senderId, group.settings.can_mention_group))) {
      throw badRequest(`You are not allowed to mention user group '${group.name}'.`)
    }
  }
}

/**
 * The mention flags of each of `audience` (bits of FLAG_BITS; recipients absent have none): people named
 * and members of groups named get `mentioned`; a channel wildcard gives everyone, a topic wildcard the
 * topic's participants, `wildcard_mentioned` with its own flag.
 */
export async function mentionFlags(
  db: Sql,
  mentions: Mentions,
  audience: readonly number[],
  topicParticipants: () => Promise<ReadonlySet<number>>,
): Promise<Map<number, number>> {
  const flags = new Map<number, number>()
  const add = (user: number, bits: number): void => {
    flags.set(user, (flags.get(user) ?? 0) | bits)
  }
  const receiving = new Set(audience)
  const named = new Set(mentions.users)
  if (mentions.groups.size > 0) for (const id of await effectiveMembers(db, [...mentions.groups])) named.add(id)
  for (const id of named) if (receiving.has(id)) add(id, FLAG_BITS.mentioned)
  if (mentions.channelWildcard) for (const id of audience) add(id, FLAG_BITS.wildcard_mentioned | FLAG_BITS.stream_wildcard_mentioned)
  if (mentions.topicWildcard) {
    const participants = await topicParticipants()
    for (const id of audience) if (participants.has(id)) add(id, FLAG_BITS.wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned)
  }
  return flags
}

/**
 * The wildcard-mention policy (chat-api.md §7): in a channel (or topic) with more people than the
 * organization's threshold, only moderators and above may notify everyone at once. The mentions are
 * the renderer's, so `@**all**` in code or inside a word is not one, and a silent one notifies nobody.
 * Sends and content edits alike (the reference server checks an edited text as a new one).
 */
export async function checkWildcardMentions(
  db: Sql,
  sender: User,
  place: { readonly streamId: number; readonly topic: string; readonly audienceSize: number },
  mentions: Mentions,
): Promise<void> {
  if (isModeratorOrAbove(sender)) return
  const threshold = (await realmSettings(db)).wildcard_mention_large_threshold
  if (mentions.channelWildcard && place.audienceSize > threshold) {
    throw new ChatError('STREAM_WILDCARD_MENTION_NOT_ALLOWED', 'You do not have permission to use channel wildcard mentions in this channel.')
  }
  if (mentions.topicWildcard) {
    const participants = (await db.get(
      'SELECT count(DISTINCT sender_id) AS n FROM messages WHERE stream_id = ? AND topic = ?',
      place.streamId,
      place.topic,
    )) as { n: number }
    if (participants.n > threshold) {
      throw new ChatError('TOPIC_WILDCARD_MENTION_NOT_ALLOWED', 'You do not have permission to use topic wildcard mentions in this topic.')
    }
  }
}

/** Who took part in a message's topic (its senders, and `senderId`, who is writing to it); all of a direct conversation. */
export async function topicParticipants(
  db: Sql,
  target: { readonly type: string; readonly streamId: number | null; readonly topic: string; readonly audience: readonly number[] },
  senderId: number,
): Promise<ReadonlySet<number>> {
  if (target.type === 'private') return new Set(target.audience)
  const rows = await db.all<{ id: number }>('SELECT DISTINCT sender_id AS id FROM messages WHERE stream_id = ? AND topic = ?', target.streamId, target.topic)
  return new Set([...rows.map((r) => Number(r.id)), senderId])
}
