// startChat's running service as a whole: how it stops (close ends the store after the work still in flight).

import assert from 'node:assert/strict'
import { expectSuccess, startTestChat, until, type TestChat } from './chat-helpers.js'

describe('startChat', () => {
  describe('close', () => {
    let chat: TestChat
    const originalError = console.error
    afterEach(() => {
      console.error = originalError
    })

    it('ends the store only after the heartbeats of waiting long polls are written, logging nothing', async () => {
      chat = await startTestChat() // heartbeats after 45–55 s of the test's clock: only `advance` fires them
      const polls = ['max', 'olivia'].map(async (name) => {
        const queueId = expectSuccess(await chat.as(name).post('/register')).queue_id as string
        // Ended by close (the connection is closed under it): only the service's side matters here.
        return chat
          .as(name)
          .get('/events', { queue_id: queueId, last_event_id: -1 })
          .catch(() => undefined)
      })
      await until(() => chat.chat.services.delivery.size === 2, 'both long polls wait')

      // What close must wait for: each heartbeat a released poll appends to its queue (a store write).
      const { queues, db } = chat.chat.services
      const append = queues.append.bind(queues)
      let appending = 0
      let appended = 0
      // Each heartbeat is made to outlast the rest of close (20 turns of the event loop, each with a round
      // trip to the store), so that a close that does not wait for it ends the store under it every time.
      const outlastClose = async (): Promise<void> => {
        for (let i = 0; i < 20; i++) {
          await new Promise((resolve) => setImmediate(resolve))
          await db.get('SELECT 1')
        }
      }
      queues.append = async (...args) => {
        appending++
        await outlastClose()
        const event = await append(...args)
        appended++
        return event
      }
      const closeStore = db.close.bind(db)
      let appendsWhenStoreClosed: number | undefined
      db.close = async () => {
        appendsWhenStoreClosed = appended
        await closeStore()
      }
      const logged: unknown[][] = []
      console.error = (...args: unknown[]) => void logged.push(args)

      // Max's heartbeat is due on the test's clock just as the service stops (with the expiry check and
      // the activity save, timer work of the service's own); Olivia's poll is released by close itself.
      const advanced = chat.advance(60)
      await chat.close()
      await advanced
      await Promise.all(polls)
      console.error = originalError

      assert.equal(appending, 2, 'both polls were answered with a heartbeat')
      assert.equal(appendsWhenStoreClosed, 2, 'the store was closed after both heartbeats were written')
      assert.deepEqual(logged, [])
    })
  })
})
