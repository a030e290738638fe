// The chat bot's ledger of replies sent without an answer (packages/cli/src/reply-ledger.ts).

import assert from 'node:assert/strict'
import { FULL_ANSWER, ReplyLedger } from '../../packages/chat-tools/src/reply-ledger.js'

const reply = { params: { type: 'direct', to: [4], content: 'x' }, subject: 'message 7', command: 'expand', queueId: 'q1' }

describe('ReplyLedger', () => {
  it('waits out the current poll and the next one before sending again', () => {
    const ledger = new ReplyLedger()
    ledger.failed('a', reply, 1)
    assert.deepEqual(ledger.afterPoll('q1', 0), { resend: [], dropped: [] })
    const { resend } = ledger.afterPoll('q1', 0)
    assert.deepEqual(
      resend.map((r) => [r.localId, r.reply.sends]),
      [['a', 1]],
    )
    assert.equal(ledger.size, 0)
  })

  it('does not take a full answer as confirming: the echo may be queued behind it', () => {
    const ledger = new ReplyLedger()
    ledger.failed('a', reply, 1)
    ledger.afterPoll('q1', FULL_ANSWER)
    assert.deepEqual(ledger.afterPoll('q1', FULL_ANSWER), { resend: [], dropped: [] })
    assert.deepEqual(ledger.afterPoll('q1', FULL_ANSWER).resend, [])
    assert.equal(ledger.afterPoll('q1', 3).resend.length, 1)
  })

  it('forgets a reply whose echo came back', () => {
    const ledger = new ReplyLedger()
    ledger.failed('a', reply, 1)
    assert.equal(ledger.echoed('a')?.subject, 'message 7')
    assert.equal(ledger.echoed('a'), undefined)
    ledger.afterPoll('q1', 0)
    assert.deepEqual(ledger.afterPoll('q1', 0), { resend: [], dropped: [] })
  })

  it('gives a reply up when its queue was lost, or after four sends', () => {
    const ledger = new ReplyLedger()
    ledger.failed('a', reply, 1)
    ledger.failed('b', reply, 4)
    assert.deepEqual(
      ledger.afterPoll('q2', 0).dropped.map((d) => d.reason),
      [
        'the event queue was lost before it could be confirmed; not sending it again',
        'the event queue was lost before it could be confirmed; not sending it again',
      ],
    )
    ledger.failed('b', reply, 4)
    ledger.afterPoll('q1', 0)
    assert.deepEqual(
      ledger.afterPoll('q1', 0).dropped.map((d) => d.reason),
      ['no answer after 4 sends'],
    )
  })
})
