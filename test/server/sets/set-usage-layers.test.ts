// A set's usage under a resolver started with --usage, over real HTTP on SQLite and PostgreSQL: a layered set ranks by
// the served usage with its files' over it (with files or without), a standalone set by its files alone (with files or
// without), /term names only the set's own files, and a set's view holds no copy of the served usage.

import assert from 'node:assert/strict'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { PrefixIndex, readUsage, Usage } from '@prefixd/core'
import { createApp, openSetStore, type SetStore } from '@prefixd/server'
import { postgresOrSkip, type TestPostgres } from '../../support/postgres.js'
import { listen, type Running } from '../http-helpers.js'
import { WDG, widgetData, WIDGETS_TTL } from './widgets.js'

const TOKEN = 'layers-token-0123456789'
const auth = { authorization: `Bearer ${TOKEN}` }
/** Where `prefixd index` ran: a path of another machine, which no answer under a set may name. */
const SERVED_FILE = '/home/operator/project/spec.ttl'
/** The workspace the resolver serves: wdg:wheel used 50 times and defined, wdg:axle defined, zqsrv: declared. */
const SERVED_TTL = `@prefix wdg: <${WDG}> . @prefix zqsrv: <http://example.org/served#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
wdg:wheel a rdf:Property ; rdfs:comment "The served workspace's wheel." .
wdg:axle a rdf:Property ; rdfs:comment "An axle." .
${Array.from({ length: 50 }, (_, i) => `zqsrv:c${i} wdg:wheel 1 .`).join('\n')}
`

function layerTests(open: () => Promise<SetStore>): void {
  let store: SetStore
  let service: Running
  const url = (path: string) => service.url + path
  const json = async (path: string) => {
    const response = await fetch(url(path))
    return { status: response.status, body: (await response.json()) as any }
  }
  const put = async (path: string, body: string, type = 'text/turtle') => {
    const response = await fetch(url(`/api/v1/sets/${path}`), { method: 'PUT', body, headers: { 'content-type': type, ...auth } })
    assert.ok(response.status < 300, `${path}: ${response.status} ${await response.text()}`)
  }

  before(async function () {
    this.timeout(60_000)
    const usage = await readUsage([SERVED_TTL], { format: 'turtle', name: SERVED_FILE })
    store = await open()
    service = await listen(createApp({ index: await PrefixIndex.loadDefault(), usage, sets: { store, tokens: [TOKEN] } }))
    for (const [name, standalone, files] of [
      ['team', false, true],
      ['plain', false, false],
      ['alone', true, true],
      ['bare', true, false],
    ] as const) {
      await put(`${name}${standalone ? '?standalone=true' : ''}`, `@prefix team: <http://example.org/team#> . @prefix wdg: <${WDG}> .`)
      if (files) {
        await put(`${name}/vocabularies/widgets.ttl`, WIDGETS_TTL)
        await put(`${name}/vocabularies/data.nt`, widgetData(30), 'application/n-triples')
      }
    }
  })
  after(async () => {
    await service?.close()
    await store?.close()
  })

  it('ranks a layered set by the served usage with its files over it, with files or without', async () => {
    // wdg:wheel: 50 uses served and 1 in the files; weight and width 30 each in the files.
    const team = await json('/api/v1/autocomplete?q=wdg:w&set=team&prefer=property&detail=true&limit=3')
    assert.deepEqual(
      team.body.map((s: any) => [s.value, s.usage]),
      [
        ['wdg:wheel', 'used 51 times in this workspace and set team; usually its subject’s first statement'],
        ['wdg:weight', 'used 30 times in this workspace and set team; usually after rdf:type'],
        ['wdg:width', 'used 30 times in this workspace and set team; usually after wdg:weight'],
      ],
    )
    const plain = await json('/api/v1/autocomplete?q=wdg:w&set=plain&prefer=property&detail=true&limit=1')
    assert.deepEqual(
      plain.body.map((s: any) => [s.value, s.usage]),
      [['wdg:wheel', 'used 50 times in this workspace; usually its subject’s first statement']],
    )
    // The served usage's declared prefix completes under both, as without set=.
    for (const set of ['team', 'plain', undefined])
      assert.ok((await json(`/api/v1/autocomplete?q=zqs${set ? `&set=${set}` : ''}`)).body.includes('zqsrv:'), set)
  })

  it('ranks a standalone set by its files alone, with files or without: never by the served usage', async () => {
    const alone = await json('/api/v1/autocomplete?q=wdg:w&set=alone&prefer=property&detail=true&limit=3')
    assert.deepEqual(
      alone.body.map((s: any) => [s.value, s.usage]),
      [
        ['wdg:weight', 'used 30 times in set alone; usually after rdf:type'],
        ['wdg:width', 'used 30 times in set alone; usually after wdg:weight'],
        ['wdg:wheel', 'used 1 time in set alone; usually its subject’s first statement'],
      ],
    )
    // Without files it has no terms and no usage: nothing of the served workspace completes (its wdg:wheel and zqsrv: did).
    assert.deepEqual((await json('/api/v1/autocomplete?q=wdg:w&set=bare&prefer=property')).body, [])
    for (const set of ['alone', 'bare']) assert.ok(!(await json(`/api/v1/autocomplete?q=zqs&set=${set}`)).body.includes('zqsrv:'), set)
    assert.deepEqual((await json('/api/v1/search?q=wheel&set=bare')).body, [])
  })

  it('describes a term under a set from the set’s own files: definedIn names one of them, never the served usage’s file', async () => {
    const wheel = await json('/api/v1/term?q=wdg:wheel&set=team')
    assert.equal(wheel.status, 200)
    assert.deepEqual([wheel.body.definition, wheel.body.definedIn], ['A wheel it rolls on.', { file: 'widgets.ttl', line: 7 }])
    const file = await fetch(url(`/api/v1/sets/team/vocabularies/${wheel.body.definedIn.file}`))
    assert.equal(file.status, 200)
    for (const path of [
      '/api/v1/term?q=wdg:axle&set=team',
      '/api/v1/autocomplete?q=wdg:&set=team&detail=true',
      '/api/v1/search/results?q=axle&set=team',
      '/api/v1/search/results?q=wheel&set=team',
    ]) {
      const text = await (await fetch(url(path))).text()
      assert.ok(!text.includes(SERVED_FILE) && !text.includes('served workspace'), `${path}: ${text.slice(0, 300)}`)
    }
  })
}

