// What the official Python bindings, `zulip-send` and the shipped bots do against a chat service, written once
// for one service (clients/python-client.test.ts) and for two processes on PostgreSQL
// (clients/python-client-postgres.test.ts).

import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PythonZulip } from '../support/python-zulip.js'
import { until, USERS } from './chat-helpers.js'
import { call } from './one-connection.js'

/** Where the scenarios run: the service a client talks to, and the one a person reads through (may be the same). */
export interface Services {
  readonly py: PythonZulip
  /** Where the Python clients and bots connect. */
  readonly clientUrl: string
  /** Where the people of the tests send and read. */
  readonly peopleUrl: string
  /** How many event queues `userId` has (a bot has started listening when it registers one more). */
  queueCount(userId: number): Promise<number>
}

interface Message {
  readonly id: number
  readonly type: string
  readonly sender_id: number
  readonly content: string
  readonly subject: string
  readonly display_recipient: unknown
}

/** A queue of `user` through `url`, and a way to wait for its next message that satisfies `test`. */
export async function messageQueue(
  url: string,
  user: string,
): Promise<{ next(test: (m: Message, flags: string[]) => boolean, what: string): Promise<{ message: Message; flags: string[] }> }> {
  const registered = await call(url, user, 'POST', '/register', { event_types: '["message"]', queue_lifespan_secs: '600' })
  assert.equal(registered.status, 200, JSON.stringify(registered.body))
  const queueId = registered.body.queue_id as string
  let last = -1
  const pending: Array<{ message: Message; flags: string[] }> = []
  return {
    async next(test, what) {
      const deadline = performance.now() + 60_000 // a safety net (a bot starts Python first), not a measure
      for (;;) {
        const found = pending.findIndex((e) => test(e.message, e.flags))
        if (found >= 0) return pending.splice(found, 1)[0]!
        if (performance.now() > deadline) throw new Error(`no message: ${what}; seen ${JSON.stringify(pending.map((e) => e.message.content))}`)
        const answer = await call(url, user, 'GET', '/events', { queue_id: queueId, last_event_id: String(last), dont_block: 'true' })
        assert.equal(answer.status, 200, JSON.stringify(answer.body))
        const events = answer.body.events as Array<{ id: number; type: string; message?: Message; flags?: string[] }>
        for (const e of events) if (e.type === 'message') pending.push({ message: e.message!, flags: e.flags! })
        if (events.length > 0) last = events.at(-1)!.id
        else await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
  }
}

/** Runs a shipped bot as Link Bot through `zulip-run-bot`; resolves once it listens. */
export async function runBot(services: Services, bot: string, botConfig?: string): Promise<ChildProcess> {
  const rc = await services.py.zuliprc(services.clientUrl, USERS['linkbot-bot']!.email, USERS['linkbot-bot']!.api_key)
  const args = [bot, '--config-file', rc]
  if (botConfig !== undefined) {
    const file = join(await mkdtemp(join(tmpdir(), 'prefixd-bot-config-')), `${bot}.conf`)
    await writeFile(file, botConfig)
    args.push('--bot-config-file', file)
  }
  const botId = USERS['linkbot-bot']!.user_id
  const queuesBefore = await services.queueCount(botId) // (the queues of bots run before stay until they expire)
  const child = spawn(services.py.bin('zulip-run-bot'), args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  let exited = false
  child.once('exit', () => (exited = true))
  let listening = false
  let asking = false
  await until(
    () => {
      if (exited) throw new Error(`zulip-run-bot ${bot} exited: ${output}`)
      if (!asking) {
        asking = true
        void services.queueCount(botId).then((count) => {
          listening = count > queuesBefore
          asking = false
        })
      }
      return listening
    },
    `zulip-run-bot ${bot} registers its queue`,
    120_000,
  )
  return child
}

/** Sends as a fixture user through `url`; returns the message id. */
export async function send(url: string, user: string, values: Record<string, string>): Promise<number> {
  const answer = await call(url, user, 'POST', '/messages', values)
  assert.equal(answer.status, 200, JSON.stringify(answer.body))
  return answer.body.id as number
}

/**
 * The tests: `zulip.Client` unchanged, `zulip-send` with a `.zuliprc`, the bots helloworld and followup answering
 * a direct message and an @-mention in a channel, and incrementor (bot storage, editing its answer). `services()` is called once `before` ran.
 */
export function definePythonTests(services: () => Services): void {
  let bot: ChildProcess | undefined
  afterEach(() => {
    bot?.kill('SIGKILL')
    bot = undefined
  })

  it('zulip.Client starts unchanged and sends to a channel (subject=) and as direct messages (to as emails, as ids)', async () => {
    const { py, clientUrl, peopleUrl } = services()
    const nina = await messageQueue(peopleUrl, 'nina')
    const rc = await py.zuliprc(clientUrl, USERS.max!.email, USERS.max!.api_key)
    const { stdout } = await py.python(
      `import json, os, zulip
c = zulip.Client(config_file=os.environ["ZULIPRC"])
out = {"version": c.zulip_version, "level": c.feature_level, "me": c.get_profile()}
out["stream"] = c.send_message({"type": "stream", "to": "general", "subject": "python", "content": "hello from python"})
out["by_email"] = c.send_message({"type": "private", "to": ["nina@example.com"], "content": "direct by email"})
out["by_id"] = c.send_message({"type": "private", "to": [${USERS.nina!.user_id}], "content": "direct by id"})
print(json.dumps(out))`,
      { ZULIPRC: rc },
    )
    const out = JSON.parse(stdout) as Record<string, Record<string, unknown>> & { version: string; level: number }
    assert.match(out.version, /^\d+\.\d+/)
    assert.equal(out.level, 496)
    assert.equal(out.me!.email, USERS.max!.email)
    for (const key of ['stream', 'by_email', 'by_id']) assert.equal(out[key]!.result, 'success', JSON.stringify(out[key]))
    const inChannel = await nina.next((m) => m.id === out.stream!.id, 'the channel message')
    assert.deepEqual([inChannel.message.display_recipient, inChannel.message.subject, inChannel.message.content], ['general', 'python', 'hello from python'])
    for (const key of ['by_email', 'by_id']) {
      const direct = await nina.next((m) => m.id === out[key]!.id, key)
      assert.equal(direct.message.type, 'private')
      assert.deepEqual(
        (direct.message.display_recipient as Array<{ id: number }>).map((p) => p.id),
        [USERS.max!.user_id, USERS.nina!.user_id],
      )
    }
  })

  it('reads, stars, edits and deletes through the bindings: get_messages, update_message_flags, update_message, get_raw_message, delete_message', async () => {
    const { py, clientUrl } = services()
    const rc = await py.zuliprc(clientUrl, USERS.max!.email, USERS.max!.api_key)
    const { stdout } = await py.python(
      `import json, os, zulip
c = zulip.Client(config_file=os.environ["ZULIPRC"])
out = {}
sent = c.send_message({"type": "stream", "to": "general", "subject": "py history", "content": "read me back"})
out["sent"] = sent
out["got"] = c.get_messages({"anchor": "newest", "num_before": 5, "num_after": 0, "narrow": [{"operator": "stream", "operand": "general"}, {"operator": "topic", "operand": "py history"}]})
out["flags"] = c.update_message_flags({"messages": [sent["id"]], "op": "add", "flag": "starred"})
out["starred"] = c.get_messages({"anchor": "newest", "num_before": 5, "num_after": 0, "narrow": [{"operator": "is", "operand": "starred"}]})
out["edit"] = c.update_message({"message_id": sent["id"], "content": "edited from python", "topic": "py renamed"})
out["raw"] = c.get_raw_message(sent["id"])
out["deleted"] = c.delete_message(sent["id"])
out["after"] = c.get_raw_message(sent["id"])
print(json.dumps(out))`,
      { ZULIPRC: rc },
    )
    type Answer = Record<string, unknown> & { result: string; messages?: Array<{ id: number; content: string; flags: string[] }> }
    const out = JSON.parse(stdout) as Record<string, Answer>
    const id = out.sent!.id as number
    for (const key of ['got', 'flags', 'starred', 'edit', 'raw', 'deleted']) assert.equal(out[key]!.result, 'success', `${key}: ${JSON.stringify(out[key])}`)
    assert.deepEqual(
      out.got!.messages!.map((m) => [m.id, m.content, m.flags]),
      [[id, '<p>read me back</p>', ['read']]],
    )
    assert.deepEqual(out.flags!.messages, [id])
    assert.deepEqual(
      out.starred!.messages!.map((m) => [m.id, m.flags]),
      [[id, ['read', 'starred']]],
    )
    const raw = out.raw!.message as { content: string; subject: string }
    assert.deepEqual([raw.content, raw.subject, out.raw!.raw_content], ['<p>edited from python</p>', 'py renamed', 'edited from python'])
    assert.deepEqual([out.after!.result, out.after!.msg], ['error', 'Invalid message(s)'])
  })

  it('searches with highlights, moves a topic (its notices reach the other process), and shares a file by a temporary URL', async () => {
    const { py, clientUrl, peopleUrl } = services()
    const nina = await messageQueue(peopleUrl, 'nina')
    // Max's attachment events, read through the other process.
    const registered = await call(peopleUrl, 'max', 'POST', '/register', { event_types: '["attachment"]' })
    const queueId = registered.body.queue_id as string
    const rc = await py.zuliprc(clientUrl, USERS.max!.email, USERS.max!.api_key)
    const { stdout } = await py.python(
      `import json, os, tempfile, requests, zulip
c = zulip.Client(config_file=os.environ["ZULIPRC"])
out = {}
first = c.send_message({"type": "stream", "to": "general", "subject": "py turtle", "content": "a *turtle* here"})
out["found"] = c.get_messages({"anchor": "newest", "num_before": 5, "num_after": 0, "narrow": [{"operator": "topic", "operand": "py turtle"}, {"operator": "search", "operand": "Turtle"}]})
out["moved"] = c.update_message({"message_id": first["id"], "topic": "py moved", "propagate_mode": "change_all", "send_notification_to_old_thread": True})
path = os.path.join(tempfile.mkdtemp(), "shared.txt")
with open(path, "w") as f:
    f.write("shared for a minute")
with open(path, "rb") as fp:
    up = c.upload_file(fp)
sent = c.send_message({"type": "stream", "to": "general", "subject": "py files", "content": "[shared](%s)" % up["url"]})
out["sent"] = sent
out["temporary"] = c.call_endpoint(url="user_uploads/" + up["url"][len("/user_uploads/"):], method="GET")
r = requests.get(os.environ["SITE"] + out["temporary"]["url"])
out["fetched"] = [r.status_code, r.text]
out["deleted"] = c.delete_message(sent["id"])
print(json.dumps(out))`,
      { ZULIPRC: rc, SITE: clientUrl },
    )
    const out = JSON.parse(stdout) as Record<string, Record<string, unknown>> & { fetched: [number, string] }
    const [found] = out.found!.messages as Array<{ match_content: string; match_subject: string }>
    assert.equal(found!.match_content, '<p>a <em><span class="highlight">turtle</span></em> here</p>')
    assert.equal(found!.match_subject, 'py <span class="highlight">turtle</span>')
    assert.equal(out.moved!.result, 'success')
    const by = `@_**Max Member|${USERS.max!.user_id}**`
    await nina.next((m) => m.content === `This topic was moved here from #**general>py turtle** by ${by}.`, 'the notice in the new topic')
    await nina.next((m) => m.content === `This topic was moved to #**general>py moved** by ${by}.` && m.subject === 'py turtle', 'the notice in the old topic')
    assert.match(String(out.temporary!.url), /^\/user_uploads\/temporary\/.+\/shared\.txt$/)
    assert.deepEqual(out.fetched, [200, 'shared for a minute'])
    assert.equal(out.deleted!.result, 'success')
    // The uploader heard the file gain the message, then lose it with its deletion, through either process.
    const deadline = performance.now() + 30_000 // a safety net, not a measure
    for (;;) {
      const answer = await call(peopleUrl, 'max', 'GET', '/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' })
      const ops = (answer.body.events as Array<{ op: string; attachment: { message_ids?: number[] } }>).map(
        (e) => `${e.op}:${JSON.stringify(e.attachment.message_ids)}`,
      )
      if (ops.length === 3) {
        assert.deepEqual(ops, ['add:[]', `update:[${String(out.sent!.id)}]`, 'update:[]'])
        break
      }
      if (performance.now() > deadline) throw new Error(`attachment events: ${ops.join(', ')}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })

  it('zulip-send sends with a .zuliprc, to people by email and to a channel topic', async () => {
    const { py, clientUrl, peopleUrl } = services()
    const nina = await messageQueue(peopleUrl, 'nina')
    const rc = await py.zuliprc(clientUrl, USERS.max!.email, USERS.max!.api_key)
    const run = (args: string[]): Promise<number | null> =>
      new Promise((resolve) => spawn(py.bin('zulip-send'), ['--config-file', rc, ...args], { stdio: 'inherit' }).once('exit', resolve))
    assert.equal(await run([USERS.nina!.email, USERS.olivia!.email, '-m', 'from zulip-send']), 0)
    assert.equal(await run(['--stream', 'general', '--subject', 'sent by zulip-send', '-m', 'to the channel']), 0)
    const direct = await nina.next((m) => m.content === 'from zulip-send', 'the direct message')
    assert.deepEqual(
      (direct.message.display_recipient as Array<{ id: number }>).map((p) => p.id),
      [USERS.olivia!.user_id, USERS.max!.user_id, USERS.nina!.user_id].sort((a, b) => a - b),
    )
    const toChannel = await nina.next((m) => m.content === 'to the channel', 'the channel message')
    assert.equal(toChannel.message.subject, 'sent by zulip-send')
  })

  it('runs helloworld: it answers a direct message and an @-mention in a channel, and ignores a channel message that does not mention it', async () => {
    const { peopleUrl } = services()
    const max = await messageQueue(peopleUrl, 'max')
    bot = await runBot(services(), 'helloworld')
    const botId = USERS['linkbot-bot']!.user_id
    await send(peopleUrl, 'max', { type: 'private', to: JSON.stringify([botId]), content: 'hello bot' })
    const reply = await max.next((m) => m.sender_id === botId, 'the reply to the direct message')
    assert.deepEqual([reply.message.type, reply.message.content], ['private', 'beep boop'])
    await send(peopleUrl, 'max', { type: 'stream', to: 'general', topic: 'unaddressed', content: 'not for the bot' })
    await send(peopleUrl, 'max', { type: 'stream', to: 'general', topic: 'bots', content: '@**Link Bot** hello' })
    const inChannel = await max.next((m) => m.sender_id === botId, 'the reply to the mention')
    assert.deepEqual(
      [inChannel.message.type, inChannel.message.display_recipient, inChannel.message.subject, inChannel.message.content],
      ['stream', 'general', 'bots', 'beep boop'],
    )
    // (Had it answered the unaddressed message, that answer would have come first, in topic 'unaddressed'.)
  })

  it('runs followup: a direct message and an @-mention become follow-up items in the configured channel', async () => {
    const { peopleUrl } = services()
    const max = await messageQueue(peopleUrl, 'max')
    bot = await runBot(services(), 'followup', '[followup]\nstream = vocabularies\n')
    const botId = USERS['linkbot-bot']!.user_id
    await send(peopleUrl, 'max', { type: 'private', to: JSON.stringify([botId]), content: 'remember the milk' })
    const first = await max.next((m) => m.sender_id === botId, 'the follow-up of the direct message')
    assert.deepEqual(
      [first.message.display_recipient, first.message.subject, first.message.content],
      ['vocabularies', USERS.max!.email, `from ${USERS.max!.email}: remember the milk`],
    )
    await send(peopleUrl, 'max', { type: 'stream', to: 'general', topic: 'meeting', content: '@**Link Bot** write the minutes' })
    const second = await max.next((m) => m.sender_id === botId, 'the follow-up of the mention')
    assert.equal(second.message.content, `from ${USERS.max!.email}: write the minutes`)
  })

  it('runs incrementor: the first @-mention is answered with 1, each next one edits that answer (bot storage and message edits)', async () => {
    const { peopleUrl } = services()
    const max = await messageQueue(peopleUrl, 'max')
    bot = await runBot(services(), 'incrementor')
    const botId = USERS['linkbot-bot']!.user_id
    await send(peopleUrl, 'max', { type: 'stream', to: 'general', topic: 'counting', content: '@**Link Bot** count' })
    const answer = await max.next((m) => m.sender_id === botId, 'the first count')
    assert.deepEqual([answer.message.subject, answer.message.content], ['counting', '1'])
    await send(peopleUrl, 'max', { type: 'stream', to: 'general', topic: 'counting', content: '@**Link Bot** count' })
    const deadline = performance.now() + 60_000 // a safety net, not a measure
    for (;;) {
      const read = await call(peopleUrl, 'max', 'GET', `/messages/${answer.message.id}`, { apply_markdown: 'false' })
      assert.equal(read.status, 200, JSON.stringify(read.body))
      const message = read.body.message as { content: string; edit_history?: Array<{ prev_content: string }> }
      if (message.content === '2') {
        assert.equal(message.edit_history?.[0]?.prev_content, '1')
        break
      }
      if (performance.now() > deadline) throw new Error(`the answer was not edited: ${message.content}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })
}
