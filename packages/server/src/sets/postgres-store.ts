// Prefix sets on PostgreSQL for several machines: a write NOTIFYs in its transaction, and every instance
// LISTENs, so a set changed through one is served by all the others as soon as the notification arrives.

import { randomBytes } from 'node:crypto'
import { listen, type Listener } from '@prefixd/pg-listen'
import type pg from 'pg'
import type {
  ChangeListener,
  Precondition,
  SetRecord,
  SetStore,
  SetSummary,
  VocabularyBounds,
  VocabularyRecord,
  VocabularySummary,
  WriteOutcome,
} from './set-store.js'
import { VOCABULARIES_SCHEMA, VOCABULARY_COLUMNS } from './vocabulary-rows.js'

/** Reconnection of the listening connection: at most a second between tries, so a restarted server is heard again within ~1 s. */
const RETRY_DELAYS_MS = [100, 250, 500, 1000]

/** The notification channel of every instance sharing the database. */
export const SETS_CHANNEL = 'prefixd_sets'

const SCHEMA = `CREATE TABLE IF NOT EXISTS prefix_sets (
  name TEXT PRIMARY KEY,
  entries TEXT NOT NULL,
  prefixes INTEGER NOT NULL,
  standalone BOOLEAN NOT NULL,
  etag TEXT NOT NULL,
  updated TEXT NOT NULL
);
${VOCABULARIES_SCHEMA}`

interface Row {
  name: string
  entries: string
  prefixes: number
  standalone: boolean
  etag: string
  updated: string
  vocabularies?: string
}

/**
 * Sets in PostgreSQL. Writes run in a transaction holding an advisory lock on the set's name, so the
 * precondition and the write are one step across instances; the NOTIFY is sent by that transaction and
 * delivered only if it commits. A notification names its origin, so an instance does not hear its own.
 * After a lost listening connection the listeners are told `'all'`: notifications sent meanwhile are lost.
 */
export class PostgresSetStore implements SetStore {
  readonly kind = 'postgres'
  readonly #pool: pg.Pool
  readonly #pg: typeof pg
  readonly #url: string
  readonly #origin = randomBytes(6).toString('base64url')
  readonly #listeners: ChangeListener[] = []
  #listening: Listener<pg.Client> | undefined

  private constructor(driver: typeof pg, url: string) {
    this.#pg = driver
    this.#url = url
    // A connection that cannot be made in 5 s fails its request (a 503) rather than holding it.
    this.#pool = new driver.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 5000 })
    this.#pool.on('error', () => {}) // an idle client's lost connection: the next query opens another
  }

  /** Connects (pg is loaded only now), creates the table if needed and starts listening. */
  static async open(url: string): Promise<PostgresSetStore> {
    const { default: driver } = await import('pg')
    const store = new PostgresSetStore(driver, url)
    try {
      // CREATE TABLE IF NOT EXISTS races when instances start together (one fails on pg_type's unique
      // index): the lock orders them. Both statements in one query string are one implicit transaction.
      await store.#pool.query(`SELECT pg_advisory_xact_lock(hashtext('prefixd_sets:schema')); ${SCHEMA}`)
      await store.#listen()
    } catch (error) {
      await store.close()
      throw error
    }
    return store
  }