describe('a set’s usage under --usage over HTTP (SQLite)', function () {
  this.timeout(60_000)
  layerTests(() => openSetStore(':memory:'))
})

describe('a set’s usage under --usage over HTTP (PostgreSQL)', function () {
  this.timeout(60_000)
  let postgres: TestPostgres | undefined
  before(async function () {
    postgres = await postgresOrSkip(this)
  })
  after(() => postgres?.stop())
  layerTests(() => openSetStore(postgres!.createDatabase('set_usage_layers')))
})

describe('what a set’s view holds under a large --usage', function () {
  this.timeout(120_000)

  /** A served usage of `n` properties, each used and each following the one before: about 90 bytes a pair here. */
  function servedUsage(n: number): Usage {
    const iris = Array.from({ length: n }, (_, i) => `http://example.org/big/p${i}`)
    const properties = iris.flatMap((_, i) => [i, i + 1])
    const follows = iris.flatMap((_, i) => (i === 0 ? [] : [i - 1, i, 3]))
    return Usage.fromJSON({
      format: 'prefixd-usage/1',
      files: ['big.nt'],
      triples: n,
      iris,
      classes: [],
      properties,
      classProperties: [],
      follows,
      prefixes: [],
      definitions: [],
    })
  }

  it('does not grow with the served usage: eight layered sets with files hold less than an eighth of one copy of it', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const heap = () => {
      gc()
      gc()
      return process.memoryUsage().heapUsed
    }
    const start = heap()
    const usage = servedUsage(200_000)
    // Its sorted term lists, made when completion first walks it, are made once for every set: made before measuring.
    for (const kind of ['class', 'property'] as const) for (const exact of [true, false]) usage.forEachStartingWith('', kind, exact, () => false)
    const servedBytes = heap() - start
    const store = await openSetStore(':memory:')
    const service = await listen(createApp({ index: PrefixIndex.fromPrefixes({ ex: 'http://example.org/' }), usage, sets: { store, tokens: [TOKEN] } }))
    try {
      const put = (path: string, body: string) =>
        fetch(`${service.url}/api/v1/sets/${path}`, { method: 'PUT', body, headers: { 'content-type': 'text/turtle', ...auth } })
      const names = Array.from({ length: 8 }, (_, i) => `s${i}`)
      // Each set ranked once first, so that what is made when first asked is made before measuring.
      const rank = (name: string) => fetch(`${service.url}/api/v1/autocomplete?q=wdg:w&set=${name}&prefer=property&previous=wdg:weight&types=wdg:Widget`)
      const layer = async (name: string) => {
        assert.equal((await put(name, `@prefix wdg: <${WDG}> .`)).status, 201)
        assert.equal((await put(`${name}/vocabularies/widgets.ttl`, WIDGETS_TTL)).status, 201)
        const ranked = await rank(name)
        assert.equal(ranked.status, 200)
        assert.ok(((await ranked.json()) as string[]).includes('wdg:weight'))
      }
      // One set first, so that what the process makes once (the knowledge tier, the served usage's totals) is made.
      await layer('warm')
      const before = heap()
      for (const name of names) await layer(name)
      const held = heap() - before
      // Copying the served usage into each view held 8 × servedBytes; layered, the eight hold their own files and caches.
      assert.ok(servedBytes > 10 * 2 ** 20, `the served usage takes ${servedBytes} bytes`)
      assert.ok(held < servedBytes / 8, `eight set views hold ${held} bytes; the served usage takes ${servedBytes}`)
    } finally {
      await service.close()
      await store.close()
    }
  })
})
