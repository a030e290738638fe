// The mail outbox: each queued message sent once, even by two flushes at once (two processes of
// --workers), and a message whose sending failed sent by the next flush.

import assert from 'node:assert/strict'
import { openStore, type Store } from '@prefixd/chat'
import { emptyDatabase } from '../chat-helpers.js'
import { flushOutbox, MAIL_CLAIM_SECONDS, queueMail, type MailMessage, type Mailer } from '../../../packages/chat/src/org/mailer.js'

/** A mailer that records what it sends, slowly (a flush running beside it gets its turn meanwhile). */
function slowMailer(failOn?: string): Mailer & { readonly sent: string[] } {
  const sent: string[] = []
  return {
    sent,
    async send(message: MailMessage) {
      await new Promise((resolve) => setTimeout(resolve, 5))
      if (message.subject === failOn) throw new Error('the mail server said no')
      sent.push(message.subject)
    },
  }
}

describe('mail outbox', () => {
  const now = (): number => 1_763_683_200
  let db: Store
  beforeEach(async () => {
    db = await openStore(await emptyDatabase())
    for (const subject of ['a', 'b', 'c']) await queueMail(db, 'x@example.com', subject, 'body', now())
  })
  afterEach(() => db.close())

  it('sends each message once when two flushes run at the same time', async () => {
    const first = slowMailer()
    const second = slowMailer()
    await Promise.all([flushOutbox(db, first, now), flushOutbox(db, second, now)])
    assert.deepEqual([...first.sent, ...second.sent].sort(), ['a', 'b', 'c'])
    const third = slowMailer()
    await flushOutbox(db, third, now)
    assert.deepEqual(third.sent, [])
  })

  it('leaves a message that failed, and those after it, to the next flush', async () => {
    const failing = slowMailer('b')
    await assert.rejects(flushOutbox(db, failing, now), /said no/)
    assert.deepEqual(failing.sent, ['a'])
    const next = slowMailer()
    await flushOutbox(db, next, now)
    assert.deepEqual(next.sent, ['b', 'c'])
  })

  it('sends again what a process claimed and never sent (it died), once its claim has lapsed', async () => {
    await db.run('UPDATE mail_outbox SET claimed_at = ?', now())
    const soon = slowMailer()
    await flushOutbox(db, soon, () => now() + MAIL_CLAIM_SECONDS - 1)
    assert.deepEqual(soon.sent, [])
    const later = slowMailer()
    await flushOutbox(db, later, () => now() + MAIL_CLAIM_SECONDS + 1)
    assert.deepEqual(later.sent, ['a', 'b', 'c'])
  })
})
