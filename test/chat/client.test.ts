// The chat client through real HTTP: calls and retries (ChatClient), the event queue as an async iterator (EventQueueClient).

import assert from 'node:assert/strict'
import { performance } from 'node:perf_hooks'
import { setTimeout as delay } from 'node:timers/promises'
import { ChatApiError, ChatClient, EventQueueClient, isReregister, type ChatClientOptions, type ChatEvent, type EventQueueOptions, type QueueItem, type RegisterState } from '../../packages/chat/src/client/index.js'
import { expectError, expectSuccess, startTestChat, until, USERS, type TestChat } from './chat-helpers.js'
import { closedPort, startPeer, type Peer } from './http-peer.js'

const envelope503 = { status: 503, body: JSON.stringify({ result: 'error', code: 'INTERNAL', msg: 'Service unavailable' }) } as const
const html502 = { status: 502, headers: { 'content-type': 'text/html' }, body: '<html>Bad gateway</html>' } as const

/** Sleeps recorded instead of waited, and a jitter fixed at the middle: retries are immediate and their waits exact. */
function fakeTime(): { readonly sleeps: number[]; readonly sleep: (ms: number) => Promise<void>; readonly random: () => number } {
  const sleeps: number[] = []
  return { sleeps, sleep: async (ms) => void sleeps.push(ms), random: () => 0.5 }
}

function clientAs(name: string, site: string, options: Partial<ChatClientOptions> = {}): ChatClient {
  const user = USERS[name]
  if (user === undefined) throw new Error(`no fixture user ${name}`)
  return new ChatClient({ site, email: user.email, apiKey: user.api_key, ...options })
}

/** Reads a queue's iterator in the background; `until(n)` waits for the n-th item. */
function reader(queue: EventQueueClient): { readonly items: QueueItem[]; readonly done: Promise<void>; until(n: number, ms?: number): Promise<void> } {
  const items: QueueItem[] = []
  const done = (async () => {
    for await (const item of queue.events()) items.push(item)
  })()
  done.catch(() => {}) // observed by the tests that expect a failure
  return {
    items,
    done,
    async until(n, ms = 5000) {
      const deadline = performance.now() + ms
      while (items.length < n) {
        if (performance.now() > deadline) throw new Error(`${items.length} items after ${ms} ms, expected ${n}: ${JSON.stringify(items)}`)
        await Promise.race([delay(5), done])
      }
    },
  }
}

const isEvent = (item: QueueItem | undefined): item is ChatEvent => item !== undefined && !isReregister(item)
/** The message contents among the items, in order. */
const contents = (items: readonly QueueItem[]): unknown[] => items.filter(isEvent).filter((e) => e.type === 'message').map((e) => (e.message as { content: string }).content)

/** Olivia (user 1) sends Max (user 4) a direct message. */
async function dmToMax(chat: TestChat, content: string): Promise<void> {
  expectSuccess(await chat.as('olivia').post('/messages', { type: 'direct', to: [4], content }))
}

async function queueExists(chat: TestChat, queueId: string): Promise<boolean> {
  return (await chat.chat.db.get('SELECT 1 FROM event_queues WHERE id = ?', queueId)) !== undefined
}

