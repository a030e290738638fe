// The embedded store of prefix sets: one SQLite file (better-sqlite3), shared by the workers of one machine.

import type Database from 'better-sqlite3'
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

const SCHEMA = `CREATE TABLE IF NOT EXISTS prefix_sets (
  name TEXT PRIMARY KEY,
  entries TEXT NOT NULL,
  prefixes INTEGER NOT NULL,
  standalone INTEGER NOT NULL,
  etag TEXT NOT NULL,
  updated TEXT NOT NULL
);
${VOCABULARIES_SCHEMA.replace('gzip BOOLEAN', 'gzip INTEGER')}`

/** Tries to open a file another process holds busy while making it (about 2 s in all). */
const OPEN_ATTEMPTS = 10

/** How often another process's commits are looked for (one `PRAGMA data_version`, microseconds). */
export const SQLITE_POLL_MS = 200

interface Row {
  name: string
  entries: string
  prefixes: number
  standalone: number
  etag: string
  updated: string
  vocabularies?: number
}

type VocabularyRow = Omit<VocabularySummary, 'gzip'> & { gzip: number; usage?: string }

/**
 * Sets in a SQLite file (`:memory:` for a process of its own). Writes are transactions that check the
 * precondition and write at once (`BEGIN IMMEDIATE`), so two processes cannot both pass one `If-Match`.
 * Another process's commits are noticed by polling `PRAGMA data_version`, which changes only when
 * another connection commits: every {@link SQLITE_POLL_MS} ms, a few microseconds each.
 */
export class SqliteSetStore implements SetStore {
  readonly kind = 'sqlite'
  readonly #db: Database.Database
  readonly #listeners: ChangeListener[] = []
  readonly #poll: NodeJS.Timeout
  #dataVersion: number
  readonly #statements

