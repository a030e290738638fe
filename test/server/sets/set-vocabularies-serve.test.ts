// A set's vocabulary files across `prefixd serve` processes: a file PUT through one is served by another — on one
// SQLite file (PRAGMA data_version) and on one PostgreSQL (NOTIFY) — and its DELETE is heard the same way.

import assert from 'node:assert/strict'
import { once } from 'node:events'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { postgresOrSkip, type TestPostgres } from '../../support/postgres.js'
import { start, until } from '../serve-process.js'
import { widgetData, WIDGETS_TTL } from './widgets.js'

const TOKEN = 'serve-token-0123456789'
const ENV = { PREFIXD_TOKENS: TOKEN }
const auth = { authorization: `Bearer ${TOKEN}` }

/** Two processes on `store`: the set and its files written through the first, read through the second. */
async function twoProcesses(store: string): Promise<void> {
  // Both started together (the race a new SQLite file must survive); one that fails must not leave the other running,
  // which kept mocha from ever exiting.
  const started = await Promise.allSettled([start(['--store', store, '--quiet'], ENV), start(['--store', store, '--quiet'], ENV)])
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected')
  if (failed !== undefined) {
    for (const s of started) if (s.status === 'fulfilled') s.value.child.kill('SIGTERM')
    throw failed.reason
  }
  const [one, two] = started.map((s) => (s as PromiseFulfilledResult<Awaited<ReturnType<typeof start>>>).value) as [
    Awaited<ReturnType<typeof start>>,
    Awaited<ReturnType<typeof start>>,
  ]
  try {
    const put = (path: string, body: string, type: string) =>
      fetch(`${one.url}api/v1/sets/${path}`, { method: 'PUT', body, headers: { 'content-type': type, ...auth } })
    assert.equal((await put('team', '@prefix team: <http://example.org/team#> .', 'text/turtle')).status, 201)
    const complete = async () => {
      const response = await fetch(`${two.url}api/v1/autocomplete?q=wdg:w&set=team&prefer=property&previous=wdg:weight&limit=1`)
      return { status: response.status, body: (await response.json()) as unknown }
    }
    // The other process learns the set has no wdg: first, and keeps that until it hears of the change.
    assert.equal((await complete()).status, 404)
    assert.equal((await put('team/vocabularies/widgets.ttl', WIDGETS_TTL, 'text/turtle')).status, 201)
    assert.equal((await put('team/vocabularies/data.nt', widgetData(10), 'application/n-triples')).status, 201)
    const heard = await until(complete, (answer) => JSON.stringify(answer.body) === '["wdg:width"]', 5000)
    assert.deepEqual(heard, { status: 200, body: ['wdg:width'] })
    const listed = (await (await fetch(`${two.url}api/v1/sets/team/vocabularies`)).json()) as Array<{ file: string }>
    assert.deepEqual(
      listed.map((f) => f.file),
      ['data.nt', 'widgets.ttl'],
    )
    const removed = await fetch(`${two.url}api/v1/sets/team/vocabularies/widgets.ttl`, { method: 'DELETE', headers: auth })
    assert.equal(removed.status, 204)
    const term = () => fetch(`${one.url}api/v1/term?q=wdg:weight&set=team`).then(async (r) => ((await r.json()) as { definition?: string }).definition ?? null)
    assert.equal(await until(term, (definition) => definition === null, 5000), null)
  } finally {
    one.child.kill('SIGTERM')
    two.child.kill('SIGTERM')
    await Promise.all([once(one.child, 'exit'), once(two.child, 'exit')])
  }
}

describe('prefixd serve: a set’s vocabulary files heard by another process', function () {
  this.timeout(90_000)

  it('on one SQLite file', async () => {
    await twoProcesses(join(mkdtempSync(join(tmpdir(), 'prefixd-vocabularies-')), 'sets.db'))
  })

  describe('on PostgreSQL', function () {
    let postgres: TestPostgres | undefined
    before(async function () {
      postgres = await postgresOrSkip(this)
    })
    after(() => postgres?.stop())

    it('through LISTEN/NOTIFY', async () => {
      await twoProcesses(postgres!.createDatabase('vocabularies_two'))
    })
  })
})