describe('ChatClient', () => {
  let chat: TestChat
  let peer: Peer
  beforeEach(async () => {
    chat = await startTestChat()
    peer = await startPeer(chat.url)
  })
  afterEach(async () => {
    await peer.close()
    await chat.close()
  })

  it('returns the success body of a call authenticated with email and API key', async () => {
    const me = await clientAs('max', chat.url).call('GET', '/users/me')
    assert.equal(me.result, 'success')
    assert.equal(me.email, 'max@example.com')
  })

  it('form-encodes parameters: strings as they are, others as JSON, undefined ones left out', async () => {
    const { id } = await clientAs('olivia', peer.url).call('POST', '/messages', { type: 'direct', to: [4], content: 'Hi [there]', local_id: undefined })
    assert.equal(typeof id, 'number')
    assert.equal(peer.requests[0]?.body, 'type=direct&to=%5B4%5D&content=Hi+%5Bthere%5D')
    await clientAs('max', peer.url).call('GET', '/events', { queue_id: 'q', last_event_id: -1, dont_block: true }).catch(() => {})
    assert.equal(peer.requests[1]?.url, '/api/v1/events?queue_id=q&last_event_id=-1&dont_block=true')
  })

  it('throws a ChatApiError with code, msg, status and body for an error envelope, and never retries a 4xx', async () => {
    const time = fakeTime()
    const error = await clientAs('max', peer.url, time)
      .call('DELETE', '/events', { queue_id: 'nope' })
      .then(() => undefined, (e: unknown) => e)
    assert.ok(error instanceof ChatApiError)
    assert.equal(error.code, 'BAD_EVENT_QUEUE_ID')
    assert.equal(error.msg, 'Bad event queue ID: nope')
    assert.equal(error.status, 400)
    assert.equal(error.body.queue_id, 'nope')
    assert.equal(peer.requests.length, 1)
    assert.deepEqual(time.sleeps, [])
  })

  it('retries 5xx answers with exponential backoff and full jitter, capped', async () => {
    const time = fakeTime()
    peer.script = (_method, _path, index) => (index < 4 ? (index % 2 === 0 ? envelope503 : html502) : 'proxy')
    const me = await clientAs('max', peer.url, { ...time, backoff: { baseMs: 500, capMs: 1500 } }).call('GET', '/users/me')
    assert.equal(me.email, 'max@example.com')
    // random() = 0.5 of min(cap, base·2^n): 250, 500, 750 (capped at 1500), 750.
    assert.deepEqual(time.sleeps, [250, 500, 750, 750])
    assert.equal(peer.requests.length, 5)
  })

  it('retries network errors: reset connections and a refused port', async () => {
    const time = fakeTime()
    peer.script = (_method, _path, index) => (index < 2 ? 'reset' : 'proxy')
    assert.equal((await clientAs('max', peer.url, time).call('GET', '/users/me')).email, 'max@example.com')
    assert.deepEqual(time.sleeps, [250, 500])

    const refused = fakeTime()
    const error = await clientAs('max', `http://127.0.0.1:${await closedPort()}`, { ...refused, maxRetries: 3 })
      .call('GET', '/users/me')
      .then(() => undefined, (e: unknown) => e)
    assert.ok(error instanceof TypeError, String(error)) // fetch's network error, once retries are spent
    assert.deepEqual(refused.sleeps, [250, 500, 1000])
  })

  it('never repeats a POST that may have taken effect: a lost answer, a 5xx, a timeout', async () => {
    const sent = async (): Promise<number> => (await chat.chat.db.get("SELECT count(*) AS n FROM messages WHERE content LIKE 'once %'") as { n: number }).n
    const time = fakeTime()
    const client = clientAs('max', peer.url, time)
    const post = (content: string, options = {}) => client.call('POST', '/messages', { type: 'direct', to: [5], content }, options).then(() => undefined, (e: unknown) => e)
    peer.script = (method, _path, index) => (method === 'POST' && index === 0 ? 'lose' : 'proxy')
    assert.ok((await post('once a')) instanceof TypeError)
    assert.equal(await sent(), 1, 'the chat took the message; its answer was lost, and nothing was sent again')
    peer.script = (method, _path, index) => (method === 'POST' && index === 1 ? envelope503 : 'proxy')
    assert.equal(((await post('once b')) as ChatApiError).status, 503)
    peer.script = (method, _path, index) => (method === 'POST' && index === 2 ? 'hang' : 'proxy')
    assert.ok((await post('once c', { timeoutMs: 100 })) !== undefined)
    assert.deepEqual(time.sleeps, [])
    assert.equal(peer.requests.filter((r) => r.method === 'POST').length, 3)
    // A caller that knows repeating is harmless says so.
    peer.script = (method, _path, index) => (method === 'POST' && index === 3 ? envelope503 : 'proxy')
    assert.equal(await post('once d', { idempotent: true }), undefined)
    assert.deepEqual(time.sleeps, [250])
  })

  it('repeats a POST the chat cannot have acted on: a refused connection, a 429', async () => {
    const refused = fakeTime()
    const error = await clientAs('max', `http://127.0.0.1:${await closedPort()}`, { ...refused, maxRetries: 2 })
      .call('POST', '/messages', { type: 'direct', to: [5], content: 'x' })
      .then(() => undefined, (e: unknown) => e)
    assert.ok(error instanceof TypeError, String(error))
    assert.deepEqual(refused.sleeps, [250, 500])
    const time = fakeTime()
    peer.script = (method, _path, index) => (method === 'POST' && index === 0 ? { status: 429, body: JSON.stringify({ result: 'error', code: 'RATE_LIMIT_HIT', msg: 'slow', 'retry-after': 0.5 }) } : 'proxy')
    const { id } = await clientAs('max', peer.url, time).call('POST', '/messages', { type: 'direct', to: [5], content: 'after a 429' })
    assert.equal(typeof id, 'number')
    assert.deepEqual(time.sleeps, [500])
  })

  it('gives up after maxRetries with the last 5xx error', async () => {
    const time = fakeTime()
    peer.script = () => envelope503
    const error = await clientAs('max', peer.url, { ...time, maxRetries: 2 })
      .call('GET', '/users/me')
      .then(() => undefined, (e: unknown) => e)
    assert.ok(error instanceof ChatApiError)
    assert.equal(error.status, 503)
    assert.equal(peer.requests.length, 3)
    assert.deepEqual(time.sleeps, [250, 500])
  })

  it('retries an attempt that exceeds timeoutMs', async () => {
    const time = fakeTime()
    peer.script = (_method, _path, index) => (index === 0 ? 'hang' : 'proxy')
    const started = performance.now()
    assert.equal((await clientAs('max', peer.url, time).call('GET', '/users/me', {}, { timeoutMs: 100 })).email, 'max@example.com')
    assert.ok(performance.now() - started < 2000)
    assert.deepEqual(time.sleeps, [250])
  })

  it('honours the Retry-After of a 429 from the chat service', async () => {
    await chat.close()
    chat = await startTestChat({ rateLimit: { limit: 2, windowSeconds: 1 } })
    const sleeps: number[] = []
    // The wait moves the service's clock instead of the test's: deterministic and immediate.
    const sleep = async (ms: number): Promise<void> => {
      sleeps.push(ms)
      await chat.advance(ms / 1000)
    }
    const client = clientAs('max', chat.url, { sleep, random: () => 0.5 })
    // Two calls per window pass; the third (or, across a window's end, a later one) gets a 429 and waits.
    for (let i = 0; i < 10 && sleeps.length === 0; i++) assert.equal((await client.call('GET', '/users/me')).email, 'max@example.com')
    assert.equal(sleeps.length, 1)
    assert.ok(sleeps[0]! > 0 && sleeps[0]! <= 1000, `slept ${sleeps[0]} ms`)
  })

  it('honours a Retry-After header in seconds when the body names no wait', async () => {
    const time = fakeTime()
    peer.script = (_method, _path, index) => (index === 0 ? { status: 429, headers: { 'retry-after': '7' }, body: JSON.stringify({ result: 'error', code: 'RATE_LIMIT_HIT', msg: 'slow down' }) } : 'proxy')
    assert.equal((await clientAs('max', peer.url, time).call('GET', '/users/me')).email, 'max@example.com')
    assert.deepEqual(time.sleeps, [7000])
  })

  it('aborts a call in flight and a wait before a retry at once', async () => {
    peer.script = (_method, path) => (path === '/api/v1/users/me' ? 'hang' : envelope503)
    const inFlight = new AbortController()
    setTimeout(() => inFlight.abort(), 50)
    let started = performance.now()
    await assert.rejects(clientAs('max', peer.url).call('GET', '/users/me', {}, { signal: inFlight.signal }), { name: 'AbortError' })
    assert.ok(performance.now() - started < 1000)

    // The real default sleep, with a backoff of a minute: only the abort can end it.
    const waiting = new AbortController()
    setTimeout(() => waiting.abort(), 50)
    started = performance.now()
    await assert.rejects(clientAs('max', peer.url, { backoff: { baseMs: 60_000 }, random: () => 1 }).call('GET', '/streams', {}, { signal: waiting.signal }), { name: 'AbortError' })
    assert.ok(performance.now() - started < 1000)
  })
})

