// The server's index: the whole one is made once the client is idle — and a message that waited while the
// server's thread was busy is not idleness. The waits run on timers the test moves (a timer that runs out in
// `advance` is one that ran out while the thread was busy): only the turns of the event loop are real.

import assert from 'node:assert/strict'
import { MessageChannel } from 'node:worker_threads'
import { fromRecords, type DefaultData } from '@prefixd/core'
import { ServerIndex } from '../../packages/lsp/src/server-index/server-index.js'
import { ManualTimers } from './manual-timers.js'

const turn = () => new Promise((resolve) => setImmediate(resolve))

/** The turns after an idle wait runs out in which the index looks whether a message came (afterPendingInput's two) and more. */
const settle = async () => {
  for (let i = 0; i < 4; i++) await turn()
}

/** Moves the clock past the warm-up's pauses, a step each, until every step has run (the word search last). */
async function warmedUp(index: ServerIndex, timers: ManualTimers): Promise<void> {
  for (let i = 0; i < 20 && !index.warmUp.done; i++) {
    timers.advance(300)
    await settle()
  }
  assert.ok(index.warmUp.done, 'the warm-up ran every step')
}

/** Default data whose indexes are one small index, counting how many whole ones and how many early ones were made. */
function counting() {
  const whole = fromRecords([{ prefix: 'ex', namespace: 'http://example.org/' }])
  const counts = { whole: 0, early: 0 }
  const data: DefaultData = {
    index: (options) => {
      counts[options?.namespaces === undefined ? 'whole' : 'early']++
      return whole
    },
    namespace: () => undefined,
  }
  return { data, whole, made: () => counts.whole, early: () => counts.early }
}

