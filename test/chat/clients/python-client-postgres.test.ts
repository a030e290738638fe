// The official Python bindings, `zulip-send` and the shipped bots against two chat processes on one PostgreSQL
// database: the clients and bots talk to one process, the people send and read through the other.

import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { postgresOrSkip, type TestPostgres } from '../../support/postgres.js'
import { startListening, type ListeningProgram } from '../../support/listening-program.js'
import { pythonZulipOrSkip, type PythonZulip } from '../../support/python-zulip.js'
import { definePythonTests } from '../python-scenarios.js'

const MAIN = fileURLToPath(new URL('../../../packages/chat/dist/main.js', import.meta.url))

/** `npm run chat` as a program, on `db`; resolves with its address once it listens. */
function startProcess(db: string, dir: string): Promise<ListeningProgram> {
  return startListening([MAIN, '--port', '0', '--db', db, '--mail-dir', join(dir, 'mail'), '--rate-limit', '100000/60'] /* the tests poll (dont_block) */, dir)
}

describe('the official Python bindings and bots against two chat processes on PostgreSQL', function () {
  // Each test starts Python programs (a bot, zulip-send), a few seconds each on a busy machine; the waits
  // inside are safety nets.
  this.timeout(180_000)
  let postgres: TestPostgres | undefined
  let py: PythonZulip | undefined
  let dir: string | undefined
  let database: pg.Client | undefined
  const processes: ChildProcess[] = []
  let urls: string[] = []

  before(async function () {
    postgres = await postgresOrSkip(this)
    py = await pythonZulipOrSkip(this)
    this.timeout(180_000) // the first process loads the organization (scrypt for every password)
    dir = await mkdtemp(join(tmpdir(), 'prefixd-chat-python-pg-'))
    const db = postgres!.createDatabase('chat')
    const first = await startProcess(db, dir)
    const second = await startProcess(db, dir) // joins the organization the first one loaded
    processes.push(first.child, second.child)
    urls = [first.url, second.url]
    database = new pg.Client({ connectionString: db })
    await database.connect()
  })

  after(async () => {
    for (const child of processes) child.kill('SIGTERM')
    await database?.end()
    postgres?.stop()
    if (dir !== undefined) await rm(dir, { recursive: true, force: true })
  })

  definePythonTests(() => ({
    py: py!,
    clientUrl: urls[0]!,
    peopleUrl: urls[1]!,
    queueCount: async (userId) =>
      Number((await database!.query<{ n: string }>('SELECT count(*) AS n FROM event_queues WHERE user_id = $1', [userId])).rows[0]!.n),
  }))
})