describe('EventQueueClient', () => {
  let chat: TestChat | undefined
  let peer: Peer | undefined
  const stop = new Set<AbortController>()
  afterEach(async () => {
    for (const controller of stop) controller.abort()
    stop.clear()
    await peer?.close()
    await chat?.close()
    peer = undefined
    chat = undefined
  })

  /** A queue of Max's, stopped after the test. */
  function queueOf(site: string, options: EventQueueOptions = {}, client: Partial<ChatClientOptions> = {}): { queue: EventQueueClient; controller: AbortController; states: RegisterState[] } {
    const controller = new AbortController()
    stop.add(controller)
    const states: RegisterState[] = []
    const queue = new EventQueueClient(clientAs('max', site, { ...fakeTime(), ...client }), { signal: controller.signal, onRegister: (state) => void states.push(state), ...options })
    return { queue, controller, states }
  }

  it('yields the events of other clients in order, as they happen', async () => {
    chat = await startTestChat()
    const { queue, states } = queueOf(chat.url)
    const state = await queue.register()
    assert.equal(state.last_event_id, -1)
    assert.equal(state.event_queue_longpoll_timeout_seconds, 90)
    assert.ok(Array.isArray(state.drafts))
    const read = reader(queue)
    await dmToMax(chat, 'one')
    await dmToMax(chat, 'two')
    await delay(20) // Max's client now waits in a long poll
    await dmToMax(chat, 'three')
    expectSuccess(await chat.as('max').post('/drafts', { drafts: [{ type: 'private', to: [1], topic: '', content: 'Reply later' }] }))
    await read.until(4)
    assert.deepEqual(contents(read.items), ['one', 'two', 'three'])
    const last = read.items[3]
    assert.ok(isEvent(last) && last.type === 'drafts' && last.op === 'add')
    const ids = read.items.filter(isEvent).map((e) => e.id)
    assert.deepEqual(ids, [...ids].sort((a, b) => a - b))
    assert.equal(states.length, 1) // events() used the queue register() made
    assert.equal(states[0], state)
  })

  it('skips heartbeats but acknowledges them', async () => {
    chat = await startTestChat({ heartbeatSeconds: [0.03, 0.05] })
    const { queue } = queueOf(chat.url)
    const read = reader(queue)
    // Heartbeats every 30–50 ms: wait until two have been read (a fixed 300 ms was too short on a busy machine).
    await until(() => queue.lastEventId >= 2, 'two heartbeats are read')
    assert.equal(read.items.length, 0)
    await dmToMax(chat, 'after the heartbeats')
    await read.until(1)
    assert.deepEqual(contents(read.items), ['after the heartbeats'])
    const first = read.items[0]
    assert.ok(isEvent(first) && first.id > 2)
  })

  it('skips events delivered again (at-least-once delivery)', async () => {
    chat = await startTestChat()
    peer = await startPeer(chat.url)
    peer.script = (method, path, index) => (method === 'GET' && path === '/api/v1/events' && index >= 1 ? 'overlap' : 'proxy')
    const { queue } = queueOf(peer.url)
    await queue.register()
    const read = reader(queue)
    for (const content of ['a', 'b', 'c']) {
      await dmToMax(chat, content)
      await read.until(contents(read.items).length + 1)
    }
    assert.deepEqual(contents(read.items), ['a', 'b', 'c'])
  })

  it('registers a new queue when its queue is deleted behind its back, without carrying last_event_id over', async () => {
    chat = await startTestChat({ heartbeatSeconds: [0.03, 0.05] })
    peer = await startPeer(chat.url)
    const { queue, states } = queueOf(peer.url)
    const read = reader(queue)
    await delay(20)
    await dmToMax(chat, 'before')
    await read.until(1)
    const first = states[0]!.queue_id
    assert.ok(queue.lastEventId >= 0)
    expectSuccess(await chat.as('max').delete('/events', { queue_id: first }))
    await read.until(2)
    const marker = read.items[1]!
    assert.ok(isReregister(marker))
    assert.equal(states.length, 2, 'onRegister is called again')
    assert.notEqual(states[1]!.queue_id, first)
    assert.equal(marker.queue_id, states[1]!.queue_id)
    assert.equal(marker.state, states[1])
    await dmToMax(chat, 'after')
    await read.until(3)
    assert.deepEqual(contents(read.items), ['before', 'after'])
    const polls = peer.requests.filter((r) => r.method === 'GET').map((r) => new URL(r.url, 'http://peer').searchParams)
    const onNew = polls.filter((p) => p.get('queue_id') === states[1]!.queue_id)
    assert.equal(onNew[0]?.get('last_event_id'), '-1')
  })

  it('retries a failing register and long poll with backoff (5xx, reset connections)', async () => {
    chat = await startTestChat()
    peer = await startPeer(chat.url)
    peer.script = (method, path, index) => {
      if (path === '/api/v1/register') return index === 0 ? html502 : 'proxy'
      if (method === 'GET' && path === '/api/v1/events') return index === 0 ? envelope503 : index === 1 ? 'reset' : index === 2 ? envelope503 : 'proxy'
      return 'proxy'
    }
    const sleeps: number[] = []
    const { queue } = queueOf(peer.url, {}, { sleep: async (ms) => void sleeps.push(ms), random: () => 0.5 })
    const read = reader(queue)
    // Sent once its long poll waits (after the failures), not after a guessed delay: a queue registered late would miss it.
    await until(() => chat!.chat.services.waiters.size === 1, 'the long poll waits')
    await dmToMax(chat, 'through the failures')
    await read.until(1)
    assert.deepEqual(contents(read.items), ['through the failures'])
    // Each call's backoff starts anew: one retry of the registration, three of the first poll.
    assert.deepEqual(sleeps, [250, 250, 500, 1000])
  })

  it('waits out a 429 for the time its Retry-After names', async () => {
    chat = await startTestChat({ rateLimit: { limit: 2, windowSeconds: 1 }, heartbeatSeconds: [0.03, 0.05] })
    const sleeps: number[] = []
    const sleep = async (ms: number): Promise<void> => {
      sleeps.push(ms)
      await chat!.advance(ms / 1000)
    }
    const { queue } = queueOf(chat.url, {}, { sleep })
    const read = reader(queue)
    // Register and the first poll spend Max's budget; after a heartbeat or two the next poll gets a 429.
    const deadline = performance.now() + 5000
    while (sleeps.length === 0 && performance.now() < deadline) await delay(10)
    await dmToMax(chat, 'rate limited')
    await read.until(1)
    assert.deepEqual(contents(read.items), ['rate limited'])
    assert.ok(sleeps.length >= 1)
    for (const ms of sleeps) assert.ok(ms > 0 && ms <= 1000, `slept ${ms} ms`)
  })

  it('stops promptly when aborted, ending the long poll in flight, and deletes its queue', async () => {
    chat = await startTestChat() // heartbeats after 45–55 s: the poll is still waiting when the abort comes
    const { queue, controller } = queueOf(chat.url)
    const { queue_id: queueId } = await queue.register()
    const read = reader(queue)
    await delay(100)
    assert.equal(chat.chat.services.waiters.size, 1)
    const started = performance.now()
    controller.abort()
    await read.done
    const elapsed = performance.now() - started
    assert.ok(elapsed < 500, `stopped after ${elapsed.toFixed(0)} ms`)
    assert.equal(await queueExists(chat, queueId), false)
    assert.equal(queue.queueId, undefined)
    expectError(await chat.as('max').get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true }), 400, 'BAD_EVENT_QUEUE_ID')
    await delay(20)
    assert.equal(chat.chat.services.waiters.size, 0)
  })

  it('stops promptly when aborted during the wait before a retry', async () => {
    chat = await startTestChat()
    peer = await startPeer(chat.url)
    peer.script = (method, path) => (method === 'GET' && path === '/api/v1/events' ? envelope503 : 'proxy')
    // The real default sleep with a backoff of a minute.
    const { queue, controller } = queueOf(peer.url, {}, { sleep: undefined, backoff: { baseMs: 60_000 }, random: () => 1 })
    const { queue_id: queueId } = await queue.register()
    const read = reader(queue)
    await delay(100)
    const started = performance.now()
    controller.abort()
    await read.done
    assert.ok(performance.now() - started < 500)
    assert.equal(await queueExists(chat, queueId), false)
  })

  it('deletes its queue when the loop breaks', async () => {
    chat = await startTestChat()
    const { queue } = queueOf(chat.url)
    const { queue_id: queueId } = await queue.register()
    await dmToMax(chat, 'one is enough')
    for await (const item of queue.events()) {
      assert.ok(isEvent(item) && item.type === 'message')
      break
    }
    assert.equal(await queueExists(chat, queueId), false)
  })

  it('ends with the error of a call that is not worth retrying', async () => {
    chat = await startTestChat()
    const controller = new AbortController()
    stop.add(controller)
    const queue = new EventQueueClient(new ChatClient({ site: chat.url, email: 'max@example.com', apiKey: 'wrong', ...fakeTime() }), { signal: controller.signal })
    await assert.rejects(reader(queue).done, (error: unknown) => error instanceof ChatApiError && error.code === 'INVALID_API_KEY' && error.status === 401)
  })

  it('returns at once when the signal has already fired', async () => {
    chat = await startTestChat()
    const { queue, controller, states } = queueOf(chat.url)
    controller.abort()
    await reader(queue).done
    assert.deepEqual(states, [])
  })
})