describe('ServerIndex', () => {
  it('does not make the whole index when its idle wait ran out under a busy thread while a message waited', async () => {
    const { data, whole, made } = counting()
    const timers = new ManualTimers()
    const index = new ServerIndex(Promise.resolve(data), () => undefined, undefined, timers)
    await turn() // the data is in
    // A message from another thread, read by the event loop's poll as a request from the editor is.
    const { port1, port2 } = new MessageChannel()
    let handled = false
    port1.on('message', () => {
      index.activity()
      handled = true
    })
    try {
      index.activity()
      // The editor's next message comes while the thread is busy past the 50 ms wait (a long task): the loop polls
      // for it after the wait's timer has run.
      port2.postMessage('completion')
      timers.advance(80)
      while (!handled) await turn()
      await settle()
      assert.equal(made(), 0, 'the message that waited put the idle wait back')
      timers.advance(49)
      await settle()
      assert.equal(made(), 0, 'the wait is counted again from the message')
      timers.advance(1)
      assert.equal(await index.ready, whole, 'made once nothing comes for the idle wait')
      assert.equal(made(), 1)
    } finally {
      port1.close()
    }
  })

  it('after a completion, makes the whole index once the typing pauses (300 ms), not after the idle wait (50 ms)', async () => {
    const { data, whole, made } = counting()
    const timers = new ManualTimers()
    const index = new ServerIndex(Promise.resolve(data), () => undefined, undefined, timers)
    await turn() // the data is in
    index.activity(true)
    timers.advance(10)
    index.activity() // an edit after it: the pause is still waited for
    timers.advance(150)
    await settle()
    assert.equal(made(), 0, 'not made in a gap between keystrokes')
    timers.advance(139)
    await settle()
    assert.equal(made(), 0, 'not made 299 ms after the completion')
    timers.advance(1)
    assert.equal(await index.ready, whole)
    assert.equal(made(), 1, 'made 300 ms after the completion')
  })

  it('after completions in a second vocabulary, makes the whole index at the idle wait, not at a pause in the typing', async () => {
    const { data, whole, made, early } = counting()
    const timers = new ManualTimers()
    const index = new ServerIndex(Promise.resolve(data), () => undefined, undefined, timers)
    for (let i = 0; i < 3; i++) await settle() // the data is in, what is prepared made
    const prepared = early()
    // As the server's completion does: activity as typing at its start and its end.
    const complete = async (namespace: string) => {
      index.activity(true)
      await index.forCompletion(() => [namespace])
      index.activity(true)
    }
    await complete('http://schema.org/')
    await complete('http://schema.org/')
    assert.equal(early(), prepared + 1, 'one vocabulary: one early index')
    await complete('http://xmlns.com/foaf/0.1/')
    assert.equal(early(), prepared + 2)
    // Each switch would make another early index while the typing goes on: the whole one is made after 50 ms, not 300.
    timers.advance(49)
    await settle()
    assert.equal(made(), 0)
    timers.advance(1)
    await settle()
    assert.equal(made(), 1, 'made at the idle wait')
    assert.equal(await index.ready, whole)
  })

  it('answers a bare word before the whole index from an early index, without its words, and never makes the whole index for it; with the whole index, its words once the warm-up made the word search', async () => {
    const { data, whole, made, early } = counting()
    const timers = new ManualTimers()
    const index = new ServerIndex(Promise.resolve(data), () => undefined, undefined, timers)
    for (let i = 0; i < 3; i++) await settle() // the data is in, what is prepared made
    const prepared = early()
    const bare = () => undefined // a bare word reads every namespace
    assert.equal((await index.forCompletion(bare)).words, false)
    assert.equal(early(), prepared, "the prepared index of the prefix table alone, for the word's prefixes")
    assert.equal((await index.forCompletion(() => ['http://schema.org/'])).words, true)
    assert.equal(early(), prepared + 1)
    assert.equal((await index.forCompletion(bare)).words, false)
    assert.equal(early(), prepared + 1, 'the last early index serves it, whatever it read')
    assert.equal(made(), 0, 'the whole index waits')
    await index.need()
    assert.deepEqual(await index.forCompletion(bare), { index: whole, words: false }, 'the word search is the warm-up’s, at a pause')
    assert.equal(made(), 1)
    await warmedUp(index, timers)
    assert.deepEqual(await index.forCompletion(bare), { index: whole, words: true })
  })

  it('runs the warm-up again on an index that replaces the first (settings changed): a bare word waits for its word search', async () => {
    const { data, whole } = counting()
    const timers = new ManualTimers()
    const index = new ServerIndex(Promise.resolve(data), () => undefined, undefined, timers)
    const bare = () => undefined
    await index.need()
    await warmedUp(index, timers)
    assert.deepEqual(await index.forCompletion(bare), { index: whole, words: true })
    const reloaded = fromRecords([{ prefix: 'ex', namespace: 'http://example.org/' }])
    index.replace(reloaded)
    assert.equal(index.warmUp.done, false, 'the warm-up starts again')
    assert.deepEqual(await index.forCompletion(bare), { index: reloaded, words: false }, 'its word search is the warm-up’s, at a pause')
    await warmedUp(index, timers)
    assert.deepEqual(await index.forCompletion(bare), { index: reloaded, words: true })
  })

  it('prepares an early index of the prefix table alone as soon as the data is in, a step a turn, which a completion of a bare word or a prefix then takes', async () => {
    const { data, made, early } = counting()
    const index = new ServerIndex(Promise.resolve(data), () => undefined)
    await turn() // the data is in
    assert.equal(early(), 1, 'the prefix table alone, at once')
    for (let i = 0; i < 6; i++) await turn()
    assert.equal(early(), 2, "and RDFS's terms, to run the completion path once")
    assert.equal(made(), 0, 'nothing was heard from a client: the whole index waits')
    await index.forCompletion(() => [])
    await index.forCompletion(() => undefined)
    assert.equal(early(), 2, 'a prefix and a bare word are answered from the prepared one')
    await index.forCompletion(() => ['http://schema.org/'])
    assert.equal(early(), 3)
  })

  it('answers a completion that reads no terms (a prefix) from the last early index, so the vocabulary typed next is not made again', async () => {
    const { data, early } = counting()
    const index = new ServerIndex(Promise.resolve(data), () => undefined)
    for (let i = 0; i < 3; i++) await settle() // the data is in, what is prepared made
    const prepared = early()
    const schema = () => ['http://schema.org/']
    await index.forCompletion(schema)
    assert.equal(early(), prepared + 1)
    // `s`, then `schema:na`: the prefix's completion takes schema.org's index, which the next completion reuses.
    await index.forCompletion(() => [])
    await index.forCompletion(schema)
    assert.equal(early(), prepared + 1, 'no index made for the prefix, nor schema.org’s again')
  })

  it('counts input as activity when its bytes are read, before its message is dispatched in the turn the idle wait looks', async () => {
    const { data, whole, made } = counting()
    const timers = new ManualTimers()
    let input: (() => void) | undefined
    const index = new ServerIndex(
      Promise.resolve(data),
      () => undefined,
      (listener) => (input = listener),
      timers,
    )
    await turn() // the data is in
    index.activity()
    // The idle wait runs out (the thread busy past it); it looks for messages two turns later. The input is read a turn
    // later — after the idle wait's first look and before its last, as bytes the loop polls for then — and its message
    // dispatched a turn after that, as the transport does: after the last look.
    timers.advance(80)
    let dispatched = false
    setImmediate(() => {
      input!()
      setImmediate(() => {
        index.activity()
        dispatched = true
      })
    })
    for (let i = 0; i < 100 && !dispatched; i++) await turn()
    assert.ok(dispatched)
    await settle()
    assert.equal(made(), 0, 'the input read put the idle wait back')
    timers.advance(50)
    assert.equal(await index.ready, whole)
  })
})
