// Language server benchmark: the real `prefixd lsp` driven by a real client, Neovim's own (headless,
// the README's init.lua; bench/lsp-neovim.lua), and over stdio as an editor drives it. Spawn to the
// first completion answered; completion latency and diagnostics after an edit on a 1 MB Turtle
// document; the server's resident memory. Side by side, for what both do (syntax diagnostics, memory),
// Stardog's turtle-language-server, the RDF language server on npm that VS Code's Stardog RDF extension
// runs (it has no completion).

import { execFile, execFileSync, spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PrefixIndex } from '@prefixd/core'
import { CompletionRequest, CompletionResolveRequest, type CompletionList } from 'vscode-languageserver-protocol/node'
import { editorAvailable, editorHome, readmeBlock } from '../test/lsp/editors/editor-setup.js'
import { startClient, type Client } from '../test/lsp/lsp-client.js'
import { markdownTable } from './timing.js'
import { typeAndComplete } from './lsp-typing.js'
import { turtleDocument } from './turtle-document.js'

const index = await PrefixIndex.loadDefault()

const median = (list: readonly number[]): number => percentile(list, 50)
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}
const ms = (n: number): string => n.toFixed(n < 10 ? 2 : 1)

function rssMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const field = (name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN) / 1024
  return { rss: field('VmRSS'), peak: field('VmHWM') }
}

const STARDOG = [createRequire(import.meta.url).resolve('turtle-language-server/dist/cli.js'), '--stdio']

/** Spawn to the first diagnostics of a small document with a syntax error, five times. */
async function firstDiagnostics(command: readonly string[] | undefined): Promise<number[]> {
  const times: number[] = []
  for (let run = 0; run < 5; run++) {
    const started = performance.now()
    const client = await startClient([], command === undefined ? {} : { command })
    const uri = await client.open('file:///bench/first.ttl', 'turtle', '@prefix ex: <http://example.org/> .\nex:a ex:b .')
    const diagnostics = await client.nextDiagnostics(uri)
    times.push(performance.now() - started)
    if (diagnostics.length === 0) throw new Error('the syntax error was not reported')
    client.child.kill()
  }
  return times.sort((a, b) => a - b)
}

/** Open the large document and wait for its diagnostics; then `rounds` edits, each timed to its diagnostics. */
async function largeDocument(
  client: Client,
  uri: string,
  rounds: number,
): Promise<{ open: number; openCpu: { main: number; all: number }; edits: number[]; firstPublished: number[] }> {
  const pid = client.child.pid!
  const cpuBefore = { main: mainThreadCpuMs(pid), all: processCpuMs(pid) }
  const started = performance.now()
  await client.open(uri, 'turtle', document)
  const first = await client.nextDiagnostics(uri)
  const open = performance.now() - started
  const openCpu = { main: mainThreadCpuMs(pid) - cpuBefore.main, all: processCpuMs(pid) - cpuBefore.all }
  if (first.length > 0 && first.some((d) => d.severity === 1)) throw new Error('the generated document has errors: ' + JSON.stringify(first[0]))
  const edits: number[] = []
  const firstPublished: number[] = []
  const line = statementBoundary(Math.floor(lineCount / 3))
  for (let round = 0; round < rounds; round++) {
    const began = performance.now()
    // An unfinished statement, then the statement finished: an error appears and goes, as in typing.
    const broken = round % 2 === 0
    const text = broken ? 'ex:x ex:y .\n' : 'ex:x ex:y ex:z .\n'
    const published = client.nextDiagnostics(uri).then(() => firstPublished.push(performance.now() - began))
    const right = client.nextDiagnostics(uri, (list) => broken === list.some((d) => d.code === 'syntax' || d.severity === 1))
    await client.change(uri, [{ range: { start: { line, character: 0 }, end: { line: line + (round > 0 ? 1 : 0), character: 0 } }, text }])
    await right
    edits.push(performance.now() - began)
    await published
  }
  return { open, openCpu, edits: edits.sort((a, b) => a - b), firstPublished: firstPublished.sort((a, b) => a - b) }
}

