// Black-box tests of `prefixd chat-sync` and `prefixd chat-bot`: the built binary as a child process against the chat service over real HTTP.

import assert from 'node:assert/strict'
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expectSuccess, startTestChat, USERS, type TestChat } from '../../chat/chat-helpers.js'
import { startPeer, type Peer } from '../../chat/http-peer.js'
import { MAIN, prefixd, type Run } from '../run-prefixd.js'

/** The account options for the fixture user `name`. */
function account(chat: TestChat, name: string): string[] {
  const user = USERS[name]!
  return ['--site', chat.url, '--email', user.email, '--api-key', user.api_key]
}

/** Polls `check` every 20 ms until it returns a value, or fails after `ms` (a spawned bot takes seconds to start on a loaded 2-core machine). */
async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

interface LinkifierRow {
  readonly id: number
  readonly pattern: string
  readonly url_template: string
  readonly example_input: string | null
  readonly reverse_template: string | null
  readonly alternative_url_templates: readonly string[]
}

const FOAF = 'http://xmlns.com/foaf/0.1/'

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

describe('prefixd chat-bot', function () {
  this.timeout(60_000)
  const BOT = USERS['linkbot-bot']!.user_id
  const MAX = USERS.max!.user_id
  let chat: TestChat
  let bot: ChildProcessWithoutNullStreams
  let stdout = ''
  let stderr = ''
  let exited: Promise<number | null>

  interface MessageRow {
    readonly id: number
    readonly type: string
    readonly stream_id: number | null
    readonly topic: string
    readonly recipients: string
    readonly sender_id: number
    readonly content: string
  }

  /** Sends as max and returns the message id. */
  const send = async (values: Record<string, string | number[]>): Promise<number> => Number(expectSuccess(await chat.as('max').post('/messages', values)).id)
  const botMessagesAfter = async (id: number): Promise<MessageRow[]> =>
    (await chat.chat.db.all(
      'SELECT id, type, stream_id, topic, recipients, sender_id, content FROM messages WHERE sender_id = ? AND id > ? ORDER BY id',
      BOT,
      id,
    )) as MessageRow[]
  /** The bot's first message after message `id`. */
  const replyAfter = (id: number): Promise<MessageRow> => waitFor(`the bot's reply to message ${id}`, async () => (await botMessagesAfter(id))[0])
  const queuesOfBot = async (): Promise<number> =>
    ((await chat.chat.db.get('SELECT count(*) AS n FROM event_queues WHERE user_id = ?', BOT)) as { n: number }).n

  before(async () => {
    // Short heartbeats: a long poll on a queue deleted behind the service's back ends within a second.
    chat = await startTestChat({ heartbeatSeconds: [1, 1] })
    bot = spawn(process.execPath, [MAIN, 'chat-bot', ...account(chat, 'linkbot-bot')], { stdio: ['pipe', 'pipe', 'pipe'] })
    bot.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    bot.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    exited = new Promise((resolve) => bot.on('exit', (code) => resolve(code)))
    await waitFor('the bot to listen', () => (/listening as Link Bot/.test(stderr) ? true : undefined))
  })

  after(async () => {
    if (bot.exitCode === null && bot.signalCode === null) bot.kill('SIGKILL')
    await chat.close()
  })

  it('answers a direct message with the expansion, to the sender', async () => {
    const id = await send({ type: 'direct', to: [BOT], content: 'expand foaf:Person' })
    const reply = await replyAfter(id)
    assert.equal(reply.type, 'private')
    assert.deepEqual(JSON.parse(reply.recipients), [MAX, BOT])
    assert.ok(reply.content.includes(`${FOAF}Person`), reply.content)
    await waitFor('the log line', () => (stdout.includes(`answered message ${id} from max@example.com (direct): expand\n`) ? true : undefined))
  })

  it('answers a channel message that mentions it in the same channel and topic', async () => {
    const id = await send({ type: 'stream', to: '2', topic: 'names', content: '@**Link Bot** shrink http://schema.org/Person' })
    const reply = await replyAfter(id)
    assert.equal(reply.type, 'stream')
    assert.equal(reply.stream_id, 2)
    assert.equal(reply.topic, 'names')
    assert.ok(reply.content.includes('schema:Person'), reply.content)
  })

  it('ignores channel messages that do not mention it', async () => {
    const quiet = await send({ type: 'stream', to: '2', topic: 'names', content: 'complete foaf:Pers' })
    const id = await send({ type: 'stream', to: '2', topic: 'names', content: 'hey @**Link Bot**, complete foaf:Pers' })
    const reply = await replyAfter(quiet)
    assert.ok(reply.id > id, 'the first reply answers the mention')
    assert.ok(reply.content.includes('foaf:Person'), reply.content)
  })

  it('answers what it does not understand with a short help', async () => {
    const id = await send({ type: 'direct', to: [BOT], content: 'hello there' })
    const reply = await replyAfter(id)
    assert.match(reply.content, /expand PREFIX:NAME/)
    assert.ok(reply.content.split('\n').length <= 5)
  })

  it('answers again after its event queue was deleted behind its back', async () => {
    assert.equal(await queuesOfBot(), 1)
    await chat.chat.db.run('DELETE FROM event_queues WHERE user_id = ?', BOT)
    await waitFor('the bot to register again', () => (/event queue lost; listening again/.test(stderr) ? true : undefined))
    const id = await send({ type: 'direct', to: [BOT], content: 'complete schema:Perso' })
    const reply = await replyAfter(id)
    assert.ok(reply.content.includes('schema:Person'), reply.content)
  })

  it('stops on SIGTERM with exit code 0 and deletes its queue', async () => {
    bot.kill('SIGTERM')
    assert.equal(await exited, 0)
    assert.equal(await queuesOfBot(), 0)
  })
})

