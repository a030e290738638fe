// GET /streams, GET and DELETE (archive) /streams/{id}, GET /streams/{id}/members, GET /get_stream_id and GET /users/{id}/subscriptions/{stream_id}: channels as a user may see them.

import { badRequest } from '../common/chat-error.js'
import { invalid } from '../common/params.js'
import { pathId } from '../common/path-ids.js'
import { subscribedAt } from '../org/channels.js'
import { activeSubscriberIds, archiveChannel, canSeeChannel, channelByName, describeChannel, listChannels, visibleChannel } from '../org/subscriptions.js'
import { isAdministrator, requireAdministrator, userById } from '../org/users.js'
import { ok, type ChatRouter, type ChatServices } from './context.js'

export function addStreamRoutes(router: ChatRouter, services: ChatServices): void {
  const { db } = services
  const channelId = (raw: string | undefined): number => pathId(raw, () => badRequest('Invalid channel ID'))

  router.get('/api/v1/streams', async (ctx) => {
    const { params, user } = ctx.state
    const includePublic = params.bool('include_public') ?? true
    params.bool('include_web_public') // no channel is web-public here
    const includeSubscribed = params.bool('include_subscribed') ?? true
    const excludeArchived = params.bool('exclude_archived') ?? true
    // include_all_active is include_all's name before feature level 356.
    const includeAll = (params.bool('include_all') ?? false) || (params.bool('include_all_active') ?? false)
    params.bool('include_default') // the organization has no default channels
    const ownerSubscribed = params.bool('include_owner_subscribed') ?? false
    if (includeAll && !isAdministrator(user)) throw badRequest('User not authorized for this query')
    ok(ctx, { streams: await listChannels(db, user, { includePublic, includeSubscribed, excludeArchived, includeAll, ownerSubscribed }) })
  })

  router.get('/api/v1/streams/:stream_id', async (ctx) => {
    const channel = await visibleChannel(db, ctx.state.user, channelId(ctx.params.stream_id))
    ok(ctx, { stream: await describeChannel(db, channel) })
  })

  // Archiving a channel (zulip-js's streams.deleteById): administrators only.
  router.delete('/api/v1/streams/:stream_id', async (ctx) => {
    const { user } = ctx.state
    requireAdministrator(user)
    const id = channelId(ctx.params.stream_id)
    await services.changes.write((emit, tx) => archiveChannel(tx, emit, user, id))
    ok(ctx)
  })

  router.get('/api/v1/streams/:stream_id/members', async (ctx) => {
    const channel = await visibleChannel(db, ctx.state.user, channelId(ctx.params.stream_id))
    ok(ctx, { subscribers: await activeSubscriberIds(db, channel.id) })
  })

  router.get('/api/v1/get_stream_id', async (ctx) => {
    const name = ctx.state.params.string('stream', { required: true, maxLength: 1000 })
    const channel = await channelByName(db, name)
    if (channel === undefined || !canSeeChannel(channel, ctx.state.user, (await subscribedAt(db, channel.id, ctx.state.user.id)) !== undefined)) {
      throw badRequest(`Invalid channel name '${name.slice(0, 100)}'`)
    }
    ok(ctx, { stream_id: channel.id })
  })

  router.get('/api/v1/users/:user_id/subscriptions/:stream_id', async (ctx) => {
    const target = await userById(
      db,
      pathId(ctx.params.user_id, () => invalid('user_id')),
    )
    if (target === undefined) throw badRequest('No such user')
    const channel = await visibleChannel(db, ctx.state.user, channelId(ctx.params.stream_id))
    ok(ctx, { is_subscribed: (await subscribedAt(db, channel.id, target.id)) !== undefined })
  })
}
