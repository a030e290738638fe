// The language server with a client that sends whole documents (full sync, as Vim's ALE does) against one that
// sends edits (incremental), on bench/lsp.ts's 1 MB Turtle document over stdio: completion latency as a user types
// ten names a keystroke at a time, each keystroke sent as the client would send it. Issue 40's goal: p95 ≤ 100 ms
// with full sync. The two clients type into servers of their own, in interleaved rounds; every last completion of a
// name is checked to offer it. `BENCH_MAIN=…/main.js` runs another build's server beside this one's (full sync).

import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PrefixIndex } from '@prefixd/core'
import { startClient } from '../test/lsp/lsp-client.js'
import { typeAndComplete } from './lsp-typing.js'
import { markdownTable } from './timing.js'
import { turtleDocument } from './turtle-document.js'

const index = await PrefixIndex.loadDefault()
const document = turtleDocument(index, 1_000_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const TYPED = ['ex:new a schema:Person', 'ex:new foaf:knows', 'ex:new a dcat:Dataset', 'ex:new schema:author', 'ex:new dcterms:title']

type Sync = 'full' | 'incremental'

const percentile = (list: readonly number[], p: number): number => {
  const sorted = [...list].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}
const uptime = (): string =>
  execFileSync('uptime', { encoding: 'utf8' })
    .trim()
    .replace(/^.*load/, 'load')

const builds: [string, Sync, string[] | undefined][] = [
  ['this build, full sync', 'full', undefined],
  ['this build, incremental', 'incremental', undefined],
  ...(process.env.BENCH_MAIN ? ([['BENCH_MAIN, full sync', 'full', [process.env.BENCH_MAIN, 'lsp', '--stdio']]] as [string, Sync, string[]][]) : []),
]
const times = new Map<string, number[]>()
const loads = [uptime()]
for (let round = 0; round < ROUNDS; round++) {
  for (const [label, sync, command] of builds) {
    const client = await startClient([], command ? { command } : {})
    const uri = await client.open(`file:///bench/full-${round}.ttl`, 'turtle', document)
    await client.nextDiagnostics(uri)
    const lines = document.split('\n')
    const typed = await typeAndComplete(client, uri, lines.length - 1, TYPED, sync === 'full' ? lines : undefined)
    times.set(label, [...(times.get(label) ?? []), ...typed])
    await client.close()
  }
  loads.push(uptime())
}
const rows = builds.map(([label]) => {
  const list = times.get(label)!
  return [label, `${percentile(list, 50).toFixed(1)} ms`, `${percentile(list, 95).toFixed(1)} ms`, `${percentile(list, 99).toFixed(1)} ms`, String(list.length)]
})
const p95 = percentile(times.get('this build, full sync')!, 95)
const report = [
  '# The language server with full sync',
  '',
  `${new Date().toISOString()}, Node ${process.version}, ${ROUNDS} rounds (a server each per row and round), ${(Buffer.byteLength(document) / 1e6).toFixed(2)} MB document; ${loads.join(' → ')}.`,
  '',
  markdownTable(['completion after each keystroke, over stdio', 'p50', 'p95', 'p99', 'completions'], rows),
  `Goal (issue 40): p95 ≤ 100 ms with full sync — ${p95.toFixed(1)} ms, ${p95 <= 100 ? 'met' : 'not met'}.`,
  '',
].join('\n')
writeFileSync(fileURLToPath(new URL('results/lsp-full-sync.md', import.meta.url)), report)
console.log(report)
