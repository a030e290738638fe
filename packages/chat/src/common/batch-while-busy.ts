// Batching while busy: calls made while one batch is on its way to the database wait for it, then go
// together as the next one (one round trip for many requests, none added for a lone one).

/**
 * A function of one item whose calls are run through `run` in batches: a call when nothing is on its way
 * starts a batch at once; calls made while a batch is on its way are gathered and sent, at most
 * `maxBatch` at a time, when it ends. `run` answers each item of its batch in order; a batch that fails
 * fails each of its calls. A wake-up of 1,000 long polls is then a few statements, not 1,000.
 */
export function batchWhileBusy<I, O>(run: (items: readonly I[]) => Promise<readonly O[]>, maxBatch = 200): (item: I) => Promise<O> {
  let waiting: Array<{ readonly item: I; readonly resolve: (value: O) => void; readonly reject: (error: unknown) => void }> = []
  let busy = false
  const next = (): void => {
    const batch = waiting.slice(0, maxBatch)
    waiting = waiting.slice(batch.length)
    busy = true
    run(batch.map((call) => call.item))
      .then(
        (results) => {
          for (const [i, call] of batch.entries()) call.resolve(results[i]!)
        },
        (error: unknown) => {
          for (const call of batch) call.reject(error)
        },
      )
      .finally(() => {
        busy = false
        if (waiting.length > 0) next()
      })
  }
  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject })
      if (!busy) next()
    })
}
