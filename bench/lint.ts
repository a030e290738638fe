// `prefixd lint` from the command line, cold (a process per run: Node's start, the index and the checks, as a CI
// step pays them), on Turtle documents of 1, 2 and 4 MB with known errors: issue 40's goals, a 1 MB document in
// ≤ 1 s and each further MB in ≤ 300 ms. Beside it, what a CI job would run instead for syntax alone: Debian's
// serdi (C, `serdi -q` to /dev/null) and N3.js parsing the file in a fresh Node process. Rounds interleave the
// contenders and sizes; each run's answer is checked first (lint finds exactly the planted errors).

import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PrefixIndex } from '@prefixd/core'
import { markdownTable } from './timing.js'
import { seededRandom as random } from './synthetic.js'

const MAIN = fileURLToPath(new URL('../packages/cli/dist/main.js', import.meta.url))
const N3_PARSE = "const n3 = require('n3'); new n3.Parser().parse(require('fs').readFileSync(process.argv[1], 'utf8'))"
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const SIZES = [1, 2, 4]
/** Planted in every document: names of a prefix never declared (one finding each) and one mistyped term. */
const PLANTED_UNDECLARED = 20

const index = await PrefixIndex.loadDefault()

/** About `mb` MB of Turtle: subjects typed with the default vocabularies' classes, described with their properties; the planted errors spread through it. */
function document(mb: number): string {
  const next = random(7)
  const named = index
    .terms()
    .map((t) => ({ iri: t.iri, prefixed: index.shrink(t.iri) }))
    // Not SHACL's own terms: a document typing a subject sh:NodeShape is a shapes graph, which lint reads as such.
    .filter(
      (t) =>
        t.prefixed !== undefined && /^[\w-]+:[\w-]+$/.test(t.prefixed) && !index.term(t.iri)?.deprecated && !t.iri.startsWith('http://www.w3.org/ns/shacl#'),
    )
  const classes = named.filter((t) => index.hasType(t.iri, 'http://www.w3.org/2000/01/rdf-schema#Class'))
  const properties = named.filter((t) => index.hasType(t.iri, 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property'))
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!
  const used = new Set<string>(['ex'])
  const body: string[] = []
  let size = 0
  const bytes = mb * 1_000_000
  const every = Math.floor(bytes / 200 / (PLANTED_UNDECLARED + 1))
  let planted = 0
  for (let i = 0; size < bytes; i++) {
    const lines = [`ex:s${i} a ${pick(classes).prefixed!}`]
    for (let j = 0; j < 3; j++) lines.push(`  ${pick(properties).prefixed!} ${next() < 0.5 ? `ex:s${Math.floor(next() * (i + 1))}` : `"value ${i}.${j}"`}`)
    if (i > 0 && i % every === 0 && planted < PLANTED_UNDECLARED) {
      lines.push(`  nodecl${planted++}:p "x"`)
    }
    const statement = lines.join(' ;\n') + ' .\n'
    for (const name of statement.match(/[A-Za-z][\w.-]*(?=:)/g) ?? []) if (!name.startsWith('nodecl')) used.add(name)
    body.push(statement)
    size += statement.length
  }
  if (planted !== PLANTED_UNDECLARED) throw new Error(`planted ${planted} errors in ${mb} MB`)
  const header = [...used].map((p) => `@prefix ${p}: <${p === 'ex' ? 'http://example.org/' : index.namespace(p)}> .`)
  return header.join('\n') + '\n\n' + body.join('')
}

const dir = mkdtempSync(join(tmpdir(), 'prefixd-bench-lint-'))
const files = new Map(SIZES.map((mb) => [mb, join(dir, `doc-${mb}mb.ttl`)]))
/** The same documents with the planted prefixes declared: what a syntax-only checker reads without error. */
const declared = new Map(SIZES.map((mb) => [mb, join(dir, `doc-${mb}mb-declared.ttl`)]))
const sizes = new Map<number, number>()
const DECLARE_PLANTED = Array.from({ length: PLANTED_UNDECLARED }, (_, i) => `@prefix nodecl${i}: <http://example.org/nodecl${i}/> .\n`).join('')
for (const [mb, file] of files) {
  const text = document(mb)
  writeFileSync(file, text)
  writeFileSync(declared.get(mb)!, DECLARE_PLANTED + text)
  sizes.set(mb, Buffer.byteLength(text))
}

type Contender = 'prefixd lint' | 'serdi -q' | 'n3 parse'
const CONTENDERS: readonly Contender[] = ['prefixd lint', 'serdi -q', 'n3 parse']
const hasSerdi = spawnSync('serdi', ['-v']).error === undefined

/** The command of a contender on `file`, under GNU time, which writes its CPU time (user + system, s) on the last line of stderr. */
function command(contender: Contender, file: string): string[] {
  if (contender === 'prefixd lint') return [process.execPath, MAIN, 'lint', file]
  if (contender === 'serdi -q') return ['serdi', '-q', '-i', 'turtle', '-o', 'ntriples', file]
  return [process.execPath, '-e', N3_PARSE, file]
}

/** Runs a contender on `file` once; its wall and CPU time in ms, after checking what it answered. */
function run(contender: Contender, file: string): { wall: number; cpu: number } {
  const started = performance.now()
  const result = spawnSync('/usr/bin/time', ['-f', '%U %S', ...command(contender, file)], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    cwd: fileURLToPath(new URL('..', import.meta.url)),
  })
  const wall = performance.now() - started
  const [user, system] = result.stderr.trim().split('\n').at(-1)!.split(' ').map(Number)
  const cpu = (user! + system!) * 1000
  if (contender === 'prefixd lint') {
    const undeclared = (result.stdout.match(/\[undeclared-prefix\]/g) ?? []).length
    const other = result.stdout.split('\n').filter((l) => l.includes('] ') || (/\[[a-z-]+\]$/.test(l) && !l.endsWith('[undeclared-prefix]'))).length
    if (result.status !== 1 || undeclared !== PLANTED_UNDECLARED || other !== 0)
      throw new Error(`prefixd lint answered wrong on ${file}: ${result.stdout.slice(0, 2000)}`)
  } else if (result.status !== 0) throw new Error(`${contender} failed on ${file}: ${String(result.stderr).slice(0, 500)}`)
  if (contender === 'serdi -q' && result.stdout.length === 0) throw new Error('serdi wrote no triples')
  return { wall, cpu }
}

const times = new Map<string, number[]>()
const cpus = new Map<string, number[]>()
const loads: number[] = [loadavg()[0]!]
for (let round = 0; round < ROUNDS; round++) {
  for (const mb of SIZES) {
    for (const contender of CONTENDERS) {
      if (contender === 'serdi -q' && !hasSerdi) continue
      const key = `${contender}|${mb}`
      const { wall, cpu } = run(contender, (contender === 'prefixd lint' ? files : declared).get(mb)!)
      times.set(key, [...(times.get(key) ?? []), wall])
      cpus.set(key, [...(cpus.get(key) ?? []), cpu])
    }
  }
  loads.push(loadavg()[0]!)
}
rmSync(dir, { recursive: true, force: true })

const median = (list: readonly number[]): number => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!
const at = (contender: Contender, mb: number, of = times): number => median(of.get(`${contender}|${mb}`) ?? [NaN])
const further = (c: Contender, of: Map<string, number[]>): number => (at(c, 4, of) - at(c, 1, of)) / ((sizes.get(4)! - sizes.get(1)!) / 1e6)
const rows = CONTENDERS.filter((c) => c !== 'serdi -q' || hasSerdi).flatMap((c) =>
  (
    [
      ['wall', times],
      ['CPU', cpus],
    ] as const
  ).map(([what, of]) => [
    `${c} (${what})`,
    ...SIZES.map((mb) => `${at(c, mb, of).toFixed(0)} ms`),
    `${further(c, of).toFixed(0)} ms`,
    `${(at('prefixd lint', 1, of) / at(c, 1, of)).toFixed(2)}×`,
  ]),
)
const lint1 = at('prefixd lint', 1)
const perMb = further('prefixd lint', times)
const lint1Cpu = at('prefixd lint', 1, cpus)
const perMbCpu = further('prefixd lint', cpus)
const table = markdownTable(
  ['cold, a process per run (median)', ...SIZES.map((mb) => `${(sizes.get(mb)! / 1e6).toFixed(2)} MB`), 'each further MB', 'lint ÷ this at 1 MB'],
  rows,
)
const report = [
  `# prefixd lint`,
  '',
  `${new Date().toISOString()}, Node ${process.version}, ${ROUNDS} interleaved rounds (median), load average ${loads.map((l) => l.toFixed(1)).join(' → ')} on ${execFileSync('nproc').toString().trim()} cores. Each document has ${PLANTED_UNDECLARED} names of undeclared prefixes, which lint must report (and nothing else) before its time counts.`,
  '',
  table,
  '',
  `Goals (issue 40): a 1 MB document ≤ 1,000 ms cold — wall ${lint1.toFixed(0)} ms (${lint1 <= 1000 ? 'met' : 'not met'}), CPU ${lint1Cpu.toFixed(0)} ms (${lint1Cpu <= 1000 ? 'met' : 'not met'}); each further MB ≤ 300 ms — wall ${perMb.toFixed(0)} ms (${perMb <= 300 ? 'met' : 'not met'}), CPU ${perMbCpu.toFixed(0)} ms (${perMbCpu <= 300 ? 'met' : 'not met'}). On a machine whose cores are shared (see the load), the wall time is mostly waiting for a core: the CPU time (user + system, GNU time) is what the run costs. serdi and n3 check syntax only; lint adds Node's start, the index and the prefix, term and namespace checks.`,
  '',
].join('\n')
writeFileSync(fileURLToPath(new URL('results/lint.md', import.meta.url)), report)
console.log(report)
