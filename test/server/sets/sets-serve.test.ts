// Sets in `prefixd serve` processes: kept across restarts in SQLite, shared by --workers, propagated
// between instances on one PostgreSQL; and every sets setting checked, a bad one exiting 2 naming it.

import assert from 'node:assert/strict'
import { once } from 'node:events'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { get as httpGet } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { postgresOrSkip, type TestPostgres } from '../../support/postgres.js'
import { refused, start, until } from '../serve-process.js'

const TOKEN = 'serve-token-0123456789'
const ENV = { PREFIXD_TOKENS: TOKEN }

function putSet(url: string, name: string, turtle: string): Promise<Response> {
  return fetch(`${url}api/v1/sets/${name}`, { method: 'PUT', body: turtle, headers: { 'content-type': 'text/turtle', authorization: `Bearer ${TOKEN}` } })
}

/** GET on a connection of its own (no keep-alive), so that with workers each request may meet another process. */
function freshGet(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { agent: false }, (response) => {
      let body = ''
      response.setEncoding('utf8').on('data', (chunk) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode!, body }))
    }).on('error', reject)
  })
}

describe('prefixd serve with sets', function () {
  this.timeout(90_000)
  const dir = mkdtempSync(join(tmpdir(), 'prefixd-sets-'))

  it('keeps sets across a restart in the --store file', async () => {
    const file = join(dir, 'restart.db')
    const first = await start(['--store', file, '--quiet'], ENV)
    try {
      assert.match(first.output(), /project prefix sets in .*restart\.db \(sqlite\); 1 token may write them/)
      assert.equal((await putSet(first.url, 'kept', '@prefix kept: <http://example.org/kept#> .')).status, 201)
    } finally {
      first.child.kill('SIGTERM')
    }
    assert.deepEqual(await once(first.child, 'exit'), [0, null])
    // PREFIXD_STORE says the same as --store.
    const second = await start(['--quiet'], { ...ENV, PREFIXD_STORE: file })
    try {
      const answer = await fetch(`${second.url}api/v1/expand?q=kept:x&set=kept`)
      assert.deepEqual(await answer.json(), { success: true, value: 'http://example.org/kept#x' })
    } finally {
      second.child.kill('SIGTERM')
      await once(second.child, 'exit')
    }
  })

  it('shares one SQLite store between --workers: a PUT through one is served by all', async () => {
    const file = join(dir, 'workers.db')
    const service = await start(['--store', file, '--workers', '2', '--quiet'], ENV)
    try {
      const read = () => freshGet(`${service.url}api/v1/expand?q=w:x&set=shared`)
      // Every worker learns the set is unknown first (a remembered 404 must not outlive the PUT).
      for (let i = 0; i < 6; i++) assert.equal((await read()).status, 404)
      assert.equal((await putSet(service.url, 'shared', '@prefix w: <http://example.org/one#> .')).status, 201)
      await until(
        async () => Promise.all(Array.from({ length: 8 }, read)),
        (answers) => answers.every((a) => a.body.includes('/one#x')),
        2000,
      )
      const answers = await Promise.all(Array.from({ length: 8 }, read))
      assert.ok(
        answers.every((a) => a.status === 200 && a.body.includes('http://example.org/one#x')),
        JSON.stringify(answers),
      )
      assert.equal((await putSet(service.url, 'shared', '@prefix w: <http://example.org/two#> .')).status, 200)
      const changed = await until(
        async () => Promise.all(Array.from({ length: 8 }, read)),
        (list) => list.every((a) => a.body.includes('/two#x')),
        2000,
      )
      assert.ok(
        changed.every((a) => a.body.includes('http://example.org/two#x')),
        JSON.stringify(changed),
      )
    } finally {
      service.child.kill('SIGTERM')
      await once(service.child, 'exit')
    }
  })

  it('refuses bad sets settings with exit code 2, naming the flag or variable', async () => {
    const tokens = join(dir, 'tokens.txt')
    writeFileSync(tokens, '# the editors\n')
    const cases: [string[], NodeJS.ProcessEnv, RegExp][] = [
      [['--store', join(dir, 'no/such/dir/x.db')], {}, /--store .*x\.db: .*(directory|open)/i],
      [[], { PREFIXD_STORE: join(dir, 'no/such/dir/y.db') }, /--store \(from \$PREFIXD_STORE\) .*y\.db/],
      [['--store', ''], {}, /--store must name a SQLite file or a postgres:\/\/ URL/],
      [['--store', ':memory:', '--workers', '2'], {}, /:memory: is one process's own: with --workers, give a file or a postgres:\/\/ URL/],
      [['--store', 'postgres://nobody:secret@127.0.0.1:1/none'], {}, /--store postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/none: .*ECONNREFUSED/],
      [['--store', ':memory:'], { PREFIXD_TOKENS: 'short' }, /\$PREFIXD_TOKENS: a token is 16 to 256 characters/],
      [['--store', ':memory:', '--tokens-file', join(dir, 'missing.txt')], {}, /--tokens-file: cannot read .*missing\.txt: ENOENT/],
      [['--store', ':memory:'], { PREFIXD_TOKENS_FILE: tokens }, /--tokens-file \(from \$PREFIXD_TOKENS_FILE\): .*holds no token/],
      [['--store', ':memory:'], { PREFIXD_PRIVATE_SETS: 'yes' }, /\$PREFIXD_PRIVATE_SETS must be one of true, false, got 'yes'/],
    ]
    for (const [args, env, message] of cases) {
      const stderr = await refused(args, env)
      assert.match(stderr, message)
      assert.doesNotMatch(stderr, /secret/) // a password in a URL is not repeated
    }
  })
})

describe('prefixd serve with sets on PostgreSQL', function () {
  this.timeout(120_000)
  let postgres: TestPostgres | undefined
  before(async function () {
    postgres = await postgresOrSkip(this)
  })
  after(() => postgres?.stop())

  it('runs two resolver processes on one database: a PUT through one is served by the other', async () => {
    const url = postgres!.createDatabase('sets_two')
    const [one, two] = await Promise.all([start(['--store', url, '--quiet'], ENV), start(['--store', url, '--quiet'], { PREFIXD_STORE: url, ...ENV })])
    try {
      assert.match(one.output(), /project prefix sets in postgres:\/\/.* \(postgres\)/)
      const read = async (name: string) => (await fetch(`${two.url}api/v1/expand?q=pg:x&set=${name}`)).json() as Promise<{ value?: string }>
      assert.equal((await read('team')).value, undefined) // the other learns the set is unknown first
      for (const [version, status] of [
        ['one', 201],
        ['two', 200],
      ] as const) {
        assert.equal((await putSet(one.url, 'team', `@prefix pg: <http://example.org/${version}#> .`)).status, status)
        // The other instance keeps what it read (the unknown name, the first version) with no expiry: only
        // the NOTIFY can make it serve the new version. How soon (p99 within a second) is the benchmark's
        // to measure (npm run bench:sets): a timed assertion here failed once at 1,012 ms at a load average of 10.
        const seen = await until(
          () => read('team'),
          (body) => body.value === `http://example.org/${version}#x`,
          5000,
        )
        assert.equal(seen.value, `http://example.org/${version}#x`)
      }
      // A delete through the other is heard the other way round.
      const removed = await fetch(`${two.url}api/v1/sets/team`, { method: 'DELETE', headers: { authorization: `Bearer ${TOKEN}` } })
      assert.equal(removed.status, 204)
      const gone = await until(
        async () => (await fetch(`${one.url}api/v1/expand?q=pg:x&set=team`)).status,
        (status) => status === 404,
        5000,
      )
      assert.equal(gone, 404)
      // Both list what the database holds.
      await putSet(two.url, 'listed', '@prefix l: <http://example.org/l#> .')
      const names = ((await (await fetch(`${one.url}api/v1/sets`)).json()) as Array<{ name: string }>).map((s) => s.name)
      assert.deepEqual(names, ['listed'])
    } finally {
      one.child.kill('SIGTERM')
      two.child.kill('SIGTERM')
      await Promise.all([once(one.child, 'exit'), once(two.child, 'exit')])
    }
  })
})
