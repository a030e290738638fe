// POST /user_topics (a user's visibility policy for a topic) and GET /users/me/{stream_id}/topics (chat-api.md §4.5, §4.6).

import { ok, type ChatRouter, type ChatServices } from './context.js'
import { invalid } from '../common/params.js'
import { pathId } from '../common/path-ids.js'
import { realmSettings } from '../org/realm.js'
import { channelTopics, setTopicPolicy } from '../org/user-topics.js'

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
    await services.changes.write((emit, tx) => setTopicPolicy(tx, emit, user, { channelId, topic, policy, lastUpdated }))
    ok(ctx)
  })

  router.get('/api/v1/users/me/:stream_id/topics', async (ctx) => {
    const { params, user } = ctx.state
    const channelId = pathId(ctx.params.stream_id, () => invalid('stream_id'))
    const rows = await channelTopics(db, user, channelId) // (an unknown or hidden channel is refused before a bad parameter)
    const allowEmpty = params.bool('allow_empty_topic_name') ?? false
    const emptyName = allowEmpty ? '' : (await realmSettings(db)).realm_empty_topic_display_name
    ok(ctx, { topics: rows.map((row) => ({ name: row.topic === '' ? emptyName : row.topic, max_id: row.max_id })) })
  })
}

/** C0 controls (line breaks and tabs among them) and DEL: no topic holds one, as POST /messages rules. */
const TOPIC_CONTROL = /[\u0000-\u001f\u007f]/u