/** The first line at or after `line` that starts a statement (the line before it ends one). */
function statementBoundary(line: number): number {
  const lines = document.split('\n')
  while (!lines[line - 1]!.endsWith(' .')) line++
  return line
}

/** Spawn to the first completion answered, five times: each a fresh process loading the default data. */
async function firstCompletion(): Promise<{ times: number[]; cpu: number[] }> {
  const times: number[] = []
  const cpu: number[] = []
  for (let run = 0; run < 5; run++) {
    const started = performance.now()
    const client = await startClient()
    const uri = await client.open('file:///bench/first.ttl', 'turtle', 'ex:a a foaf:Pers')
    const list = (await client.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: { line: 0, character: 16 },
    })) as CompletionList
    times.push(performance.now() - started)
    cpu.push(mainThreadCpuMs(client.child.pid!))
    if (!list.items.some((i) => i.label === 'foaf:Person')) throw new Error('the first completion lacks foaf:Person')
    await client.close()
  }
  return { times: times.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) }
}

/**
 * The floor under spawn → first completion: Node.js itself started as a stdio server that answers the first
 * bytes it reads (no module loaded), five times. What prefixd adds is on top of this.
 */
async function nodeFloor(): Promise<number[]> {
  const times: number[] = []
  for (let run = 0; run < 5; run++) {
    const started = performance.now()
    const child = spawn(process.execPath, ['-e', "process.stdin.once('data', () => process.stdout.write('x', () => process.exit(0)))"], {
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    child.stdin.write('Content-Length: 2\r\n\r\n{}')
    await new Promise((resolve) => child.stdout.once('data', resolve))
    times.push(performance.now() - started)
    await new Promise((resolve) => child.once('exit', resolve))
  }
  return times.sort((a, b) => a - b)
}

/**
 * CPU time the process's main thread has used (user + system, 10 ms ticks): on a shared machine the
 * wall time to the first answer is mostly waiting for a core, while this is the work on the path to it
 * (the syntax thread starts after the index, so it is not counted).
 */
function mainThreadCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')
    .replace(/^.*\) /su, '')
    .split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

/** CPU time the whole process has used (every thread: the syntax thread and the collector's too), as {@link mainThreadCpuMs}. */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /su, '')
    .split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

/**
 * The server's RSS with its whole index made and no document open, in a fresh process: a completion item resolved
 * (which needs the whole index) before any document, then the RSS read. The row read right after `initialize`
 * comes before the data is even loaded.
 */
async function wholeIndexRss(): Promise<{ rss: number; peak: number }> {
  const client = await startClient()
  await client.connection.sendRequest(CompletionResolveRequest.type, { label: 'foaf:Person' })
  const rss = rssMb(client.child.pid!)
  await client.close()
  return rss
}

interface NeovimFirst {
  readonly error?: string
  readonly spawn_to_attached: number
  readonly spawn_to_completion: number
  readonly nvim_to_completion: number
  readonly server_cpu_ms: number
}
interface NeovimLarge {
  readonly error?: string
  readonly open_to_diagnostics: number
  readonly edits: number[]
  readonly first_published: number[]
  readonly completions: number[]
  /** When each completion was asked, in ms of the monotonic clock (a PREFIXD_LSP_TRACE timeline reads the same clock). */
  readonly completions_asked: number[]
  /** The server's CPU time over the 50 completions (and the edits that place them), main thread and whole process. */
  readonly completions_cpu: { readonly main: number; readonly all: number }
  readonly rss: { readonly rss: number; readonly peak: number }
}

