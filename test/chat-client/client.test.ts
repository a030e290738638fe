// The chat client through real HTTP: calls and retries (ChatClient), the event queue as an async iterator (EventQueueClient).

import assert from 'node:assert/strict'
import {
  ChatApiError,
  ChatClient,
  EventQueueClient,
  isReregister,
  type ChatClientOptions,
  type ChatEvent,
  type EventQueueOptions,
  type QueueItem,
  type RegisterState,
  type Sleep,
} from '../../packages/chat-client/src/index.js'
import { timerSleep } from '../../packages/chat-client/src/chat-client.js'
import { expectError, expectSuccess, startTestChat, until, USERS, type TestChat } from '../chat/chat-helpers.js'
import { closedPort, startPeer, type Peer } from '../chat/http-peer.js'

const envelope503 = { status: 503, body: JSON.stringify({ result: 'error', code: 'INTERNAL', msg: 'Service unavailable' }) } as const
const html502 = { status: 502, headers: { 'content-type': 'text/html' }, body: '<html>Bad gateway</html>' } as const

/**
 * How long a test waits for something it expects (an item, a call to end) before failing: a safety net
 * so that a broken build fails instead of hanging, never a measure of speed. The suites below allow
 * twice as long per test.
 */
const SAFETY_NET_MS = 30_000

/** `promise`, or a failure naming `what` if it has not settled within the safety net. */
function settles<T>(promise: Promise<T>, what: string | (() => string)): Promise<T> {
  let net: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    net = setTimeout(() => reject(new Error(`safety net: no ${typeof what === 'string' ? what : what()} within ${SAFETY_NET_MS} ms`)), SAFETY_NET_MS)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(net))
}

/** A time limit of an attempt, started through the injected timer: it fires only when the test says. */
interface ManualTimer {
  readonly ms: number
  cancelled: boolean
  fire(): void
}

/**
 * Sleeps recorded instead of waited, a jitter fixed at the middle, and attempt time limits that fire only
 * by hand: retries are immediate, their waits exact, and no attempt times out on a busy machine.
 */
function fakeTime(): {
  readonly sleeps: number[]
  readonly sleep: (ms: number) => Promise<void>
  readonly random: () => number
  readonly timers: ManualTimer[]
  readonly setTimer: NonNullable<ChatClientOptions['setTimer']>
} {
  const sleeps: number[] = []
  const timers: ManualTimer[] = []
  const setTimer = (callback: () => void, ms: number): (() => void) => {
    const timer: ManualTimer = { ms, cancelled: false, fire: () => void (timer.cancelled || callback()) }
    timers.push(timer)
    return () => void (timer.cancelled = true)
  }
  return { sleeps, sleep: async (ms) => void sleeps.push(ms), random: () => 0.5, timers, setTimer }
}

function clientAs(name: string, site: string, options: Partial<ChatClientOptions> = {}): ChatClient {
  const user = USERS[name]
  if (user === undefined) throw new Error(`no fixture user ${name}`)
  return new ChatClient({ site, email: user.email, apiKey: user.api_key, ...options })
}

/**
 * Reads a queue's iterator in the background; `until(n)` resolves when the n-th item arrives, and fails
 * if the iteration ends first (or, as a safety net, if it does not arrive at all).
 */
function reader(queue: EventQueueClient): { readonly items: QueueItem[]; readonly done: Promise<void>; until(n: number): Promise<void> } {
  const items: QueueItem[] = []
  const arrivals = new Set<() => void>()
  const done = (async () => {
    for await (const item of queue.events()) {
      items.push(item)
      for (const arrived of arrivals) arrived()
    }
  })()
  done.catch(() => {}) // observed by the tests that expect a failure
  return {
    items,
    done,
    until(n) {
      const what = () => `item ${n} (${items.length} so far: ${items.map((i) => i.type).join(', ') || 'none'})`
      const arrived = new Promise<void>((resolve, reject) => {
        const check = (): void => {
          if (items.length < n) return
          arrivals.delete(check)
          resolve()
        }
        arrivals.add(check)
        check()
        done.then(() => reject(new Error(`the iteration ended before ${what()}`)), reject)
      })
      return settles(arrived, what)
    },
  }
}

const isEvent = (item: QueueItem | undefined): item is ChatEvent => item !== undefined && !isReregister(item)
/** The message contents among the items, in order. */
const contents = (items: readonly QueueItem[]): unknown[] =>
  items
    .filter(isEvent)
    .filter((e) => e.type === 'message')
    .map((e) => (e.message as { content: string }).content)

/** Olivia (user 1) sends Max (user 4) a direct message. */
async function dmToMax(chat: TestChat, content: string): Promise<void> {
  expectSuccess(await chat.as('olivia').post('/messages', { type: 'direct', to: [4], content }))
}

