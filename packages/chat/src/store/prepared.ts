// Prepared statements kept per database and SQL text: the hot paths (authentication, sending, fan-out)
// would otherwise compile the same SQL on every request.

import type { Statement } from 'better-sqlite3'
import type { Db } from './db.js'

const cache = new WeakMap<Db, Map<string, Statement>>()

export function prepared(db: Db, sql: string): Statement {
  let statements = cache.get(db)
  if (statements === undefined) cache.set(db, (statements = new Map()))
  let statement = statements.get(sql)
  if (statement === undefined) statements.set(sql, (statement = db.prepare(sql)))
  return statement
}
