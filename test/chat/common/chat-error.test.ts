// ChatError: one kind, one status — the tables give it, no throw sets its own.

import assert from 'node:assert/strict'
import { badRequest, ChatError, notFound } from '../../../packages/chat/src/common/chat-error.js'

describe('ChatError', () => {
  it("takes its status from its code's row", () => {
    assert.deepEqual(
      [new ChatError('NOT_FOUND', 'Not found').status, new ChatError('RATE_LIMIT_HIT', 'x').status, new ChatError('INVALID_API_KEY', 'x').status],
      [404, 429, 401],
    )
    assert.deepEqual([badRequest('Invalid stream ID').code, badRequest('Invalid stream ID').status], ['BAD_REQUEST', 400])
  })

  it("answers a caller's own missing item with a 404 and BAD_REQUEST's code (chat-behaviour.md)", () => {
    const error = notFound('Draft does not exist')
    assert.deepEqual([error.code, error.status, error.message], ['BAD_REQUEST', 404, 'Draft does not exist'])
    assert.deepEqual([new ChatError('OWN_ITEM_MISSING', 'x').code, new ChatError('OWN_ITEM_MISSING', 'x').status], ['BAD_REQUEST', 404])
  })

  it('keeps the extra fields of the answer, and takes no status per throw', () => {
    assert.deepEqual(new ChatError('RATE_LIMIT_HIT', 'x', { extra: { 'retry-after': 3 } }).extra, { 'retry-after': 3 })
    // @ts-expect-error a status is the table's, not the thrower's
    void new ChatError('BAD_REQUEST', 'x', { status: 404 })
  })
})
