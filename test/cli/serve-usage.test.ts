// `prefixd serve --usage FILE` over real HTTP: a usage file written by `prefixd index` ranks the resolver's
// completion (in the context the query gives) and search, detail=true says why; a bad file stops the start.

import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PrefixIndex } from '@prefixd/core'
import { MAIN, prefixd } from './run-prefixd.js'

const SCHEMA = 'http://schema.org/'

/** Starts the binary and resolves with its URL once it listens. */
function serve(args: readonly string[]): Promise<{ child: ChildProcess; url: string; said: string }> {
  const child = spawn(process.execPath, [MAIN, 'serve', '--port', '0', '--quiet', '--store', ':memory:', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
      const match = /listening on (\S+)/.exec(output)
      if (match) resolve({ child, url: match[1]!.replace(/\/$/, ''), said: output })
    })
    child.once('exit', (code) => reject(new Error(`prefixd serve exited with ${code}: ${output}`)))
  })
}

describe('prefixd serve --usage', function () {
  this.timeout(60_000)
  let dir: string
  let server: { child: ChildProcess; url: string; said: string }

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'prefixd-serve-usage-'))
    const people = Array.from({ length: 30 }, (_, i) => `ex:p${i} a schema:Person ; schema:email "p${i}@example.org" ; schema:nationality ex:x .`).join('\n')
    await writeFile(join(dir, 'people.ttl'), `@prefix schema: <${SCHEMA}> . @prefix ex: <http://example.org/> .\n${people}\n`)
    const indexed = await prefixd(['index', join(dir, 'people.ttl'), '--out', join(dir, 'usage.json')])
    assert.equal(indexed.code, 0, indexed.stderr)
    server = await serve(['--usage', join(dir, 'usage.json')])
  })
  after(async () => {
    server?.child.kill()
    await rm(dir, { recursive: true, force: true })
  })

  it('ranks completion by the workspace’s usage, in the context the query gives, and says why with detail=true', async () => {
    const index = await PrefixIndex.loadDefault()
    assert.notEqual(index.autocomplete('schema:na')![0], 'schema:nationality', 'the bundled order alone puts another first')
    const plain = (await (await fetch(`${server.url}/api/v1/autocomplete?q=schema:na&limit=3`)).json()) as string[]
    assert.equal(plain[0], 'schema:nationality')
    assert.deepEqual(
      plain.slice(1),
      index
        .autocomplete('schema:na', { limit: 3 })!
        .filter((name) => name !== 'schema:nationality')
        .slice(0, 2),
      'then the index’s own order',
    )
    const after = await (await fetch(`${server.url}/api/v1/autocomplete?q=schema:n&limit=1&prefer=property&previous=schema:email`)).json()
    assert.deepEqual(after, ['schema:nationality'])
    const detail = (await (await fetch(`${server.url}/api/v1/autocomplete?q=schema:nationa&limit=1&detail=true&previous=schema:email`)).json()) as Array<{
      value: string
      usage?: string
    }>
    assert.equal(detail[0]!.value, 'schema:nationality')
    assert.equal(detail[0]!.usage, 'used 30 times in this workspace; after schema:email 30 times')
  })

  it('places what the workspace never used by how its domain fits the subject’s types, and says so', async () => {
    const get = async (query: string) => (await (await fetch(`${server.url}/api/v1/autocomplete?${query}`)).json()) as unknown
    const typed = (await get('q=schema:g&limit=3&prefer=property&types=schema:Person')) as string[]
    assert.equal(typed[0], 'schema:gender')
    assert.ok(typed.includes('schema:givenName'), JSON.stringify(typed))
    // Without the subject's types the bundled order stands (schema:gtin, a product's, first).
    assert.equal(((await get('q=schema:g&limit=3&prefer=property')) as string[])[0], 'schema:gtin')
    const [detail] = (await get('q=schema:gende&limit=1&prefer=property&types=schema:Person&detail=true')) as Array<{ value: string; usage?: string }>
    assert.equal(detail!.value, 'schema:gender')
    assert.match(detail!.usage ?? '', /domain names schema:Person/)
  })

  it('ranks search by the workspace’s usage', async () => {
    const index = await PrefixIndex.loadDefault()
    assert.notEqual(index.search('person', { limit: 1 })[0]!.prefixed, 'schema:Person', 'the bundled order alone puts another first')
    const found = (await (await fetch(`${server.url}/api/v1/suggest?q=person&limit=5`)).json()) as string[]
    assert.equal(found[0], 'schema:Person')
  })

  it('refuses a file that is no usage file, before it starts', async () => {
    await writeFile(join(dir, 'bad.json'), '{"format":"something-else"}')
    const run = await prefixd(['serve', '--port', '0', '--usage', join(dir, 'bad.json')])
    assert.equal(run.code, 2)
    assert.match(run.stderr, /--usage: .*bad\.json: not a prefixd-usage\/1 file: its format is "something-else"/)
    const missing = await prefixd(['serve', '--port', '0', '--usage', join(dir, 'nope.json')])
    assert.match(missing.stderr, /--usage: cannot read .*nope\.json: ENOENT/)
  })
})

