// The shared throwaway PostgreSQL helper: a real server, unprivileged, on its own port, gone after stop().

import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import pg from 'pg'
import { postgresOrSkip, startTestPostgres, type TestPostgres } from '../support/postgres.js'

describe('test PostgreSQL cluster', () => {
  let postgres: TestPostgres | undefined
  before(async function () {
    postgres = await postgresOrSkip(this)
  })
  after(() => postgres?.stop())

  it('serves SQL on its own port, from a server process that is not root', async () => {
    const client = new pg.Client({ connectionString: postgres!.url })
    await client.connect()
    try {
      const { rows } = await client.query<{ pid: number; two: number }>('SELECT pg_backend_pid() AS pid, 1 + 1 AS two')
      assert.equal(rows[0]!.two, 2)
      const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${rows[0]!.pid}/status`, 'utf8'))?.[1]
      assert.notEqual(uid, '0')
    } finally {
      await client.end()
    }
  })

  it('makes databases of their own for tests that want one each', async () => {
    const client = new pg.Client({ connectionString: postgres!.createDatabase('helper_test') })
    await client.connect()
    try {
      assert.equal((await client.query<{ db: string }>('SELECT current_database() AS db')).rows[0]!.db, 'helper_test')
    } finally {
      await client.end()
    }
  })

  it('stops at once and leaves no files behind', async function () {
    this.timeout(120_000)
    const other = await startTestPostgres()
    other.stop()
    assert.equal(existsSync(other.dataDir), false)
    const client = new pg.Client({ connectionString: other.url, connectionTimeoutMillis: 2000 })
    await assert.rejects(client.connect())
  })

  it('is stopped and removed when the process that started it is killed with SIGKILL (no exit handler runs)', async function () {
    this.timeout(120_000)
    const helper = new URL('../support/postgres.ts', import.meta.url).href
    const script = `const { startTestPostgres } = await import(${JSON.stringify(helper)}); const pg = await startTestPostgres(); console.log(pg.dataDir + ' ' + pg.url); process.kill(process.pid, 'SIGKILL')`
    let printed = ''
    try {
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
    } catch (error) {
      printed = String((error as { stdout?: string }).stdout ?? '')
      assert.equal((error as { signal?: string }).signal, 'SIGKILL')
    }
    const [dataDir, url] = printed.trim().split(' ')
    assert.ok(dataDir !== undefined && url !== undefined, `the child printed ${JSON.stringify(printed)}`)
    // The reaper looks once a second; a generous deadline, not a speed claim.
    for (let i = 0; i < 300 && existsSync(dataDir); i++) await new Promise((resolve) => setTimeout(resolve, 100))
    assert.equal(existsSync(dataDir), false, 'the cluster directory is still there')
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
    await assert.rejects(client.connect())
  })
})
