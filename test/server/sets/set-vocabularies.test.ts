// A set's vocabulary files over real HTTP, on the SQLite store and on a real PostgreSQL: PUT/list/GET/DELETE,
// their terms and usage under set= (completion, search, term, detail=true's why), nothing changed without set=,
// and bad input — a syntax error's file, line and column, too large, unknown set, no token — answered clearly.

import assert from 'node:assert/strict'
import { request } from 'node:http'
import { gzipSync } from 'node:zlib'
import fc from 'fast-check'
import { PrefixIndex, readUsage } from '@prefixd/core'
import { createApp, openSetStore, type SetStore } from '@prefixd/server'
import { postgresOrSkip, type TestPostgres } from '../../support/postgres.js'
import { listen } from '../http-helpers.js'
import { startSetsResolver, type SetsResolver } from '../../support/sets-resolver.js'
import { WDG, widgetData, WIDGETS_TTL } from './widgets.js'

const TOKEN = 'vocab-token-0123456789'
function storeTests(open: () => Promise<SetStore>): void {
  let store: SetStore
  let service: SetsResolver
  let index: PrefixIndex
  const url = (path: string) => service.url + path
  const auth = { authorization: `Bearer ${TOKEN}` }
  const putFile = (set: string, file: string, body: string | Uint8Array, type = 'text/turtle', headers: Record<string, string> = auth) =>
    fetch(url(`/api/v1/sets/${set}/vocabularies/${file}`), { method: 'PUT', body, headers: { 'content-type': type, ...headers } })
  const json = async (path: string) => {
    const response = await fetch(url(path))
    return { status: response.status, body: (await response.json()) as any }
  }

  before(async function () {
    this.timeout(60_000)
    index = await PrefixIndex.loadDefault()
    store = await open()
    service = await startSetsResolver({ index, tokens: [TOKEN], store })
    assert.equal((await service.putSet('team', '@prefix team: <http://example.org/team#> .')).status, 201)
  })
  after(async () => {
    await service?.close()
  })

  it('stores a Turtle file and a gzip’d N-Triples file (201, then 200), lists them and gives back what was read', async () => {
    const plainBefore = await json('/api/v1/autocomplete?q=wdg:w')
    const created = await putFile('team', 'widgets.ttl', WIDGETS_TTL)
    assert.equal(created.status, 201, await created.clone().text())
    assert.equal(created.headers.get('location'), '/api/v1/sets/team/vocabularies/widgets.ttl')
    const body = (await created.json()) as any
    assert.deepEqual([body.success, body.set, body.file, body.format, body.gzip, body.terms], [true, 'team', 'widgets.ttl', 'turtle', false, 4])
    assert.deepEqual(
      body.prefixes.find((p: any) => p.prefix === 'wdg'),
      { prefix: 'wdg', namespace: WDG, served: true },
    )
    const data = gzipSync(widgetData(30))
    const nt = await putFile('team', 'data.nt.gz', data, 'application/n-triples')
    assert.equal(nt.status, 201, await nt.clone().text())
    assert.deepEqual([((await nt.json()) as any).gzip, (await putFile('team', 'data.nt.gz', data, 'application/octet-stream')).status], [true, 200])
    const listed = await json('/api/v1/sets/team/vocabularies')
    assert.deepEqual(
      listed.body.map((f: any) => [f.file, f.format, f.gzip, f.bytes, f.triples]),
      [
        ['data.nt.gz', 'n-triples', true, data.length, 91],
        ['widgets.ttl', 'turtle', false, Buffer.byteLength(WIDGETS_TTL), 12],
      ],
    )
    assert.equal((await json('/api/v1/sets')).body.find((s: any) => s.name === 'team').vocabularies, 2)
    // A new version of the set's prefixes keeps its files.
    const again = await fetch(url('/api/v1/sets/team'), {
      method: 'PUT',
      body: '@prefix team: <http://example.org/team#> .',
      headers: { 'content-type': 'text/turtle', ...auth },
    })
    assert.equal(again.status, 200)
    assert.equal((await json('/api/v1/sets/team/vocabularies')).body.length, 2)
    const read = await fetch(url('/api/v1/sets/team/vocabularies/widgets.ttl'))
    assert.equal(read.headers.get('etag'), body.etag)
    const readBack = (await read.json()) as any
    assert.equal(readBack.format, 'prefixd-usage/1')
    // Each file its own: the N-Triples file's usage under its own tag, and no file the set lacks.
    const other = await fetch(url('/api/v1/sets/team/vocabularies/data.nt.gz'))
    assert.equal(other.headers.get('etag'), listed.body.find((f: any) => f.file === 'data.nt.gz').etag)
    assert.notDeepEqual((await other.json()) as any, readBack)
    assert.equal((await fetch(url('/api/v1/sets/team/vocabularies/none.ttl'))).status, 404)
    // Without set= nothing changed: the default table knows no wdg:.
    assert.deepEqual(await json('/api/v1/autocomplete?q=wdg:w'), plainBefore)
  })

  it('completes the files’ terms under set=, ranked by their usage, and says why with detail=true', async () => {
    const ranked = await json('/api/v1/autocomplete?q=wdg:w&set=team&prefer=property')
    // Used as often (ties go to code-point order), then the one used once, then the class the index has.
    assert.deepEqual(ranked.body, ['wdg:weight', 'wdg:width', 'wdg:wheel', 'wdg:Widget'])
    const after = await json('/api/v1/autocomplete?q=wdg:w&set=team&prefer=property&previous=wdg:weight&limit=1')
    assert.deepEqual(after.body, ['wdg:width'])
    // The subject's types and the properties it has count too: a Widget already given a weight wants its width next.
    const typed = await json('/api/v1/autocomplete?q=wdg:w&set=team&prefer=property&types=wdg:Widget&detail=true&limit=2')
    assert.deepEqual(
      typed.body.map((s: any) => [s.value, s.usage]),
      [
        ['wdg:weight', 'used 30 times in set team; usually after rdf:type; on 30 wdg:Widget; its domain names wdg:Widget, this subject’s type'],
        ['wdg:width', 'used 30 times in set team; usually after wdg:weight; on 30 wdg:Widget'],
      ],
    )
    const written = await json(
      `/api/v1/autocomplete?q=wdg:w&set=team&prefer=property&types=wdg:Widget&written=${encodeURIComponent(`wdg:weight <${WDG}x>`)}&limit=1`,
    )
    assert.deepEqual(written.body, ['wdg:width'])
    // An IRI being written (the web editor asks so for a prefix its document declares) is ranked alike.
    const byIri = await json(`/api/v1/autocomplete?q=${encodeURIComponent(WDG + 'w')}&set=team&prefer=property&previous=wdg:weight&limit=2`)
    assert.deepEqual(byIri.body, ['wdg:width', 'wdg:weight'])
    const detail = await json('/api/v1/autocomplete?q=wdg:we&set=team&detail=true&prefer=property')
    assert.equal(detail.status, 200)
    const weight = detail.body[0]
    assert.deepEqual(
      [weight.value, weight.label, weight.definition, weight.typeNames],
      ['wdg:weight', 'weight', 'How heavy it is, in grams.', ['rdf:Property']],
    )
    assert.equal(weight.usage, 'used 30 times in set team; usually after rdf:type')
    const width = (await json('/api/v1/autocomplete?q=wdg:wi&set=team&detail=true&prefer=property&previous=wdg:weight&limit=1')).body[0]
    assert.equal(width.usage, 'used 30 times in set team; after wdg:weight 30 times')
    // A bare word completes the prefix the files declare; it expands and shrinks under the set, round trip.
    assert.ok((await json('/api/v1/autocomplete?q=wd&set=team')).body.includes('wdg:'))
    assert.deepEqual((await json('/api/v1/expand?q=wdg:wheel&set=team')).body, { success: true, value: `${WDG}wheel` })
    assert.deepEqual((await json(`/api/v1/shrink?q=${encodeURIComponent(WDG + 'wheel')}&set=team`)).body, { success: true, value: 'wdg:wheel' })
  })

  it('finds the files’ terms by label in search, and describes them in /term with their file and line', async () => {
    const found = await json('/api/v1/search?q=widget&set=team&limit=3')
    assert.deepEqual([found.body[0].prefixed, found.body[0].label, found.body[0].typeNames], ['wdg:Widget', 'Widget', ['rdfs:Class']])
    assert.deepEqual(await json('/api/v1/suggest?q=wheel&set=team&limit=1'), { status: 200, body: ['wdg:wheel'] })
    const term = await json('/api/v1/term?q=wdg:weight&set=team')
    assert.equal(term.status, 200)
    assert.equal(term.body.definition, 'How heavy it is, in grams.')
    assert.deepEqual(term.body.domain, [{ iri: `${WDG}Widget`, prefixed: 'wdg:Widget', label: 'Widget' }])
    assert.deepEqual(term.body.definedIn, { file: 'widgets.ttl', line: 5 })
    assert.equal((await json('/api/v1/term?q=wdg:weight')).status, 404)
    // The results page's answer gives the file's comment as the definition.
    const results = await json('/api/v1/search/results?q=wheel&set=team&vocabulary=wdg')
    assert.deepEqual(
      results.body.hits.map((hit: any) => [hit.prefixed, hit.definition]),
      [['wdg:wheel', 'A wheel it rolls on.']],
    )
  })

  it('checks a document against the files’ terms under set= (the web editor’s checker): a term they do not define is flagged, theirs are not', async () => {
    const doc = `@prefix wdg: <${WDG}> .\n<#w> wdg:weigth "1" ; wdg:width "2" .\n`
    const check = async (query: string) =>
      (
        (await (await fetch(url(`/api/v1/check?language=turtle${query}`), { method: 'POST', body: doc })).json()) as {
          findings: Array<{ code: string; message: string }>
        }
      ).findings
    const underSet = await check('&set=team')
    assert.deepEqual(
      underSet.map((f) => f.code),
      ['unknown-term'],
    )
    assert.match(underSet[0]!.message, /^'wdg:weigth' is not a term of <http:\/\/example\.org\/widgets#>; did you mean 'wdg:w/)
    // Without set= the default table has no wdg: at all.
    assert.deepEqual(
      (await check('')).map((f) => f.code),
      ['unregistered-prefix'],
    )
  })

  it('keeps expand(shrink(iri)) === iri under the set for any IRI of its namespaces (property)', async () => {
    const local = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,12}$/)
    const namespace = fc.constantFrom(WDG, 'http://example.org/team#', 'http://schema.org/', 'http://xmlns.com/foaf/0.1/')
    await fc.assert(
      fc.asyncProperty(namespace, local, async (ns, name) => {
        const iri = ns + name
        const shrunk = await json(`/api/v1/shrink?q=${encodeURIComponent(iri)}&set=team`)
        if (shrunk.body.success !== true) return
        const back = await json(`/api/v1/expand?q=${encodeURIComponent(shrunk.body.value)}&set=team`)
        assert.equal(back.body.value, iri)
      }),
      { numRuns: 40 },
    )
  })

  it('serves a standalone set’s files alone: their prefixes and terms, none of the default table', async () => {
    const created = await fetch(url('/api/v1/sets/alone?standalone=true'), {
      method: 'PUT',
      body: '@prefix team: <http://example.org/team#> .',
      headers: { 'content-type': 'text/turtle', ...auth },
    })
    assert.equal(created.status, 201)
    assert.equal((await putFile('alone', 'widgets.ttl', WIDGETS_TTL)).status, 201)
    assert.deepEqual((await json('/api/v1/autocomplete?q=wdg:we&set=alone&detail=true')).body[0].definition, 'How heavy it is, in grams.')
    assert.equal((await json('/api/v1/autocomplete?q=schema:Pe&set=alone')).status, 404)
    assert.deepEqual((await json('/api/v1/expand?q=wdg:wheel&set=alone')).body, { success: true, value: `${WDG}wheel` })
    assert.equal((await fetch(url('/api/v1/sets/alone'), { method: 'DELETE', headers: auth })).status, 204)
  })

  it('takes a prefixd index file (application/json) and JSON-LD', async () => {
    const usage = await readUsage([WIDGETS_TTL], { format: 'turtle', name: 'widgets.ttl' })
    const stored = await putFile('team', 'workspace.json', JSON.stringify(usage), 'application/json')
    assert.equal(stored.status, 201, await stored.clone().text())
    assert.equal(((await stored.json()) as any).format, 'usage')
    const jsonLd = JSON.stringify({ '@context': { wdg: WDG }, '@id': 'wdg:Gadget', '@type': 'http://www.w3.org/2000/01/rdf-schema#Class' })
    const ld = await putFile('team', 'gadget.jsonld', jsonLd, 'application/ld+json')
    assert.equal(ld.status, 201, await ld.clone().text())
    assert.ok((await json('/api/v1/autocomplete?q=wdg:G&set=team&prefer=class')).body.includes('wdg:Gadget'))
    // A prefix only a JSON-LD file's @context declares binds as a Turtle file's @prefix does.
    const GDT = 'http://gadgets.example/ns#'
    const gadgets = JSON.stringify({ '@context': { gdt: GDT }, '@id': 'gdt:Sprocket', '@type': 'http://www.w3.org/2000/01/rdf-schema#Class' })
    const declared = await putFile('team', 'sprocket.jsonld', gadgets, 'application/ld+json')
    assert.equal(declared.status, 201, await declared.clone().text())
    assert.deepEqual(((await declared.json()) as any).prefixes, [{ prefix: 'gdt', namespace: GDT, served: true }])
    assert.ok((await json('/api/v1/autocomplete?q=gdt:S&set=team&prefer=class')).body.includes('gdt:Sprocket'))
    assert.equal((await fetch(url('/api/v1/sets/team/vocabularies/sprocket.jsonld'), { method: 'DELETE', headers: auth })).status, 204)
    for (const file of ['workspace.json', 'gadget.jsonld'])
      assert.equal((await fetch(url(`/api/v1/sets/team/vocabularies/${file}`), { method: 'DELETE', headers: auth })).status, 204)
  })

  it('refuses a file with a syntax error: 400 with its file, line and column, and nothing stored', async () => {
    const listed = await json('/api/v1/sets/team/vocabularies')
    const bad = await putFile('team', 'widgets.ttl', '@prefix a: <http://a.example/> .\na:b a:c a:d ;\n   a:e ] .\n')
    assert.equal(bad.status, 400)
    const { error } = (await bad.json()) as any
    assert.deepEqual([error.code, error.file, error.line, error.column], ['BAD_BODY', 'widgets.ttl', 3, 8])
    assert.equal(error.message, 'widgets.ttl:3:8: Expected entity but got ]; nothing was stored')
    // Where n3 knows no token (a lexer error): where the text it stopped at starts.
    const lexical = (await (await putFile('team', 'widgets.ttl', '@prefix a: <http://a.example/> .\n@prefix b <http://b.example/> .\n')).json()) as any
    assert.deepEqual([lexical.error.line, lexical.error.column], [2, 9])
    assert.equal(lexical.error.message, "widgets.ttl:2:9: Unexpected 'b'; nothing was stored")
    const notUsage = await putFile('team', 'x.json', '{"format": "something-else"}', 'application/json')
    assert.equal(notUsage.status, 400)
    assert.match(((await notUsage.json()) as any).error.message, /not a prefixd-usage\/1 file/)
    const notGzip = await putFile('team', 'y.ttl', Buffer.from([0x1f, 0x8b, 1, 2, 3]))
    assert.equal(notGzip.status, 400)
    assert.deepEqual(await json('/api/v1/sets/team/vocabularies'), listed)
    assert.deepEqual((await json('/api/v1/autocomplete?q=wdg:we&set=team&limit=1')).body, ['wdg:weight'])
  })

  it('never answers a body with a 500, whatever its bytes and type, and stores only what reads (property)', async () => {
    const types = fc.constantFrom(
      'text/turtle',
      'application/n-quads',
      'application/trig',
      'application/ld+json',
      'application/json',
      'application/octet-stream',
    )
    const bodies = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.uint8Array({ maxLength: 200 }),
      fc.constantFrom(WIDGETS_TTL.slice(0, 120), '{"@context": {"a": "http://a.example/"}, "@id": "a:x", "a:p": 1}', '{"format": "prefixd-usage/1"}'),
    )
    await fc.assert(
      fc.asyncProperty(bodies, types, async (body, type) => {
        const response = await putFile('team', 'fuzz.nq', body, type)
        assert.ok([200, 201, 400].includes(response.status), `${response.status} ${await response.text()}`)
        const listed = ((await json('/api/v1/sets/team/vocabularies')).body as Array<{ file: string }>).some((f) => f.file === 'fuzz.nq')
        assert.equal(listed, response.status !== 400)
        if (listed) assert.equal((await fetch(url('/api/v1/sets/team/vocabularies/fuzz.nq'), { method: 'DELETE', headers: auth })).status, 204)
      }),
      { numRuns: 60 },
    )
  })

  it('answers 413 past the size limits (as sent and once gunzipped), 415, 404, 401 and 400 clearly', async () => {
    const huge = await putFile('team', 'huge.ttl', '#'.repeat(16 * 2 ** 20 + 1))
    assert.equal(huge.status, 413)
    assert.match(((await huge.json()) as any).error.message, /at most 16777216 bytes as sent; nothing was stored/)
    const bomb = await putFile('team', 'bomb.ttl', gzipSync(Buffer.alloc(64 * 2 ** 20 + 1, 0x20)))
    assert.equal(bomb.status, 413)
    assert.match(((await bomb.json()) as any).error.message, /once gzip is undone/)
    // A prefixd index file past what a set may hold: 250,001 distinct properties counted.
    const many = Array.from({ length: 250_001 }, (_, i) => `http://example.org/p${i}`)
    const counted = { format: 'prefixd-usage/1', files: [], triples: many.length, iris: many, classes: [], properties: many.flatMap((_, i) => [i, 1]) }
    const crowded = await putFile(
      'team',
      'crowded.json',
      JSON.stringify({ ...counted, classProperties: [], follows: [], prefixes: [], definitions: [] }),
      'application/json',
    )
    assert.equal(crowded.status, 413)
    assert.match(
      ((await crowded.json()) as any).error.message,
      /count at most 250,000 distinct terms and pairs together; with crowded\.json it would be 250,0\d\d/,
    )
    const cases: Array<[Promise<Response>, number, RegExp]> = [
      [putFile('team', 'w.xml', '<rdf/>', 'application/rdf+xml'), 415, /a vocabulary file is sent as/],
      [putFile('nosuch', 'w.ttl', WIDGETS_TTL), 404, /unknown set 'nosuch': PUT the set first/],
      [putFile('team', 'w.ttl', WIDGETS_TTL, 'text/turtle', {}), 401, /writing sets needs Authorization/],
      [putFile('team', 'w.ttl', WIDGETS_TTL, 'text/turtle', { authorization: 'Bearer wrong-token-0123456789' }), 401, /not valid/],
      [putFile('team', '.hidden', WIDGETS_TTL), 400, /a vocabulary file name is/],
      [fetch(url('/api/v1/sets/team/vocabularies/none.ttl'), { method: 'DELETE', headers: auth }), 404, /has no vocabulary file 'none\.ttl'/],
      [fetch(url('/api/v1/sets/nosuch/vocabularies')), 404, /unknown set 'nosuch'/],
      [putFile('team', 'widgets.ttl', WIDGETS_TTL, 'text/turtle', { ...auth, 'if-match': '"stale"' }), 412, /changed it meanwhile/],
    ]
    for (const [answer, status, message] of cases) {
      const response = await answer
      assert.equal(response.status, status)
      assert.match(((await response.json()) as any).error.message, message)
    }
    assert.deepEqual(
      (await json('/api/v1/sets/team/vocabularies')).body.map((f: any) => f.file),
      ['data.nt.gz', 'widgets.ttl'],
    )
  })

  it('holds a set to 64 files when two uploads are read at once: the one stored second is a 413 and nothing of it is kept', async () => {
    // Another app on the same store, whose store says when an upload has listed the set's files (its early check).
    let listed: () => void = () => {}
    const checked = new Promise<void>((resolve) => (listed = resolve))
    const vocabularies = async (name: string, withUsage: boolean) => {
      const files = await store.vocabularies(name, withUsage)
      if (name === 'full' && !withUsage) listed()
      return files
    }
    const watched = new Proxy(store, {
      get: (target, key) =>
        key === 'vocabularies' ? vocabularies : typeof target[key as keyof SetStore] === 'function' ? (target as any)[key].bind(target) : (target as any)[key],
    })
    const other = await listen(createApp({ index, sets: { store: watched, tokens: [TOKEN] } }))
    try {
      const made = await fetch(url('/api/v1/sets/full'), {
        method: 'PUT',
        body: '@prefix full: <http://example.org/full#> .',
        headers: { 'content-type': 'text/turtle', ...auth },
      })
      assert.equal(made.status, 201)
      for (let i = 0; i < 63; i++) assert.equal((await putFile('full', `f${i}.ttl`, WIDGETS_TTL)).status, 201)
      // The 64th file's upload passes the early check (63 files), then waits for the rest of its body…
      const late = request(`${other.url}/api/v1/sets/full/vocabularies/late.ttl`, { method: 'PUT', headers: { 'content-type': 'text/turtle', ...auth } })
      const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
        late.on('response', (response) => {
          let body = ''
          response.on('data', (chunk: Buffer) => (body += chunk.toString()))
          response.on('end', () => resolve({ status: response.statusCode!, body }))
        })
        late.on('error', reject)
      })
      late.write(WIDGETS_TTL.slice(0, 40))
      await checked
      // …while another is stored as the 64th.
      assert.equal((await putFile('full', 'first.ttl', WIDGETS_TTL)).status, 201)
      late.end(WIDGETS_TTL.slice(40))
      const { status, body } = await answered
      assert.equal(status, 413, body)
      assert.match(
        JSON.parse(body).error.message,
        /at most 64 vocabulary files \(another upload to the set was stored while this one was read\); nothing was stored/,
      )
      const files = (await json('/api/v1/sets/full/vocabularies')).body.map((f: any) => f.file)
      assert.equal(files.length, 64)
      assert.ok(files.includes('first.ttl') && !files.includes('late.ttl'))
    } finally {
      await other.close()
    }
  })

  it('forgets a deleted file’s terms, and a deleted set’s files', async () => {
    const listed = await json('/api/v1/sets/team/vocabularies')
    const etag = listed.body.find((f: any) => f.file === 'data.nt.gz').etag
    assert.equal((await fetch(url('/api/v1/sets/team/vocabularies/data.nt.gz'), { method: 'DELETE', headers: { ...auth, 'if-match': etag } })).status, 204)
    // Only the vocabulary is left: no usage, so the index's order (the label-less order of names).
    assert.equal((await json('/api/v1/autocomplete?q=wdg:wi&set=team&detail=true&limit=1')).body[0].usage, 'defined in set team, not used yet')
    assert.equal((await fetch(url('/api/v1/sets/team'), { method: 'DELETE', headers: auth })).status, 204)
    await fetch(url('/api/v1/sets/team'), {
      method: 'PUT',
      body: '@prefix team: <http://example.org/team#> .',
      headers: { 'content-type': 'text/turtle', ...auth },
    })
    assert.deepEqual((await json('/api/v1/sets/team/vocabularies')).body, [])
    assert.equal((await json('/api/v1/autocomplete?q=wdg:w&set=team')).status, 404)
  })
}

