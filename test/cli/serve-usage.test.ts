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
function serve(args: readonly string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [MAIN, 'serve', '--port', '0', '--quiet', '--store', ':memory:', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
      const match = /listening on (\S+)/.exec(output)
      if (match) resolve({ child, url: match[1]!.replace(/\/$/, '') })
    })
    child.once('exit', (code) => reject(new Error(`prefixd serve exited with ${code}: ${output}`)))
  })
}

describe('prefixd serve --usage', function () {
  this.timeout(60_000)
  let dir: string
  let server: { child: ChildProcess; url: string }

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
