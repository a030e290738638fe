// The formatter (@prefixd/core/format) on a 1 MB Turtle document of real, hand-written Turtle (Debian's lv2-dev,
// its files one after another): the whole document (goal ≤ 300 ms), a range of 100 lines in its middle (goal
// ≤ 20 ms), both in-process and over stdio through `prefixd lsp` as an editor asks; beside what one would do
// without a formatter — n3 parsing and writing the graph again (comments and order lost) — and serdi, the C
// reader and writer (Debian's), on the same file. Rounds interleaved; medians; the load with each figure.

import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { Parser, Writer } from 'n3'
import { DocumentFormattingRequest, DocumentRangeFormattingRequest } from 'vscode-languageserver-protocol/node'
import { formatRangeEdits, formatText } from '@prefixd/core/format'
import { startClient } from '../test/lsp/lsp-client.js'

const ROUNDS = Number(process.env.FORMAT_ROUNDS ?? 9)
const RESULTS = new URL('./results/format.md', import.meta.url)

/** lv2-dev's Turtle, its files repeated until the text passes 1 MB (each file a whole document: it declares its prefixes again). */
function document(dir: string): string {
  execFileSync('apt-get', ['download', 'lv2-dev'], { cwd: dir, stdio: 'ignore' })
  const deb = readdirSync(dir).find((f) => f.startsWith('lv2-dev_'))!
  execFileSync('dpkg-deb', ['-x', join(dir, deb), join(dir, 'root')])
  const files = readdirSync(join(dir, 'root'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ttl'))
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
  let text = ''
  while (text.length < 1_000_000) for (const file of files) if (text.length < 1_000_000) text += file + '\n'
  return text
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
/** Wall and CPU milliseconds of `run` (CPU time, of this process: the steadier measure on a shared machine). */
const timed = (run: () => unknown): [number, number] => {
  const start = performance.now()
  const cpu = process.cpuUsage()
  run()
  const used = process.cpuUsage(cpu)
  return [performance.now() - start, (used.user + used.system) / 1000]
}

const dir = mkdtempSync(join(tmpdir(), 'prefixd-bench-format-'))
try {
  const text = document(dir)
  const file = join(dir, 'doc.ttl')
  writeFileSync(file, text)
  const lines = text.split('\n')
  const middle = Math.floor(lines.length / 2)
  const offsetOfLine = (line: number) => lines.slice(0, line).reduce((n, l) => n + l.length + 1, 0)
  const [rangeStart, rangeEnd] = [offsetOfLine(middle), offsetOfLine(middle + 100)]
  // Answers checked first: formatting twice changes nothing, and n3 reads the same graph from both.
  const formatted = formatText(text, 'turtle')
  if (formatText(formatted, 'turtle') !== formatted) throw new Error('the formatter is not idempotent on the document')
  if (new Parser().parse(formatted).length !== new Parser().parse(text).length) throw new Error('the formatted document holds another graph')

  const client = await startClient()
  const uri = await client.open('file:///bench/doc.ttl', 'turtle', text)
  const options = { tabSize: 4, insertSpaces: true }
  const lsp = async (range: boolean) => {
    const start = performance.now()
    if (range) {
      await client.connection.sendRequest(DocumentRangeFormattingRequest.type, {
        textDocument: { uri },
        range: { start: { line: middle, character: 0 }, end: { line: middle + 100, character: 0 } },
        options,
      })
    } else await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options })
    return performance.now() - start
  }
  const runs: Record<string, number[]> = {}
  const cpus: Record<string, number[]> = {}
  const add = (name: string, ms: number | [number, number]) => {
    ;(runs[name] ??= []).push(typeof ms === 'number' ? ms : ms[0])
    if (typeof ms !== 'number') (cpus[name] ??= []).push(ms[1])
  }
  const loads: number[] = []
  for (let round = 0; round < ROUNDS + 1; round++) {
    const keep = round > 0 // the first round warms up
    const whole = timed(() => formatText(text, 'turtle'))
    const range = timed(() => formatRangeEdits(text, 'turtle', rangeStart, rangeEnd))
    const n3 = timed(() => new Writer().quadsToString(new Parser().parse(text)))
    const serdi = timed(() => spawnSync('serdi', ['-i', 'turtle', '-o', 'turtle', file], { maxBuffer: 1 << 28 }))[0]
    const lspWhole = await lsp(false)
    const lspRange = await lsp(true)
    if (!keep) continue
    add('formatText, the whole document (in process)', whole)
    add('formatRangeEdits, 100 lines in the middle (in process)', range)
    add('textDocument/formatting over stdio (prefixd lsp)', lspWhole)
    add('textDocument/rangeFormatting of 100 lines over stdio (prefixd lsp)', lspRange)
    add('n3 Parser + Writer: the graph written again, comments and order lost (in process)', n3)
    add('serdi -i turtle -o turtle (Debian, C; its own process, startup included)', serdi)
    loads.push(loadavg()[0]!)
  }
  await client.close()
  const rows = Object.entries(runs).map(
    ([name, ms]) =>
      `| ${name} | ${median(ms).toFixed(1)} ms | ${Math.min(...ms).toFixed(1)}–${Math.max(...ms).toFixed(1)} ms | ${cpus[name] === undefined ? '—' : median(cpus[name]!).toFixed(1) + ' ms'} |`,
  )
  const whole = median(runs['formatText, the whole document (in process)']!)
  const wholeCpu = median(cpus['formatText, the whole document (in process)']!)
  const range = median(runs['formatRangeEdits, 100 lines in the middle (in process)']!)
  const rangeCpu = median(cpus['formatRangeEdits, 100 lines in the middle (in process)']!)
  const lspWhole = median(runs['textDocument/formatting over stdio (prefixd lsp)']!)
  const lspRange = median(runs['textDocument/rangeFormatting of 100 lines over stdio (prefixd lsp)']!)
  const n3 = median(runs['n3 Parser + Writer: the graph written again, comments and order lost (in process)']!)
  const report = [
    '# The formatter on 1 MB of Turtle (bench/format.ts)',
    '',
    `${(text.length / 1e6).toFixed(2)} MB of Debian's lv2-dev Turtle (hand-written, tab-indented, its ${lines.length.toLocaleString('en')} lines; files repeated to pass 1 MB), Node ${process.version}. Median of ${ROUNDS} rounds after one to warm up, contenders interleaved in each round; load average (1 min) over the rounds ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on a 2-core machine shared by several engineers.`,
    '',
    '| what | median (wall) | range (wall) | median CPU |',
    '|---|---:|---:|---:|',
    ...rows,
    '',
    `Whole document: ${whole.toFixed(0)} ms in process (${wholeCpu.toFixed(0)} ms of CPU), ${lspWhole.toFixed(0)} ms over stdio (goal ≤ 300 ms); n3 writing the graph again takes ${(n3 / whole).toFixed(2)}× the formatter's time and keeps no comment. Range of 100 lines: ${range.toFixed(1)} ms in process (${rangeCpu.toFixed(1)} ms of CPU), ${lspRange.toFixed(1)} ms over stdio (goal ≤ 20 ms). With the load above (more runnable threads than the 2 cores), wall times are the CPU times stretched by waiting for a core.`,
    '',
  ].join('\n')
  console.log(report)
  writeFileSync(RESULTS, report)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