  async #listen(): Promise<void> {
    this.#listening = await listen({
      client: () => new this.#pg.Client({ connectionString: this.#url, connectionTimeoutMillis: 5000 }), // (a try not made in 5 s failed)
      channels: [SETS_CHANNEL],
      onNotification: (message) => {
        if (message.channel !== SETS_CHANNEL || message.payload === undefined) return
        const space = message.payload.indexOf(' ')
        if (space < 0 || message.payload.slice(0, space) === this.#origin) return
        this.#tell([message.payload.slice(space + 1)])
      },
      onLost: (error) => console.error(`prefixd: sets store: ${error.message}; reconnecting`),
      onBack: () => this.#tell('all'),
      retryDelaysMs: RETRY_DELAYS_MS,
    })
  }

  #tell(names: readonly string[] | 'all'): void {
    for (const listener of this.#listeners) listener(names)
  }

  async list(): Promise<SetSummary[]> {
    const { rows } = await this.#pool.query<Row>(
      'SELECT name, prefixes, standalone, etag, updated, (SELECT count(*) FROM set_vocabularies v WHERE v.set_name = s.name) AS vocabularies FROM prefix_sets s ORDER BY name COLLATE "C"',
    )
    // count(*) is a bigint, which pg gives as text.
    return rows.map((row) => ({
      name: row.name,
      prefixes: row.prefixes,
      standalone: row.standalone,
      etag: row.etag,
      updated: row.updated,
      vocabularies: Number(row.vocabularies ?? 0),
    }))
  }

  async vocabularies(name: string, withUsage: boolean): Promise<Array<VocabularySummary & { readonly usage?: string }>> {
    const columns = withUsage ? `${VOCABULARY_COLUMNS}, usage` : VOCABULARY_COLUMNS
    const { rows } = await this.#pool.query<VocabularySummary & { usage?: string }>(
      `SELECT ${columns} FROM set_vocabularies WHERE set_name = $1 ORDER BY file COLLATE "C"`,
      [name],
    )
    return rows
  }

  async vocabulary(name: string, file: string): Promise<(VocabularySummary & { readonly usage: string }) | undefined> {
    const { rows } = await this.#pool.query<VocabularySummary & { usage: string }>(
      `SELECT ${VOCABULARY_COLUMNS}, usage FROM set_vocabularies WHERE set_name = $1 AND file = $2`,
      [name, file],
    )
    return rows[0]
  }

  async get(name: string): Promise<SetRecord | undefined> {
    const { rows } = await this.#pool.query<Row>('SELECT * FROM prefix_sets WHERE name = $1', [name])
    const row = rows[0]
    return row && { name: row.name, entries: JSON.parse(row.entries), standalone: row.standalone, etag: row.etag, updated: row.updated }
  }

  /**
   * Runs `work` in a transaction holding the lock of `name` (a set, whose vocabulary files it covers too); it
   * returns the outcome, and a change is notified to the other instances as a change of the set.
   */
  async #locked<O extends WriteOutcome | 'over'>(name: string, work: (client: pg.PoolClient, current: string | undefined) => Promise<O>): Promise<O> {
    const client = await this.#pool.connect()
    let broken: Error | undefined
    // A connection lost in the middle fails the statement and is also an 'error' event of the client, which
    // pg's pool hears only while the client is idle: unheard, it would end the process.
    const lost = (error: Error): void => void (broken = error)
    client.on('error', lost)
    try {
      await client.query('BEGIN')
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`prefixd_sets:${name}`])
      const { rows } = await client.query<{ etag: string }>('SELECT etag FROM prefix_sets WHERE name = $1', [name])
      const outcome = await work(client, rows[0]?.etag)
      if (outcome === 'created' || outcome === 'replaced' || outcome === 'deleted') {
        await client.query('SELECT pg_notify($1, $2)', [SETS_CHANNEL, `${this.#origin} ${name}`])
      }
      await client.query('COMMIT')
      return outcome
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {})
      throw error
    } finally {
      client.off('error', lost)
      client.release(broken)
    }
  }

  put(record: SetRecord, condition: Precondition): Promise<WriteOutcome> {
    return this.#locked(record.name, async (client, current) => {
      if (!condition(current)) return 'failed'
      await client.query(
        `INSERT INTO prefix_sets (name, entries, prefixes, standalone, etag, updated) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (name) DO UPDATE SET entries = excluded.entries, prefixes = excluded.prefixes, standalone = excluded.standalone, etag = excluded.etag, updated = excluded.updated`,
        [record.name, JSON.stringify(record.entries), record.entries.length, record.standalone, record.etag, record.updated],
      )
      return current === undefined ? 'created' : 'replaced'
    })
  }

  delete(name: string, condition: Precondition): Promise<WriteOutcome> {
    return this.#locked(name, async (client, current) => {
      if (current === undefined) return 'missing'
      if (!condition(current)) return 'failed'
      await client.query('DELETE FROM prefix_sets WHERE name = $1', [name])
      await client.query('DELETE FROM set_vocabularies WHERE set_name = $1', [name]) // a set's vocabulary files go with it
      return 'deleted'
    })
  }

  putVocabulary(record: VocabularyRecord, condition: Precondition, bounds: VocabularyBounds): Promise<WriteOutcome | 'over'> {
    return this.#locked(record.set, async (client, set) => {
      if (set === undefined) return 'missing'
      const current = await vocabularyEtag(client, record.set, record.file)
      if (!condition(current)) return 'failed'
      // Under the set's lock, which every write of its files takes: no other upload can pass this check meanwhile.
      const { rows } = await client.query<{ files: string; size: string }>(
        'SELECT count(*) AS files, coalesce(sum(size), 0) AS size FROM set_vocabularies WHERE set_name = $1 AND file <> $2',
        [record.set, record.file],
      )
      if (Number(rows[0]!.files) + 1 > bounds.files || Number(rows[0]!.size) + record.size > bounds.size) return 'over'
      await client.query(
        `INSERT INTO set_vocabularies (set_name, file, format, gzip, bytes, triples, terms, size, etag, updated, usage) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (set_name, file) DO UPDATE SET format = excluded.format, gzip = excluded.gzip, bytes = excluded.bytes, triples = excluded.triples,
           terms = excluded.terms, size = excluded.size, etag = excluded.etag, updated = excluded.updated, usage = excluded.usage`,
        [
          record.set,
          record.file,
          record.format,
          record.gzip,
          record.bytes,
          record.triples,
          record.terms,
          record.size,
          record.etag,
          record.updated,
          record.usage,
        ],
      )
      return current === undefined ? 'created' : 'replaced'
    })
  }

  deleteVocabulary(set: string, file: string, condition: Precondition): Promise<WriteOutcome> {
    return this.#locked(set, async (client) => {
      const current = await vocabularyEtag(client, set, file)
      if (current === undefined) return 'missing'
      if (!condition(current)) return 'failed'
      await client.query('DELETE FROM set_vocabularies WHERE set_name = $1 AND file = $2', [set, file])
      return 'deleted'
    })
  }

  /** The pool answers, and the listening connection is in place (while it is lost, other instances' changes go unheard). */
  async ping(): Promise<void> {
    if (this.#listening?.client === undefined) throw new Error('not listening')
    await this.#pool.query('SELECT 1')
  }

  onChange(listener: ChangeListener): void {
    this.#listeners.push(listener)
  }

  async close(): Promise<void> {
    const listening = this.#listening
    this.#listening = undefined
    await Promise.all([listening?.close().catch(() => {}), this.#pool.end().catch(() => {})])
  }
}

async function vocabularyEtag(client: pg.PoolClient, set: string, file: string): Promise<string | undefined> {
  const { rows } = await client.query<{ etag: string }>('SELECT etag FROM set_vocabularies WHERE set_name = $1 AND file = $2', [set, file])
  return rows[0]?.etag
}
