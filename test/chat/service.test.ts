// The chat service's envelope, authentication, rate limit, and message sending, through real HTTP.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REFERENCE_FIXTURE } from '@prefixd/chat'

/** The service's body limit (chat-behaviour.md leaves it to us; the package README says 1 MiB). */
const MAX_BODY = 1024 * 1024
import { expectError, expectSuccess, startTestChat, USERS, type TestChat } from './chat-helpers.js'

describe('chat service', () => {
  let chat: TestChat
  before(async () => {
    chat = await startTestChat()
  })
  after(() => chat.close())

  describe('GET /server_settings', () => {
    it('answers without credentials, with service_feature_level 496', async () => {
      const response = await fetch(`${chat.url}/api/v1/server_settings`)
      assert.equal(response.status, 200)
      const body = (await response.json()) as Record<string, unknown>
      assert.equal(body.result, 'success')
      assert.equal(body.msg, '')
      assert.equal(body.service_feature_level, 496)
    })
  })

  describe('authentication', () => {
    it('answers 401 UNAUTHORIZED with WWW-Authenticate when there are no credentials', async () => {
      const response = await fetch(`${chat.url}/api/v1/users/me`)
      assert.equal(response.status, 401)
      assert.match(response.headers.get('www-authenticate') ?? '', /^Basic realm="/)
      const body = (await response.json()) as Record<string, unknown>
      assert.deepEqual(body, { result: 'error', msg: 'Not logged in: API authentication or user session required', code: 'UNAUTHORIZED' })
    })

    it('answers 401 INVALID_API_KEY for a wrong key, an unknown email or a malformed header', async () => {
      expectError(await chat.as('max', { email: USERS.max!.email, key: 'x'.repeat(32) }).get('/users/me'), 401, 'INVALID_API_KEY', 'Invalid API key')
      expectError(await chat.as('max', { email: 'nobody@example.com', key: USERS.max!.api_key }).get('/users/me'), 401, 'INVALID_API_KEY', 'Invalid API key')
      // Another user's key does not open this account.
      expectError(await chat.as('max', { email: USERS.max!.email, key: USERS.olivia!.api_key }).get('/users/me'), 401, 'INVALID_API_KEY')
      const garbled = await fetch(`${chat.url}/api/v1/users/me`, { headers: { authorization: 'Basic !!!' } })
      assert.equal(garbled.status, 401)
    })

    it('answers 401 USER_DEACTIVATED for a deactivated account', async () => {
      expectError(await chat.as('dora').get('/users/me'), 401, 'USER_DEACTIVATED', 'Account is deactivated')
    })

    it('takes the email in any case, and bots with their own key', async () => {
      const me = expectSuccess(await chat.as('max', { email: 'MAX@Example.com', key: USERS.max!.api_key }).get('/users/me'))
      assert.equal(me.user_id, 4)
      const bot = expectSuccess(await chat.as('linkbot-bot').get('/users/me'))
      assert.equal(bot.is_bot, true)
      assert.equal(bot.bot_owner_id, 4)
    })
  })

  describe('envelope', () => {
    it('lists unknown parameters in ignored_parameters_unsupported and never fails on them', async () => {
      const answer = expectSuccess(await chat.as('max').get('/users/me', { foo: '1', bar: 'x' }))
      assert.deepEqual(answer.ignored_parameters_unsupported, ['foo', 'bar'])
      assert.equal('ignored_parameters_unsupported' in expectSuccess(await chat.as('max').get('/users/me')), false)
    })

    it('answers unknown routes and wrong methods with the error envelope', async () => {
      expectError(await chat.as('max').get('/no/such/route'), 404, 'NOT_FOUND')
      expectError(await chat.as('max').delete('/users/me'), 405, 'METHOD_NOT_ALLOWED')
    })

    it('refuses a body that is not form-encoded, too large, or not UTF-8, with 4xx', async () => {
      const authorization = 'Basic ' + Buffer.from(`${USERS.max!.email}:${USERS.max!.api_key}`).toString('base64')
      const json = await fetch(`${chat.url}/api/v1/messages/render`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: '{"content":"x"}',
      })
      assert.equal(json.status, 400)
      const huge = await fetch(`${chat.url}/api/v1/messages/render`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'content=' + 'a'.repeat(2 * 1024 * 1024),
      })
      assert.equal(huge.status, 413)
      const latin1 = await fetch(`${chat.url}/api/v1/messages/render`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: Buffer.from([0x63, 0x6f, 0x6e, 0x74, 0x65, 0x6e, 0x74, 0x3d, 0xff]),
      })
      assert.equal(latin1.status, 400)
    })
  })

  describe('request bodies and query strings', () => {
    const authorization = (): string => 'Basic ' + Buffer.from(`${USERS.max!.email}:${USERS.max!.api_key}`).toString('base64')
    const render = (init: RequestInit, query = ''): Promise<Response> =>
      fetch(`${chat.url}/api/v1/messages/render${query}`, { method: 'POST', ...init, headers: { authorization: authorization(), ...init.headers } })
    /** A multipart/form-data body written out by hand, so that its bytes can be wrong on purpose. */
    const multipart = (parts: ReadonlyArray<{ name: string; value: Buffer | string }>): RequestInit => {
      const boundary = 'prefixd-test-boundary'
      const chunks = parts.flatMap((p) => [
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`),
        Buffer.from(p.value),
        Buffer.from('\r\n'),
      ])
      return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]) }
    }

    it('reads multipart/form-data as fetch sends it, UTF-8 included', async () => {
      const body = new FormData()
      body.append('content', '**ünïcödé** 🎉')
      const answer = await render({ body })
      assert.equal(answer.status, 200)
      assert.equal(((await answer.json()) as { rendered: string }).rendered, '<p><strong>ünïcödé</strong> 🎉</p>')
    })

    it('refuses in multipart what it refuses in form-urlencoded: a repeated name, bad UTF-8, more than 1 MiB', async () => {
      const twice = await render(
        multipart([
          { name: 'content', value: 'a' },
          { name: 'content', value: 'b' },
        ]),
      )
      assert.equal(twice.status, 400)
      assert.match(((await twice.json()) as { msg: string }).msg, /content.*more than once/)
      const latin1 = await render(multipart([{ name: 'content', value: Buffer.from([0x63, 0xe9]) }]))
      assert.equal(latin1.status, 400)
      assert.match(((await latin1.json()) as { msg: string }).msg, /Invalid content: not valid UTF-8/)
      const huge = await render(multipart([{ name: 'content', value: 'a'.repeat(MAX_BODY + 1) }]))
      assert.equal(huge.status, 413)
    })

    it('refuses file parts and malformed multipart bodies with a 400, never a 500', async () => {
      const file = new FormData()
      file.append('content', new Blob(['x']), 'notes.txt')
      assert.equal((await render({ body: file })).status, 400)
      const noBoundary = await render({ headers: { 'content-type': 'multipart/form-data' }, body: 'content=x' })
      assert.equal(noBoundary.status, 400)
      const cut = await render({
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        body: '--b\r\nContent-Disposition: form-data; name="content"\r\n\r\nunfinished',
      })
      assert.equal(cut.status, 400)
    })

    it('reads parameters from the query string for every method, and a name in both places is given twice', async () => {
      const fromQuery = await render({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' }, '?content=from%20the%20query')
      assert.equal(((await fromQuery.json()) as { rendered: string }).rendered, '<p>from the query</p>')
      const both = await render({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'content=b' }, '?content=a')
      assert.equal(both.status, 400)
      const token = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaandroid-token-max' // the fixture's
      const removed = await fetch(`${chat.url}/api/v1/users/me/android_push_reg_id?token=${token}`, {
        method: 'DELETE',
        headers: { authorization: authorization() },
      })
      assert.equal(removed.status, 200)
      expectError(await chat.as('max').delete('/users/me/android_push_reg_id', { token }), 400, 'BAD_REQUEST', 'Token does not exist')
    })
  })

  describe('POST /messages and /messages/render', () => {
    it('renders Markdown with raw HTML escaped', async () => {
      const answer = expectSuccess(await chat.as('max').post('/messages/render', { content: '**bold** <script>alert(1)</script>' }))
      assert.equal(answer.rendered, '<p><strong>bold</strong> &lt;script&gt;alert(1)&lt;/script&gt;</p>')
    })

    it('sends to a channel topic and directly, and refuses what it cannot deliver', async () => {
      const sent = expectSuccess(await chat.as('max').post('/messages', { type: 'stream', to: 2, topic: 'foaf', content: 'hello' }))
      assert.ok(Number.isInteger(sent.id))
      expectSuccess(await chat.as('max').post('/messages', { type: 'private', to: [5], content: 'hi Nina' }))
      expectError(await chat.as('max').post('/messages', { type: 'stream', to: 999, topic: 't', content: 'x' }), 400, 'BAD_REQUEST', 'Invalid channel ID')
      expectError(await chat.as('max').post('/messages', { type: 'stream', to: 3, topic: 't', content: 'x' }), 400, 'BAD_REQUEST', 'Invalid channel ID') // private, not subscribed
      expectError(await chat.as('max').post('/messages', { type: 'stream', to: 2, topic: 'x'.repeat(61), content: 'x' }), 400, 'REQUEST_VARIABLE_INVALID')
      expectError(await chat.as('max').post('/messages', { type: 'stream', to: 2, content: 'x' }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'topic' argument")
      expectError(await chat.as('max').post('/messages', { type: 'private', to: '[5', content: 'x' }), 400, 'INVALID_JSON')
      expectError(await chat.as('max').post('/messages', { type: 'stream', to: 2, topic: 'a\u0000b', content: 'x' }), 400, 'REQUEST_VARIABLE_INVALID')
      expectError(await chat.as('max').post('/messages', { type: 'carrier-pigeon', to: 2, content: 'x' }), 400, 'REQUEST_VARIABLE_INVALID', 'Invalid type')
    })
  })

  describe('wildcard mentions', () => {
    it('are refused to members in channels and topics with more people than the threshold, with the spec codes', async () => {
      const fixture = JSON.parse(readFileSync(REFERENCE_FIXTURE, 'utf8')) as { realm: Record<string, unknown> }
      fixture.realm.wildcard_mention_large_threshold = 1
      const dir = await mkdtemp(join(tmpdir(), 'prefixd-fixture-'))
      const file = join(dir, 'org.json')
      await writeFile(file, JSON.stringify(fixture))
      const strict = await startTestChat({ fixture: file })
      try {
        expectError(
          await strict.as('max').post('/messages', { type: 'stream', to: 2, topic: 'foaf', content: 'hey @**all**' }),
          400,
          'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
        )
        expectSuccess(await strict.as('mira').post('/messages', { type: 'stream', to: 1, topic: 'welcome', content: 'hey @**everyone**' }))
        // Two people have written in general > welcome now: above the threshold of 1.
        expectError(
          await strict.as('max').post('/messages', { type: 'stream', to: 1, topic: 'welcome', content: '@**topic** look' }),
          400,
          'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
        )
        expectSuccess(await strict.as('max').post('/messages', { type: 'stream', to: 1, topic: 'brand new', content: '@**topic** look' }))
        expectSuccess(await strict.as('max').post('/messages', { type: 'stream', to: 2, topic: 'foaf', content: 'no wildcard here, all fine' }))
      } finally {
        await strict.close()
        await rm(dir, { recursive: true, force: true })
      }
      // With the reference organization's threshold (15), small channels take wildcards from anyone.
      expectSuccess(await chat.as('max').post('/messages', { type: 'stream', to: 2, topic: 'foaf', content: 'hey @**all**' }))
    })
  })

  describe('rate limiting', () => {
    it('counts per user, sends the X-RateLimit headers, and answers 429 with Retry-After past the limit', async () => {
      // Windows are aligned to the clock, so the service's clock starts at the beginning of one: every
      // request below falls in the same window however slow the machine, until `advance` moves on.
      const windowStart = Math.ceil(Date.now() / 1000 / 60) * 60
      const limited = await startTestChat({ rateLimit: { limit: 3, windowSeconds: 60 }, startAt: windowStart })
      try {
        const first = await limited.as('max').get('/users/me')
        assert.equal(first.headers.get('x-ratelimit-limit'), '3')
        assert.equal(first.headers.get('x-ratelimit-remaining'), '2')
        assert.equal(Number(first.headers.get('x-ratelimit-reset')), windowStart + 60)
        await limited.as('max').get('/users/me')
        await limited.as('max').get('/users/me')
        const over = await limited.as('max').get('/users/me')
        expectError(over, 429, 'RATE_LIMIT_HIT', 'API usage exceeded rate limit')
        assert.ok(Number(over.headers.get('retry-after')) > 0)
        assert.equal(typeof over.body['retry-after'], 'number')
        assert.equal(over.headers.get('x-ratelimit-remaining'), '0')
        assert.equal(Number(over.headers.get('x-ratelimit-reset')), windowStart + 60)
        expectSuccess(await limited.as('olivia').get('/users/me')) // another user has their own budget
        await limited.advance(60) // the next window
        expectSuccess(await limited.as('max').get('/users/me'))
        const again = await limited.as('max').get('/users/me')
        assert.equal(again.headers.get('x-ratelimit-remaining'), '1')
        assert.equal(Number(again.headers.get('x-ratelimit-reset')), windowStart + 120)
      } finally {
        await limited.close()
      }
    })
  })
})
