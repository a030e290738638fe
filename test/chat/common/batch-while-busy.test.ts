// batchWhileBusy: a lone call goes at once, calls made while a batch is on its way go together next.

import assert from 'node:assert/strict'
import { batchWhileBusy } from '../../../packages/chat/src/common/batch-while-busy.js'

/** A `run` whose batches are recorded and finish when the test says. */
function controlled(): { run: (items: readonly number[]) => Promise<number[]>; batches: number[][]; finish: (error?: Error) => void } {
  const batches: number[][] = []
  const ends: Array<(error?: Error) => void> = []
  return {
    batches,
    run: (items) =>
      new Promise((resolve, reject) => {
        batches.push([...items])
        ends.push((error) => (error === undefined ? resolve(items.map((x) => x * 10)) : reject(error)))
      }),
    finish: (error) => ends.shift()!(error),
  }
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

describe('batchWhileBusy', () => {
  it('sends a lone call at once, and the calls made meanwhile together when it ends, each answered with its own result', async () => {
    const { run, batches, finish } = controlled()
    const call = batchWhileBusy(run)
    const first = call(1)
    assert.deepEqual(batches, [[1]])
    const later = [call(2), call(3), call(4)]
    await tick()
    assert.deepEqual(batches, [[1]], 'nothing more while the first is on its way')
    finish()
    assert.equal(await first, 10)
    await tick()
    assert.deepEqual(batches, [[1], [2, 3, 4]])
    finish()
    assert.deepEqual(await Promise.all(later), [20, 30, 40])
  })

  it('sends at most maxBatch calls at a time', async () => {
    const { run, batches, finish } = controlled()
    const call = batchWhileBusy(run, 2)
    const all = [1, 2, 3, 4, 5].map((x) => call(x))
    for (let i = 0; i < 3; i++) {
      finish()
      await tick()
    }
    assert.deepEqual(batches, [[1], [2, 3], [4, 5]])
    assert.deepEqual(await Promise.all(all), [10, 20, 30, 40, 50])
  })

  it('fails the calls of a failed batch only, and goes on with the next', async () => {
    const { run, finish } = controlled()
    const call = batchWhileBusy(run)
    const first = call(1)
    const second = call(2)
    finish(new Error('lost connection'))
    await assert.rejects(first, /lost connection/)
    await tick()
    finish()
    assert.equal(await second, 20)
  })
})
