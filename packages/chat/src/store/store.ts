// The store: what the chat service asks of its database, with two implementations — SQLite (embedded, the
// default) and PostgreSQL (several processes, several machines). Routes and the event queues see only this.

/** A value bound to a `?` placeholder (booleans are stored as 0/1 by the callers, as SQLite wants; bytes for files). */
export type SqlValue = string | number | null | Uint8Array

/**
 * Statements on a connection or inside a transaction. SQL is written once for both stores: `?`
 * placeholders, `RETURNING` for generated ids, `ON CONFLICT … DO UPDATE` for upserts, and `json_each(?)`
 * over a JSON array of numbers (PostgreSQL reads it as `json_array_elements_text`).
 */
export interface Sql {
  readonly dialect: 'sqlite' | 'postgres'
  /** The first row, or undefined. */
  get<T = Record<string, unknown>>(sql: string, ...params: SqlValue[]): Promise<T | undefined>
  all<T = Record<string, unknown>>(sql: string, ...params: SqlValue[]): Promise<T[]>
  /** Runs a statement; `changes` is the number of rows it wrote. */
  run(sql: string, ...params: SqlValue[]): Promise<{ readonly changes: number }>
}

export interface TransactionOptions {
  /**
   * The change only adds rows (a message and its events, saved queue activity) and takes row locks, in
   * id order, on the few rows it updates: it may then run beside other such changes (on PostgreSQL,
   * the write lock is taken in shared mode, and their commits are flushed together), never beside a
   * change taking it alone, so that everything it checks still holds at commit. `work` may then be run
   * again, from the start, when PostgreSQL reports a deadlock or a serialization failure. Default false.
   */
  readonly shared?: boolean
}

export interface Store extends Sql {
  /** Where the store is (a file name, `:memory:`, or the PostgreSQL URL without its password). */
  readonly location: string
  /**
   * Runs `work` in one transaction that holds the store's write lock from its start: what a change
   * checks inside it still holds when it commits, with other requests and other processes writing.
   * Every statement of the change goes through `tx`. Rolled back when `work` throws.
   * `shared`: see TransactionOptions (SQLite ignores it: its writers always take turns).
   */
  transaction<T>(work: (tx: Sql) => Promise<T>, options?: TransactionOptions): Promise<T>
  /** After rows were inserted with explicit ids (a fixture): generated ids continue past the largest. */
  continueIds(tx: Sql): Promise<void>
  /** The schema version (the number of migrations applied). */
  schemaVersion(): Promise<number>
  close(): Promise<void>
}

/** Whether nothing has been loaded yet (a new database, to be seeded from a fixture). */
export async function isEmpty(db: Sql): Promise<boolean> {
  return (await db.get<{ n: number }>('SELECT count(*) AS n FROM users'))!.n === 0
}
