// Linkify benchmark: rendering a chat message with 100 linkifiers plus prefixd's native prefix linking,
// per message size (linearity), and the regex engines a linkifier could run on, side by side.

import { writeFile } from 'node:fs/promises'
import { RE2JS } from 're2js'
import { RE2 } from 're2-wasm'
import { PrefixIndex } from '@prefixd/core'
import { linkifierLinker } from '../packages/chat/src/linkify.js'
import { prefixLinker } from '../packages/chat/src/prefix-linker.js'
import { renderMessage } from '../packages/chat/src/render.js'

const RESULTS = new URL('results/linkify.md', import.meta.url)
const LINKIFIERS = 100
const SIZES_KB = [1, 10, 100]

/** 100 linkifiers as teams write them: tracker references, ticket keys, RFCs, CVEs… */
function linkifiers(): Array<{ id: number; pattern: string; url_template: string; example_input: string | null; reverse_template: string | null; alternative_url_templates: string[] }> {
  const list = [
    { pattern: '#(?P<id>[0-9]+)', url_template: 'https://github.com/example/project/issues/{id}' },
    { pattern: 'RFC ?(?P<num>[0-9]{1,5})', url_template: 'https://www.rfc-editor.org/rfc/rfc{num}' },
    { pattern: 'CVE-(?P<year>[0-9]{4})-(?P<num>[0-9]{4,7})', url_template: 'https://nvd.nist.gov/vuln/detail/CVE-{year}-{num}' },
    { pattern: '(?P<repo>[a-z]+)!(?P<mr>[0-9]+)', url_template: 'https://git.example.org/{repo}/merge_requests/{mr}' },
  ]
  for (let i = list.length; i < LINKIFIERS; i++) list.push({ pattern: `TEAM${i}-(?P<key>[0-9]+)`, url_template: `https://tracker.example.org/team${i}/{key}` })
  return list.map((l, i) => ({ id: i + 1, ...l, example_input: null, reverse_template: null, alternative_url_templates: [] }))
}

/** A message of about `kb` KB: prose with references, prefixed names, a pasted IRI, code. */
function message(kb: number): string {
  const parts = [
    'We should model the reviewer as a foaf:Person with schema:name and dcterms:created, see #1234 and RFC 3986.',
    'The TEAM42-77 ticket says skos:prefLabel is wrong for owl:Class terms (CVE-2024-12345 is unrelated).',
    'Code stays as it is: `foaf:knows #99` and the pasted http://xmlns.com/foaf/0.1/Person is a link already.',
    'docs!42 moves prov:wasGeneratedBy to the right place; TEAM7-1 and TEAM99-123456 are follow-ups, 12:30 is lunch.',
  ]
  let text = ''
  for (let i = 0; text.length < kb * 1024; i++) text += parts[i % parts.length] + (i % 5 === 4 ? '\n\n' : ' ')
  return text
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Median ms of `run` over enough repetitions to take about half a second. */
function time(run: () => unknown): number {
  for (let i = 0; i < 5; i++) run()
  const samples: number[] = []
  const deadline = performance.now() + 500
  while (performance.now() < deadline || samples.length < 10) {
    const t = performance.now()
    run()
    samples.push(performance.now() - t)
  }
  return median(samples)
}

/** Every match of every pattern, as a linkifier pass would find them, on three engines. */
function engines(text: string, patterns: readonly string[]): Array<[string, () => number]> {
  const re2js = patterns.map((p) => RE2JS.compile(p))
  const wasm = patterns.map((p) => new RE2(p, 'gu'))
  const native = patterns.map((p) => new RegExp(p.replaceAll('(?P<', '(?<'), 'gu'))
  return [
    ['re2js (used)', () => re2js.reduce((n, r) => { const m = r.matcher(text); let k = 0; while (m.find()) k++; return n + k }, 0)],
    ['re2-wasm', () => wasm.reduce((n, r) => { r.lastIndex = 0; let k = 0; while (r.exec(text) !== null) k++; return n + k }, 0)],
    ['V8 RegExp (backtracking: can hang on a bad pattern)', () => native.reduce((n, r) => { r.lastIndex = 0; let k = 0; while (r.exec(text) !== null) k++; return n + k }, 0)],
  ]
}

async function main(): Promise<void> {
  const index = await PrefixIndex.loadDefault()
  const list = linkifiers()
  const linkers = [linkifierLinker(list), prefixLinker(index)]
  const lines = ['# Linkify benchmark', '', `Node ${process.version}, 2-core VM, ${new Date().toISOString().slice(0, 10)}; ${LINKIFIERS} linkifiers and the default prefix table (${index.size.prefixes.toLocaleString('en')} prefixes).`, '']

  lines.push('## Rendering a message (Markdown, 100 linkifiers, prefix linking)', '', '| message | per message | per KB |', '|---|---:|---:|')
  for (const kb of SIZES_KB) {
    const text = message(kb)
    const ms = time(() => renderMessage(text, linkers))
    lines.push(`| ${kb} KB | ${ms.toFixed(2)} ms | ${(ms / kb).toFixed(3)} ms |`)
  }

  const text = message(10)
  lines.push('', '## The 100 patterns over a 10 KB message, by engine', '', '| engine | time | vs re2js |', '|---|---:|---:|')
  const results = engines(text, list.map((l) => l.pattern))
  const counts = results.map(([, run]) => run())
  if (new Set(counts).size !== 1) throw new Error(`the engines disagree on the matches: ${counts.join(', ')}`)
  const timings = results.map(([name, run]) => [name, time(run)] as const)
  const base = timings[0]![1]
  for (const [name, ms] of timings) lines.push(`| ${name} | ${ms.toFixed(2)} ms | ${(ms / base).toFixed(2)}× |`)

  // Prefix linking: one pass with the core's index, against one regex per prefix (what linkifiers would do).
  const prefixes = Object.keys(index.prefixes())
  const perPrefix = prefixes.map((p) => new RegExp(`(?<![\\w:])${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:[A-Za-z_][\\w.-]*`, 'gu'))
  const onePass = time(() => prefixLinker(index)(text))
  const regexEach = time(() => perPrefix.reduce((n, r) => { r.lastIndex = 0; let k = 0; while (r.exec(text) !== null) k++; return n + k }, 0))
  lines.push(
    '',
    `## Prefixed names in a 10 KB message: one pass over the text with the core's index, against one regex per prefix (${prefixes.length.toLocaleString('en')})`,
    '',
    '| | time | ratio |',
    '|---|---:|---:|',
    `| one pass (prefixd) | ${onePass.toFixed(3)} ms | 1× |`,
    `| one V8 regex per prefix | ${regexEach.toFixed(2)} ms | ${(regexEach / onePass).toFixed(0)}× |`,
  )

  // A pattern that makes a backtracking engine take exponential time: RE2 stays linear.
  const evil = RE2JS.compile('(a+)+$')
  const input = 'a'.repeat(100_000) + 'b'
  const evilMs = time(() => evil.matcher(input).find())
  lines.push('', `\`(a+)+$\` over 100,001 characters: ${evilMs.toFixed(1)} ms with re2js (a backtracking engine does not finish).`)

  await writeFile(RESULTS, lines.join('\n') + '\n')
  console.log(lines.join('\n'))
}

await main()
