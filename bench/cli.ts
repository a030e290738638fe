// CLI benchmark: `prefixd shrink` as a filter over 1,000,000 stdin lines, end to end, against a @zazuko/prefixes script.

import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PrefixIndex } from '@prefixd/core'
import { markdownTable } from './timing.js'
import { shrinkWorkload } from './workloads.js'

const LINES = 1_000_000
// @zazuko/prefixes takes about 2 ms a line with this table: 1M lines would take over half an hour,
// so its script runs over the first lines only and its rate is reported per second like the others.
const ZAZUKO_LINES = 20_000

const index = await PrefixIndex.loadDefault()
const dir = mkdtempSync(join(tmpdir(), 'prefixd-bench-cli-'))
const iris = shrinkWorkload(index, LINES)
const input = join(dir, 'iris.txt')
const smallInput = join(dir, 'iris-small.txt')
writeFileSync(input, iris.join('\n') + '\n')
writeFileSync(smallInput, iris.slice(0, ZAZUKO_LINES).join('\n') + '\n')

function run(label: string, args: string[], file: string, lines: number, check: (output: string[]) => number): string[] {
  const output = join(dir, `${label.replace(/\W+/g, '-')}.out`)
  const started = performance.now()
  execFileSync('/bin/sh', ['-c', `"${process.execPath}" ${args.map((a) => `"${a}"`).join(' ')} < "${file}" > "${output}"; true`])
  const seconds = (performance.now() - started) / 1000
  const got = readFileSync(output, 'utf8').split('\n')
  got.pop()
  if (got.length !== lines) throw new Error(`${label}: ${got.length} lines out for ${lines} in`)
  const same = check(got)
  return [
    label,
    lines.toLocaleString('en'),
    `${seconds.toFixed(2)} s`,
    Math.round(lines / seconds).toLocaleString('en'),
    `${((100 * same) / lines).toFixed(1)}%`,
  ]
}

const expected = iris.map((iri) => index.shrink(iri) ?? '')
const agree = (output: string[]) => output.filter((line, i) => line === expected[i]).length
const rows = [
  run('prefixd shrink', [new URL('../packages/cli/dist/main.js', import.meta.url).pathname, 'shrink'], input, LINES, agree),
  run('@zazuko/prefixes script', ['--import', 'tsx', new URL('./zazuko-filter.ts', import.meta.url).pathname], smallInput, ZAZUKO_LINES, agree),
]
const rate = (row: string[]) => Number(row[3]!.replace(/,/g, ''))
const text =
  `# CLI benchmark\n\nNode ${process.version}, ${new Date().toISOString().slice(0, 10)}. IRIs of the default vocabularies, 20% with no ` +
  `fitting namespace, one per line from a file on stdin to a file on stdout; wall time includes start-up and loading the table.\n\n` +
  markdownTable(['filter', 'lines', 'wall time', 'lines/s', 'same answers as prefixd'], rows) +
  `\nprefixd is ${(rate(rows[0]!) / rate(rows[1]!)).toFixed(0)}× the lines per second of the @zazuko/prefixes script ` +
  `(which answers differently where a local name needs a Turtle escape, and prints nothing for a miss, as prefixd does).\n`
writeFileSync(new URL('./results/cli.md', import.meta.url), text)
console.log(text)
