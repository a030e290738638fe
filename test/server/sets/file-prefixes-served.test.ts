// A vocabulary file's PUT answer says of each prefix it declares whether serving takes it (`served`), over real HTTP on
// SQLite and PostgreSQL: false where the set or the served table binds it first, where the set's other files declare it
// for another namespace in more files, or where it makes no table entry (or is a file's own empty prefix) — true over a
// binding the served table keeps without offering it (prefix.cc's lv2:, LV2's own in the file); and always as expand then answers under the set —
// also from a second resolver on the same store, which has not seen the other files.

import assert from 'node:assert/strict'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PrefixIndex, PrefixIndexBuilder } from '@prefixd/core'
import { createApp, openSetStore, type SetStore } from '@prefixd/server'
import { postgresOrSkip, type TestPostgres } from '../../support/postgres.js'
import { listen, type Running } from '../http-helpers.js'

const TOKEN = 'served-token-0123456789'
const auth = { authorization: `Bearer ${TOKEN}` }
const EX = 'http://example.org/'
type Row = { prefix: string; namespace: string; served: boolean }

function servedTests(location: () => string): void {
  let index: PrefixIndex
  const running: Array<{ service: Running; store: SetStore }> = []
  const start = async () => {
    const store = await openSetStore(location())
    const service = await listen(createApp({ index, sets: { store, tokens: [TOKEN] } }))
    running.push({ service, store })
    return service.url
  }
  const put = async (base: string, path: string, body: string, type = 'text/turtle') => {
    const response = await fetch(`${base}/api/v1/sets/${path}`, { method: 'PUT', body, headers: { 'content-type': type, ...auth } })
    assert.ok(response.status < 300, `${path}: ${response.status} ${await response.clone().text()}`)
    return (await response.json()) as { prefixes: Row[] }
  }
  /** The rows by prefix, each checked against what expand answers under the set: served exactly where it expands so. */
  const served = async (base: string, set: string, answer: { prefixes: Row[] }) => {
    const out: Record<string, boolean> = {}
    for (const row of answer.prefixes) {
      const expanded = (await (await fetch(`${base}/api/v1/expand?q=${row.prefix}:x&set=${set}`)).json()) as { value?: string }
      assert.equal(expanded.value === row.namespace + 'x', row.served, JSON.stringify({ row, expanded }))
      out[row.prefix] = row.served
    }
    return out
  }

  before(async function () {
    this.timeout(60_000)
    index = await PrefixIndex.loadDefault()
  })
  after(async () => {
    for (const { service, store } of running) {
      await service.close()
      await store.close()
    }
  })

  it('says which prefixes serving takes, as expand then answers, and so does a resolver that has not read the files', async () => {
    const one = await start()
    await put(one, 'team', `@prefix team: <${EX}team#> .`)
    const a = await put(
      one,
      'team/vocabularies/a.ttl',
      `@prefix foaf: <${EX}not-foaf#> . @prefix team: <${EX}t2#> . @prefix zq: <${EX}zq-b#> .\nzq:a foaf:b team:c .`,
    )
    // foaf: is the served table's, team: the set's; zq: is the file's own.
    assert.deepEqual(await served(one, 'team', a), { foaf: false, team: false, zq: true })
    // Another file declares zq: elsewhere: one file each, the namespace first in code-point order is served.
    assert.deepEqual(await served(one, 'team', await put(one, 'team/vocabularies/b.ttl', `@prefix zq: <${EX}zq-a#> .\nzq:x zq:y 1 .`)), { zq: true })
    assert.deepEqual(await served(one, 'team', await put(one, 'team/vocabularies/c.ttl', `@prefix zq: <${EX}zq-b#> .\nzq:x zq:y 2 .`)), { zq: true })
    // b.ttl sent again: zq-b is now declared by two files, zq-a by one.
    assert.deepEqual(await served(one, 'team', await put(one, 'team/vocabularies/b.ttl', `@prefix zq: <${EX}zq-a#> .\nzq:x zq:y 3 .`)), { zq: false })
    // A prefixd index file may declare what makes no table entry (a namespace that is no IRI): never served.
    const usage = { format: 'prefixd-usage/1', files: [], triples: 0, iris: [], classes: [], properties: [], classProperties: [], follows: [], definitions: [] }
    const odd = await put(one, 'team/vocabularies/odd.json', JSON.stringify({ ...usage, prefixes: [['odd', 'not an iri', 1]] }), 'application/json')
    assert.deepEqual(await served(one, 'team', odd), { odd: false })
    // The served table keeps prefix.cc's lv2: (another namespace) without offering it: LV2's own, as the files declare
    // it, is served over it, and completes; a file's own empty prefix never binds beyond the file.
    const lv2 = 'http://lv2plug.in/ns/lv2core#'
    assert.equal(index.isOffered('lv2'), false)
    const plugins = await put(
      one,
      'team/vocabularies/plugin.ttl',
      `@prefix lv2: <${lv2}> . @prefix : <${EX}own#> .\n:p lv2:port [ lv2:index 0 ; lv2:symbol "in" ] .`,
    )
    assert.deepEqual(await served(one, 'team', plugins), { lv2: true, '': false })
    assert.deepEqual(await (await fetch(`${one}/api/v1/autocomplete?q=lv2:p&set=team`)).json(), ['lv2:port'])
    assert.deepEqual(await (await fetch(`${one}/api/v1/shrink?q=${encodeURIComponent(lv2 + 'symbol')}&set=team`)).json(), {
      success: true,
      value: 'lv2:symbol',
    })
    // A standalone set binds no served prefix: its files' foaf: is served.
    await put(one, 'alone?standalone=true', `@prefix team: <${EX}team#> .`)
    assert.deepEqual(await served(one, 'alone', await put(one, 'alone/vocabularies/a.ttl', `@prefix foaf: <${EX}not-foaf#> .\nfoaf:a foaf:b 1 .`)), {
      foaf: true,
    })
    // A second resolver on the same store reads the files it has not seen: zq-b, declared by two of them, stays served.
    const two = await start()
    assert.deepEqual(await served(two, 'team', await put(two, 'team/vocabularies/e.ttl', `@prefix zq: <${EX}zq-c#> .\nzq:x zq:y 4 .`)), { zq: false })
  })

  it('reads the served table’s prefixes as a layered set’s view binds them (from its records)', () => {
    const fromRecords = new PrefixIndexBuilder().addRecords(index.records(), { source: 'served table' }).entries()
    assert.deepEqual(new Set(fromRecords.map((entry) => entry.prefix)), new Set(index.entries().map((entry) => entry.prefix)))
  })
}

describe('a vocabulary file’s PUT answer: served prefixes (SQLite)', function () {
  this.timeout(60_000)
  const file = join(mkdtempSync(join(tmpdir(), 'prefixd-served-')), 'sets.db')
  servedTests(() => file)
})

describe('a vocabulary file’s PUT answer: served prefixes (PostgreSQL)', function () {
  this.timeout(60_000)
  let postgres: TestPostgres | undefined
  let url = ''
  before(async function () {
    postgres = await postgresOrSkip(this)
    url = postgres!.createDatabase('file_prefixes_served')
  })
  after(() => postgres?.stop())
  servedTests(() => url)
})