async function queueExists(chat: TestChat, queueId: string): Promise<boolean> {
  return (await chat.chat.db.get('SELECT 1 FROM event_queues WHERE id = ?', queueId)) !== undefined
}

describe('ChatClient', function () {
  this.timeout(2 * SAFETY_NET_MS)
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
    await clientAs('max', peer.url)
      .call('GET', '/events', { queue_id: 'q', last_event_id: -1, dont_block: true })
      .catch(() => {})
    assert.equal(peer.requests[1]?.url, '/api/v1/events?queue_id=q&last_event_id=-1&dont_block=true')
  })

  it('throws a ChatApiError with code, msg, status and body for an error envelope, and never retries a 4xx', async () => {
    const time = fakeTime()
    const error = await clientAs('max', peer.url, time)
      .call('DELETE', '/events', { queue_id: 'nope' })
      .then(
        () => undefined,
        (e: unknown) => e,
      )
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
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    assert.ok(error instanceof TypeError, String(error)) // fetch's network error, once retries are spent
    assert.deepEqual(refused.sleeps, [250, 500, 1000])
  })

  it('never repeats a POST that may have taken effect: a lost answer, a 5xx, a timeout', async () => {
    const sent = async (): Promise<number> => ((await chat.chat.db.get("SELECT count(*) AS n FROM messages WHERE content LIKE 'once %'")) as { n: number }).n
    const time = fakeTime()
    const client = clientAs('max', peer.url, time)
    const post = (content: string, options = {}) =>
      client.call('POST', '/messages', { type: 'direct', to: [5], content }, options).then(
        () => undefined,
        (e: unknown) => e,
      )
    peer.script = (method, _path, index) => (method === 'POST' && index === 0 ? 'lose' : 'proxy')
    assert.ok((await post('once a')) instanceof TypeError)
    assert.equal(await sent(), 1, 'the chat took the message; its answer was lost, and nothing was sent again')
    peer.script = (method, _path, index) => (method === 'POST' && index === 1 ? envelope503 : 'proxy')
    assert.equal(((await post('once b')) as ChatApiError).status, 503)
    peer.script = (method, _path, index) => (method === 'POST' && index === 2 ? 'hang' : 'proxy')
    const timedOut = post('once c', { timeoutMs: 100 })
    await until(() => peer.requests.filter((r) => r.method === 'POST').length === 3, 'the third POST reaches the peer')
    assert.deepEqual(
      time.timers.map((t) => t.ms),
      [100],
    )
    time.timers[0]!.fire() // its 100 ms are up
    assert.equal(((await settles(timedOut, 'end of the timed-out POST')) as Error).name, 'TimeoutError')
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
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    assert.ok(error instanceof TypeError, String(error))
    assert.deepEqual(refused.sleeps, [250, 500])
    const time = fakeTime()
    peer.script = (method, _path, index) =>
      method === 'POST' && index === 0
        ? { status: 429, body: JSON.stringify({ result: 'error', code: 'RATE_LIMIT_HIT', msg: 'slow', 'retry-after': 0.5 }) }
        : 'proxy'
    const { id } = await clientAs('max', peer.url, time).call('POST', '/messages', { type: 'direct', to: [5], content: 'after a 429' })
    assert.equal(typeof id, 'number')
    assert.deepEqual(time.sleeps, [500])
  })

  it('gives up after maxRetries with the last 5xx error', async () => {
    const time = fakeTime()
    peer.script = () => envelope503
    const error = await clientAs('max', peer.url, { ...time, maxRetries: 2 })
      .call('GET', '/users/me')
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    assert.ok(error instanceof ChatApiError)
    assert.equal(error.status, 503)
    assert.equal(peer.requests.length, 3)
    assert.deepEqual(time.sleeps, [250, 500])
  })

  it('retries an attempt that exceeds timeoutMs, with one time limit per attempt, cancelled when it ends', async () => {
    const time = fakeTime()
    peer.script = (_method, _path, index) => (index === 0 ? 'hang' : 'proxy')
    const call = clientAs('max', peer.url, time).call('GET', '/users/me', {}, { timeoutMs: 100 })
    await until(() => peer.requests.length === 1, 'the first attempt reaches the peer')
    assert.deepEqual(
      time.timers.map((t) => t.ms),
      [100],
    )
    time.timers[0]!.fire() // the attempt's 100 ms are up; the peer still holds it
    assert.equal((await settles(call, 'answer after the retry')).email, 'max@example.com')
    assert.deepEqual(time.sleeps, [250])
    assert.equal(peer.requests.length, 2)
    assert.deepEqual(
      time.timers.map((t) => [t.ms, t.cancelled]),
      [
        [100, true],
        [100, true],
      ],
    )
  })

  it('honours the Retry-After of a 429 from the chat service', async () => {
    await chat.close()
    // An hour's window starting with the service (the clock starts on a multiple of it): only the wait ends it.
    chat = await startTestChat({ rateLimit: { limit: 2, windowSeconds: 3600 }, startAt: 1_800_000_000 })
    const sleeps: number[] = []
    // The wait moves the service's clock instead of the test's: deterministic and immediate.
    const sleep = async (ms: number): Promise<void> => {
      sleeps.push(ms)
      await chat.advance(ms / 1000)
    }
    const client = clientAs('max', chat.url, { sleep, random: () => 0.5 })
    for (const expected of [[], [], [1]]) {
      assert.equal((await client.call('GET', '/users/me')).email, 'max@example.com')
      assert.equal(sleeps.length, expected.length, 'two calls pass; the third gets a 429, waits once and passes')
    }
    // Once: a wait shorter than the window's rest would have met a second 429. At most the window.
    assert.ok(sleeps[0]! > 0 && sleeps[0]! <= 3_600_000, `slept ${sleeps[0]} ms`)
  })

  it('honours a Retry-After header in seconds when the body names no wait', async () => {
    const time = fakeTime()
    peer.script = (_method, _path, index) =>
      index === 0
        ? { status: 429, headers: { 'retry-after': '7' }, body: JSON.stringify({ result: 'error', code: 'RATE_LIMIT_HIT', msg: 'slow down' }) }
        : 'proxy'
    assert.equal((await clientAs('max', peer.url, time).call('GET', '/users/me')).email, 'max@example.com')
    assert.deepEqual(time.sleeps, [7000])
  })

  it('aborts a call in flight and a wait before a retry', async () => {
    // The peer never answers: only the abort can end the call.
    peer.script = (_method, path) => (path === '/api/v1/users/me' ? 'hang' : envelope503)
    const inFlight = new AbortController()
    const call = clientAs('max', peer.url).call('GET', '/users/me', {}, { signal: inFlight.signal })
    await until(() => peer.requests.length === 1, 'the request reaches the peer')
    inFlight.abort()
    await assert.rejects(settles(call, 'end of the aborted call'), { name: 'AbortError' })

    // The real default sleep, with a backoff of a minute (beyond the safety net): only the abort can end it.
    const waiting = new AbortController()
    let sleeping!: () => void
    const asleep = new Promise<void>((resolve) => (sleeping = resolve))
    const sleep: Sleep = (ms, signal) => {
      sleeping()
      return timerSleep(ms, signal)
    }
    const retried = clientAs('max', peer.url, { sleep, backoff: { baseMs: 60_000, capMs: 60_000 }, random: () => 1 }).call(
      'GET',
      '/streams',
      {},
      { signal: waiting.signal },
    )
    await settles(asleep, 'wait after the 503')
    waiting.abort()
    await assert.rejects(settles(retried, 'end of the call aborted in its wait'), { name: 'AbortError' })
    assert.equal(peer.requests.filter((r) => r.url === '/api/v1/streams').length, 1)
  })
})

