// Event queues in the database: registration, the fan-out of each change's events into the queues that
// should see them (inside the change's transaction), reading, acknowledgement, expiry and restart.

import { randomBytes } from 'node:crypto'
import { ChatError } from '../common/chat-error.js'
import type { RecordedEvent } from '../store/changes.js'
import { toPostgres } from '../store/postgres-store.js'
import type { Sql, Store } from '../store/store.js'
import { latestEvent, sharedBytes, withId, type LatestEvent, type LatestEvents, type PreparedAnswers } from './poll-answers.js'
import { payloadsFor, publicAudiences, queuesOfUsers, type QueueRow } from './fan-out-forms.js'

/** A queue may hold this many unacknowledged events; past it, its client has stopped reading and it is dropped. */
export const MAX_QUEUE_EVENTS = 10_000
/** Most events one GET /events answer carries. */
export const MAX_EVENTS_PER_ANSWER = 1000
export const DEFAULT_LIFESPAN_SECS = 600
export const MAX_LIFESPAN_SECS = 7 * 24 * 3600
/** Seconds an idle queue is kept past its lifespan: processes save the queues their requests wait on each second. */
const EXPIRY_GRACE_SECS = 2
/** How long the reasons of dropped queues are kept, to explain a later BAD_EVENT_QUEUE_ID. */
const DROPPED_REMEMBERED_SECS = 24 * 3600

/** A narrow term of a queue: `[operator, operand]`, e.g. `["channel", "general"]`, `["is", "dm"]`. */
export type NarrowTerm = readonly [operator: string, operand: string]
export const NARROW_OPERATORS = ['channel', 'stream', 'topic', 'subject', 'is', 'sender'] as const

export interface QueueOptions {
  readonly eventTypes: readonly string[] | null
  readonly narrow: readonly NarrowTerm[]
  readonly allPublicStreams: boolean
  readonly applyMarkdown: boolean
  readonly clientCapabilities: Readonly<Record<string, unknown>>
  readonly lifespanSecs: number
}

export interface Queue {
  readonly id: string
  readonly userId: number
  readonly lastConnectedAt: number
  readonly lifespanSecs: number
  readonly nextEventId: number
  readonly prunedThrough: number
}

/** The columns a request's check of its queue reads. */
type OwnedRow = Pick<QueueRow, 'id' | 'user_id' | 'last_connected_at' | 'lifespan_secs' | 'next_event_id' | 'pruned_through'>

/** The answer to an unknown, expired, dropped or someone else's queue. */
export function badQueue(queueId: string, reason?: string): ChatError {
  return new ChatError('BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queueId.slice(0, 100)}`, {
    extra: { queue_id: queueId.slice(0, 100), ...(reason !== undefined && { reason }) },
  })
}

/** Runs a read (PostgreSQL's SQL) for ownedWithEvents, answering its rows: ChatState.budgetWith. */
export type ReadAlong = <R>(text: string, values: readonly unknown[]) => Promise<R[]>

/** A queue's columns that a request checks, and its events after an id (PostgreSQL: one round trip). */
const OWNED_WITH_EVENTS = `SELECT q.id, q.user_id, q.last_connected_at, q.lifespan_secs, q.next_event_id, q.pruned_through, e.event_id, coalesce(p.body, e.event) AS event FROM event_queues q
       LEFT JOIN queue_events e ON e.queue_id = q.id AND e.event_id > ? LEFT JOIN event_payloads p ON p.id = e.payload_id
       WHERE q.id = ? ORDER BY e.event_id LIMIT ?`

export class QueueStore {
  readonly #store: Store
  readonly #now: () => number
  /**
   * Acknowledgements and request times not yet written: a poll does no write of its own (each would be
   * an fsync'd commit), they are saved together by `persistActivity` about once a second. Losing them
   * in a crash only re-delivers events the client de-duplicates, and a restart renews every lifespan.
   */
  readonly #acknowledged = new Map<string, number>()
  readonly #connectedAt = new Map<string, number>()
  /** The answers of changes kept in memory (poll-answers.ts): told when a queue gets an event otherwise, or goes. */
  readonly #latest: Pick<LatestEvents, 'forget'>

  constructor(store: Store, now: () => number, latest: Pick<LatestEvents, 'forget'>) {
    this.#store = store
    this.#now = now
    this.#latest = latest
  }

