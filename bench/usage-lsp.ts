// Issue 37's language server goals on real RDF (the LV2 corpus of bench/usage-corpus.ts copied into workspace
// folders): a 15 MB, 750-file workspace ready for completion (the server's workDoneProgress `end`) how long after
// `initialize`; and completion latency over stdio while a 100 MB workspace is being read. `npm run bench:usage-lsp`.

import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { CompletionRequest, type CompletionList } from 'vscode-languageserver-protocol/node'
import { CAPABILITIES, startClient } from '../test/lsp/lsp-client.js'
import { loadCorpus, type CorpusFile } from './usage-corpus.js'

const load = () =>
  execFileSync('uptime', { encoding: 'utf8' })
    .trim()
    .replace(/.*load average: /, 'load ')
const { packages } = await loadCorpus()
const all = packages.flatMap((p) => p.files)
const MB = 2 ** 20

/**
 * Files of the corpus in a seeded order until `files` files or `bytes` bytes, copied round after round if need
 * be; only files up to `largest` bytes (a 750-file, 15 MB workspace is one of files of 20 KB on average).
 */
function pick(files: number, bytes: number, largest = Infinity): CorpusFile[] {
  const order = all.filter((file) => file.bytes.length <= largest).sort((a, b) => hash(a.path) - hash(b.path))
  const picked: CorpusFile[] = []
  let total = 0
  for (let i = 0; picked.length < files && total < bytes; i++) {
    const file = order[i % order.length]!
    picked.push(file)
    total += file.bytes.length
  }
  return picked
}

function hash(s: string): number {
  let h = 2166136261
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619)
  return h >>> 0
}

async function folderOf(files: readonly CorpusFile[]): Promise<{ dir: string; bytes: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'prefixd-usage-lsp-'))
  let bytes = 0
  for (const [i, file] of files.entries()) {
    await mkdir(join(dir, String(i % 50)), { recursive: true })
    await writeFile(join(dir, String(i % 50), `${i}.ttl`), file.bytes)
    bytes += file.bytes.length
  }
  return { dir, bytes }
}

const DOCUMENT = '@prefix lv2: <http://lv2plug.in/ns/lv2core#> .\n<#p> a lv2:Plugin ;\n  lv2:port [ a lv2:InputPort ; lv2:index 0 ; lv2:s'

/** Starts the server on `dir`; completes at the end of DOCUMENT every `everyMs` until the reading ends. */
async function run(
  dir: string,
  everyMs: number,
): Promise<{ readyMs: number; latencies: number[]; firstWorkspaceMs: number | undefined; afterFirstWorkspace: number[] }> {
  let ended: (() => void) | undefined
  const end = new Promise<void>((resolve) => (ended = resolve))
  const started = performance.now()
  const client = await startClient(['--stdio'], {
    workspaceFolders: [pathToFileURL(dir).href],
    capabilities: { ...CAPABILITIES, window: { workDoneProgress: true } },
    onConnection: (connection) => {
      connection.onRequest('window/workDoneProgress/create', () => null)
      connection.onNotification('$/progress', (params: { value: { kind: string } }) => {
        if (params.value.kind === 'end') ended!()
      })
    },
  })
  const uri = await client.open(pathToFileURL(join(dir, 'typing.ttl')).href, 'turtle', DOCUMENT)
  const lines = DOCUMENT.split('\n')
  const position = { line: lines.length - 1, character: lines[lines.length - 1]!.length }
  const latencies: number[] = []
  /** Those asked once completion had answered with the workspace's terms: the server up, its index whole, the reading on. */
  const afterFirstWorkspace: number[] = []
  let firstWorkspaceMs: number | undefined
  let done = false
  void end.then(() => (done = true))
  while (!done) {
    const asked = performance.now()
    const list = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position })) as CompletionList
    latencies.push(performance.now() - asked)
    if (firstWorkspaceMs !== undefined) afterFirstWorkspace.push(performance.now() - asked)
    if (firstWorkspaceMs === undefined && list.items[0]?.label === 'lv2:symbol') firstWorkspaceMs = performance.now() - started
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
  const readyMs = performance.now() - started
  await client.close()
  return { readyMs, latencies, firstWorkspaceMs, afterFirstWorkspace }
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!
const lines = ['# The language server on a workspace (bench/usage-lsp.ts)', '']
for (const [label, files, bytes, largest] of [
  ['750 files', 750, 15 * MB, 200 * 1024],
  ['100 MB', 100_000, 100 * MB, Infinity],
] as const) {
  const chosen = pick(files, bytes, largest)
  const folder = await folderOf(chosen)
  try {
    const result = await run(folder.dir, 20)
    const row =
      `- **${label}** (${(folder.bytes / MB).toFixed(1)} MiB in ${chosen.length} files of LV2 Turtle): read whole ${(result.readyMs / 1000).toFixed(2)} s after the server was spawned ` +
      `(workDoneProgress end; lv2:symbol first from ${result.firstWorkspaceMs === undefined ? '—' : (result.firstWorkspaceMs / 1000).toFixed(2) + ' s'}); ` +
      `${result.latencies.length} completions meanwhile, one every 20 ms: the first (the server starting, its index loading) ${result.latencies[0]!.toFixed(0)} ms; ` +
      `the others p50 ${percentile(result.latencies.slice(1), 50).toFixed(1)} ms, p99 ${percentile(result.latencies.slice(1), 99).toFixed(1)} ms, max ${Math.max(...result.latencies.slice(1)).toFixed(1)} ms; ` +
      `the ${result.afterFirstWorkspace.length} asked once the workspace's terms had come first (the index whole, the reading under way) p50 ${percentile(result.afterFirstWorkspace, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(result.afterFirstWorkspace, 99).toFixed(1)} ms, max ${Math.max(...result.afterFirstWorkspace).toFixed(1)} ms (${load()}).`
    console.log(row)
    lines.push(row)
  } finally {
    await rm(folder.dir, { recursive: true, force: true })
  }
}
lines.push('')
await writeFile(new URL('results/usage-lsp.md', import.meta.url), lines.join('\n'))
