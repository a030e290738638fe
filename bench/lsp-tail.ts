// The completion tail through Neovim, named: bench/lsp.ts's 1 MB document run (open, ten edits, 50 completions)
// with the server's timeline on (PREFIXD_LSP_TRACE), `LSP_TAIL_RUNS` times (default 3). For each run: the
// completions split into asked → read by the server → answer written → answered in Neovim (and from read to
// written, the server's main thread on a core and waiting for one); what the server did during the completions
// (slices of its work, the collector's pauses); the slowest requests with everything that overlapped them.
// Printed, not written to results/.

import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

interface TraceEvent {
  readonly ev: 'read' | 'write' | 'slice' | 'gc'
  readonly at: number
  readonly ms?: number
  readonly cpu?: number
  readonly wait?: number
  readonly id?: number
  readonly method?: string
  readonly what?: string
  readonly kind?: string
}
interface Large {
  readonly completions: number[]
  readonly completions_asked: number[]
}

const runs = Number(process.env.LSP_TAIL_RUNS ?? 3)
const dir = mkdtempSync(join(tmpdir(), 'prefixd-lsp-tail-'))
const bench = fileURLToPath(new URL('./lsp.ts', import.meta.url))
const f = (n: number | undefined): string => (n === undefined || Number.isNaN(n) ? '?' : n.toFixed(1))

function spread(name: string, list: readonly number[]): string {
  const s = list.filter((n) => !Number.isNaN(n)).sort((a, b) => a - b)
  return `${name} p50 ${f(s[Math.floor(s.length / 2)])}, p90 ${f(s[Math.floor(s.length * 0.9)])}, max ${f(s.at(-1))}`
}

for (let run = 1; run <= runs; run++) {
  const trace = join(dir, `trace-${run}.jsonl`)
  const uptime = execFileSync('uptime', { encoding: 'utf8' }).trim()
  const out = execFileSync(process.execPath, ['--import', 'tsx', bench], {
    env: { ...process.env, PREFIXD_LSP_TRACE: trace, LSP_BENCH_ONLY: 'neovim-large' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    maxBuffer: 1 << 26,
  })
  const large = (JSON.parse(out) as { nvimLarge: Large }).nvimLarge
  const events = readFileSync(trace, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as TraceEvent)
  // Neovim writes `\/` in method names.
  const reads = events.filter((e) => e.ev === 'read' && e.method?.replaceAll('\\', '') === 'textDocument/completion')
  const answers = new Map(events.filter((e) => e.ev === 'write' && e.id !== undefined && e.method === undefined).map((e) => [e.id, e]))
  const rows = large.completions.map((took, k) => {
    const asked = large.completions_asked[k]!
    const read = reads[k]
    const written = read === undefined ? undefined : answers.get(read.id)
    const work = events.filter((e) => (e.ev === 'slice' || e.ev === 'gc') && e.at < asked + took && e.at + e.ms! > asked)
    // The server's main thread from read to written: on a core, and waiting for one (the kernel's counts, coarse).
    const cpu = (written?.cpu ?? NaN) - (read?.cpu ?? NaN)
    const waited = (written?.wait ?? NaN) - (read?.wait ?? NaN)
    return {
      k,
      took,
      asked,
      toRead: (read?.at ?? NaN) - asked,
      server: (written?.at ?? NaN) - (read?.at ?? NaN),
      cpu,
      waited,
      back: asked + took - (written?.at ?? NaN),
      work,
    }
  })
  console.log(`\nrun ${run} (${uptime})`)
  console.log(`  ${spread('completion', large.completions)} ms`)
  console.log(
    `  ${spread(
      'asked → read',
      rows.map((r) => r.toRead),
    )}; ${spread(
      'read → written',
      rows.map((r) => r.server),
    )}; ${spread(
      'written → answered',
      rows.map((r) => r.back),
    )}`,
  )
  const from = rows[0]!.asked
  const to = rows.at(-1)!.asked + rows.at(-1)!.took
  const totals = new Map<string, { n: number; ms: number; max: number }>()
  for (const e of events) {
    if ((e.ev !== 'slice' && e.ev !== 'gc') || e.at < from || e.at > to) continue
    const key = e.ev === 'gc' ? `gc ${e.kind}` : e.what!
    const total = totals.get(key) ?? { n: 0, ms: 0, max: 0 }
    totals.set(key, { n: total.n + 1, ms: total.ms + e.ms!, max: Math.max(total.max, e.ms!) })
  }
  console.log(`  during the completions (${f(to - from)} ms): ` + [...totals].map(([key, t]) => `${key} ×${t.n} ${f(t.ms)} ms (max ${f(t.max)})`).join(', '))
  for (const r of [...rows].sort((a, b) => b.took - a.took).slice(0, 3)) {
    console.log(
      `  #${r.k}: ${f(r.took)} ms — asked → read ${f(r.toRead)}, read → written ${f(r.server)} (main thread on a core ${f(r.cpu)}, waiting for one ${f(r.waited)}), written → answered ${f(r.back)}`,
    )
    for (const e of r.work) console.log(`      ${e.ev === 'gc' ? `gc ${e.kind}` : e.what} ${f(e.ms)} ms, from ${f(e.at - r.asked)} ms`)
  }
}