describe('prefixd serve --usage: the prefixes its data declares', function () {
  this.timeout(60_000)
  const LV2 = 'http://lv2plug.in/ns/lv2core#'
  const SYMBOL_COMMENT = 'A short name, as code writes it.'
  let dir: string
  let server: { child: ChildProcess; url: string; said: string }
  const get = async (path: string) => (await fetch(`${server.url}/api/v1/${path}`)).json() as Promise<unknown>

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'prefixd-serve-usage-prefixes-'))
    // As LV2's plugins are written: its own lv2: (prefix.cc's long-tail lv2: is another namespace), a file's own `:`.
    const plugin = (i: number) =>
      `@prefix lv2: <${LV2}> . @prefix pg: <http://lv2plug.in/ns/ext/port-groups#> . @prefix : <http://example.org/p${i}#> .\n` +
      `:p a lv2:Plugin ; lv2:port [ a lv2:InputPort ; lv2:index 0 ; lv2:symbol "in" ; pg:group :g ] .\n`
    for (let i = 0; i < 3; i++) await writeFile(join(dir, `p${i}.ttl`), plugin(i))
    await writeFile(
      join(dir, 'lv2core.ttl'),
      `@prefix lv2: <${LV2}> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\nlv2:symbol a <http://www.w3.org/1999/02/22-rdf-syntax-ns#Property> ; rdfs:label "symbol" ; rdfs:comment "${SYMBOL_COMMENT}" ; rdfs:domain lv2:Port .\n`,
    )
    const indexed = await prefixd(['index', dir, '--out', join(dir, 'usage.json')])
    assert.equal(indexed.code, 0, indexed.stderr)
    server = await serve(['--usage', join(dir, 'usage.json')])
  })
  after(async () => {
    server?.child.kill()
    await rm(dir, { recursive: true, force: true })
  })

  it('serves the project’s lv2: over the table’s long-tail one: completion, expand and shrink agree', async () => {
    assert.deepEqual(await get(`autocomplete?q=lv2:s&limit=1&prefer=property&previous=lv2:index`), ['lv2:symbol'])
    assert.deepEqual(await get('expand?q=lv2:symbol'), { success: true, value: LV2 + 'symbol' })
    assert.deepEqual(await get(`shrink?q=${encodeURIComponent(LV2 + 'symbol')}`), { success: true, value: 'lv2:symbol' })
    const found = (await get('search?q=symbol&limit=3')) as Array<{ prefixed: string }>
    assert.equal(found[0]?.prefixed, 'lv2:symbol', 'the term its data defines, first by its use')
  })

  it('offers only names it expands: never a file’s own `:`', async () => {
    const offered = (await get('autocomplete?q=&limit=1000')) as string[]
    assert.ok(!offered.includes(':'))
    assert.ok(offered.includes('pg:'))
    const detail = (await get('autocomplete?q=pg:&detail=true')) as Array<{ value: string; iri: string; namespace: string | null }>
    assert.ok(detail.length > 0)
    for (const item of detail) {
      assert.notEqual(item.namespace, null, item.value)
      assert.deepEqual(await get(`expand?q=${encodeURIComponent(item.value)}`), { success: true, value: item.iri })
    }
    const why = (await get('autocomplete?q=lv2:portP&limit=1&detail=true')) as Array<{ usage?: string }>
    assert.doesNotMatch(why[0]?.usage ?? '', /(^|\s):\w/, 'explanations name terms as the server writes them')
  })

  it('describes the terms its data defines from it: the comment as the definition, the domain; no file paths', async () => {
    const term = (await get('term?q=lv2:symbol')) as { definition?: string; domain: Array<{ prefixed?: string }>; definedIn?: unknown }
    assert.equal(term.definition, SYMBOL_COMMENT)
    assert.deepEqual(
      term.domain.map((ref) => ref.prefixed),
      ['lv2:Port'],
    )
    assert.equal(term.definedIn, undefined, 'the paths are where prefixd index ran, not for the HTTP API to show')
    const [detail] = (await get('autocomplete?q=lv2:sy&limit=1&detail=true')) as Array<{ value: string; definition: string | null }>
    assert.deepEqual([detail?.value, detail?.definition], ['lv2:symbol', SYMBOL_COMMENT])
    const results = (await get('search/results?q=symbol')) as { hits: Array<{ prefixed: string | null; definition: string | null }> }
    assert.equal(results.hits.find((hit) => hit.prefixed === 'lv2:symbol')?.definition, SYMBOL_COMMENT)
  })

  it('lends the project’s lv2: nothing of what described prefix.cc’s lv2: (its rank, its source)', async () => {
    const index = await PrefixIndex.loadDefault()
    assert.notEqual(index.namespace('lv2'), LV2)
    assert.notEqual(index.vocabulary('lv2')?.popularity, undefined, 'prefix.cc ranks its lv2:')
    const described = (await get('prefixes/lv2')) as { namespace: string; popularity: number | null; curated: boolean }
    assert.deepEqual([described.namespace, described.popularity, described.curated], [LV2, null, false])
  })

  it('says it once with --workers, not once per worker, and where the sets are once too', async () => {
    const workers = await serve(['--workers', '2', '--store', join(dir, 'sets.db'), '--usage', join(dir, 'usage.json')])
    try {
      assert.match(workers.said, /listening on \S+ \(2 workers\)/)
      assert.equal(workers.said.match(/--usage binds/g)?.length, 1, workers.said)
      assert.equal(workers.said.match(/project prefix sets in /g)?.length, 1, workers.said)
    } finally {
      workers.child.kill()
    }
  })

  it('says at the start which prefixes its data binds, and over what', () => {
    assert.match(
      server.said,
      /--usage binds \d+ prefixes its data declares: .*lv2: <http:\/\/lv2plug\.in\/ns\/lv2core#> \(over the table's <[^>]+>, not offered\)/,
    )
  })
})
