// How long after sending a message may be edited or moved: the organization's limits, as the reference server
// applies them (20 s of grace for a request that left the client in time; moderators and above move freely).

import { badRequest, ChatError } from '../common/chat-error.js'
import type { RealmSettings } from '../org/realm.js'
import { isModeratorOrAbove, type User } from '../org/users.js'

/** The reference server's grace beyond each limit, for an edit begun before it and sent a little after. */
const GRACE_SECONDS = 20

/**
 * Refuses a content edit the organization has turned off, by anyone but the sender, or after the time limit:
 * in the reference server's order, so that each refusal reads as there.
 */
export function checkContentEdit(realm: RealmSettings, user: User, message: { readonly sender_id: number; readonly timestamp: number }, now: number): void {
  if (!realm.allow_message_editing) throw badRequest('Your organization has turned off message editing')
  if (message.sender_id !== user.id) throw badRequest("You don't have permission to edit this message")
  const limit = realm.message_content_edit_limit_seconds
  if (limit !== null && now - message.timestamp > limit + GRACE_SECONDS) throw badRequest('The time limit for editing this message has passed')
}

/**
 * Refuses a move by a member after the organization's time limit: the channel's limit when the channel
 * changes, the topic's when the topic does (both when both do). `target` is the message named in the request;
 * `moving` every message the move takes, oldest first. When the target may move but older ones of the topic
 * may not, the answer says how many may (MOVE_MESSAGES_TIME_LIMIT_EXCEEDED, with the reference fields), so
 * that a client can offer to move those.
 */
export function checkMoveLimits(
  realm: RealmSettings,
  user: User,
  move: { readonly changesChannel: boolean; readonly changesTopic: boolean; readonly now: number },
  target: { readonly timestamp: number },
  moving: ReadonlyArray<{ readonly id: number; readonly timestamp: number }>,
): void {
  if (isModeratorOrAbove(user)) return
  const limits: Array<{ seconds: number; refusal: string }> = []
  const channelLimit = realm.move_messages_between_streams_limit_seconds
  const topicLimit = realm.move_messages_within_stream_limit_seconds
  if (move.changesChannel && channelLimit !== null)
    limits.push({ seconds: channelLimit, refusal: "The time limit for editing this message's channel has passed" })
  if (move.changesTopic && topicLimit !== null) limits.push({ seconds: topicLimit, refusal: "The time limit for editing this message's topic has passed." })
  if (limits.length === 0) return
  for (const limit of limits) if (move.now - target.timestamp > limit.seconds + GRACE_SECONDS) throw badRequest(limit.refusal)
  const oldest = move.now - Math.min(...limits.map((l) => l.seconds)) - GRACE_SECONDS
  const allowed = moving.filter((m) => m.timestamp >= oldest)
  if (allowed.length === moving.length) return
  throw new ChatError(
    'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
    `You only have permission to move the ${allowed.length}/${moving.length} most recent messages in this topic.`,
    {
      extra: {
        first_message_id_allowed_to_move: allowed[0]?.id ?? null,
        total_messages_in_topic: moving.length,
        total_messages_allowed_to_move: allowed.length,
      },
    },
  )
}
