// Waiters: a long poll that reads its queue and then waits misses no news heard in between.

import assert from 'node:assert/strict'
import { EVERY_QUEUE, LocalBroker } from '@prefixd/chat'
import { Waiters } from '../../../packages/chat/src/events/event-waiters.js'
import { TestClock } from '../test-clock.js'

describe('Waiters', () => {
  const never = (): (() => void) => () => {}
  const setUp = (): { broker: LocalBroker; waiters: Waiters } => {
    const broker = new LocalBroker()
    return { broker, waiters: new Waiters(broker, new TestClock()) }
  }

  it('ends a wait at once when its queue had news after the request read it (the wake-up came before the wait)', async () => {
    const { broker, waiters } = setUp()
    const readAt = waiters.sequence
    broker.publish(['q'])
    assert.equal(await waiters.wait('q', 60_000, never, undefined, readAt), 'events')
    assert.equal(waiters.size, 0)
  })

  it('waits when the news was of another queue, or came before the read', async () => {
    const { broker, waiters } = setUp()
    broker.publish(['q'])
    const readAt = waiters.sequence
    broker.publish(['other'])
    const waiting = waiters.wait('q', 60_000, never, undefined, readAt)
    assert.equal(waiters.size, 1, 'it waits')
    broker.publish(['q'])
    assert.equal(await waiting, 'events')
  })

  it('ends it at once after a resync of every queue heard since the read', async () => {
    const { broker, waiters } = setUp()
    const readAt = waiters.sequence
    broker.publish([EVERY_QUEUE])
    assert.equal(await waiters.wait('q', 60_000, never, undefined, readAt), 'events')
  })

  it('remembers the news of 10,000 queues, and past that ends the waits of requests that read before what it forgot', async () => {
    const { broker, waiters } = setUp()
    const readAt = waiters.sequence
    for (let i = 0; i < 10_001; i++) broker.publish([`other-${i}`])
    assert.equal(await waiters.wait('q', 60_000, never, undefined, readAt), 'events')
    const later = waiters.sequence
    const waiting = waiters.wait('q', 60_000, never, undefined, later)
    assert.equal(waiters.size, 1, 'a request that read after it waits')
    waiters.releaseAll()
    assert.equal(await waiting, 'heartbeat')
  })
})
