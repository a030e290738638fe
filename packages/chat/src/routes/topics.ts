// POST /user_topics (a user's visibility policy for a topic) and GET /users/me/{stream_id}/topics (chat-api.md §4.5, §4.6).

import { ok, type ChatRouter, type ChatServices } from './context.js'
import { canAccessChannel, channelById, subscribedAt, type Channel } from '../org/channels.js'
import { badRequest } from '../common/chat-error.js'
import type { Sql } from '../store/store.js'
import { invalid } from '../common/params.js'
import { pathId } from '../common/path-ids.js'
import { realmSettings } from '../org/realm.js'
import type { User } from '../org/users.js'

/**
 * Adds POST /user_topics and GET /users/me/{stream_id}/topics. Policies are per user; the
 * `user_topic` event goes to the caller only.
 * @example addTopicRoutes(router, services) // then GET /api/v1/users/me/1/topics
 */
export function addTopicRoutes(router: ChatRouter, services: ChatServices): void {
  const { db } = services

  router.post('/api/v1/user_topics', async (ctx) => {
    const { params, user } = ctx.state
    const channelId = params.int('stream_id', { required: true })
    const realm = await realmSettings(db)
    const given = params.string('topic', { required: true })
    // Topics are stored trimmed (POST /messages), and §4.5 reads the empty topic's display name as ''.
    const trimmed = given.trim()
    // The rules of POST /messages: the limit (§4.5, §8.1) counts code points of the trimmed topic, which
    // holds no control character.
    if ([...trimmed].length > realm.max_topic_length) throw invalid('topic', `longer than ${realm.max_topic_length} characters`)
    if (TOPIC_CONTROL.test(trimmed)) throw invalid('topic', 'it contains a control character')
    const topic = trimmed === realm.realm_empty_topic_display_name ? '' : trimmed
    // §2.4: 0 none, 1 muted, 2 unmuted, 3 followed.
    const policy = params.int('visibility_policy', { required: true, min: 0, max: 3 })
    const lastUpdated = Math.floor(services.now())
    await services.changes.write(async (emit, db) => {
      const channel = await accessibleChannel(db, channelId, user) // in the transaction: access holds at commit
      // §3: set whether or not the topic has messages; 0 is "no policy", so no row.
      if (policy === 0) await db.run('DELETE FROM user_topics WHERE user_id = ? AND stream_id = ? AND topic = ?', user.id, channel.id, topic)
      else
        await db.run(
          `INSERT INTO user_topics (user_id, stream_id, topic, visibility_policy, last_updated) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (user_id, stream_id, topic) DO UPDATE SET visibility_policy = excluded.visibility_policy, last_updated = excluded.last_updated`,
          user.id,
          channel.id,
          topic,
          policy,
          lastUpdated,
        )
      emit([user.id], { type: 'user_topic', stream_id: channel.id, topic_name: topic, last_updated: lastUpdated, visibility_policy: policy })
    })
    ok(ctx)
  })

  router.get('/api/v1/users/me/:stream_id/topics', async (ctx) => {
    const { params, user } = ctx.state
    const channel = await accessibleChannel(
      db,
      pathId(ctx.params.stream_id, () => invalid('stream_id')),
      user,
    )
    const allowEmpty = params.bool('allow_empty_topic_name') ?? false
    // §4.6: in a private channel with protected history, a subscriber (bot or not) sees only what
    // was sent at or after they subscribed; accessibleChannel made sure they are subscribed.
    const since =
      channel.invite_only && !channel.history_public_to_subscribers
        ? ((await subscribedAt(db, channel.id, user.id)) ?? Number.MAX_SAFE_INTEGER)
        : Number.MIN_SAFE_INTEGER
    const rows = (await db.all(
      `SELECT topic, max(id) AS max_id FROM messages WHERE stream_id = ? AND type = 'stream' AND timestamp >= ? GROUP BY topic ORDER BY max_id DESC`,
      channel.id,
      since,
    )) as Array<{ topic: string; max_id: number }>
    const emptyName = allowEmpty ? '' : (await realmSettings(db)).realm_empty_topic_display_name
    ok(ctx, { topics: rows.map((row) => ({ name: row.topic === '' ? emptyName : row.topic, max_id: row.max_id })) })
  })
}

/** C0 controls (line breaks and tabs among them) and DEL: no topic holds one, as POST /messages rules. */
const TOPIC_CONTROL = /[\u0000-\u001f\u007f]/u

/**
 * The channel, if `user` may see it: unknown channels and private ones they are not subscribed to
 * answer alike (§7 "Invalid channel ID"), and guests see only their subscriptions. Archived channels
 * count (feature level 480).
 */
async function accessibleChannel(db: Sql, id: number, user: User): Promise<Channel> {
  const channel = await channelById(db, id)
  if (channel === undefined || !(await canAccessChannel(db, channel, user))) throw badRequest('Invalid channel ID')
  return channel
}
