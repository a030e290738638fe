// Preloaded into a chat process by bench:chat-mentions (node --import): writes each garbage collection the
// process runs — its kind, its pause, and when it began in CLOCK_MONOTONIC ns — to BENCH_GC_DIR/gc-PID.log,
// so that the benchmark can tell which timed spans a collection fell into. Changes nothing else.

import { appendFileSync } from 'node:fs'
import { join } from 'node:path'
import { constants, PerformanceObserver } from 'node:perf_hooks'

const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak',
}
const file = join(process.env.BENCH_GC_DIR ?? '.', `gc-${process.pid}.log`)

new PerformanceObserver((list) => {
  // An entry's startTime counts from this process's time origin: placed on the monotonic clock from now.
  const monotonic = process.hrtime.bigint()
  const now = performance.now()
  const lines = list
    .getEntries()
    .map((e) => `${KINDS[e.detail?.kind] ?? 'other'} ${e.duration.toFixed(3)} ${monotonic - BigInt(Math.round((now - e.startTime) * 1e6))}\n`)
  appendFileSync(file, lines.join(''))
}).observe({ entryTypes: ['gc'] })