describe('prefixd chat-bot behind a link that loses answers', function () {
  this.timeout(60_000)
  const BOT = USERS['linkbot-bot']!.user_id
  let chat: TestChat
  let peer: Peer
  let bot: ChildProcessWithoutNullStreams
  let stdout = ''
  let stderr = ''
  /** The chat's database, kept across its restarts. */
  let dir: string

  const botReplies = async (): Promise<Array<{ content: string }>> =>
    (await chat.chat.db.all('SELECT content FROM messages WHERE sender_id = ? ORDER BY id', BOT)) as Array<{ content: string }>
  const ask = async (content: string): Promise<number> =>
    Number(expectSuccess(await chat.as('max').post('/messages', { type: 'direct', to: [BOT], content })).id)

  before(async () => {
    // Heartbeats every second: the poll that confirms or refutes a reply's arrival ends quickly.
    dir = await mkdtemp(join(tmpdir(), 'prefixd-chat-bot-'))
    chat = await startTestChat({ db: join(dir, 'chat.db'), heartbeatSeconds: [1, 1] })
    peer = await startPeer(chat.url)
    const user = USERS['linkbot-bot']!
    bot = spawn(process.execPath, [MAIN, 'chat-bot', '--site', peer.url, '--email', user.email, '--api-key', user.api_key], { stdio: ['pipe', 'pipe', 'pipe'] })
    bot.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    bot.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    await waitFor('the bot to listen', () => (/listening as Link Bot/.test(stderr) ? true : undefined))
  })

  after(async () => {
    bot.kill('SIGKILL')
    await peer.close()
    await chat.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('does not answer twice when the answer to its reply is lost after the chat took it', async () => {
    peer.script = (method, path, index) => (method === 'POST' && path === '/api/v1/messages' && index === 0 ? 'lose' : 'proxy')
    const id = await ask('expand foaf:Person')
    await waitFor('the arrival of the reply, seen in the event queue', () =>
      stdout.includes(`answered message ${id} from max@example.com (direct): expand (its arrival seen in the event queue)`) ? true : undefined,
    )
    assert.match(stderr, new RegExp(`no answer to the reply to message ${id} .*waiting for the event queue`))
    // Two more polls, to be sure nothing is sent again.
    const polls = peer.requests.filter((r) => r.method === 'GET').length
    await waitFor('two more polls', () => (peer.requests.filter((r) => r.method === 'GET').length >= polls + 2 ? true : undefined))
    assert.equal((await botReplies()).length, 1)
    assert.equal(peer.requests.filter((r) => r.method === 'POST' && r.url === '/api/v1/messages').length, 1)
  })

  it('sends its reply again when the event queue shows it never arrived', async () => {
    const before = (await botReplies()).length
    peer.script = (method, path, index) => (method === 'POST' && path === '/api/v1/messages' && index === 1 ? 'reset' : 'proxy')
    const id = await ask('expand schema:Person')
    await waitFor('the reply sent again', () => (stdout.includes(`answered message ${id} from max@example.com (direct): expand\n`) ? true : undefined))
    assert.equal((await botReplies()).length, before + 1)
    assert.ok((await botReplies()).at(-1)!.content.includes('http://schema.org/Person'))
    assert.equal(peer.requests.filter((r) => r.method === 'POST' && r.url === '/api/v1/messages').length, 3)
  })

  it('answers again after the chat service restarts, on the queue it had', async () => {
    const queue = async (): Promise<string> => ((await chat.chat.db.get('SELECT id FROM event_queues WHERE user_id = ?', BOT)) as { id: string }).id
    const before = await queue()
    await chat.close()
    chat = await startTestChat({ db: join(dir, 'chat.db'), heartbeatSeconds: [1, 1] })
    peer.upstream = chat.url
    const id = await ask('expand owl:Class')
    await waitFor('the answer after the restart', () => (stdout.includes(`answered message ${id} from max@example.com (direct): expand\n`) ? true : undefined))
    assert.equal(await queue(), before)
    assert.doesNotMatch(stderr, /event queue (failed|lost)/)
  })
})
