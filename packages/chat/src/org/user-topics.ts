// A user's visibility policy for a topic (POST /user_topics, chat-api.md §2.4, §4.5) and the topics of a channel
// as a user may see them (GET /users/me/{stream_id}/topics, §4.6).

import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import { accessibleChannel, subscribedAt } from './channels.js'
import type { User } from './users.js'

/**
 * Sets `user`'s `policy` (§2.4: 0 none, 1 muted, 2 unmuted, 3 followed) for `topic` of channel `channelId`, one
 * they may see (checked in `tx`, a write transaction: access holds at commit), whether or not the topic has
 * messages (§3). The `user_topic` event goes to the caller only.
 */
export async function setTopicPolicy(
  tx: Sql,
  emit: Emit,
  user: User,
  setting: { readonly channelId: number; readonly topic: string; readonly policy: number; readonly lastUpdated: number },
): Promise<void> {
  const { topic, policy, lastUpdated } = setting
  const channel = await accessibleChannel(tx, setting.channelId, user)
  // 0 is "no policy", so no row.
  if (policy === 0) await tx.run('DELETE FROM user_topics WHERE user_id = ? AND stream_id = ? AND topic = ?', user.id, channel.id, topic)
  else
    await tx.run(
      `INSERT INTO user_topics (user_id, stream_id, topic, visibility_policy, last_updated) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (user_id, stream_id, topic) DO UPDATE SET visibility_policy = excluded.visibility_policy, last_updated = excluded.last_updated`,
      user.id,
      channel.id,
      topic,
      policy,
      lastUpdated,
    )
  emit([user.id], { type: 'user_topic', stream_id: channel.id, topic_name: topic, last_updated: lastUpdated, visibility_policy: policy })
}

/**
 * The topics of channel `channelId` (one `user` may see), latest first, with each one's last message id. In a
 * private channel with protected history, a subscriber (bot or not) sees only what was sent at or after they
 * subscribed (§4.6).
 */
export async function channelTopics(db: Sql, user: User, channelId: number): Promise<Array<{ topic: string; max_id: number }>> {
  const channel = await accessibleChannel(db, channelId, user)
  const since =
    channel.invite_only && !channel.history_public_to_subscribers
      ? ((await subscribedAt(db, channel.id, user.id)) ?? Number.MAX_SAFE_INTEGER)
      : Number.MIN_SAFE_INTEGER
  return (await db.all(
    `SELECT topic, max(id) AS max_id FROM messages WHERE stream_id = ? AND type = 'stream' AND timestamp >= ? GROUP BY topic ORDER BY max_id DESC`,
    channel.id,
    since,
  )) as Array<{ topic: string; max_id: number }>
}
