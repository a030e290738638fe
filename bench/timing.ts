// Measures an operation over a workload: warm-up, several rounds, median and spread of ns per operation.

export interface Timing {
  /** Median ns per operation over the rounds. */
  readonly nsPerOp: number
  /** Fastest and slowest round, ns per operation. */
  readonly min: number
  readonly max: number
  readonly opsPerRound: number
}

export interface TimingOptions {
  readonly rounds?: number
  /** A round stops after this many ms even if the workload is not done (for slow contenders). */
  readonly roundMs?: number
}

/** Runs `op` over `items` (cycling) in rounds and returns ns/op statistics. `sink` keeps results alive. */
export function time<T>(items: readonly T[], op: (item: T) => unknown, options: TimingOptions = {}): Timing {
  const rounds = options.rounds ?? 7
  const roundMs = options.roundMs ?? 1000
  let sink = 0
  const round = (): [number, number] => {
    const started = process.hrtime.bigint()
    const deadline = started + BigInt(roundMs) * 1_000_000n
    let ops = 0
    // Check the clock every 256 operations: often enough for slow contenders, rare enough not to cost.
    while (ops < items.length) {
      const end = Math.min(ops + 256, items.length)
      for (; ops < end; ops++) if (op(items[ops]!) !== undefined) sink++
      if (process.hrtime.bigint() > deadline) break
    }
    return [Number(process.hrtime.bigint() - started), ops]
  }
  round() // warm-up: lets the JIT compile the hot path before anything counts
  const perOp: number[] = []
  let opsPerRound = 0
  for (let r = 0; r < rounds; r++) {
    const [ns, ops] = round()
    perOp.push(ns / ops)
    opsPerRound = ops
  }
  perOp.sort((a, b) => a - b)
  if (sink < 0) console.log(sink) // never true; stops the optimiser from dropping the calls
  return { nsPerOp: perOp[Math.floor(perOp.length / 2)]!, min: perOp[0]!, max: perOp[perOp.length - 1]!, opsPerRound }
}

/**
 * CPU time of this process per call, in ns, for each of `ops` over `items`: the least of `passes` passes, the ops
 * taken in turns within each pass. What other processes' load moves least: a wall-clock median on a loaded
 * machine also counts the time this process waits for a core.
 */
export function cpuNsInTurns<T, K extends string>(items: readonly T[], ops: Readonly<Record<K, (item: T) => unknown>>, passes: number): Record<K, number> {
  const least = {} as Record<K, number>
  let sink = 0
  for (let pass = 0; pass < passes; pass++) {
    for (const name of Object.keys(ops) as K[]) {
      const op = ops[name]
      const started = process.cpuUsage()
      for (let i = 0; i < items.length; i++) if (op(items[i]!) !== undefined) sink++
      const used = process.cpuUsage(started)
      least[name] = Math.min(least[name] ?? Infinity, ((used.user + used.system) * 1000) / items.length)
    }
  }
  if (sink < 0) console.log(sink) // never true; stops the optimiser from dropping the calls
  return least
}

/** Percentiles (0–100) of per-call latencies in ns, measured one call at a time. */
export function latencies<T>(items: readonly T[], op: (item: T) => unknown, percentiles: readonly number[]): number[] {
  for (const item of items.slice(0, 1000)) op(item) // warm-up
  return timedPass(items, op, percentiles, new Float64Array(items.length))
}

/** One pass over `items`, each call timed alone into `samples`: the percentiles (0–100) of its latencies in ns. */
function timedPass<T>(items: readonly T[], op: (item: T) => unknown, percentiles: readonly number[], samples: Float64Array): number[] {
  items.forEach((item, i) => {
    const started = process.hrtime.bigint()
    op(item)
    samples[i] = Number(process.hrtime.bigint() - started)
  })
  samples.sort()
  return percentiles.map((p) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]!)
}

/** What {@link latencyPasses} measured: percentiles (ns) of the first pass, and of each later pass. */
export interface LatencyPasses {
  readonly first: number[]
  readonly passes: number[][]
}

/**
 * Percentiles (0–100) of per-call latencies in ns, one call at a time, over every item in `passes` passes after a
 * first pass: the first pass pays for first use (JIT tiers, caches made on first call), which the later ones do not.
 */
export function latencyPasses<T>(items: readonly T[], op: (item: T) => unknown, percentiles: readonly number[], passes: number): LatencyPasses {
  const samples = new Float64Array(items.length)
  const pass = () => timedPass(items, op, percentiles, samples)
  const first = pass()
  return { first, passes: Array.from({ length: passes }, pass) }
}

export function formatNs(ns: number): string {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`
  return `${ns.toFixed(0)} ns`
}

/** A Markdown table from a header row and rows. */
export function markdownTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n') + '\n'
}
