// Liveness, readiness and request ids of the chat service, and its stop: a draining service fails readiness
// but answers, each answer closing its connection; closing answers the waiting long polls with a heartbeat.

import assert from 'node:assert/strict'
import { expectSuccess, startTestChat, until, type TestChat } from '../chat-helpers.js'

describe('chat health', () => {
  let chat: TestChat | undefined
  afterEach(async () => {
    await chat?.close()
    chat = undefined
  })

  it('answers live and ready without credentials, and gives every answer a request id', async () => {
    chat = await startTestChat()
    const live = await fetch(`${chat.url}/health/live`)
    assert.deepEqual([live.status, await live.json()], [200, { result: 'success', msg: '', status: 'live' }])
    const ready = await fetch(`${chat.url}/health/ready`)
    assert.deepEqual([ready.status, ready.headers.get('cache-control'), await ready.json()], [200, 'no-store', { result: 'success', msg: '', status: 'ready' }])
    const made = await chat.as('max').get('/users/me')
    assert.match(made.headers.get('x-request-id') ?? '', /^[\w-]+-[0-9a-z]+$/)
    const given = await fetch(`${chat.url}/api/v1/users/me`, { headers: { 'x-request-id': 'haproxy-abc-1' } })
    assert.deepEqual([given.status, given.headers.get('x-request-id')], [401, 'haproxy-abc-1'])
    const bad = await fetch(`${chat.url}/api/v1/users/me`, { headers: { 'x-request-id': 'x'.repeat(129) } })
    assert.notEqual(bad.headers.get('x-request-id'), 'x'.repeat(129))
  })

  it('fails readiness once draining, with Retry-After, and still answers, closing each connection', async () => {
    chat = await startTestChat()
    chat.chat.health.drain()
    const ready = await fetch(`${chat.url}/health/ready`)
    assert.deepEqual([ready.status, ready.headers.get('retry-after')], [503, '1'])
    assert.deepEqual(await ready.json(), { result: 'error', msg: 'Not ready: draining', code: 'SERVICE_UNAVAILABLE', status: 'draining' })
    const me = await chat.as('max').get('/users/me')
    assert.equal(me.status, 200)
    assert.equal(me.headers.get('connection'), 'close')
  })

  it('fails readiness while its database does not answer', async () => {
    chat = await startTestChat()
    assert.equal((await fetch(`${chat.url}/health/ready`)).status, 200)
    const db = chat.chat.db as { get: (sql: string) => Promise<unknown> }
    const get = db.get
    db.get = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))
    try {
      // (The verdict of the start's check is reused for a second.)
      const answer = await until503(chat.url)
      assert.deepEqual(answer, { result: 'error', msg: 'Not ready: database unreachable', code: 'SERVICE_UNAVAILABLE', status: 'database unreachable' })
    } finally {
      db.get = get
    }
  })

  it('answers a waiting long poll with a heartbeat at close, closing its connection', async () => {
    chat = await startTestChat()
    const nina = chat.as('nina')
    const queue = expectSuccess(await nina.post('/register', { event_types: '["message"]' })).queue_id as string
    const poll = nina.get('/events', { queue_id: queue, last_event_id: -1 })
    await until(() => chat!.chat.services.delivery.size === 1, 'the poll waits')
    const closed = chat.close()
    chat = undefined
    const answer = await poll
    assert.equal(answer.status, 200)
    assert.equal(answer.headers.get('connection'), 'close')
    assert.deepEqual(
      (answer.body.events as Array<{ type: string }>).map((e) => e.type),
      ['heartbeat'],
    )
    await closed
  })
})

async function until503(url: string): Promise<unknown> {
  const deadline = performance.now() + 10_000
  for (;;) {
    const answer = await fetch(`${url}/health/ready`)
    if (answer.status === 503) return answer.json()
    if (performance.now() > deadline) throw new Error('readiness never failed')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