describe('a set’s vocabulary files over HTTP (SQLite)', function () {
  this.timeout(30_000)
  storeTests(() => openSetStore(':memory:'))
})

describe('a set’s vocabulary files with --private-sets', function () {
  this.timeout(30_000)
  it('lists and serves them only with a token', async () => {
    const service = await startSetsResolver({
      index: PrefixIndex.fromPrefixes({ base: 'http://example.org/base#' }),
      tokens: [TOKEN],
      sets: { privateReads: true },
    })
    try {
      const auth = { authorization: `Bearer ${TOKEN}` }
      await service.putSet('team', '@prefix team: <http://example.org/team#> .')
      const put = await fetch(`${service.url}/api/v1/sets/team/vocabularies/widgets.ttl`, {
        method: 'PUT',
        body: WIDGETS_TTL,
        headers: { 'content-type': 'text/turtle', ...auth },
      })
      assert.equal(put.status, 201)
      for (const path of ['/api/v1/sets/team/vocabularies', '/api/v1/sets/team/vocabularies/widgets.ttl', '/api/v1/autocomplete?q=wdg:w&set=team']) {
        assert.equal((await fetch(service.url + path)).status, 401, path)
        assert.equal((await fetch(service.url + path, { headers: auth })).status, 200, path)
      }
    } finally {
      await service.close()
    }
  })
})

describe('a set’s vocabulary files over HTTP (PostgreSQL)', function () {
  this.timeout(60_000)
  let postgres: TestPostgres | undefined
  before(async function () {
    postgres = await postgresOrSkip(this)
  })
  after(() => postgres?.stop())
  storeTests(() => openSetStore(postgres!.createDatabase('vocabularies')))
})
