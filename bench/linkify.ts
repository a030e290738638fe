// Linkify benchmark: rendering a chat message with 100 linkifiers plus prefixd's native prefix linking,
// per message size (linearity), and the regex engines a linkifier could run on, side by side.

import { writeFile } from 'node:fs/promises'
import { RE2JS } from 're2js'
import { RE2 } from 're2-wasm'
import { PrefixIndex } from '@prefixd/core'
// The compiled package, as the service runs it (npm run bench:linkify builds it first).
import { linkifierLinker } from '../packages/chat/src/linkify/linkify.js'
import { prefixLinker } from '../packages/chat/src/prefix-glue/prefix-linker.js'
import { renderMessage } from '../packages/chat/src/render/render.js'

const RESULTS = new URL('results/linkify.md', import.meta.url)
const LINKIFIERS = 100
const SIZES_KB = [1, 10, 100]

/** 100 linkifiers as teams write them: tracker references, ticket keys, RFCs, CVEs… */
function linkifiers(): Array<{
  id: number
  pattern: string
  url_template: string
  example_input: string | null
  reverse_template: string | null
  alternative_url_templates: string[]
}> {
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
function message(kb: number, parts: readonly string[] = PROSE): string {
  let text = ''
  for (let i = 0; text.length < kb * 1024; i++) text += parts[i % parts.length] + (i % 5 === 4 ? '\n\n' : ' ')
  return text
}

const PROSE = [
  'We should model the reviewer as a foaf:Person with schema:name and dcterms:created, see #1234 and RFC 3986.',
  'The TEAM42-77 ticket says skos:prefLabel is wrong for owl:Class terms (CVE-2024-12345 is unrelated).',
  'Code stays as it is: `foaf:knows #99` and the pasted http://xmlns.com/foaf/0.1/Person is a link already.',
  'docs!42 moves prov:wasGeneratedBy to the right place; TEAM7-1 and TEAM99-123456 are follow-ups, 12:30 is lunch.',
]

/** The worst case for skipping: every one of the 100 linkifiers matches somewhere in the message. */
const EVERY_LINKIFIER = Array.from({ length: LINKIFIERS }, (_, i) => `TEAM${i}-${i * 7} and owl:Class #${i}, api!${i} RFC ${i + 1000} CVE-2024-${10000 + i}.`)

/** The q-quantile (0.5: median) of `values`. */
const quantile = (values: number[], q: number): number => [...values].sort((a, b) => a - b)[Math.floor(values.length * q)]!

/**
 * Timings of `run` over `seconds` of repetitions (at least 20) after a warm-up: on this shared 2-core VM
 * a short window wanders by half, so rendering, the figure the goal is about, gets 3 s.
 */
function samples(run: () => unknown, seconds = 1): number[] {
  for (let i = 0; i < 20; i++) run()
  const taken: number[] = []
  const deadline = performance.now() + seconds * 1000
  while (performance.now() < deadline || taken.length < 20) {
    const t = performance.now()
    run()
    taken.push(performance.now() - t)
  }
  return taken
}

/** Median ms of `run`. */
const time = (run: () => unknown): number => quantile(samples(run), 0.5)

/** Every match of every pattern, with its groups, on each engine: re2js, re2-wasm, native re2 if installed, V8. */
async function engines(text: string, patterns: readonly string[]): Promise<Array<[string, () => number]>> {
  const re2js = patterns.map((p) => RE2JS.compile(p))
  const wasm = patterns.map((p) => new RE2(p, 'gu'))
  const v8 = patterns.map((p) => new RegExp(p.replaceAll('(?P<', '(?<'), 'gu'))
  const execAll = (regexes: ReadonlyArray<{ lastIndex: number; exec(s: string): { groups?: object } | null }>) => () =>
    regexes.reduce((n, r) => {
      r.lastIndex = 0
      let k = 0
      for (let m = r.exec(text); m !== null; m = r.exec(text)) {
        void m.groups
        k++
      }
      return n + k
    }, 0)
  const list: Array<[string, () => number]> = [
    [
      're2js (used)',
      () =>
        re2js.reduce((n, r) => {
          const m = r.matcher(text)
          let k = 0
          while (m.find()) {
            m.group(1)
            k++
          }
          return n + k
        }, 0),
    ],
    ['re2-wasm', execAll(wasm)],
  ]
  // Node bindings to RE2 itself: a native build of RE2 and Abseil on install (node-gyp), so not a dependency.
  const nativeRe2 = await import('re2').then(
    (m) => m.default,
    () => undefined,
  )
  if (nativeRe2 !== undefined)
    list.push(['re2 (native bindings, built from source)', execAll(patterns.map((p) => new nativeRe2(p.replaceAll('(?P<', '(?<'), 'gu')))])
  else console.error('re2 (native) is not installed: `npm install --no-save re2` adds it to this table')
  list.push(['V8 RegExp (backtracking: can hang on a bad pattern)', execAll(v8)])
  return list
}

/** The straightforward linkifier pass: each pattern wrapped in its boundaries, scanned over the whole text. */
function plainLinker(list: ReadonlyArray<{ pattern: string }>): (text: string) => Array<{ start: number; end: number }> {
  const bounded = list.map((l) => RE2JS.compile(`(?:^|[\\t\\n\\v\\f\\r \\x{85}\\pZ'"(,:<])((?:${l.pattern}))(?:$|[^\\pL\\pN])`))
  return (text) => {
    let taken: Array<{ start: number; end: number }> = []
    for (const regex of bounded) {
      const m = regex.matcher(text)
      const found: Array<{ start: number; end: number }> = []
      let t = 0
      for (let from = 0; from <= text.length && m.find(from === 0 ? 0 : from - 1);) {
        const start = m.start(1)
        const end = m.end(1)
        while (t < taken.length && taken[t]!.end <= start) t++
        const blocked = taken[t] !== undefined && taken[t]!.start < end
        if (start < from || end === start || blocked) {
          from = blocked ? Math.max(taken[t]!.end, start + 1) : Math.max(start, from) + 1
          continue
        }
        m.group(1)
        found.push({ start, end })
        from = end
      }
      taken = [...taken, ...found].sort((a, b) => a.start - b.start)
    }
    return taken
  }
}

async function main(): Promise<void> {
  const index = await PrefixIndex.loadDefault()
  const list = linkifiers()
  const linkers = [linkifierLinker(list), prefixLinker(index)]
  const lines = [
    '# Linkify benchmark',
    '',
    `Node ${process.version}, 2-core VM, ${new Date().toISOString().slice(0, 10)}; ${LINKIFIERS} linkifiers and the default prefix table (${index.size.prefixes.toLocaleString('en')} prefixes).`,
    '',
  ]

  lines.push(
    '## Rendering a message (Markdown, 100 linkifiers, prefix linking)',
    '',
    '| message | median | 90th percentile | median per KB |',
    '|---|---:|---:|---:|',
  )
  const row = (label: string, kb: number, text: string): void => {
    const taken = samples(() => renderMessage(text, linkers), 3)
    const p50 = quantile(taken, 0.5)
    lines.push(`| ${label} | ${p50.toFixed(2)} ms | ${quantile(taken, 0.9).toFixed(2)} ms | ${(p50 / kb).toFixed(3)} ms |`)
  }
  for (const kb of SIZES_KB) row(`${kb} KB`, kb, message(kb))
  const crowded = message(10, EVERY_LINKIFIER)
  row('10 KB in which every linkifier matches (nothing to skip)', 10, crowded)

  const text = message(10)
  // The linkifier pass as built, against scanning each pattern wrapped in its boundaries over the whole text.
  const pass = linkifierLinker(list)
  const plain = plainLinker(list)
  for (const sample of [text, crowded]) {
    const [ours, theirs] = [pass(sample), plain(sample)].map((links) => JSON.stringify(links.map((l) => [l.start, l.end])))
    if (ours !== theirs) throw new Error('the linkifier pass and the plain scan disagree')
  }
  const passMs = [time(() => pass(text)), time(() => pass(crowded))]
  const plainMs = [time(() => plain(text)), time(() => plain(crowded))]
  lines.push(
    '',
    "## The 100 linkifiers alone over 10 KB: prefixd's pass against scanning each bounded pattern over the whole text",
    '',
    '| message | prefixd (needles, runs, bare candidates) | each bounded pattern, whole text (re2js) | ratio |',
    '|---|---:|---:|---:|',
    `| prose | ${passMs[0]!.toFixed(2)} ms | ${plainMs[0]!.toFixed(2)} ms | ${(plainMs[0]! / passMs[0]!).toFixed(1)}× |`,
    `| every linkifier matches | ${passMs[1]!.toFixed(2)} ms | ${plainMs[1]!.toFixed(2)} ms | ${(plainMs[1]! / passMs[1]!).toFixed(1)}× |`,
  )

  lines.push('', '## The 100 patterns over a 10 KB message, by engine', '', '| engine | time | vs re2js |', '|---|---:|---:|')
  const results = await engines(
    text,
    list.map((l) => l.pattern),
  )
  const counts = results.map(([, run]) => run())
  if (new Set(counts).size !== 1) throw new Error(`the engines disagree on the matches: ${counts.join(', ')}`)
  const timings = results.map(([name, run]) => [name, time(run)] as const)
  const base = timings[0]![1]
  for (const [name, ms] of timings) lines.push(`| ${name} | ${ms.toFixed(2)} ms | ${(ms / base).toFixed(2)}× |`)

  // Prefix linking: one pass with the core's index, against one regex per prefix (what linkifiers would do).
  const prefixes = Object.keys(index.prefixes())
  const perPrefix = prefixes.map((p) => new RegExp(`(?<![\\w:])${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:[A-Za-z_][\\w.-]*`, 'gu'))
  const onePass = time(() => prefixLinker(index)(text))
  const regexEach = time(() =>
    perPrefix.reduce((n, r) => {
      r.lastIndex = 0
      let k = 0
      while (r.exec(text) !== null) k++
      return n + k
    }, 0),
  )
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
