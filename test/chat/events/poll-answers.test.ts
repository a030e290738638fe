// A long poll's answer: the bytes written from memory equal the answer built from the store's text, for any
// event, queue id and ignored parameters; a notification's form goes back to the same answer; the cache
// answers an event once, and only to the request after the one before it.

import assert from 'node:assert/strict'
import type { ServerResponse } from 'node:http'
import fc from 'fast-check'
import {
  bytesAfterId,
  frameEnd,
  fromTextAfterId,
  LatestEvents,
  latestEvent,
  sharedBytes,
  textAfterId,
  withId,
  writeAnswer,
  type LatestEvent,
} from '../../../packages/chat/src/events/poll-answers.js'

/** What writeAnswer wrote: the Content-Length it declared and the body's bytes. */
function written(end: string, events: readonly string[] | LatestEvent): { length: number; body: Buffer } {
  const chunks: Buffer[] = []
  let length = -1
  const response = {
    writeHead(status: number, headers: string[]) {
      assert.equal(status, 200)
      length = Number(headers[headers.indexOf('Content-Length') + 1])
    },
    write: (chunk: string | Buffer) => void chunks.push(Buffer.from(chunk)),
    end: (chunk: string | Buffer) => void chunks.push(Buffer.from(chunk)),
  }
  writeAnswer(response as unknown as ServerResponse, end, events)
  return { length, body: Buffer.concat(chunks) }
}

/** Text of any Unicode characters (fast-check's strings are ASCII unless told). */
const text = (constraints: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> => fc.string({ unit: 'grapheme', ...constraints })
/** An event as the fan-out stores it: an object with a type, any JSON beside (text beyond ASCII included). */
const storedEvent = fc
  .record({ type: text({ minLength: 1 }), rest: fc.dictionary(text(), fc.jsonValue({ stringUnit: 'grapheme' })) })
  .map(({ type, rest }) => JSON.stringify({ type, ...rest }))

describe('poll answers', () => {
  it('writes an event from memory as the same bytes as from the store, its Content-Length exact', () => {
    fc.assert(
      fc.property(storedEvent, fc.nat(), text({ maxLength: 30 }), fc.array(text(), { maxLength: 3 }), (stored, eventId, queueId, ignored) => {
        const end = frameEnd(queueId, ignored)
        const fromMemory = written(end, latestEvent(eventId, stored, sharedBytes(stored)))
        const fromStore = written(end, [withId(eventId, stored)])
        assert.deepEqual(fromMemory.body, fromStore.body)
        assert.equal(fromMemory.length, fromMemory.body.length)
        assert.equal(fromStore.length, fromStore.body.length)
        assert.deepEqual(JSON.parse(fromMemory.body.toString('utf8')), {
          result: 'success',
          msg: '',
          events: [{ id: eventId, ...(JSON.parse(stored) as object) }],
          queue_id: queueId,
          ...(ignored.length > 0 && { ignored_parameters_unsupported: ignored }),
        })
      }),
    )
  })

  it('takes an answer apart for a notification and back to the same text and bytes', () => {
    fc.assert(
      fc.property(storedEvent, fc.nat(), (stored, eventId) => {
        const latest = latestEvent(eventId, stored, sharedBytes(stored))
        const rest = textAfterId(latest)!
        assert.deepEqual(fromTextAfterId(eventId, rest, bytesAfterId(rest)), latest)
      }),
    )
  })

  it('answers an event from memory once, to the request after the event before it; another process’s only while it wakes', () => {
    const latest = new LatestEvents()
    const event = latestEvent(5, '{"type":"x"}', sharedBytes('{"type":"x"}'))
    latest.committed([['q', event]])
    assert.equal(latest.take('q', 3), undefined, 'a request further behind reads the store')
    assert.equal(latest.take('q', 4), event)
    assert.equal(latest.take('q', 4), undefined, 'taken once')
    latest.committed([['q', event]])
    latest.forget('q')
    assert.equal(latest.has('q'), false)
    let during: LatestEvent | undefined
    latest.offer([['r', event]], () => (during = latest.take('r', 4)))
    assert.equal(during, event)
    latest.offer([['s', event]], () => {})
    assert.equal(latest.has('s'), false, 'dropped after the wake-up')
  })
})
