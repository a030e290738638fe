// Preloaded (`node --import`) into the server that bench/lov.ts measures: the event loop's delay and the collector's
// pauses, as seen from inside. On SIGUSR2 it appends what it saw since the last signal to the file named by
// $PREFIXD_LOV_PROBE, as one JSON line, and starts again. Plain JavaScript, so that the served process loads no tsx.

import { appendFileSync } from 'node:fs'
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'

const file = process.env.PREFIXD_LOV_PROBE
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 1 })
  delay.enable()
  let pauses = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push([entry.detail?.kind ?? 0, entry.duration])
  }).observe({ entryTypes: ['gc'] })
  process.on('SIGUSR2', () => {
    const kind = (k) => pauses.filter(([of]) => of === k).map(([, ms]) => ms)
    const sum = (xs) => xs.reduce((a, b) => a + b, 0)
    const minor = kind(constants.NODE_PERFORMANCE_GC_MINOR)
    const major = kind(constants.NODE_PERFORMANCE_GC_MAJOR)
    const all = pauses.map(([, ms]) => ms)
    const seen = {
      delayP99: delay.percentile(99) / 1e6,
      delayMax: delay.max / 1e6,
      minor: minor.length,
      minorMs: sum(minor),
      major: major.length,
      majorMs: sum(major),
      pauseMax: Math.max(0, ...all),
      pausesOver5: all.filter((ms) => ms > 5).length,
      heapMb: process.memoryUsage().heapUsed / 2 ** 20,
    }
    appendFileSync(file, JSON.stringify(seen) + '\n')
    delay.reset()
    pauses = []
  })
}