/** Runs Neovim headless with the README's init.lua and bench/lsp-neovim.lua on `name` (written with `text`). */
function neovim<T>(mode: 'first' | 'large', name: string, text: string): Promise<T> {
  const home = editorHome()
  const init = home.write('init.lua', readmeBlock('-- init.lua for Neovim 0.7 to 0.10'))
  const file = home.write(name, text)
  const out = join(home.dir, 'bench.json')
  const driver = fileURLToPath(new URL('./lsp-neovim.lua', import.meta.url))
  return new Promise((resolve, reject) => {
    execFile(
      'nvim',
      ['--headless', '-n', '-i', 'NONE', '--cmd', `luafile ${driver}`, '-u', init, file],
      { cwd: home.dir, env: { ...home.env, BENCH_OUT: out, BENCH_MODE: mode }, timeout: 300_000, maxBuffer: 1 << 24 },
      (error) => {
        try {
          const result = JSON.parse(readFileSync(out, 'utf8')) as T & { error?: string }
          if (result.error !== undefined) reject(new Error(`Neovim: ${result.error}`))
          else resolve(result)
        } catch {
          reject(new Error(`Neovim wrote no result: ${error?.message ?? 'exited'}`))
        }
      },
    )
  })
}

/** The load average now, and `uptime` as it prints it: the machine is shared, so every figure comes with it. */
function load(): string {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim()
  } catch {
    return `load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`
  }
}

function neovimVersion(): string {
  try {
    return /NVIM (v[\d.]+)/.exec(execFileSync('nvim', ['--version'], { encoding: 'utf8' }))?.[1] ?? ''
  } catch {
    return '(not installed)'
  }
}

/** Progress on stderr: the run takes a minute or two. */
const say = (line: string): void => void process.stderr.write(line + '\n')

const document = turtleDocument(index, 1_000_000)
const lineCount = document.split('\n').length
if (process.env.LSP_BENCH_DOCUMENT !== undefined) writeFileSync(process.env.LSP_BENCH_DOCUMENT, document)
const sorted = (list: readonly number[]): number[] => [...list].sort((a, b) => a - b)
const loads: string[] = [load()]
const hasNeovim = editorAvailable('nvim')
let nvimFirst: number[] = []
let nvimAttached: number[] = []
let nvimFirstCpu: number[] = []
let nvimLarge: NeovimLarge | undefined
if (hasNeovim) {
  say('Neovim: spawn to first completion')
  // LSP_BENCH_ONLY=neovim-large: the 1 MB document's run alone (with PREFIXD_LSP_TRACE, one server's timeline).
  for (let run = 0; run < (process.env.LSP_BENCH_ONLY === 'neovim-large' ? 0 : 5); run++) {
    const result = await neovim<NeovimFirst>('first', 'first.ttl', 'ex:a a foaf:Pers\n')
    nvimFirst.push(result.spawn_to_completion)
    nvimFirstCpu.push(result.server_cpu_ms)
    nvimAttached.push(result.spawn_to_attached)
  }
  nvimFirst = nvimFirst.sort((a, b) => a - b)
  nvimAttached = nvimAttached.sort((a, b) => a - b)
  nvimFirstCpu = nvimFirstCpu.sort((a, b) => a - b)
  say('Neovim: the 1 MB document')
  nvimLarge = await neovim<NeovimLarge>('large', 'large.ttl', document)
  loads.push(load())
} else {
  say('Neovim is not installed: its rows are left out (apt-get install neovim)')
}
if (process.env.LSP_BENCH_ONLY?.startsWith('neovim')) {
  // While working on the server: the Neovim rows alone, printed, results/lsp.md left as it is.
  process.stdout.write(
    JSON.stringify(
      { loads, nvimFirst, nvimAttached, nvimFirstCpu, nvimLarge: nvimLarge && { ...nvimLarge, sortedCompletions: sorted(nvimLarge.completions) } },
      null,
      1,
    ) + '\n',
  )
  process.exit(0)
}
say('spawn to first completion')
const { times: first, cpu: firstCpu } = await firstCompletion()
const floor = await nodeFloor()
say('spawn to first diagnostics')
const firstOurs = await firstDiagnostics(undefined)
const firstTheirs = await firstDiagnostics(STARDOG)
const withIndex = await wholeIndexRss()

