// Which store failures are the database out of reach (answered 503 with Retry-After) and which are not.

import assert from 'node:assert/strict'
import { storeUnavailable } from '../../../packages/chat/src/store/unavailable.js'

const failure = (message: string, code?: string): Error => Object.assign(new Error(message), code === undefined ? {} : { code })

describe('storeUnavailable', () => {
  it('is true for a refused, lost or timed-out connection and a server shutting down or starting', () => {
    for (const error of [
      failure('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      failure('read ECONNRESET', 'ECONNRESET'),
      failure('terminating connection due to administrator command', '57P01'),
      failure('the database system is shutting down', '57P03'),
      failure('the database system is starting up', '57P03'),
      failure('connection failure', '08006'),
      failure('Connection terminated unexpectedly'),
      failure('Connection terminated due to connection timeout'),
      failure('Client has encountered a connection error and is not queryable'),
      failure('timeout exceeded when trying to connect'),
    ]) {
      assert.equal(storeUnavailable(error), true, error.message)
    }
  })

  it('is false for the request’s own faults, a SQLite error and anything not an Error', () => {
    for (const error of [
      failure('duplicate key value violates unique constraint', '23505'),
      failure('syntax error at or near "x"', '42601'),
      failure('deadlock detected', '40P01'),
      failure('database is locked', 'SQLITE_BUSY'),
      failure('internal'),
    ]) {
      assert.equal(storeUnavailable(error), false, error.message)
    }
    assert.equal(storeUnavailable('ECONNREFUSED'), false)
    assert.equal(storeUnavailable(undefined), false)
  })
})
