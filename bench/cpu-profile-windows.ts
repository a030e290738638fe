// Where a service's CPU went during chosen spans of time: a V8 CPU profile (`--cpu-prof`) cut to the spans
// a benchmark wrote (BENCH_WINDOWS of bench:chat-mentions), its functions by self time and by total time, in
// a part of each span: up to its first delivery (send), from there to its last (answers), from there to its end
// (after: the send's own answer, when it comes last), or all of it.
// Usage: node --import tsx bench/cpu-profile-windows.ts PROFILE.cpuprofile WINDOWS.json [build] [kind] [top] [all|send|answers|after]

import { readFileSync } from 'node:fs'

interface ProfileNode {
  readonly id: number
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number }
  readonly children?: readonly number[]
}
interface Profile {
  readonly nodes: readonly ProfileNode[]
  readonly startTime: number
  readonly samples: readonly number[]
  readonly timeDeltas: readonly number[]
}

const [profileFile, windowsFile, build, kind, top = '30', part = 'all'] = process.argv.slice(2)
if (profileFile === undefined || windowsFile === undefined)
  throw new TypeError('usage: cpu-profile-windows.ts PROFILE WINDOWS [build] [kind] [top] [all|send|answers|after]')
const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as Profile
const us = (ns: string): number => Number(BigInt(ns) / 1000n) // as the profile counts
const windows = (JSON.parse(readFileSync(windowsFile, 'utf8')) as Array<{ build: string; kind: string; from: string; first: string; last: string; to: string }>)
  .filter((w) => (build === undefined || build === '' || w.build === build) && (kind === undefined || kind === '' || w.kind === kind))
  .map(
    (w) => [us(part === 'answers' ? w.first : part === 'after' ? w.last : w.from), us(part === 'send' ? w.first : part === 'answers' ? w.last : w.to)] as const,
  )

const parent = new Map<number, number>()
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
const label = (n: ProfileNode): string => {
  const { functionName, url, lineNumber } = n.callFrame
  return `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|packages)\//, '$1/')}:${lineNumber + 1}`
}

const self = new Map<string, number>()
const total = new Map<string, number>()
let inWindows = 0
let time = profile.startTime
for (const [i, sample] of profile.samples.entries()) {
  const delta = profile.timeDeltas[i] ?? 0
  time += delta
  if (!windows.some(([from, to]) => time >= from && time <= to)) continue
  inWindows += delta
  const node = byId.get(sample)!
  self.set(label(node), (self.get(label(node)) ?? 0) + delta)
  const seen = new Set<string>()
  for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
    const name = label(byId.get(id)!)
    if (seen.has(name)) continue
    seen.add(name)
    total.set(name, (total.get(name) ?? 0) + delta)
  }
}
const ms = (us: number): string => (us / 1000).toFixed(1).padStart(8)
console.log(`${windows.length} spans, ${ms(inWindows)} ms sampled in them (${ms(inWindows / Math.max(1, windows.length))} ms a span)`)
for (const [title, table] of [
  ['self', self],
  ['total', total],
] as const) {
  console.log(`\nby ${title} time (ms over all spans):`)
  for (const [name, us] of [...table].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) console.log(`${ms(us)}  ${name}`)
}
