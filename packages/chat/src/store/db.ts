// Opens the chat's store from the `--db` value: a PostgreSQL URL, else an SQLite file (`:memory:` allowed).

import { PostgresStore } from './postgres-store.js'
import { openSqliteStore } from './sqlite-store.js'
import type { Store } from './store.js'

export type { Sql, SqlValue, Store } from './store.js'
export { isEmpty } from './store.js'

/** Whether `db` names a PostgreSQL database rather than an SQLite file. */
export function isPostgresUrl(db: string): boolean {
  return /^postgres(ql)?:\/\//i.test(db)
}

/** Opens (creating if needed) the store and brings its schema up to date. */
export async function openStore(db: string): Promise<Store> {
  return isPostgresUrl(db) ? PostgresStore.open(db) : openSqliteStore(db)
}
