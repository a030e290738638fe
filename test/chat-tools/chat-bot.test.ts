// Black-box tests of `prefixd chat-bot` (packages/chat-tools/src/chat-bot.ts): the built binary as a child process against the chat service over real HTTP.

import assert from 'node:assert/strict'
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expectSuccess, startTestChat, USERS, type TestChat } from '../chat/chat-helpers.js'
import { startPeer, type Peer } from '../chat/http-peer.js'
import { MAIN } from '../cli/run-prefixd.js'
import { account, FOAF, waitFor } from './chat-accounts.js'

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
