// The fan-out's view of the queues: which queues of a change's users get each event, and in what form
// (each kind of queue its own text, stored once for all queues of that kind).

import type { RecordedEvent } from '../store/changes.js'
import type { Sql } from '../store/store.js'

/** A row of `event_queues`. */
export interface QueueRow {
  id: string
  user_id: number
  last_connected_at: number
  lifespan_secs: number
  next_event_id: number
  pruned_through: number
  event_types: string | null
  narrow: string
  all_public_streams: number
  apply_markdown: number
}

/** Events every queue gets whatever types it asked for. */
const ALWAYS_DELIVERED = new Set(['heartbeat', 'restart'])

/** Every queue of every user the change concerns, by user, in one statement. */
export async function queuesOfUsers(events: readonly RecordedEvent[], tx: Sql): Promise<Map<number, QueueRow[]>> {
  const everyUser = [...new Set(events.flatMap((e) => e.users))]
  const queuesOf = new Map<number, QueueRow[]>()
  // On PostgreSQL, sends run beside each other: their queues are locked here, in id order (a second
  // send to the same queues waits for this one's commit, then reads the counters it left).
  const lock = tx.dialect === 'postgres' ? ' FOR NO KEY UPDATE' : ''
  const rows = await tx.all<QueueRow>(
    `SELECT * FROM event_queues WHERE user_id IN (SELECT value FROM json_each(?)) ORDER BY id${lock}`,
    JSON.stringify(everyUser),
  )
  for (const q of rows) {
    const list = queuesOf.get(q.user_id)
    if (list === undefined) queuesOf.set(q.user_id, [q])
    else list.push(q)
  }
  return queuesOf
}

/**
 * Who receives each public-channel message of the change, by message id. Such a message is emitted once
 * per set of flags: the all_public_streams queues of the other users get it once, with the first
 * emission, and with no flags of their own (they receive no copy).
 */
export function publicAudiences(events: readonly RecordedEvent[]): Map<unknown, Set<number>> {
  const audiences = new Map<unknown, Set<number>>()
  for (const { users, event } of events) {
    if (event.type !== 'message' || event.public_channel !== true) continue
    const id = (event.message as { id?: unknown } | undefined)?.id
    const audience = audiences.get(id) ?? new Set<number>()
    for (const user of users) audience.add(user)
    audiences.set(id, audience)
  }
  return audiences
}

/**
 * The stored text of `event` for each kind of queue in `queues` (its form for that queue, see shapeFor),
 * and the queues that get each: queues registered alike share one text, so one message to 1,000 queues
 * is serialized and stored once or twice. Queues whose types or narrow leave it out get nothing.
 */
export async function payloadsFor(
  queues: ReadonlyArray<readonly [QueueRow, Readonly<Record<string, unknown>>]>,
  event: Readonly<Record<string, unknown>>,
  tx: Sql,
): Promise<{ texts: Map<number, string>; byPayload: Map<number, QueueRow[]> }> {
  const payloads = new Map<string, number | undefined>()
  const texts = new Map<number, string>()
  const byPayload = new Map<number, QueueRow[]>()
  for (const [queue, forQueue] of queues) {
    const variant = `${queue.event_types}\0${queue.narrow}\0${queue.apply_markdown}\0${forQueue.sender_queue_id === queue.id}\0${forQueue === event}`
    let payload = payloads.get(variant)
    if (!payloads.has(variant)) {
      const shaped = shapeFor(queue, forQueue)
      const text = shaped === undefined ? undefined : JSON.stringify(shaped)
      payload = text === undefined ? undefined : (await tx.get<{ id: number }>('INSERT INTO event_payloads (body) VALUES (?) RETURNING id', text))!.id
      if (payload !== undefined) texts.set(payload, text!)
      payloads.set(variant, payload)
    }
    if (payload === undefined) continue
    const group = byPayload.get(payload)
    if (group === undefined) byPayload.set(payload, [queue])
    else group.push(queue)
  }
  return { texts, byPayload }
}

/**
 * The event as `queue` should get it, or undefined when its types or narrow leave it out. Message
 * events carry both renderings and the sender's queue id; each queue gets only its own form.
 */
function shapeFor(queue: QueueRow, event: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined {
  const type = String(event.type)
  if (queue.event_types !== null && !ALWAYS_DELIVERED.has(type) && !(JSON.parse(queue.event_types) as string[]).includes(type)) return undefined
  // (Called once per kind of queue and event by fanOut, so parsing here costs little.)
  if (type !== 'message') return { ...event }
  const { public_channel: _, raw_content: raw, sender_queue_id: senderQueue, local_message_id: localId, ...rest } = event as Record<string, unknown>
  const message = rest.message as Record<string, unknown>
  if (!matchesNarrow(JSON.parse(queue.narrow) as Array<readonly [operator: string, operand: string]>, message)) return undefined
  const shaped: Record<string, unknown> = {
    ...rest,
    message: queue.apply_markdown === 1 ? message : { ...message, content: raw, content_type: 'text/x-markdown' },
  }
  if (localId !== undefined && senderQueue === queue.id) shaped.local_message_id = localId
  return shaped
}

function matchesNarrow(narrow: ReadonlyArray<readonly [operator: string, operand: string]>, message: Readonly<Record<string, unknown>>): boolean {
  return narrow.every(([operator, operand]) => {
    switch (operator) {
      case 'channel':
      case 'stream':
        return message.type === 'stream' && (String(message.display_recipient) === operand || String(message.stream_id) === operand)
      case 'topic':
      case 'subject': // (the older name of topic)
        return message.type === 'stream' && String(message.subject).toLowerCase() === operand.toLowerCase()
      case 'is':
        return (operand === 'private' || operand === 'dm') && message.type === 'private'
      case 'sender':
        return String(message.sender_email).toLowerCase() === operand.toLowerCase() || String(message.sender_id) === operand
      default:
        return false
    }
  })
}
