// Black-box tests of `prefixd chat-sync` (packages/chat-tools/src/chat-sync.ts through the CLI) against the chat service over real HTTP.

import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expectSuccess, startTestChat, USERS, type TestChat } from '../chat/chat-helpers.js'
import { startPeer } from '../chat/http-peer.js'
import { prefixd, type Run } from '../cli/run-prefixd.js'
import { account, FOAF, type LinkifierRow } from './chat-accounts.js'

describe('prefixd chat-sync', function () {
  this.timeout(60_000)
  let chat: TestChat
  let dir: string
  /** The fixture's own linkifier, as listed before any sync. */
  let fixtureLinkifier: LinkifierRow

  const list = async (): Promise<LinkifierRow[]> => expectSuccess(await chat.as('adam').get('/realm/linkifiers')).linkifiers as LinkifierRow[]
  const sync = (...args: string[]): Promise<Run> => prefixd(['chat-sync', ...account(chat, 'adam'), ...args])

  before(async () => {
    chat = await startTestChat()
    dir = await mkdtemp(join(tmpdir(), 'prefixd-chat-sync-'))
    await writeFile(join(dir, 'mine.json'), JSON.stringify({ foaf: "http://example.org/it's/100%/" }))
    const before = await list()
    assert.equal(before.length, 1)
    fixtureLinkifier = before[0]!
  })

  after(async () => {
    await chat.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('creates one linkifier per prefix of --only, after the organization’s own, which it leaves alone', async () => {
    const run = await sync('--only', 'foaf,schema')
    assert.equal(run.stderr, '')
    assert.match(run.stdout, /^created 2, updated 0, deleted 0, unchanged 0$/m)
    assert.equal(run.code, 0)
    const [first, foaf, schema, ...rest] = await list()
    assert.deepEqual(first, fixtureLinkifier)
    assert.deepEqual(rest, [])
    assert.match(foaf!.pattern, /^foaf:\(\?P<prefixd_local>/)
    assert.equal(foaf!.url_template, `${FOAF}{+prefixd_local}`)
    assert.equal(foaf!.reverse_template, 'foaf:{prefixd_local}')
    assert.match(foaf!.example_input!, /^foaf:[A-Z]\w*$/)
    assert.match(schema!.pattern, /^schema:\(\?P<prefixd_local>/)
    assert.equal(schema!.url_template, 'http://schema.org/{+prefixd_local}')
  })

  it('makes prefixed names in messages link to their IRIs, without the sentence’s full stop', async () => {
    const { rendered } = expectSuccess(await chat.as('max').post('/messages/render', { content: 'Use foaf:Person. Or schema:a:b, and #12.' }))
    assert.match(String(rendered), new RegExp(`<a href="${FOAF}Person">foaf:Person</a>\\.`))
    assert.match(String(rendered), /<a href="http:\/\/schema.org\/a:b">schema:a:b<\/a>,/)
    assert.match(String(rendered), /issues\/12/)
  })

  it('changes nothing when run again, and says so', async () => {
    const before = await list()
    const run = await sync('--only', 'foaf,schema')
    assert.match(run.stdout, /^created 0, updated 0, deleted 0, unchanged 2$/m)
    assert.equal(run.code, 0)
    assert.deepEqual(await list(), before)
  })

  it('prints the plan and changes nothing with --dry-run', async () => {
    const before = await list()
    const run = await sync('--only', 'foaf', '--only', 'owl', '--dry-run')
    assert.match(run.stdout, /^create owl: owl:\(\?P<prefixd_local>.* -> http:\/\/www\.w3\.org\/2002\/07\/owl#\{\+prefixd_local\}$/m)
    assert.match(run.stdout, /^delete schema \(linkifier \d+\)/m)
    assert.match(run.stdout, /^dry run: would create 1, update 0, delete 1; unchanged 1$/m)
    assert.equal(run.code, 0)
    assert.deepEqual(await list(), before)
  })

  it('reports the server’s refusal of a non-administrator’s key and exits 2, changing nothing', async () => {
    const before = await list()
    const run = await prefixd(['chat-sync', ...account(chat, 'max'), '--only', 'foaf,schema,owl'])
    assert.match(run.stderr, /could not create the linkifier of owl .*: Must be an organization administrator \(UNAUTHORIZED_PRINCIPAL, HTTP 400\)$/m)
    // Asked once more after reading the linkifiers again (the refusal might have hidden a lost answer), then final.
    assert.equal(run.stderr.match(/Must be an organization administrator/g)?.length, 2)
    assert.equal(run.code, 2)
    assert.deepEqual(await list(), before)
  })

  it('updates its linkifier in place when a namespace changes, encoding what a template literal cannot hold', async () => {
    const [, foaf] = await list()
    const run = await sync('--prefixes', join(dir, 'mine.json'), '--only', 'foaf,schema')
    assert.match(run.stdout, /^updated foaf \(linkifier \d+\)$/m)
    assert.match(run.stdout, /^created 0, updated 1, deleted 0, unchanged 1$/m)
    const [, changed] = await list()
    assert.equal(changed!.id, foaf!.id)
    assert.equal(changed!.url_template, 'http://example.org/it%27s/100%25/{+prefixd_local}')
    assert.match((await sync('--only', 'foaf,schema')).stdout, /^created 0, updated 1, deleted 0, unchanged 1$/m)
    assert.deepEqual((await list())[1], foaf)
  })

  it('deletes only its own linkifiers of prefixes no longer wanted', async () => {
    const [fixture, foaf] = await list()
    const run = await sync('--only', 'foaf')
    assert.match(run.stdout, /^deleted schema \(linkifier \d+\)$/m)
    assert.match(run.stdout, /^created 0, updated 0, deleted 1, unchanged 1$/m)
    assert.equal(run.code, 0)
    assert.deepEqual(await list(), [fixture, foaf])
  })

  it('creates nothing twice when the answer to a creation is lost, and ends as planned', async () => {
    const peer = await startPeer(chat.url)
    try {
      peer.script = (method, path, index) => (method === 'POST' && path === '/api/v1/realm/filters' && index === 0 ? 'lose' : 'proxy')
      const user = USERS['adam']!
      const run = await prefixd(['chat-sync', '--site', peer.url, '--email', user.email, '--api-key', user.api_key, '--only', 'foaf,owl,skos'])
      assert.match(run.stderr, /could not create the linkifier of owl .*; reading the linkifiers again/)
      // owl was created by the call whose answer was lost, skos in the next round: both count.
      assert.match(run.stdout, /^created 2, updated 0, deleted 0, unchanged 1$/m)
      assert.equal(run.code, 0)
      const patterns = (await list()).map((l) => l.pattern.split(':')[0])
      assert.deepEqual(patterns.slice(1), ['foaf', 'owl', 'skos'])
      assert.equal(peer.requests.filter((r) => r.method === 'POST').length, 2)
      assert.match((await sync('--only', 'foaf')).stdout, /^created 0, updated 0, deleted 2, unchanged 1$/m)
    } finally {
      await peer.close()
    }
  })

  it('refuses, before changing anything, more linkifiers than the server allows', async () => {
    const before = await list()
    const run = await sync('--limit', '100')
    assert.match(run.stderr, /100 prefix linkifiers and the organization's 1 others would make 101, more than the server's limit of 100/)
    assert.equal(run.code, 2)
    assert.deepEqual(await list(), before)
  })

  it('without --only plans the most used curated vocabularies', async () => {
    const run = await sync('--dry-run', '--limit', '3')
    assert.deepEqual(
      run.stdout
        .split('\n')
        .filter((l) => /^(create|keep|delete|update) /.test(l))
        .map((l) => l.split(/[ :]/)[0] + ' ' + l.split(/[ :]/)[1]),
      ['create rdf', 'create dbo', 'keep foaf'],
    )
    assert.match(run.stdout, /^dry run: would create 2, update 0, delete 0; unchanged 1$/m)
  })

  it('needs the account options', async () => {
    const run = await prefixd(['chat-sync', '--only', 'foaf'])
    assert.match(run.stderr, /--site, --email and --api-key are required/)
    assert.equal(run.code, 2)
  })
})
