// The SQLite store: better-sqlite3 (synchronous, in process) behind the asynchronous Store interface.
// WAL, foreign keys on, synchronous = FULL; transactions are IMMEDIATE and run one at a time.

import Database, { type Statement } from 'better-sqlite3'
import { MIGRATIONS, migrationSql } from './migrations.js'
import type { Sql, SqlValue, Store, TransactionOptions } from './store.js'

/**
 * Opens (creating if needed) the database at `file` (`:memory:` allowed) and brings its schema up to
 * date. `synchronous = FULL`: a commit is on disk before the request that made it is answered, so an
 * acknowledged write survives a crash of the process and of the machine.
 */
export function openSqliteStore(file: string): SqliteStore {
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  migrate(db)
  return new SqliteStore(db, file)
}

/** Applies the migrations newer than the database's `user_version`, each in its own transaction. */
function migrate(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number
  if (current > MIGRATIONS.length) {
    throw new Error(`the database is at schema version ${current}, newer than this program's ${MIGRATIONS.length}`)
  }
  for (let version = current + 1; version <= MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(migrationSql(MIGRATIONS[version - 1]!, 'sqlite'))
      db.pragma(`user_version = ${version}`)
    }).immediate()
  }
}

/**
 * One connection. A transaction's statements run on it between BEGIN IMMEDIATE and COMMIT, with awaits
 * in between, so the rest of the process must keep off it meanwhile: transactions queue behind each
 * other, and a statement outside any transaction waits for the open one to end (it would otherwise
 * read its uncommitted writes, or write into it). Statements are prepared once per SQL text.
 */
export class SqliteStore implements Store {
  readonly dialect = 'sqlite'
  readonly location: string
  /** The better-sqlite3 connection, for tools and tests that want SQLite itself (checkpoints, backups). */
  readonly database: Database.Database
  readonly #statements = new Map<string, Statement>()
  /** Settles when the last queued transaction has ended. */
  #tail: Promise<void> = Promise.resolve()
  /** Settles when the open transaction ends; undefined when none is open. */
  #open: Promise<void> | undefined
  readonly #tx: Sql

  constructor(database: Database.Database, location: string) {
    this.database = database
    this.location = location
    const statement = (sql: string): Statement => this.#statement(sql)
    this.#tx = {
      dialect: 'sqlite',
      get: async <T>(sql: string, ...params: SqlValue[]) => statement(sql).get(...params) as T | undefined,
      all: async <T>(sql: string, ...params: SqlValue[]) => statement(sql).all(...params) as T[],
      run: async (sql: string, ...params: SqlValue[]) => ({ changes: statement(sql).run(...params).changes }),
    }
  }

  #statement(sql: string): Statement {
    let statement = this.#statements.get(sql)
    if (statement === undefined) this.#statements.set(sql, (statement = this.database.prepare(sql)))
    return statement
  }

  async #outside(): Promise<void> {
    while (this.#open !== undefined) await this.#open
  }

  async get<T>(sql: string, ...params: SqlValue[]): Promise<T | undefined> {
    if (this.#open !== undefined) await this.#outside()
    return this.#statement(sql).get(...params) as T | undefined
  }

  async all<T>(sql: string, ...params: SqlValue[]): Promise<T[]> {
    if (this.#open !== undefined) await this.#outside()
    return this.#statement(sql).all(...params) as T[]
  }

  async run(sql: string, ...params: SqlValue[]): Promise<{ readonly changes: number }> {
    if (this.#open !== undefined) await this.#outside()
    return { changes: this.#statement(sql).run(...params).changes }
  }

  /** One at a time, shared or not (`BEGIN IMMEDIATE`: the file's write lock from the start). */
  async transaction<T>(work: (tx: Sql) => Promise<T>, _options?: TransactionOptions): Promise<T> {
    const previous = this.#tail
    let end!: () => void
    const ended = new Promise<void>((resolve) => (end = resolve))
    this.#tail = previous.then(() => ended)
    await previous
    this.#open = ended
    try {
      this.database.exec('BEGIN IMMEDIATE')
      let result: T
      try {
        result = await work(this.#tx)
      } catch (error) {
        if (this.database.inTransaction) this.database.exec('ROLLBACK')
        throw error
      }
      try {
        this.database.exec('COMMIT')
      } catch (error) {
        if (this.database.inTransaction) this.database.exec('ROLLBACK')
        throw error
      }
      return result
    } finally {
      this.#open = undefined
      end()
    }
  }

  async continueIds(): Promise<void> {} // rowids always do

  async schemaVersion(): Promise<number> {
    return this.database.pragma('user_version', { simple: true }) as number
  }

  async close(): Promise<void> {
    await this.#tail
    this.database.close()
  }
}