say('prefixd lsp on the 1 MB document')
const client = await startClient()
const idle = rssMb(client.child.pid!)
const uri = 'file:///bench/large.ttl'
const ours = await largeDocument(client, uri, 10)
const typed = [
  'ex:new a schema:Person',
  'ex:new foaf:knows',
  'ex:new a dcat:Dataset',
  'ex:new schema:author',
  'ex:new a foaf:Person',
  'ex:new dcterms:title',
  'ex:new a skos:Concept',
  'ex:new rdfs:label',
  'ex:new a owl:Class',
  'ex:new schema:name',
]
const atEnd = (await typeAndComplete(client, uri, lineCount - 1, typed)).sort((a, b) => a - b)
const inMiddle = (await typeAndComplete(client, uri, statementBoundary(Math.floor(lineCount / 2)), typed)).sort((a, b) => a - b)
const loaded = rssMb(client.child.pid!)
await client.close()

say('turtle-language-server on the 1 MB document')
const stardog = await startClient([], { command: STARDOG })
const theirIdle = rssMb(stardog.child.pid!)
const theirs = await largeDocument(stardog, uri, 4)
const theirLoaded = rssMb(stardog.child.pid!)
stardog.child.kill()

const ratio = (a: number, b: number): string => (b / a >= 1 ? `${(b / a).toFixed(1)}× faster` : `${(a / b).toFixed(1)}× slower`)
loads.push(load())
const neovimRows =
  nvimLarge === undefined
    ? []
    : [
        [
          '**Neovim 0.7** (its own client, README init.lua): server spawn → first completion answered (5 fresh processes)',
          `median ${ms(median(nvimFirst))} ms, max ${ms(nvimFirst.at(-1)!)} ms (attached: median ${ms(median(nvimAttached))} ms; the server's main-thread CPU up to the answer: median ${ms(median(nvimFirstCpu))} ms)`,
          '—',
          '',
          '≤ 500 ms',
        ],
        [
          `**Neovim**: completion after opening and editing the 1 MB document, ${nvimLarge.completions.length} positions across it, first requests included`,
          `p50 ${ms(percentile(sorted(nvimLarge.completions), 50))} ms, p99 ${ms(percentile(sorted(nvimLarge.completions), 99))} ms, max ${ms(sorted(nvimLarge.completions).at(-1)!)} ms (the server's CPU meanwhile: main thread ${nvimLarge.completions_cpu.main} ms, whole process ${nvimLarge.completions_cpu.all} ms)`,
          '—',
          '',
          'p99 ≤ 10 ms',
        ],
        ['**Neovim**: open → diagnostics, 1 MB document', `${ms(nvimLarge.open_to_diagnostics)} ms`, '—', '', ''],
        [
          "**Neovim**: edit → first diagnostics published (10 edits; Neovim's 150 ms didChange debounce off)",
          `median ${ms(median(sorted(nvimLarge.first_published)))} ms, max ${ms(sorted(nvimLarge.first_published).at(-1)!)} ms`,
          '—',
          '',
          '≤ 50 ms',
        ],
        [
          '**Neovim**: edit → the syntax error it makes or mends published',
          `median ${ms(median(sorted(nvimLarge.edits)))} ms, max ${ms(sorted(nvimLarge.edits).at(-1)!)} ms`,
          '—',
          '',
          '',
        ],
        [
          '**Neovim**: server RSS after the 1 MB document, its edits and the completions',
          `${nvimLarge.rss.rss.toFixed(0)} MB (peak ${nvimLarge.rss.peak.toFixed(0)} MB)`,
          '—',
          '',
          '≤ 150 MB',
        ],
      ]
