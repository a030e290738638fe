// GET /streams, GET and DELETE (archive) /streams/{id}, GET /streams/{id}/members, GET /get_stream_id and GET /users/{id}/subscriptions/{stream_id}: channels as a user may see them.

import { badRequest } from '../common/chat-error.js'
import { ok, type ChatRouter, type ChatServices } from './context.js'
import { invalid } from '../common/params.js'
import { pathId } from '../common/path-ids.js'
import { isAdministrator, requireAdministrator, userById, type User } from '../org/users.js'
import {
  activeSubscriberIds,
  allChannels,
  canSeeChannel,
  channelByName,
  channelObservers,
  channelRecord,
  describeChannel,
  type ChannelRecord,
} from '../org/subscriptions.js'
import { subscribedAt } from '../org/channels.js'
import type { Sql } from '../store/store.js'

export function addStreamRoutes(router: ChatRouter, services: ChatServices): void {
  const { db } = services

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
    const mine = await subscribedSet(db, user.id)
    const owners = ownerSubscribed && user.is_bot && user.bot_owner_id !== null ? await subscribedSet(db, user.bot_owner_id) : new Set<number>()
    const streams: Array<Record<string, unknown>> = []
    for (const channel of await allChannels(db)) {
      if (excludeArchived && channel.is_archived) continue
      const subscribed = mine.has(channel.id)
      // Guests see only their own channels, whatever include_public says (the reference API's rule).
      const wanted =
        (includeAll && canSeeChannel(channel, user, subscribed)) ||
        (includeSubscribed && subscribed) ||
        (includePublic && !channel.invite_only && user.role !== 'guest') ||
        owners.has(channel.id)
      if (wanted) streams.push(await describeChannel(db, channel))
    }
    ok(ctx, { streams })
  })

  router.get('/api/v1/streams/:stream_id', async (ctx) => {
    const channel = await visibleChannel(
      db,
      ctx.state.user,
      pathId(ctx.params.stream_id, () => badRequest('Invalid channel ID')),
    )
    ok(ctx, { stream: await describeChannel(db, channel) })
  })

  // Archiving a channel (zulip-js's streams.deleteById): administrators only. Its messages and
  // subscriptions stay; it takes no new messages and leaves default listings.
  router.delete('/api/v1/streams/:stream_id', async (ctx) => {
    const { user } = ctx.state
    requireAdministrator(user)
    const id = pathId(ctx.params.stream_id, () => badRequest('Invalid channel ID'))
    await services.changes.write(async (emit, tx) => {
      const channel = await visibleChannel(tx, user, id)
      if (channel.is_archived) throw badRequest('Channel is already archived')
      await tx.run('UPDATE channels SET is_archived = 1 WHERE id = ?', id)
      const archived = (await channelRecord(tx, id))!
      emit(await channelObservers(tx, archived), { type: 'stream', op: 'delete', streams: [await describeChannel(tx, archived)], stream_ids: [id] })
    })
    ok(ctx)
  })

  router.get('/api/v1/streams/:stream_id/members', async (ctx) => {
    const channel = await visibleChannel(
      db,
      ctx.state.user,
      pathId(ctx.params.stream_id, () => badRequest('Invalid channel ID')),
    )
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
    const channel = await visibleChannel(
      db,
      ctx.state.user,
      pathId(ctx.params.stream_id, () => badRequest('Invalid channel ID')),
    )
    ok(ctx, { is_subscribed: (await subscribedAt(db, channel.id, target.id)) !== undefined })
  })
}

/** The channel with this id when `user` may see it; otherwise the spec's "Invalid channel ID" (unknown or hidden alike). */
export async function visibleChannel(db: Sql, user: User, id: number): Promise<ChannelRecord> {
  const channel = await channelRecord(db, id)
  if (channel === undefined || !canSeeChannel(channel, user, (await subscribedAt(db, id, user.id)) !== undefined)) throw badRequest('Invalid channel ID')
  return channel
}

async function subscribedSet(db: Sql, userId: number): Promise<Set<number>> {
  return new Set((await db.all<{ stream_id: number }>('SELECT stream_id FROM subscriptions WHERE user_id = ?', userId)).map((r) => r.stream_id))
}
