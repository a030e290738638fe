// Opens the store that `--store` names: a PostgreSQL URL, or a SQLite file (`:memory:` included).

import type { SetStore } from './set-store.js'

/** The default `--store`: a SQLite file in the working directory. */
export const DEFAULT_STORE = 'prefixd.db'

/** Whether `spec` names a PostgreSQL database rather than a SQLite file. */
export function isPostgresUrl(spec: string): boolean {
  return /^postgres(ql)?:\/\//i.test(spec)
}

/**
 * Opens the store `spec` names. Each driver is an optional dependency, loaded only here: a driver that
 * is not installed is an error that says what to install (`DriverMissingError`).
 */
export async function openSetStore(spec: string): Promise<SetStore> {
  const postgres = isPostgresUrl(spec)
  const driver = postgres ? 'pg' : 'better-sqlite3'
  try {
    await import(driver)
  } catch {
    throw new DriverMissingError(`a ${postgres ? 'PostgreSQL' : 'SQLite'} store needs ${driver}, which is not installed: npm install ${driver}`)
  }
  if (postgres) {
    const { PostgresSetStore } = await import('./postgres-store.js')
    return PostgresSetStore.open(spec)
  }
  const { SqliteSetStore } = await import('./sqlite-store.js')
  return SqliteSetStore.open(spec)
}

/** The store's driver package is not installed. */
export class DriverMissingError extends Error {
  override readonly name = 'DriverMissingError'
}