  private constructor(db: Database.Database) {
    this.#db = db
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL') // WAL: a commit survives a crash of the process, at most the last ones a power loss
    db.pragma('busy_timeout = 5000')
    db.exec(SCHEMA)
    this.#statements = {
      list: db.prepare(
        'SELECT name, prefixes, standalone, etag, updated, (SELECT count(*) FROM set_vocabularies v WHERE v.set_name = s.name) AS vocabularies FROM prefix_sets s ORDER BY name',
      ),
      get: db.prepare('SELECT * FROM prefix_sets WHERE name = ?'),
      etag: db.prepare('SELECT etag FROM prefix_sets WHERE name = ?').pluck(),
      upsert: db.prepare(
        `INSERT INTO prefix_sets (name, entries, prefixes, standalone, etag, updated) VALUES (@name, @entries, @prefixes, @standalone, @etag, @updated)
         ON CONFLICT (name) DO UPDATE SET entries = excluded.entries, prefixes = excluded.prefixes, standalone = excluded.standalone, etag = excluded.etag, updated = excluded.updated`,
      ),
      delete: db.prepare('DELETE FROM prefix_sets WHERE name = ?'),
      deleteVocabularies: db.prepare('DELETE FROM set_vocabularies WHERE set_name = ?'),
      vocabularies: db.prepare(`SELECT ${VOCABULARY_COLUMNS} FROM set_vocabularies WHERE set_name = ? ORDER BY file`),
      vocabulariesWithUsage: db.prepare(`SELECT ${VOCABULARY_COLUMNS}, usage FROM set_vocabularies WHERE set_name = ? ORDER BY file`),
      vocabulary: db.prepare(`SELECT ${VOCABULARY_COLUMNS}, usage FROM set_vocabularies WHERE set_name = ? AND file = ?`),
      vocabularyEtag: db.prepare('SELECT etag FROM set_vocabularies WHERE set_name = ? AND file = ?').pluck(),
      otherVocabularies: db.prepare('SELECT count(*) AS files, coalesce(sum(size), 0) AS size FROM set_vocabularies WHERE set_name = ? AND file <> ?'),
      upsertVocabulary: db.prepare(
        `INSERT INTO set_vocabularies (set_name, file, format, gzip, bytes, triples, terms, size, etag, updated, usage)
         VALUES (@set, @file, @format, @gzip, @bytes, @triples, @terms, @size, @etag, @updated, @usage)
         ON CONFLICT (set_name, file) DO UPDATE SET format = excluded.format, gzip = excluded.gzip, bytes = excluded.bytes, triples = excluded.triples,
           terms = excluded.terms, size = excluded.size, etag = excluded.etag, updated = excluded.updated, usage = excluded.usage`,
      ),
      deleteVocabulary: db.prepare('DELETE FROM set_vocabularies WHERE set_name = ? AND file = ?'),
      dataVersion: db.prepare('PRAGMA data_version').pluck(),
    }
    this.#dataVersion = this.#statements.dataVersion.get() as number
    this.#poll = setInterval(() => this.#look(), SQLITE_POLL_MS).unref()
  }

  /** Opens (creating if needed) the store in `file`; better-sqlite3 is loaded only now. */
  static async open(file: string): Promise<SqliteSetStore> {
    const { default: Sqlite } = await import('better-sqlite3')
    // Processes starting together on a new file race to make it WAL and to create the tables, and SQLite may answer
    // the loser SQLITE_BUSY at once (its busy handler is not asked where waiting could deadlock): it tries again a while.
    for (let attempt = 1; ; attempt++) {
      const db = new Sqlite(file)
      try {
        return new SqliteSetStore(db)
      } catch (error) {
        db.close()
        if (!String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY') || attempt >= OPEN_ATTEMPTS) throw error
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt))
      }
    }
  }

  #look(): void {
    const version = this.#statements.dataVersion.get() as number
    if (version === this.#dataVersion) return
    this.#dataVersion = version
    for (const listener of this.#listeners) listener('all')
  }

  async list(): Promise<SetSummary[]> {
    return (this.#statements.list.all() as Row[]).map((row) => ({
      name: row.name,
      prefixes: row.prefixes,
      standalone: row.standalone === 1,
      etag: row.etag,
      updated: row.updated,
      vocabularies: row.vocabularies ?? 0,
    }))
  }

  async vocabularies(name: string, withUsage: boolean): Promise<Array<VocabularySummary & { readonly usage?: string }>> {
    const rows = (withUsage ? this.#statements.vocabulariesWithUsage : this.#statements.vocabularies).all(name) as VocabularyRow[]
    return rows.map((row) => ({ ...row, gzip: row.gzip === 1 }))
  }

  async vocabulary(name: string, file: string): Promise<(VocabularySummary & { readonly usage: string }) | undefined> {
    const row = this.#statements.vocabulary.get(name, file) as (VocabularyRow & { usage: string }) | undefined
    return row && { ...row, gzip: row.gzip === 1 }
  }

  async putVocabulary(record: VocabularyRecord, condition: Precondition, bounds: VocabularyBounds): Promise<WriteOutcome | 'over'> {
    return this.#db
      .transaction((): WriteOutcome | 'over' => {
        if (this.#statements.etag.get(record.set) === undefined) return 'missing'
        const current = this.#statements.vocabularyEtag.get(record.set, record.file) as string | undefined
        if (!condition(current)) return 'failed'
        const others = this.#statements.otherVocabularies.get(record.set, record.file) as { files: number; size: number }
        if (others.files + 1 > bounds.files || others.size + record.size > bounds.size) return 'over'
        this.#statements.upsertVocabulary.run({ ...record, gzip: record.gzip ? 1 : 0 })
        return current === undefined ? 'created' : 'replaced'
      })
      .immediate()
  }

  async deleteVocabulary(set: string, file: string, condition: Precondition): Promise<WriteOutcome> {
    return this.#db
      .transaction((): WriteOutcome => {
        const current = this.#statements.vocabularyEtag.get(set, file) as string | undefined
        if (current === undefined) return 'missing'
        if (!condition(current)) return 'failed'
        this.#statements.deleteVocabulary.run(set, file)
        return 'deleted'
      })
      .immediate()
  }

  async get(name: string): Promise<SetRecord | undefined> {
    const row = this.#statements.get.get(name) as Row | undefined
    if (row === undefined) return undefined
    return { name: row.name, entries: JSON.parse(row.entries), standalone: row.standalone === 1, etag: row.etag, updated: row.updated }
  }

  async put(record: SetRecord, condition: Precondition): Promise<WriteOutcome> {
    return this.#db
      .transaction((): WriteOutcome => {
        const current = this.#statements.etag.get(record.name) as string | undefined
        if (!condition(current)) return 'failed'
        this.#statements.upsert.run({
          name: record.name,
          entries: JSON.stringify(record.entries),
          prefixes: record.entries.length,
          standalone: record.standalone ? 1 : 0,
          etag: record.etag,
          updated: record.updated,
        })
        return current === undefined ? 'created' : 'replaced'
      })
      .immediate()
  }

  async delete(name: string, condition: Precondition): Promise<WriteOutcome> {
    return this.#db
      .transaction((): WriteOutcome => {
        const current = this.#statements.etag.get(name) as string | undefined
        if (current === undefined) return 'missing'
        if (!condition(current)) return 'failed'
        this.#statements.delete.run(name)
        this.#statements.deleteVocabularies.run(name) // a set's vocabulary files go with it
        return 'deleted'
      })
      .immediate()
  }

  onChange(listener: ChangeListener): void {
    this.#listeners.push(listener)
  }

  async close(): Promise<void> {
    clearInterval(this.#poll)
    this.#db.close()
  }
}