  /**
   * Writes the acknowledgements (deleting what they acknowledge) and request times gathered since the
   * last call; the queues in `waiting` (requests wait on them now) count as requested now, so that
   * other processes sharing the database do not expire them.
   */
  async persistActivity(waiting: ReadonlySet<string> = new Set()): Promise<void> {
    for (const id of waiting) this.touch(id)
    if (this.#acknowledged.size === 0 && this.#connectedAt.size === 0) return
    // Kept in memory until saved: a request that reads its queue while the save is on its way must still
    // see them (cleared first, an acknowledgement could be undone for that moment: 'already pruned' missed).
    const acknowledged = [...this.#acknowledged]
    const connected = [...this.#connectedAt]
    // Shared (beside sends): rows are locked in id order, as the fan-out locks them, and the updates only
    // move values forward, so two processes saving the same queue agree whichever goes first.
    const byId = new Map<string, [through: number | null, at: number | null]>()
    for (const [id, through] of acknowledged) byId.set(id, [through, null])
    for (const [id, at] of connected) byId.set(id, [byId.get(id)?.[0] ?? null, at])
    const rows = [...byId].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([id, [through, at]]) => [id, through, at] as const)
    await this.#store.transaction(
      async (tx) => {
        if (tx.dialect === 'postgres') {
          // Three statements whatever the number of queues (a round trip each, with the rows locked).
          const json = JSON.stringify(rows)
          await tx.run('SELECT 1 FROM event_queues WHERE id IN (SELECT e ->> 0 FROM json_array_elements(?::json) AS e) ORDER BY id FOR NO KEY UPDATE', json)
          await tx.run(
            'DELETE FROM queue_events q USING json_array_elements(?::json) AS e WHERE e ->> 1 IS NOT NULL AND q.queue_id = e ->> 0 AND q.event_id <= (e ->> 1)::bigint',
            json,
          )
          await tx.run(
            `UPDATE event_queues q SET pruned_through = greatest(q.pruned_through, coalesce((e ->> 1)::bigint, -1)), last_connected_at = greatest(q.last_connected_at, coalesce((e ->> 2)::bigint, 0))
           FROM json_array_elements(?::json) AS e WHERE q.id = e ->> 0`,
            json,
          )
        } else {
          for (const [id, through, at] of rows) {
            if (through !== null) {
              await tx.run('DELETE FROM queue_events WHERE queue_id = ? AND event_id <= ?', id, through)
              await tx.run('UPDATE event_queues SET pruned_through = max(pruned_through, ?) WHERE id = ?', through, id)
            }
            if (at !== null) await tx.run('UPDATE event_queues SET last_connected_at = max(last_connected_at, ?) WHERE id = ?', at, id)
          }
        }
        // Shared event bodies no queue points at any more (payload ids only grow; one a concurrent change
        // is writing is not visible here, so it is not deleted).
        await tx.run(
          'DELETE FROM event_payloads WHERE id < coalesce((SELECT min(payload_id) FROM queue_events WHERE payload_id IS NOT NULL), (SELECT max(id) + 1 FROM event_payloads))',
        )
      },
      { shared: true },
    )
    // Saved: forgotten, unless a request moved them on meanwhile (the next save writes those).
    for (const [id, through] of acknowledged) if (this.#acknowledged.get(id) === through) this.#acknowledged.delete(id)
    for (const [id, at] of connected) if (this.#connectedAt.get(id) === at) this.#connectedAt.delete(id)
  }

  /** Creates a queue (in `tx`, the transaction that also reads its initial state). */
  async register(tx: Sql, userId: number, options: QueueOptions): Promise<string> {
    const id = `${Math.floor(this.#now())}:${randomBytes(12).toString('base64url')}`
    const now = Math.floor(this.#now())
    await tx.run(
      `INSERT INTO event_queues (id, user_id, created_at, last_connected_at, lifespan_secs, event_types, narrow, all_public_streams, apply_markdown, client_capabilities)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      userId,
      now,
      now,
      options.lifespanSecs,
      options.eventTypes === null ? null : JSON.stringify(options.eventTypes),
      JSON.stringify(options.narrow),
      options.allPublicStreams ? 1 : 0,
      options.applyMarkdown ? 1 : 0,
      JSON.stringify(options.clientCapabilities),
    )
    return id
  }

  /** The caller's queue, or BAD_EVENT_QUEUE_ID (someone else's queue answers exactly as an unknown one). */
  async owned(queueId: string, userId: number): Promise<Queue> {
    const row = await this.#store.get<QueueRow>('SELECT * FROM event_queues WHERE id = ?', queueId)
    return this.#ownedFrom(row, queueId, userId)
  }

  /**
   * The caller's queue (as `owned`) and its events after `afterId` (as `readJson` reads them from the
   * store): what every GET /events starts with, in one statement on PostgreSQL (one round trip, not two).
   * `read`, given, runs that statement instead of the store (ChatState.budgetWith: with the request's rate
   * budget, a second round trip saved).
   */
  async ownedWithEvents(queueId: string, userId: number, afterId: number, read?: ReadAlong): Promise<{ queue: Queue; events: string[] }> {
    // SQLite has no round trips to save, and repeating the queue's columns on every event row cost it more.
    if (this.#store.dialect === 'sqlite') {
      const queue = await this.owned(queueId, userId)
      const rows = await this.#selectEvents(queueId, afterId)
      return { queue, events: rows.map((r) => withId(r.event_id, r.event)) }
    }
    type Row = OwnedRow & { event_id: number | null; event: string | null }
    let rows: Row[]
    if (read === undefined) rows = await this.#store.all<Row>(OWNED_WITH_EVENTS, afterId, queueId, MAX_EVENTS_PER_ANSWER)
    else {
      // (Numbers as text there: that pool reads PostgreSQL's bigint as pg does. No queue: one row of nulls.)
      const text = await read<{ [K in keyof Row]: string | null }>(toPostgres(OWNED_WITH_EVENTS), [afterId, queueId, MAX_EVENTS_PER_ANSWER])
      rows = text
        .filter((r) => r.id !== null)
        .map((r) => ({
          id: r.id!,
          user_id: Number(r.user_id),
          last_connected_at: Number(r.last_connected_at),
          lifespan_secs: Number(r.lifespan_secs),
          next_event_id: Number(r.next_event_id),
          pruned_through: Number(r.pruned_through),
          event_id: r.event_id === null ? null : Number(r.event_id),
          event: r.event,
        }))
        .sort((a, b) => (a.event_id ?? -1) - (b.event_id ?? -1))
    }
    const queue = await this.#ownedFrom(rows[0], queueId, userId)
    const events: string[] = []
    for (const r of rows) if (r.event_id !== null) events.push(withId(r.event_id, r.event!))
    return { queue, events }
  }

  async #ownedFrom(row: OwnedRow | undefined, queueId: string, userId: number): Promise<Queue> {
    if (row === undefined || row.user_id !== userId) {
      const dropped = await this.#store.get<{ reason: string; user_id: number }>('SELECT reason, user_id FROM dropped_queues WHERE id = ?', queueId)
      throw badQueue(queueId, dropped?.user_id === userId ? dropped.reason : undefined)
    }
    return {
      id: row.id,
      userId: row.user_id,
      lastConnectedAt: Math.max(row.last_connected_at, this.#connectedAt.get(row.id) ?? 0),
      lifespanSecs: row.lifespan_secs,
      nextEventId: row.next_event_id,
      prunedThrough: Math.max(row.pruned_through, this.#acknowledged.get(row.id) ?? -1),
    }
  }

  /** Whether the queue still exists (it may have been deleted, dropped or expired while a request waited). */
  async exists(queueId: string): Promise<boolean> {
    return (await this.#store.get('SELECT id FROM event_queues WHERE id = ?', queueId)) !== undefined
  }

  async delete(queueId: string): Promise<void> {
    this.#forget(queueId)
    // The queue first: a fan-out writing to it now is waited for, so its events are deleted too.
    await this.#store.transaction(
      async (tx) => {
        await tx.run('DELETE FROM event_queues WHERE id = ?', queueId)
        await tx.run('DELETE FROM queue_events WHERE queue_id = ?', queueId)
      },
      { shared: true },
    )
  }

  touch(queueId: string): void {
    this.#connectedAt.set(queueId, Math.floor(this.#now()))
  }

  #forget(queueId: string): void {
    this.#latest.forget(queueId)
    this.#acknowledged.delete(queueId)
    this.#connectedAt.delete(queueId)
  }

  /**
   * Acknowledges every event up to `lastEventId` (they are deleted). An id below what was already
   * pruned, or one the queue never held, is refused with the messages of chat-behaviour.md.
   */
  acknowledge(queue: Queue, lastEventId: number): void {
    // N is the client's last_event_id: events newer than the one it asks after are gone (as in the reference API).
    if (lastEventId < queue.prunedThrough) throw new ChatError('BAD_REQUEST', `An event newer than ${lastEventId} has already been pruned!`)
    if (lastEventId >= queue.nextEventId) throw new ChatError('BAD_REQUEST', `Event ${lastEventId} was not in this queue`)
    if (lastEventId > queue.prunedThrough) this.#acknowledged.set(queue.id, lastEventId)
  }

  /** Events after `afterId`, oldest first, at most MAX_EVENTS_PER_ANSWER. */
  async read(queueId: string, afterId: number): Promise<Array<Record<string, unknown>>> {
    const rows = await this.#selectEvents(queueId, afterId)
    return rows.map((r) => ({ id: r.event_id, ...(JSON.parse(r.event) as Record<string, unknown>) }))
  }

  #selectEvents(queueId: string, afterId: number): Promise<Array<{ event_id: number; event: string }>> {
    return this.#store.all(
      `SELECT q.event_id, coalesce(p.body, q.event) AS event FROM queue_events q LEFT JOIN event_payloads p ON p.id = q.payload_id
       WHERE q.queue_id = ? AND q.event_id > ? ORDER BY q.event_id LIMIT ?`,
      queueId,
      afterId,
      MAX_EVENTS_PER_ANSWER,
    )
  }

  /**
   * Events after `afterId` as JSON texts with their ids, oldest first: GET /events answers with them as
   * stored, without parsing and serializing each event again.
   */
  async readJson(queueId: string, afterId: number): Promise<string[]> {
    const rows = await this.#selectEvents(queueId, afterId)
    return rows.map((r) => withId(r.event_id, r.event))
  }

  /** Appends one event to one queue (heartbeats, restarts) in its own transaction; returns it with its id. */
  append(queueId: string, event: Readonly<Record<string, unknown>>): Promise<Record<string, unknown>> {
    return this.#store.transaction((tx) => this.#append(tx, queueId, event), { shared: true })
  }

  async #append(tx: Sql, queueId: string, event: Readonly<Record<string, unknown>>): Promise<Record<string, unknown>> {
    const row = await tx.get<{ id: number }>(
      'UPDATE event_queues SET next_event_id = next_event_id + 1 WHERE id = ? RETURNING next_event_id - 1 AS id',
      queueId,
    )
    if (row === undefined) throw badQueue(queueId)
    this.#latest.forget(queueId) // (its answer in memory is no longer the one event after the one before it)
    await tx.run('INSERT INTO queue_events (queue_id, event_id, event) VALUES (?, ?, ?)', queueId, row.id, JSON.stringify(event))
    return { id: row.id, ...event }
  }

  /**
   * Puts each event into the queues that should see it: the queues of its users whose event types and
   * narrow accept it. Runs inside the change's transaction. Returns the ids of the queues written to,
   * and the answers to keep in memory once the change has committed (`committed`).
   */
  async fanOut(events: readonly RecordedEvent[], tx: Sql): Promise<{ touched: string[]; answers: PreparedAnswers }> {
    const answers: Array<[string, LatestEvent]> = []
    const touched = new Set<string>()
    const queuesOf = await queuesOfUsers(events, tx)
    const audiences = publicAudiences(events)
    let publicQueues: QueueRow[] | undefined
    for (const { users, event } of events) {
      const queues: Array<[QueueRow, Readonly<Record<string, unknown>>]> = users.flatMap((user) =>
        (queuesOf.get(user) ?? []).map((q): [QueueRow, typeof event] => [q, event]),
      )
      const audience = event.type === 'message' ? audiences.get((event.message as { id?: unknown } | undefined)?.id) : undefined
      if (audience !== undefined) {
        audiences.delete((event.message as { id?: unknown }).id)
        const { local_message_id: _, sender_queue_id: __, ...shared } = event
        const onlyPublic = { ...shared, flags: [] }
        publicQueues ??= await tx.all<QueueRow>(
          `SELECT q.* FROM event_queues q JOIN users u ON u.id = q.user_id WHERE q.all_public_streams = 1 AND u.role != 'guest' ORDER BY q.id${tx.dialect === 'postgres' ? ' FOR NO KEY UPDATE OF q' : ''}`,
        )
        for (const q of publicQueues) if (!audience.has(q.user_id)) queues.push([q, onlyPublic])
      }
      const { texts, byPayload } = await payloadsFor(queues, event, tx)
      // Two statements per payload, whatever the number of queues: 1,000 queues are 2 statements, not 2,000.
      for (const [payload, group] of byPayload) {
        const stored = texts.get(payload)!
        const bytes = sharedBytes(stored) // (encoded once for all the queues given it)
        for (const [id, eventId] of await this.#appendShared(tx, payload, group)) {
          touched.add(id)
          answers.push([id, latestEvent(eventId, stored, bytes)])
        }
      }
    }
    // A later event of the same change to the same queue supersedes an earlier one in memory.
    return { touched: [...touched], answers }
  }

  /**
   * Gives each queue of `group` the next event id and the stored `payload` (a queue past MAX_QUEUE_EVENTS
   * unread is dropped instead); returns the queues written to, with their event ids.
   */
  async #appendShared(tx: Sql, payload: number, group: readonly QueueRow[]): Promise<Array<[id: string, eventId: number]>> {
    const postgres = tx.dialect === 'postgres'
    const textIds = postgres ? 'SELECT json_array_elements_text(?::json)' : 'SELECT value FROM json_each(?)'
    const rows = await tx.all<{ id: string; event_id: number; pruned_through: number }>(
      `UPDATE event_queues SET next_event_id = next_event_id + 1 WHERE id IN (${textIds}) RETURNING id, next_event_id - 1 AS event_id, pruned_through`,
      JSON.stringify(group.map((q) => q.id)),
    )
    const kept: Array<[string, number]> = []
    const byId = new Map(group.map((q) => [q.id, q]))
    for (const row of rows) {
      const pruned = Math.max(row.pruned_through, this.#acknowledged.get(row.id) ?? -1)
      if (row.event_id - pruned > MAX_QUEUE_EVENTS) {
        await this.#drop(tx, byId.get(row.id)!, `the queue held more than ${MAX_QUEUE_EVENTS} unread events: its client stopped reading`)
        continue
      }
      kept.push([row.id, row.event_id])
    }
    const insertAll = postgres
      ? "INSERT INTO queue_events (queue_id, event_id, event, payload_id) SELECT e ->> 0, (e ->> 1)::bigint, '', ?::bigint FROM json_array_elements(?::json) AS e"
      : "INSERT INTO queue_events (queue_id, event_id, event, payload_id) SELECT value ->> '$[0]', value ->> '$[1]', '', ? FROM json_each(?)"
    if (kept.length > 0) await tx.run(insertAll, payload, JSON.stringify(kept))
    return kept
  }

  /** Gives every queue a `restart` event and a fresh lifespan (the time the service was down does not count). */
  async restartAll(event: Readonly<Record<string, unknown>>): Promise<string[]> {
    return this.#store.transaction(async (tx) => {
      const ids = (await tx.all<{ id: string }>('SELECT id FROM event_queues')).map((r) => r.id)
      for (const id of ids) await this.#append(tx, id, event)
      await tx.run('UPDATE event_queues SET last_connected_at = ?', Math.floor(this.#now()))
      return ids
    })
  }

  /** Deletes queues idle past their lifespan, except `connected` ones; returns how many. */
  async expire(connected: ReadonlySet<string>): Promise<number> {
    const now = Math.floor(this.#now())
    return this.#store.transaction(async (tx) => {
      // A queue some other process's request waits on was saved as requested at most a second or so ago.
      const idle = await tx.all<QueueRow>('SELECT * FROM event_queues WHERE last_connected_at + lifespan_secs + ? < ?', EXPIRY_GRACE_SECS, now)
      let expired = 0
      for (const queue of idle) {
        // A request since the last save counts: it is only in memory yet.
        if (connected.has(queue.id) || (this.#connectedAt.get(queue.id) ?? 0) + queue.lifespan_secs >= now) continue
        await this.#drop(tx, queue, `the queue expired after ${queue.lifespan_secs} s without a request`)
        expired++
      }
      await tx.run('DELETE FROM dropped_queues WHERE dropped_at < ?', now - DROPPED_REMEMBERED_SECS)
      return expired
    })
  }

  async #drop(tx: Sql, queue: QueueRow, reason: string): Promise<void> {
    this.#forget(queue.id)
    await tx.run('DELETE FROM event_queues WHERE id = ?', queue.id)
    await tx.run('DELETE FROM queue_events WHERE queue_id = ?', queue.id) // (after the queue: see delete)
    await tx.run(
      'INSERT INTO dropped_queues (id, user_id, reason, dropped_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, reason = excluded.reason, dropped_at = excluded.dropped_at',
      queue.id,
      queue.user_id,
      reason,
      Math.floor(this.#now()),
    )
  }
}