const rows = [
  ...neovimRows,
  ['spawn → first completion answered (5 fresh processes)', `median ${ms(median(first))} ms, max ${ms(first.at(-1)!)} ms`, '—', '', '≤ 500 ms'],
  [
    "the same: CPU time of the server's main thread up to the answer (what the wall time is on an idle core)",
    `median ${ms(median(firstCpu))} ms, max ${ms(firstCpu.at(-1)!)} ms`,
    '—',
    '',
    '',
  ],
  [
    'the floor: Node.js alone as a stdio server, spawn → its first answer (no module loaded; 5 processes)',
    `median ${ms(median(floor))} ms, max ${ms(floor.at(-1)!)} ms`,
    '—',
    '',
    '',
  ],
  [
    'spawn → first diagnostics of a small document (5 fresh processes)',
    `median ${ms(median(firstOurs))} ms`,
    `median ${ms(median(firstTheirs))} ms`,
    ratio(median(firstOurs), median(firstTheirs)),
    '',
  ],
  [
    `completion per keystroke, 1 MB document, typing at its end (${atEnd.length})`,
    `p50 ${ms(percentile(atEnd, 50))} ms, p99 ${ms(percentile(atEnd, 99))} ms`,
    '— (no completion)',
    '',
    'p99 ≤ 10 ms',
  ],
  [
    `completion per keystroke, 1 MB document, typing in its middle (${inMiddle.length})`,
    `p50 ${ms(percentile(inMiddle, 50))} ms, p99 ${ms(percentile(inMiddle, 99))} ms`,
    '—',
    '',
    'p99 ≤ 10 ms',
  ],
  ['open → diagnostics, 1 MB document', `${ms(ours.open)} ms`, `${ms(theirs.open)} ms`, ratio(ours.open, theirs.open), ''],
  [
    "the same: CPU time of the server's main thread, and of the whole process (every thread), from open to diagnostics (what load disturbs least; prefixd makes its whole index in it when the document comes as the server starts)",
    `${ms(ours.openCpu.main)} ms, whole process ${ms(ours.openCpu.all)} ms`,
    `${ms(theirs.openCpu.main)} ms, whole process ${ms(theirs.openCpu.all)} ms`,
    ratio(ours.openCpu.all, theirs.openCpu.all),
    '',
  ],
  [
    'edit → first diagnostics published, 1 MB document (10 edits; prefixd waits 20 ms after an edit, then publishes its prefix diagnostics)',
    `median ${ms(median(ours.firstPublished))} ms, max ${ms(ours.firstPublished.at(-1)!)} ms`,
    `median ${ms(median(theirs.firstPublished))} ms`,
    ratio(median(ours.firstPublished), median(theirs.firstPublished)),
    '≤ 50 ms',
  ],
  [
    'edit → the syntax error it makes or mends published, 1 MB document (turtle-language-server: 4 edits)',
    `median ${ms(median(ours.edits))} ms, max ${ms(ours.edits.at(-1)!)} ms`,
    `median ${ms(median(theirs.edits))} ms, max ${ms(theirs.edits.at(-1)!)} ms`,
    ratio(median(ours.edits), median(theirs.edits)),
    '',
  ],
  [
    'RSS before any document, right after `initialize`',
    `${idle.rss.toFixed(0)} MB (the default data still loading)`,
    `${theirIdle.rss.toFixed(0)} MB (no vocabularies)`,
    '',
    '',
  ],
  ['RSS before any document, the whole index made (a fresh process; a completion item resolved)', `${withIndex.rss.toFixed(0)} MB`, '—', '', ''],
  [
    'RSS after the 1 MB document and its edits',
    `${loaded.rss.toFixed(0)} MB (peak ${loaded.peak.toFixed(0)} MB)`,
    `${theirLoaded.rss.toFixed(0)} MB (peak ${theirLoaded.peak.toFixed(0)} MB)`,
    '',
    '',
  ],
]
const table = markdownTable(['measure', 'prefixd lsp', 'turtle-language-server 3.4', 'prefixd', 'goal'], rows)
const report = `# Language server (bench/lsp.ts)\n\nThe real \`prefixd lsp\` over stdio, timed from the client's side (JSON-RPC included), and Stardog's turtle-language-server (npm) on the same document and edits where it does the same (syntax diagnostics; it has no completion and takes whole documents on every edit). Document: ${(document.length / 1e6).toFixed(2)} MB of Turtle, ${lineCount} lines, terms of the default vocabularies. Node ${process.version}; rows marked **Neovim** are timed inside Neovim ${neovimVersion()} (headless, its own LSP client, the README's init.lua), the others by a JSON-RPC client of our own. The machine's 2 cores are shared with other work; \`uptime\` at the start, after the Neovim rows and at the end:\n\n${loads.map((l) => `    ${l}`).join('\n')}\n\n${table}\n`
process.stdout.write(report)
writeFileSync(new URL('./results/lsp.md', import.meta.url), report)
