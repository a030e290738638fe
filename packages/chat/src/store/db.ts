// Opens the chat database: SQLite through better-sqlite3, WAL, foreign keys, numbered migrations applied at start.

import Database from 'better-sqlite3'
import { MIGRATIONS } from './migrations.js'

export type Db = Database.Database

/**
 * Opens (creating if needed) the database at `file` (`:memory:` allowed) and brings its schema up to
 * date. `synchronous = FULL`: a commit is on disk before the request that made it is answered, so an
 * acknowledged write survives a crash of the process and of the machine.
 */
export function openDatabase(file: string): Db {
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  migrate(db)
  return db
}

/** Applies the migrations newer than the database's `user_version`, each in its own transaction. */
export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number
  if (current > MIGRATIONS.length) {
    throw new Error(`the database is at schema version ${current}, newer than this program's ${MIGRATIONS.length}`)
  }
  for (let version = current + 1; version <= MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version - 1]!)
      db.pragma(`user_version = ${version}`)
    }).immediate()
  }
}

/** Whether nothing has been loaded yet (a new database, to be seeded from a fixture). */
export function isEmpty(db: Db): boolean {
  return (db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n === 0
}