describe('EventQueueClient', function () {
  this.timeout(2 * SAFETY_NET_MS)
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
  function queueOf(
    site: string,
    options: EventQueueOptions = {},
    client: Partial<ChatClientOptions> = {},
  ): { queue: EventQueueClient; controller: AbortController; states: RegisterState[] } {
    const controller = new AbortController()
    stop.add(controller)
    const states: RegisterState[] = []
    const queue = new EventQueueClient(clientAs('max', site, { ...fakeTime(), ...client }), {
      signal: controller.signal,
      onRegister: (state) => void states.push(state),
      ...options,
    })
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
    await read.until(2)
    await until(() => chat!.chat.services.delivery.size === 1, "Max's client waits in a long poll")
    await dmToMax(chat, 'three')
    expectSuccess(await chat.as('max').post('/drafts', { drafts: [{ type: 'private', to: [1], topic: '', content: 'Reply later' }] }))
    await read.until(4)
    assert.deepEqual(contents(read.items), ['one', 'two', 'three'])
    const last = read.items[3]
    assert.ok(isEvent(last) && last.type === 'drafts' && last.op === 'add')
    const ids = read.items.filter(isEvent).map((e) => e.id)
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
    )
    assert.equal(states.length, 1) // events() used the queue register() made
    assert.equal(states[0], state)
  })

  it('skips heartbeats but acknowledges them', async () => {
    chat = await startTestChat() // heartbeats after 45–55 s of the service's clock: the test moves it
    const { queue } = queueOf(chat.url)
    const read = reader(queue)
    for (const heartbeat of [0, 1]) {
      await until(() => chat!.chat.services.delivery.size === 1, 'the long poll waits')
      await chat.advance(60) // its heartbeat is due
      await until(() => queue.lastEventId === heartbeat, `heartbeat ${heartbeat} is read`)
    }
    assert.equal(read.items.length, 0)
    await dmToMax(chat, 'after the heartbeats')
    await read.until(1)
    assert.deepEqual(contents(read.items), ['after the heartbeats'])
    const first = read.items[0]
    assert.ok(isEvent(first) && first.id === 2, 'the heartbeats (0 and 1) were acknowledged: the server kept no other event')
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
    chat = await startTestChat()
    peer = await startPeer(chat.url)
    const { queue, states } = queueOf(peer.url)
    const { queue_id: first } = await queue.register() // (a message sent before it would not be in the queue)
    const read = reader(queue)
    await dmToMax(chat, 'before')
    await read.until(1)
    assert.ok(queue.lastEventId >= 0)
    await until(() => chat!.chat.services.delivery.size === 1, 'the next long poll waits')
    expectSuccess(await chat.as('max').delete('/events', { queue_id: first }))
    await chat.advance(60) // the waiting poll's heartbeat finds its queue gone: BAD_EVENT_QUEUE_ID
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
    await until(() => chat!.chat.services.delivery.size === 1, 'the long poll waits')
    await dmToMax(chat, 'through the failures')
    await read.until(1)
    assert.deepEqual(contents(read.items), ['through the failures'])
    // Each call's backoff starts anew: one retry of the registration, three of the first poll.
    assert.deepEqual(sleeps, [250, 250, 500, 1000])
  })

  it('waits out a 429 for the time its Retry-After names', async () => {
    // Two requests per two minutes, the window starting with the service (a multiple of it); heartbeats after 45–55 s.
    chat = await startTestChat({ rateLimit: { limit: 2, windowSeconds: 120 }, startAt: 1_800_000_000 })
    const sleeps: number[] = []
    // The wait moves the service's clock: the window ends when the client has waited what it was told.
    const sleep = async (ms: number): Promise<void> => {
      sleeps.push(ms)
      await chat!.advance(ms / 1000)
    }
    const { queue } = queueOf(chat.url, {}, { sleep })
    const read = reader(queue)
    // Register and the first poll spend Max's budget; the poll after its heartbeat gets a 429.
    await until(() => chat!.chat.services.delivery.size === 1, 'the first long poll waits')
    await chat.advance(60)
    await until(() => sleeps.length > 0, 'the next poll gets a 429')
    await until(() => chat!.chat.services.delivery.size === 1, 'the poll after the wait waits')
    await dmToMax(chat, 'rate limited')
    await read.until(1)
    assert.deepEqual(contents(read.items), ['rate limited'])
    // Once: a wait shorter than the rest of the window would have met a second 429. At most the window.
    assert.equal(sleeps.length, 1)
    assert.ok(sleeps[0]! > 0 && sleeps[0]! <= 120_000, `slept ${sleeps[0]} ms`)
  })

  it('stops when aborted, ending the long poll in flight, and deletes its queue', async () => {
    // A heartbeat an hour away (beyond the safety net): only the abort can end the poll.
    chat = await startTestChat({ heartbeatSeconds: [3600, 3600] })
    const { queue, controller } = queueOf(chat.url)
    const { queue_id: queueId } = await queue.register()
    const read = reader(queue)
    await until(() => chat!.chat.services.delivery.size === 1, 'the long poll waits')
    controller.abort()
    await settles(read.done, 'end of the aborted iteration')
    assert.equal(await queueExists(chat, queueId), false)
    assert.equal(queue.queueId, undefined)
    expectError(await chat.as('max').get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true }), 400, 'BAD_EVENT_QUEUE_ID')
    await until(() => chat!.chat.services.delivery.size === 0, 'the service sees the poll closed')
  })

  it('stops when aborted during the wait before a retry', async () => {
    chat = await startTestChat()
    peer = await startPeer(chat.url)
    peer.script = (method, path) => (method === 'GET' && path === '/api/v1/events' ? envelope503 : 'proxy')
    // The real default sleep, with a backoff of a minute (beyond the safety net): only the abort can end it.
    let sleeping!: () => void
    const asleep = new Promise<void>((resolve) => (sleeping = resolve))
    const sleep: Sleep = (ms, signal) => {
      sleeping()
      return timerSleep(ms, signal)
    }
    const { queue, controller } = queueOf(peer.url, {}, { sleep, backoff: { baseMs: 60_000, capMs: 60_000 }, random: () => 1 })
    const { queue_id: queueId } = await queue.register()
    const read = reader(queue)
    await settles(asleep, 'wait after the 503')
    controller.abort()
    await settles(read.done, 'end of the iteration aborted in its wait')
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
    const queue = new EventQueueClient(new ChatClient({ site: chat.url, email: 'max@example.com', apiKey: 'wrong', ...fakeTime() }), {
      signal: controller.signal,
    })
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
